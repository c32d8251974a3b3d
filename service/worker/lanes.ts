// A lane of the worker (worker.ts runs `concurrency` of them): it claims the next job of the
// fair queue (jobs/queue.ts), runs it (its RunJob, execution/job-runner.ts by default) with a
// heartbeat every heartbeatMs, and concludes or fails it; with nothing to claim it waits pollMs,
// or less when a job submitted or ended wakes it (jobs/claimable-jobs.ts). A job aborted (the
// worker stopping, or the job swept) ends falhou, refunded, within abortWaitMs whatever its
// runner does: SIGTERM must never leave a job running or the process hanging.
import type { RunJob } from '../execution/job-runner.js';
import type { TaskQueue } from '../execution/task-queue.js';
import type { Waker } from '../execution/waker.js';
import type { JobRow } from '../jobs/job-row.js';
import { claimNextJob, completeJob, failJob, heartbeat } from '../jobs/queue.js';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { runLoop } from './run-loop.js';

/**
 * Time an aborted job has to end before it fails anyway. The engine runner itself stops its
 * thread within ABORT_GRACE_MS (execution/job-runner.ts).
 */
export const ABORT_WAIT_MS = 3000;

/** Why a job whose worker stopped in the middle failed (registro.motivo). */
export const WORKER_STOPPED_REASON = 'the worker stopped before the job ended';

export interface LaneOptions {
  store: Store;
  workerId: string;
  clock: Clock;
  runJob: RunJob;
  /** The task queue the runner spreads a job's tasks over; absent: they run in this process. */
  tasks: TaskQueue | undefined;
  pollMs: number;
  heartbeatMs: number;
  abortWaitMs: number;
  /** The worker stopping: no claim after it, and the running job is aborted. */
  signal: AbortSignal;
  /** A job may be claimed (jobs/claimable-jobs.ts's notification). */
  waker: Waker;
  onError(err: unknown, loop: string): void;
}

/** Claims and runs jobs until the worker stops. */
export function runLane(o: LaneOptions): Promise<void> {
  return runLoop({
    name: 'lane', intervalMs: o.pollMs, signal: o.signal, waker: o.waker, onError: o.onError,
    async work() {
      const job = await claimNextJob(o.store, o.workerId, o.clock.now());
      if (!job) return 'idle';
      await runClaimedJob(o, job);
      return 'more';
    },
  });
}

/** Runs a claimed job with heartbeats and concludes it, or fails it (refunded); never throws. */
async function runClaimedJob(o: LaneOptions, job: JobRow): Promise<void> {
  const { store, workerId, clock } = o;
  const jobStop = new AbortController();
  const onStop = () => jobStop.abort();
  o.signal.addEventListener('abort', onStop, { once: true });
  const beat = async (progress?: unknown) => {
    const held = await heartbeat(store, job.id, workerId, clock.now(), progress);
    if (!held) jobStop.abort(); // swept or otherwise ended: stop working on it
  };
  const timer = setInterval(() => { beat().catch((err: unknown) => o.onError(err, 'heartbeat')); }, o.heartbeatMs);
  try {
    const result = await untilAbandoned(o.runJob(job, { heartbeat: beat, signal: jobStop.signal, store, tasks: o.tasks, workerId }), jobStop.signal, o.abortWaitMs);
    // A result that arrives after the sweeper took the job is dropped (completeJob answers null).
    await completeJob(store, job.id, result, { workerId, now: clock.now() });
  } catch (err) {
    const reason = o.signal.aborted ? WORKER_STOPPED_REASON : err instanceof Error ? err.message : String(err);
    await failJob(store, job.id, reason.slice(0, 2000), { workerId, now: clock.now() }).catch((e: unknown) => o.onError(e, 'lane'));
  } finally {
    clearInterval(timer);
    o.signal.removeEventListener('abort', onStop);
  }
}

/** `work`, unless `signal` aborts and `work` has not settled `waitMs` later: then a rejection. */
function untilAbandoned<T>(work: Promise<T>, signal: AbortSignal, waitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => { timer = setTimeout(() => reject(new Error(`the job did not stop within ${waitMs} ms of its abort`)), waitMs); };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, abandoned]).finally(() => {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort!);
  });
}
