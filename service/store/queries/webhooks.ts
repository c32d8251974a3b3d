// SQL of webhooks and their deliveries (service/webhooks/). A delivery is pendente until a 2xx
// (entregue) or its sixth failure (abandonada); proxima_em is when it is due, reservada_ate the
// lease of the worker sending it, so any number of workers send each attempt once.

export const WEBHOOK_SQL = {
  upsert: `INSERT INTO webhooks (project_id, url, segredo, criado_em, segredo_trocado_em) VALUES ($1, $2, $3, $4, $4)
    ON CONFLICT (project_id) DO UPDATE SET url = EXCLUDED.url, segredo = EXCLUDED.segredo, criado_em = EXCLUDED.criado_em,
      segredo_trocado_em = EXCLUDED.segredo_trocado_em
    RETURNING project_id, url, criado_em, segredo_trocado_em`,
  get: `SELECT project_id, url, criado_em, segredo_trocado_em FROM webhooks WHERE project_id = $1`,
  rotateSecret: `UPDATE webhooks SET segredo = $2, segredo_trocado_em = $3 WHERE project_id = $1
    RETURNING project_id, url, criado_em, segredo_trocado_em`,
  remove: `DELETE FROM webhooks WHERE project_id = $1 RETURNING project_id`,
  // One delivery for the project's webhook, if it has one (job ends: in the ending transaction).
  enqueue: `INSERT INTO webhook_deliveries (project_id, evento, job_id, corpo, estado, proxima_em, criado_em)
    SELECT project_id, $2, $3, $4, 'pendente', $5, $5 FROM webhooks WHERE project_id = $1
    RETURNING id`,
  // Due deliveries, leased until $2 (the send's timeout and some slack), with the webhook's URL
  // and secret of this moment: a rotated secret signs the next attempt.
  claimDue: `WITH due AS (
      SELECT id FROM webhook_deliveries
      WHERE estado = 'pendente' AND proxima_em <= $1 AND (reservada_ate IS NULL OR reservada_ate <= $1)
      ORDER BY proxima_em LIMIT $3 FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries d SET reservada_ate = $2 FROM due WHERE d.id = due.id RETURNING d.*
    )
    SELECT c.*, w.url, w.segredo FROM claimed c JOIN webhooks w ON w.project_id = c.project_id`,
  // The outcome of an attempt, only while the delivery is still pendente and leased to this send
  // (a removal in between deleted the row: nothing to record).
  recordAttempt: `UPDATE webhook_deliveries SET estado = $3, tentativas = tentativas + 1, proxima_em = $4,
      reservada_ate = NULL, ultima_em = $5, status_resposta = $6, resposta = $7, erro = $8
    WHERE id = $1 AND estado = 'pendente' AND reservada_ate = $2`,
  latest: `SELECT id, evento, job_id, corpo, estado, tentativas, criado_em, ultima_em, proxima_em, status_resposta, resposta, erro
    FROM webhook_deliveries WHERE project_id = $1 ORDER BY criado_em DESC, id LIMIT $2`,
  // A delivery sent again (the console's "Reenviar"): due now, pendente, with the same id and body;
  // not while an attempt of it is in flight (its lease), which would then record over it.
  getDelivery: `SELECT id FROM webhook_deliveries WHERE id = $1 AND project_id = $2`,
  resend: `UPDATE webhook_deliveries SET estado = 'pendente', proxima_em = $3
    WHERE id = $1 AND project_id = $2 AND (reservada_ate IS NULL OR reservada_ate <= $3) RETURNING id`,
} as const;
