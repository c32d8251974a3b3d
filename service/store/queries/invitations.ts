// SQL of invitations by link (service/accounts/invitations.ts).
export const INVITATION_SQL = {
  insert: `INSERT INTO invitations (token_hash, organization_id, email, papel, criado_em, expira_em, link_cifrado) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
  pending: `SELECT email, papel, criado_em, expira_em, link_cifrado FROM invitations WHERE organization_id = $1 AND aceito_em IS NULL AND expira_em > $2
    ORDER BY criado_em DESC`,
  // taken once: the first acceptance marks it, a second finds nothing
  take: `UPDATE invitations SET aceito_em = $2 WHERE token_hash = $1 AND aceito_em IS NULL AND expira_em > $2
    RETURNING organization_id, email, papel`,
  // a pending invitation stops (its link then reads as no longer valid); accepted ones stay as history
  revokePending: `DELETE FROM invitations WHERE organization_id = $1 AND email = $2 AND aceito_em IS NULL RETURNING email`,
  peek: `SELECT i.email, i.papel, i.expira_em, i.aceito_em, o.nome FROM invitations i JOIN organizations o ON o.id = i.organization_id
    WHERE i.token_hash = $1`,
} as const;
