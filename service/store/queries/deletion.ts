// SQL of deletion with undo (service/accounts/deletion.ts): a project deleted or an organization closed,
// the undo within 7 days, and what the sweep erases after them.

export const DELETION_SQL = {
  deleteProject: `UPDATE projects SET excluido_em = COALESCE(excluido_em, $2) WHERE id = $1 AND apagado_em IS NULL RETURNING *`,
  undoProject: `UPDATE projects SET excluido_em = NULL WHERE id = $1 AND excluido_em > $2 AND apagado_em IS NULL RETURNING *`,
  closeOrganization: `UPDATE organizations SET fechada_em = COALESCE(fechada_em, $2) WHERE id = $1 AND apagada_em IS NULL RETURNING *`,
  reopenOrganization: `UPDATE organizations SET fechada_em = NULL WHERE id = $1 AND fechada_em > $2 AND apagada_em IS NULL RETURNING *`,
  deletedProjects: `SELECT id, nome, excluido_em FROM projects WHERE organization_id = $1 AND excluido_em IS NOT NULL AND apagado_em IS NULL
    ORDER BY excluido_em DESC`,
  // due: asked before $1 (now - 7 days); a project of a closed organization is due with it
  dueProjects: `SELECT p.id FROM projects p JOIN organizations o ON o.id = p.organization_id
    WHERE p.apagado_em IS NULL AND (p.excluido_em <= $1 OR o.fechada_em <= $1)`,
  dueOrganizations: `SELECT id FROM organizations WHERE apagada_em IS NULL AND fechada_em <= $1`,
  jobsOf: `SELECT id, estado, apagado_em FROM jobs WHERE project_id = $1`,
  deleteKeys: `DELETE FROM api_keys WHERE project_id = $1`,
  deleteWebhook: `DELETE FROM webhooks WHERE project_id = $1`,
  deleteDiagnoses: `DELETE FROM diagnoses WHERE project_id = $1`,
  markProjectErased: `UPDATE projects SET apagado_em = $2, excluido_em = COALESCE(excluido_em, $2) WHERE id = $1`,
  organizationProjectsLeft: `SELECT count(*)::int AS n FROM projects WHERE organization_id = $1 AND apagado_em IS NULL`,
  deleteMembers: `DELETE FROM members WHERE organization_id = $1`,
  deleteInvitations: `DELETE FROM invitations WHERE organization_id = $1`,
  markOrganizationErased: `UPDATE organizations SET apagada_em = $2 WHERE id = $1`,
} as const;
