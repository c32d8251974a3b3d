// SQL of API keys (service/accounts/api-keys.ts).
export const API_KEY_SQL = {
  insert: `INSERT INTO api_keys (project_id, prefixo, hash, nome, scopes, duracao_dias, expira_em, criado_em)
    VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING *`,
  get: `SELECT * FROM api_keys WHERE id = $1`,
  lockForRotation: `SELECT * FROM api_keys WHERE id = $1 FOR UPDATE`,
  // Newest first, as the project's page shows them: after a rotation the new key comes before the
  // old one of the same name, also when both were created in the same instant (seq breaks the tie).
  listByProject: `SELECT * FROM api_keys WHERE project_id = $1 ORDER BY criado_em DESC, seq DESC`,
  // What authentication needs in one read: the key, its project's archive and deletion state, and
  // whether its organization is closed.
  byPrefix: `SELECT k.id, k.project_id, k.prefixo, k.hash, k.scopes, k.expira_em, k.revogada_em, k.ultimo_uso_em,
      p.organization_id, p.arquivado_em, p.excluido_em, o.fechada_em
    FROM api_keys k JOIN projects p ON p.id = k.project_id JOIN organizations o ON o.id = p.organization_id
    WHERE k.prefixo = $1`,
  // Last use is written at most once a minute per key, so authentication stays a read.
  touch: `UPDATE api_keys SET ultimo_uso_em = $2
    WHERE id = $1 AND (ultimo_uso_em IS NULL OR ultimo_uso_em < $2::timestamptz - interval '1 minute')`,
  // A rotation stops the old key at once or after the grace; it never extends an earlier stop.
  scheduleStop: `UPDATE api_keys SET revogada_em = LEAST(COALESCE(revogada_em, $2), $2), substituida_por = $3
    WHERE id = $1 RETURNING *`,
  revoke: `UPDATE api_keys SET revogada_em = LEAST(COALESCE(revogada_em, $2), $2) WHERE id = $1 RETURNING *`,
} as const;
