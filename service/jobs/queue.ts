// The jobs table is the queue (DESIGN 7). A worker claims the oldest `reservado` job of an
// organization that runs fewer jobs than its limit (2 by default), moving it to `em_execucao`
// (the running state: the job has a machine). Claims run in one transaction that takes a
// per-organization advisory lock (so two workers never both see "one slot left") and locks the
// job row with FOR UPDATE SKIP LOCKED. A running job sends heartbeats; sweepStaleJobs fails a
// job silent for 15 minutes or running over 12 hours and returns its reservation in the same
// transaction. Silence is no heartbeat, and also, for a simulation that has reported progress,
// progress that has not moved: the worker's own heartbeats go on while the engine is stuck (a
// job once stayed "alive" for hours building populations). A simulation's progress (days done)
// moves every simulated day; a calibration's (rounds done) may rightly stand still for longer
// than 15 minutes on a large round, so for calibrations only heartbeats count.
// SQL in store/queries/jobs.ts.
import type { Queryable, Store } from '../store/open-store.js';
import { JOB_SQL } from '../store/queries/jobs.js';
import { emitJobEnded, recordJobEnd } from './job-events.js';
import type { JobRow } from './job-row.js';
import { jobsChanged } from './jobs.js';

/** Spec Limits: "Job silence: 15 minutes without a sign of life". */
export const SILENCE_LIMIT_MS = 15 * 60_000;
/** Spec Limits: "Job duration: 12 hours". */
export const DURATION_LIMIT_MS = 12 * 3600_000;
/** DESIGN 7: heartbeats every minute. */
export const HEARTBEAT_INTERVAL_MS = 60_000;

/** Organizations looked at per claim before giving up (each either has room or is being claimed by another worker). */
const CANDIDATE_ORGANIZATIONS = 16;

/**
 * Claims the next job for this worker, or null when no organization with room has a waiting job.
 * Order: organizations by their oldest waiting job; inside one organization, arrival order.
 */
export async function claimNextJob(store: Store, workerId: string, now: Date = store.clock.now()): Promise<JobRow | null> {
  const job = await store.transaction(async (tx) => {
    const candidates = await tx.query<{ organization_id: string }>(JOB_SQL.claimCandidates, [CANDIDATE_ORGANIZATIONS]);
    for (const { organization_id: orgId } of candidates.rows) {
      // Another worker is claiming for this organization right now: try the next one.
      if (!(await tx.query<{ ok: boolean }>(JOB_SQL.tryLockOrganization, [orgId])).rows[0].ok) continue;
      // Counted again under the lock: the candidate list may predate another worker's claim.
      if (!(await tx.query<{ ok: boolean }>(JOB_SQL.hasRoom, [orgId])).rows[0]?.ok) continue;
      const r = await tx.query<JobRow>(JOB_SQL.claimOldest, [orgId, workerId, now, now.toISOString()]);
      if (r.rows.length > 0) return r.rows[0];
    }
    return null;
  });
  if (job) jobsChanged(store, [job.id]);
  return job;
}

/**
 * A sign of life from the worker running the job, with optional progress (free-form JSON).
 * Returns false when the job is no longer running on this worker (swept as failed, say): the
 * worker should stop it.
 */
export async function heartbeat(
  store: Store, jobId: string, workerId: string, now: Date = store.clock.now(), progress?: unknown,
): Promise<boolean> {
  const r = await store.query(JOB_SQL.heartbeat, [jobId, workerId, now, progress === undefined ? null : JSON.stringify(progress)]);
  if (r.rows.length > 0) jobsChanged(store, [jobId]);
  return r.rows.length > 0;
}

/** The stored result of a job: bytes and the name of their format (the findings module's stored result format). */
export interface StoredResult {
  formato: string;
  dados: Uint8Array;
  /** Figures of the run merged into the job's registro at completion (release, pessoa_dias, segundos, ...). */
  registro?: Record<string, unknown>;
}

export interface EndJobOptions {
  /** Only end the job if this worker holds it (a late worker cannot end a job the sweeper took). */
  workerId?: string;
  now?: Date;
}

/**
 * em_execucao -> concluido: stores the result, turns the reservation into spend and writes the
 * job.concluido outbox row, all in one transaction. Returns null (and stores nothing) when the
 * job was not running (already failed by the sweeper, or held by another worker).
 */
export async function completeJob(store: Store, jobId: string, result: StoredResult, opts: EndJobOptions = {}): Promise<JobRow | null> {
  const now = opts.now ?? store.clock.now();
  const job = await store.transaction(async (tx) => {
    const r = await tx.query<JobRow>(JOB_SQL.complete, [jobId, opts.workerId ?? null, now, now.toISOString(), JSON.stringify(result.registro ?? {})]);
    if (r.rows.length === 0) return null;
    await tx.query(JOB_SQL.insertResult, [jobId, result.formato, result.dados, now]);
    await recordJobEnd(tx, r.rows[0], now);
    return r.rows[0];
  });
  if (job) { jobsChanged(store, [job.id]); emitJobEnded(store, job); }
  return job;
}

/** em_execucao -> falhou with the reason in registro.motivo; the whole reservation returns. Null when the job was not running. */
export async function failJob(store: Store, jobId: string, reason: string, opts: EndJobOptions = {}): Promise<JobRow | null> {
  const now = opts.now ?? store.clock.now();
  const job = await store.transaction((tx) => failInTransaction(tx, jobId, reason, opts.workerId ?? null, now));
  if (job) { jobsChanged(store, [job.id]); emitJobEnded(store, job); }
  return job;
}

async function failInTransaction(tx: Queryable, jobId: string, reason: string, workerId: string | null, now: Date): Promise<JobRow | null> {
  const r = await tx.query<JobRow>(JOB_SQL.fail, [jobId, workerId, now, reason, now.toISOString()]);
  if (r.rows.length === 0) return null;
  await recordJobEnd(tx, r.rows[0], now);
  return r.rows[0];
}

/** Reasons written to registro.motivo by the sweeper. */
export const STALE_REASONS = {
  silencio: 'no sign of life for 15 minutes',
  parado: 'its progress did not move for 15 minutes',
  duracao: 'ran longer than 12 hours',
} as const;

/**
 * Fails running jobs silent for SILENCE_LIMIT_MS (no heartbeat, or a simulation's progress
 * standing still) or started more than DURATION_LIMIT_MS ago,
 * each with its reservation returned in the same transaction. Safe to run from every worker at
 * once (rows are taken with SKIP LOCKED). Returns the jobs it failed.
 */
export async function sweepStaleJobs(store: Store, now: Date = store.clock.now(), batch = 100): Promise<JobRow[]> {
  const silentSince = new Date(now.getTime() - SILENCE_LIMIT_MS);
  const startedBefore = new Date(now.getTime() - DURATION_LIMIT_MS);
  const failed = await store.transaction(async (tx) => {
    const stale = await tx.query<{ id: string; silencioso: boolean; parado: boolean | null }>(JOB_SQL.stale, [silentSince, startedBefore, batch]);
    const out: JobRow[] = [];
    for (const s of stale.rows) {
      const reason = s.silencioso ? STALE_REASONS.silencio : s.parado ? STALE_REASONS.parado : STALE_REASONS.duracao;
      const job = await failInTransaction(tx, s.id, reason, null, now);
      if (job) out.push(job);
    }
    return out;
  });
  jobsChanged(store, failed.map((j) => j.id));
  for (const job of failed) emitJobEnded(store, job);
  return failed;
}
