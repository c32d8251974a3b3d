// SQL of organizations, members and projects (service/accounts/accounts.ts).
export const ACCOUNT_SQL = {
  insertOrganization: `INSERT INTO organizations (nome, criado_em) VALUES ($1, $2) RETURNING *`,
  getOrganization: `SELECT * FROM organizations WHERE id = $1`,
  lockOrganization: `SELECT * FROM organizations WHERE id = $1 FOR UPDATE`,
  upsertMember: `INSERT INTO members (organization_id, email, papel, criado_em) VALUES ($1, $2, $3, $4)
    ON CONFLICT (organization_id, email) DO UPDATE SET papel = EXCLUDED.papel RETURNING *`,
  listMembers: `SELECT * FROM members WHERE organization_id = $1 ORDER BY criado_em, email`,
  removeMember: `DELETE FROM members WHERE organization_id = $1 AND email = $2 RETURNING *`,
  otherOwners: `SELECT count(*)::int AS n FROM members WHERE organization_id = $1 AND papel = 'owner' AND email <> $2`,
  findOrganizationByName: `SELECT * FROM organizations WHERE nome = $1 ORDER BY criado_em, id LIMIT 1`,
  firstProject: `SELECT * FROM projects WHERE organization_id = $1 AND arquivado_em IS NULL ORDER BY criado_em, id LIMIT 1`,
  insertProject: `INSERT INTO projects (organization_id, nome, criado_em) VALUES ($1, $2, $3) RETURNING *`,
  getProject: `SELECT * FROM projects WHERE id = $1`,
  archiveProject: `UPDATE projects SET arquivado_em = COALESCE(arquivado_em, $2) WHERE id = $1 RETURNING *`,
  restoreProject: `UPDATE projects SET arquivado_em = NULL WHERE id = $1 RETURNING *`,
  rename: `UPDATE organizations SET nome = $2 WHERE id = $1 RETURNING *`,
  setSpendAlert: `UPDATE organizations SET alerta_gasto_parte = $2 WHERE id = $1 RETURNING *`,
  setSpendLimit: `UPDATE organizations SET limite_gasto_mensal_micros = $2 WHERE id = $1 RETURNING *`,
  setConcurrencyLimit: `UPDATE organizations SET limite_jobs_simultaneos = $2 WHERE id = $1 RETURNING *`,
} as const;
