// Stored results of concluded jobs and their 365-day retention (spec: "Findings of a job that is
// not concluido, or whose data were erased after 365 days, are refused with 409
// result_not_ready"). The result bytes are written by completeJob (queue.ts) in the
// transaction that concludes the job. SQL in store/queries/jobs.ts.
import { ServiceError } from '../../src/errors.js';
import type { StoredResult } from './queue.js';
import type { Store } from '../store/open-store.js';
import { jobsChanged } from './jobs.js';
import { JOB_SQL } from '../store/queries/jobs.js';
import { isUuid } from '../store/uuid.js';

/** Spec Limits: "Retention of request, record and findings: 365 days". */
export const RETENTION_MS = 365 * 86_400_000;

/**
 * The stored result of a concluded job of the project. 404 not_found for a job not in the
 * project; 409 result_not_ready when the job is not concluido, was erased, or concluded over
 * 365 days ago (even before the sweep removed the bytes); 503 results_unavailable when the
 * store cannot be read.
 */
export async function readStoredResult(store: Store, projectId: string, jobId: string, now: Date = store.clock.now()): Promise<StoredResult> {
  if (!isUuid(jobId) || !isUuid(projectId)) throw new ServiceError('not_found', `job ${jobId} does not exist in this project`);
  let row: ResultRow | undefined;
  try {
    row = (await store.query<ResultRow>(JOB_SQL.readResult, [jobId, projectId])).rows[0];
  } catch (err) {
    throw new ServiceError('results_unavailable', `results storage cannot be read now: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!row) throw new ServiceError('not_found', `job ${jobId} does not exist in this project`);
  if (row.estado !== 'concluido') throw new ServiceError('result_not_ready', `the job is ${row.estado}, not concluido`);
  if (row.apagado_em) throw new ServiceError('result_not_ready', 'the job\'s data were erased on request');
  if (resultGone(row, now)) throw new ServiceError('result_not_ready', 'the job concluded over 365 days ago and its data were erased');
  if (row.formato === null || row.dados === null) throw new ServiceError('result_not_ready', 'the job has no stored result');
  return { formato: row.formato, dados: new Uint8Array(row.dados.buffer, row.dados.byteOffset, row.dados.byteLength) };
}

interface ResultRow {
  estado: string; terminado_em: Date | null; apagado_em: Date | null; expirado_em: Date | null;
  formato: string | null; dados: Uint8Array | null;
}

function resultGone(row: ResultRow, now: Date): boolean {
  return row.estado !== 'concluido' || row.apagado_em !== null || row.expirado_em !== null ||
    (row.terminado_em !== null && now.getTime() - row.terminado_em.getTime() > RETENTION_MS);
}

/**
 * Retention sweep: terminal jobs that ended over 365 days ago lose request and result (the job
 * and its registro stay). Returns how many jobs it expired. Run periodically (runWorker does).
 */
export async function sweepExpiredResults(store: Store, now: Date = store.clock.now(), batch = 500): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const ids = await store.transaction(async (tx) => {
    const rows = (await tx.query<{ id: string }>(JOB_SQL.expired, [cutoff, batch])).rows;
    for (const { id } of rows) {
      await tx.query(JOB_SQL.expire, [id, now]);
      await tx.query(JOB_SQL.deleteResult, [id]);
    }
    return rows.map((r) => r.id);
  });
  jobsChanged(store, ids);
  return ids.length;
}
