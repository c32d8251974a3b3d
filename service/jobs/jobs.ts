// Jobs of a project: creation with idempotency and reservation, reading, listing, cancel and
// erase. The queue side (claim, heartbeat, complete, fail, sweep) is service/jobs/queue.ts; the row and
// its states job-row.ts; how an ending is recorded and told, job-events.ts.
// SQL in store/queries/jobs.ts.
import { ServiceError } from '../../src/errors.js';
import type { CalibrationQuote, SimulationQuote } from '../../src/contract/types.js';
import { getProject } from '../accounts/accounts.js';
import { emitJobEnded, recordJobEnd } from './job-events.js';
import { notifyClaimable } from './claimable-jobs.js';
import { JOB_KINDS, RUNNING_STATE, type JobKind, type JobRow, type JobState, type JobStatusRow } from './job-row.js';
import { lockOrganization, reserveForJob, type SpendAlert } from '../accounts/ledger.js';
import type { Queryable, Store } from '../store/open-store.js';
import { isUuid } from '../store/uuid.js';
import { JOB_SQL } from '../store/queries/jobs.js';

/** Most jobs GET /v1/jobs lists (spec Limits: the 50 most recent). */
export const MAX_LISTED_JOBS = 50;

// The Job resource lives beside the row (job-row.ts) so the ending of a job can write it into
// its webhook delivery (job-events.ts) without importing this file.
export { toJobResponse, type JobResponse } from './job-row.js';

export interface CreateJobInput {
  projectId: string;
  tipo: JobKind;
  /** The validated request (scenario, or calibration body), stored until erased. */
  pedido: unknown;
  quote: SimulationQuote | CalibrationQuote;
  /** Idempotency-Key header, 1 to 200 characters. */
  idempotencyKey: string;
  /** Hash of the request (SHA-256 hex of its canonical JSON); same key + different hash = 409. Kept in registro.pedido_sha256. */
  requestHash: string;
  /** Default: pedido.nome (scenario) or pedido.pedido.cenario.nome (calibration). */
  nome?: string | null;
  now?: Date;
}

/**
 * Creates the job and reserves its price in one transaction. The same Idempotency-Key with the
 * same request returns the first job (created false) and charges once; with another request it
 * is refused with 409 idempotency_key_reused. Concurrent calls with one key create one job:
 * the organization row lock serialises them and the idempotency_keys primary key backs it.
 */
export async function createJob(store: Store, input: CreateJobInput): Promise<{ job: JobRow; created: boolean; alertaGasto: SpendAlert | null }> {
  const key = input.idempotencyKey;
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
    throw new Error('idempotencyKey must have 1 to 200 characters (validate the header before createJob)');
  }
  if (!JOB_KINDS.includes(input.tipo)) throw new Error(`unknown job tipo ${String(input.tipo)}`);
  const price = input.quote.preco_micros;
  if (!(Number.isSafeInteger(price) && price >= 0)) throw new Error('quote.preco_micros must be an integer >= 0');
  const now = input.now ?? store.clock.now();
  const nome = input.nome !== undefined ? input.nome : defaultName(input.pedido);

  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(async (tx) => {
        const project = await getProject(tx, input.projectId);
        const org = await lockOrganization(tx, project.organization_id);
        const seen = await findByIdempotencyKey(tx, input.projectId, key, input.requestHash);
        if (seen) return { job: seen, created: false, alertaGasto: null };
        const job = (await tx.query<JobRow>(JOB_SQL.insertJob, [
          project.id, org.id, nome, input.tipo, JSON.stringify(input.pedido ?? null), JSON.stringify(input.quote),
          price, input.requestHash, JSON.stringify({ pedido_sha256: input.requestHash }), now,
        ])).rows[0];
        const alertaGasto = await reserveForJob(tx, org, job.id, price, now);
        const claimed = await tx.query(JOB_SQL.insertIdempotencyKey, [project.id, key, input.requestHash, job.id, now]);
        if (claimed.rows.length === 0) throw new IdempotencyRace();
        await notifyClaimable(tx);
        return { job, created: true, alertaGasto };
      });
    } catch (err) {
      // Another transaction took the key between our read and our insert: read its job.
      const race = err instanceof IdempotencyRace || (err as { code?: string }).code === '23505';
      if (race && attempt < 3) continue;
      throw err;
    }
  }
}

class IdempotencyRace extends Error {}

async function findByIdempotencyKey(db: Queryable, projectId: string, key: string, requestHash: string): Promise<JobRow | null> {
  const r = await db.query<JobRow & { request_hash: string }>(JOB_SQL.findIdempotencyKey, [projectId, key]);
  if (r.rows.length === 0) return null;
  const row = r.rows[0];
  if (row.request_hash !== requestHash) {
    throw new ServiceError('idempotency_key_reused',
      `this Idempotency-Key already created job ${row.id} with a different request`);
  }
  return row;
}

function defaultName(pedido: unknown): string | null {
  const p = pedido as { nome?: unknown; pedido?: { cenario?: { nome?: unknown } } } | null;
  const nome = p?.nome ?? p?.pedido?.cenario?.nome;
  return typeof nome === 'string' ? nome : null;
}

function notFound(id: string): ServiceError {
  return new ServiceError('not_found', `job ${id} does not exist in this project`);
}

/** The one row `sql` (id, project) finds, or 404 not_found (ids that are no UUIDs too). */
async function jobRowOrNotFound<T>(db: Queryable, sql: string, projectId: string, id: string): Promise<T> {
  if (!isUuid(id) || !isUuid(projectId)) throw notFound(String(id));
  const r = await db.query<T>(sql, [id, projectId]);
  if (r.rows.length === 0) throw notFound(id);
  return r.rows[0];
}

/** The job of this project, or 404 not_found. Served from the read cache of the embedded store when there. */
export async function getJob(db: Queryable | Store, projectId: string, id: string): Promise<JobRow> {
  const cache = 'cache' in db ? db.cache : null;
  const hit = cache?.get<JobRow>('job', id);
  if (hit) {
    if (hit.project_id !== projectId) throw notFound(id);
    return hit;
  }
  const mark = cache?.mark('job') ?? 0;
  const row = await jobRowOrNotFound<JobRow>(db, JOB_SQL.get, projectId, id);
  cache?.set('job', id, row, mark);
  return row;
}

/**
 * getJob's status columns (GET /v1/jobs/{id}): a store that caches jobs (the embedded one) reads,
 * and keeps, the whole row once; a server's is read each time without the request.
 */
export async function getJobStatus(store: Store, projectId: string, id: string): Promise<JobStatusRow> {
  if (store.cache?.keeps('job')) return getJob(store, projectId, id);
  return jobRowOrNotFound<JobStatusRow>(store, JOB_SQL.status, projectId, id);
}

/** Every write to a job row calls this after its commit (read-cache.ts). */
export function jobsChanged(store: Store, ids: Iterable<string>): void {
  if (!store.cache) return;
  for (const id of ids) store.cache.delete('job', id);
}

export interface ListJobsOptions {
  estado?: JobState;
  tipo?: JobKind;
  /** 1 to 50 (default 50). */
  limite?: number;
}

/** The most recent jobs of the project (newest first), at most 50, optionally filtered. */
export async function listJobs(db: Queryable, projectId: string, opts: ListJobsOptions = {}): Promise<JobStatusRow[]> {
  const limite = Math.max(1, Math.min(MAX_LISTED_JOBS, Math.trunc(opts.limite ?? MAX_LISTED_JOBS)));
  const r = await db.query<JobStatusRow>(JOB_SQL.list, [projectId, opts.estado ?? null, opts.tipo ?? null, limite]);
  return r.rows;
}

/** reservado -> cancelado with the whole reservation returned; a job with a machine or ended: 409 job_not_cancellable. */
export async function cancelJob(store: Store, projectId: string, id: string, now: Date = store.clock.now()): Promise<JobRow> {
  if (!isUuid(id) || !isUuid(projectId)) throw notFound(String(id));
  const job = await store.transaction(async (tx) => {
    const r = await tx.query<JobRow>(JOB_SQL.cancel, [id, projectId, now, now.toISOString()]);
    if (r.rows.length === 0) {
      const cur = await getJob(tx, projectId, id);
      throw new ServiceError('job_not_cancellable',
        cur.estado === RUNNING_STATE ? 'the job already has a machine' : `the job has ended (${cur.estado})`);
    }
    await recordJobEnd(tx, r.rows[0], now);
    return r.rows[0];
  });
  jobsChanged(store, [job.id]);
  emitJobEnded(store, job);
  return job;
}

/**
 * Erases request, inputs and result of a terminal job: pedido and cotacao become null, the
 * stored result row is deleted in the same transaction, registro gains apagado_em. The job
 * record (state, price, hashes) stays. A job not terminal: 409 job_not_erasable. Erasing again
 * keeps the first apagado_em.
 */
export async function eraseJob(store: Store, projectId: string, id: string, now: Date = store.clock.now()): Promise<JobRow> {
  if (!isUuid(id) || !isUuid(projectId)) throw notFound(String(id));
  const job = await store.transaction(async (tx) => {
    const r = await tx.query<JobRow>(JOB_SQL.erase, [id, projectId, now, now.toISOString()]);
    if (r.rows.length === 0) {
      const cur = await getJob(tx, projectId, id);
      throw new ServiceError('job_not_erasable', `the job is ${cur.estado}, not concluido, falhou or cancelado`);
    }
    await tx.query(JOB_SQL.deleteResult, [id]);
    return r.rows[0];
  });
  jobsChanged(store, [job.id]);
  return job;
}

/** Attempt number of a calibration job: 1 + the project's earlier calibrations on the same series. */
export async function calibrationAttempt(db: Queryable, jobId: string): Promise<number> {
  const r = await db.query<{ n: number }>(JOB_SQL.calibrationAttempt, [jobId]);
  return Math.max(1, r.rows[0]?.n ?? 1);
}
