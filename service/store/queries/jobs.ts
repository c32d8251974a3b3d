// SQL of jobs and the queue (service/jobs/jobs.ts, service/jobs/queue.ts, service/jobs/results.ts).
// States: reservado -> em_execucao -> concluido | falhou; reservado -> cancelado.
// Every transition is a conditional UPDATE on the expected state, so it happens at most once.

const TERMINAL = `('concluido', 'falhou', 'cancelado')`;
/** A job's status (KEEP IN SYNC with JobStatusRow, service/jobs/job-row.ts). */
const JOB_STATUS_COLUMNS = 'id, project_id, nome, estado, tipo, preco_micros, criado_em, registro, progresso, apagamento_pedido_em';

export const JOB_SQL = {
  // A job may be claimed (service/jobs/claimable-jobs.ts; the channel is claimableChannel of the schema).
  notifyClaimable: `SELECT pg_notify(left('jobs_' || current_schema(), 63), '')`,
  findIdempotencyKey: `SELECT i.request_hash, j.* FROM idempotency_keys i JOIN jobs j ON j.id = i.job_id
    WHERE i.project_id = $1 AND i.chave = $2`,
  insertJob: `INSERT INTO jobs (project_id, organization_id, nome, tipo, estado, pedido, cotacao, preco_micros,
      request_hash, registro, criado_em)
    VALUES ($1, $2, $3, $4, 'reservado', $5::jsonb, $6::jsonb, $7, $8, $9::jsonb, $10) RETURNING *`,
  insertIdempotencyKey: `INSERT INTO idempotency_keys (project_id, chave, request_hash, job_id, criado_em)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (project_id, chave) DO NOTHING RETURNING job_id`,
  get: `SELECT * FROM jobs WHERE id = $1 AND project_id = $2`,
  status: `SELECT ${JOB_STATUS_COLUMNS} FROM jobs WHERE id = $1 AND project_id = $2`,
  getById: `SELECT * FROM jobs WHERE id = $1`,
  // Attempt number of a calibration: calibrations of the project on the same series (serie_sha256
  // of the validated body) submitted up to this one. Erased requests no longer count.
  calibrationAttempt: `SELECT count(*)::int AS n FROM jobs j JOIN jobs me ON me.id = $1
    WHERE j.project_id = me.project_id AND j.tipo = 'calibracao' AND j.seq <= me.seq
      AND j.pedido->>'serie_sha256' = me.pedido->>'serie_sha256'`,
  // The 50 most recent of the project, optionally filtered by estado and tipo.
  list: `SELECT ${JOB_STATUS_COLUMNS} FROM jobs WHERE project_id = $1
      AND ($2::text IS NULL OR estado = $2::text) AND ($3::text IS NULL OR tipo = $3::text)
    ORDER BY criado_em DESC, seq DESC LIMIT $4`,
  cancel: `UPDATE jobs SET estado = 'cancelado', terminado_em = $3,
      registro = registro || jsonb_build_object('terminado_em', $4::text)
    WHERE id = $1 AND project_id = $2 AND estado = 'reservado' RETURNING *`,
  erase: `UPDATE jobs SET pedido = NULL, cotacao = NULL, progresso = NULL,
      apagado_em = COALESCE(apagado_em, $3), apagamento_pedido_em = COALESCE(apagamento_pedido_em, $3),
      registro = registro || jsonb_build_object('apagado_em', COALESCE(registro->>'apagado_em', $4::text))
    WHERE id = $1 AND project_id = $2 AND estado IN ${TERMINAL} RETURNING *`,
  deleteResult: `DELETE FROM results WHERE job_id = $1`,
  insertEvent: `INSERT INTO job_events (job_id, project_id, evento, criado_em) VALUES ($1, $2, $3, $4)
    ON CONFLICT (job_id, evento) DO NOTHING`,

  // --- queue ---
  // Organizations with a waiting job and fewer running than their limit, oldest waiting first.
  claimCandidates: `SELECT q.organization_id FROM (
      SELECT organization_id, min(seq) AS primeiro FROM jobs WHERE estado = 'reservado' GROUP BY organization_id
    ) q JOIN organizations o ON o.id = q.organization_id
    WHERE (SELECT count(*) FROM jobs r WHERE r.organization_id = q.organization_id AND r.estado = 'em_execucao')
      < o.limite_jobs_simultaneos
    ORDER BY q.primeiro LIMIT $1`,
  // Per-organization lock of claiming: two workers never count the same organization's running jobs at once.
  tryLockOrganization: `SELECT pg_try_advisory_xact_lock(hashtext('campaign-sim.claim'), hashtext($1::text)) AS ok`,
  hasRoom: `SELECT (SELECT count(*) FROM jobs WHERE organization_id = $1 AND estado = 'em_execucao')
      < o.limite_jobs_simultaneos AS ok FROM organizations o WHERE o.id = $1`,
  claimOldest: `UPDATE jobs SET estado = 'em_execucao', worker_id = $2, iniciado_em = $3, heartbeat_at = $3,
      registro = registro || jsonb_build_object('iniciado_em', $4::text)
    WHERE id = (SELECT id FROM jobs WHERE organization_id = $1 AND estado = 'reservado'
                ORDER BY seq FOR UPDATE SKIP LOCKED LIMIT 1)
    RETURNING *`,
  // progresso_em moves only when the progress sent differs from the stored one (SET reads the old row).
  heartbeat: `UPDATE jobs SET heartbeat_at = $3, progresso = COALESCE($4::jsonb, progresso),
      progresso_em = CASE WHEN $4::jsonb IS NOT NULL AND $4::jsonb IS DISTINCT FROM progresso THEN $3 ELSE progresso_em END
    WHERE id = $1 AND worker_id = $2 AND estado = 'em_execucao' RETURNING id`,
  complete: `UPDATE jobs SET estado = 'concluido', terminado_em = $3, progresso = NULL,
      registro = registro || $5::jsonb || jsonb_build_object('terminado_em', $4::text)
    WHERE id = $1 AND estado = 'em_execucao' AND ($2::text IS NULL OR worker_id = $2::text) RETURNING *`,
  fail: `UPDATE jobs SET estado = 'falhou', terminado_em = $3, motivo_falha = $4, progresso = NULL,
      registro = registro || jsonb_build_object('terminado_em', $5::text, 'motivo', $4::text)
    WHERE id = $1 AND estado = 'em_execucao' AND ($2::text IS NULL OR worker_id = $2::text) RETURNING *`,
  insertResult: `INSERT INTO results (job_id, formato, dados, criado_em) VALUES ($1, $2, $3, $4)`,
  // Running jobs silent since $1 (no heartbeat, or a simulation whose progress has not moved),
  // or started before $2; locked so a late heartbeat waits for the verdict.
  stale: `SELECT id, heartbeat_at < $1 AS silencioso, tipo = 'simulacao' AND progresso_em < $1 AS parado FROM jobs
    WHERE estado = 'em_execucao' AND (heartbeat_at < $1 OR (tipo = 'simulacao' AND progresso_em < $1) OR iniciado_em < $2)
    ORDER BY seq FOR UPDATE SKIP LOCKED LIMIT $3`,

  // --- results and retention ---
  readResult: `SELECT j.estado, j.terminado_em, j.apagado_em, j.expirado_em, r.formato, r.dados
    FROM jobs j LEFT JOIN results r ON r.job_id = j.id WHERE j.id = $1 AND j.project_id = $2`,
  // Terminal jobs past the retention: request and result go, the job and its registro stay.
  expired: `SELECT id FROM jobs WHERE estado IN ${TERMINAL} AND expirado_em IS NULL
      AND terminado_em < $1 ORDER BY terminado_em FOR UPDATE SKIP LOCKED LIMIT $2`,
  expire: `UPDATE jobs SET expirado_em = $2, pedido = NULL, cotacao = NULL WHERE id = $1 RETURNING id`,
} as const;
