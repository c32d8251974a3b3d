// SQL of the authorization server's records (service/oauth/oauth-adapter.ts) and of the agents
// people connected (service/oauth/agent-connections.ts).
export const OAUTH_SQL = {
  upsert: `INSERT INTO oauth_records (model, id, payload, grant_id, uid, expira_em) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, expira_em = EXCLUDED.expira_em`,
  find: `SELECT payload, consumido_em FROM oauth_records WHERE model = $1 AND id = $2 AND (expira_em IS NULL OR expira_em > $3)`,
  findByUid: `SELECT payload, consumido_em FROM oauth_records WHERE model = $1 AND uid = $2 AND (expira_em IS NULL OR expira_em > $3)`,
  consume: `UPDATE oauth_records SET consumido_em = $3 WHERE model = $1 AND id = $2`,
  destroy: `DELETE FROM oauth_records WHERE model = $1 AND id = $2`,
  revokeByGrantId: `DELETE FROM oauth_records WHERE grant_id = $1`,
  sweepExpired: `DELETE FROM oauth_records WHERE expira_em <= $1`,
} as const;

export const AGENT_SQL = {
  insert: `INSERT INTO agent_connections (grant_id, project_id, email, client_id, cliente_nome, scopes, criado_em)
    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
  // what each use of a token checks: the connection, its project and organization, and the role
  // its person holds there now (null when they left)
  byGrant: `SELECT c.id, c.project_id, c.email, c.scopes, c.desconectado_em, c.ultimo_uso_em, p.organization_id,
      p.arquivado_em, p.excluido_em, o.fechada_em, m.papel
    FROM agent_connections c JOIN projects p ON p.id = c.project_id JOIN organizations o ON o.id = p.organization_id
    LEFT JOIN members m ON m.organization_id = p.organization_id AND m.email = c.email
    WHERE c.grant_id = $1`,
  touch: `UPDATE agent_connections SET ultimo_uso_em = $2 WHERE id = $1`,
  // the connected agents of the projects a person can see, with the person's role there
  visibleTo: `SELECT c.id, c.project_id, p.nome AS projeto, c.email, c.client_id, c.cliente_nome, c.scopes, c.criado_em, c.ultimo_uso_em,
      p.organization_id, m.papel
    FROM agent_connections c JOIN projects p ON p.id = c.project_id
    JOIN members m ON m.organization_id = p.organization_id AND m.email = $1
    WHERE c.desconectado_em IS NULL AND p.excluido_em IS NULL
    ORDER BY c.criado_em DESC`,
  // one connection with the viewer's ($2) role in its organization
  one: `SELECT c.grant_id, c.email, c.desconectado_em, p.organization_id, m.papel FROM agent_connections c
    JOIN projects p ON p.id = c.project_id LEFT JOIN members m ON m.organization_id = p.organization_id AND m.email = $2
    WHERE c.id = $1`,
  disconnect: `UPDATE agent_connections SET desconectado_em = $2 WHERE id = $1 AND desconectado_em IS NULL RETURNING grant_id`,
  // a project's erasure (service/accounts/deletion.ts): its connections and their grants' records
  grantsOfProject: `SELECT grant_id FROM agent_connections WHERE project_id = $1`,
  deleteOfProject: `DELETE FROM agent_connections WHERE project_id = $1`,
} as const;
