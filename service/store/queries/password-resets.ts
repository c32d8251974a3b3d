// SQL of password resets (service/accounts/password-resets.ts).
export const PASSWORD_RESET_SQL = {
  insert: `INSERT INTO password_resets (token_hash, email, criado_em, expira_em)
    SELECT $1, email, $3, $4 FROM people WHERE email = $2 RETURNING email`,
  peek: `SELECT email FROM password_resets WHERE token_hash = $1 AND usado_em IS NULL AND expira_em > $2`,
  // single use: the one statement that marks it used is the one that may go on
  use: `UPDATE password_resets SET usado_em = $2 WHERE token_hash = $1 AND usado_em IS NULL AND expira_em > $2 RETURNING email`,
  // the person's other links stop with the reset (an older e-mail opens nothing after)
  useOthers: `UPDATE password_resets SET usado_em = $2 WHERE email = $1 AND usado_em IS NULL`,
  closeSessions: `DELETE FROM console_sessions WHERE email = $1`,
} as const;
