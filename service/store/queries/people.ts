// SQL of people (console accounts) and their sessions (service/accounts/people.ts, service/accounts/console-sessions.ts).

export const PEOPLE_SQL = {
  insert: `INSERT INTO people (email, senha_hash, criado_em) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING email, criado_em`,
  get: `SELECT email, senha_hash, criado_em FROM people WHERE email = $1`,
  setPassword: `UPDATE people SET senha_hash = $2 WHERE email = $1`,
  remove: `DELETE FROM people WHERE email = $1`,
  removeMemberships: `DELETE FROM members WHERE email = $1`,
  organizationsOwnedAlone: `SELECT o.nome FROM members m JOIN organizations o ON o.id = m.organization_id
    WHERE m.email = $1 AND m.papel = 'owner'
      AND NOT EXISTS (SELECT 1 FROM members x WHERE x.organization_id = m.organization_id AND x.papel = 'owner' AND x.email <> $1)`,
  memberships: `SELECT m.organization_id, o.nome, m.papel, o.fechada_em FROM members m JOIN organizations o ON o.id = m.organization_id
    WHERE m.email = $1 ORDER BY o.nome, o.id`,
  projectsOf: `SELECT p.id, p.nome, p.organization_id, p.arquivado_em FROM projects p JOIN members m ON m.organization_id = p.organization_id
    WHERE m.email = $1 AND p.excluido_em IS NULL ORDER BY p.nome, p.id`,
  roleIn: `SELECT papel FROM members WHERE email = $1 AND organization_id = $2`,
  openSession: `INSERT INTO console_sessions (token_hash, email, criado_em, expira_em) VALUES ($1, $2, $3, $4)`,
  readSession: `SELECT email, expira_em FROM console_sessions WHERE token_hash = $1 AND expira_em > $2`,
  closeSession: `DELETE FROM console_sessions WHERE token_hash = $1`,
  closeOtherSessions: `DELETE FROM console_sessions WHERE email = $1 AND token_hash <> $2`,
} as const;
