// The worker loop: claim a job, run it with heartbeats, conclude or fail it; sweep stale jobs
// and expired results, erase what people deleted more than 7 days ago (deletion.ts), and send
// the due webhook deliveries (webhooks/deliver-webhooks.ts), on
// the side. `campaign-sim serve` runs one in process; `campaign-sim
// worker` runs workers alone against DATABASE_URL, on any number of machines. With a
// PostgreSQL server every worker also takes the tasks of spread simulation jobs (task-worker.ts)
// from the task queue (task-queue.ts), whoever claimed the job, and signs in to the measured
// fleet the quotes count (fleet.ts) while it does; a job submitted or ended wakes its claim
// (claimable-jobs.ts).
import { availableParallelism, hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Clock } from './store/clock.js';
import { createEngineRunJob, type RunJob } from './jobs/job-runner.js';
import type { JobRow } from './jobs/job-row.js';
import { claimNextJob, completeJob, failJob, heartbeat, HEARTBEAT_INTERVAL_MS, sweepStaleJobs } from './jobs/queue.js';
import { sweepExpiredResults } from './jobs/results.js';
import { sweepEndedJobTasks } from './jobs/job-tasks.js';
import { openTaskQueue, type TaskQueue, type TaskQueueOptions } from './jobs/task-queue.js';
import { startTaskWorker, type TaskWorker } from './jobs/task-worker.js';
import { beatFleet, FLEET_BEAT_MS, leaveFleet, sweepSilentWorkers } from './jobs/fleet.js';
import { claimableChannel } from './jobs/claimable-jobs.js';
import { sweepDeletions } from './accounts/deletion.js';
import { sweepOAuthRecords } from './oauth/oauth-adapter.js';
import type { Store } from './store/open-store.js';
import type { Agent } from 'undici';
import { deliverDueWebhooks } from './webhooks/deliver-webhooks.js';
import { createWebhookAgent } from './webhooks/webhook-agent.js';
import { webhookPolicyFromEnv } from './webhooks/webhook-settings.js';

export interface WorkerOptions {
  /** Default: the engine runner (createEngineRunJob). */
  runJob?: RunJob;
  /** Default: <host>:<pid>:<random>. */
  workerId?: string;
  /** Wait between empty polls (default 1000 ms). */
  pollMs?: number;
  /** Heartbeat period while a job runs (default 60 s, DESIGN 7). */
  heartbeatMs?: number;
  /** Period of the stale-job and retention sweeps (default 60 s; 0 disables them). */
  sweepMs?: number;
  /** Jobs this worker runs at once (default 1). */
  concurrency?: number;
  /** Stops the worker like stop(). */
  signal?: AbortSignal;
  /** Default: store.clock. */
  clock?: Clock;
  /** Where failures of the loop itself go (default stderr). */
  onError?: (err: unknown) => void;
  /** Time a job's runner has to end once its job is aborted before the job fails anyway (default ABORT_WAIT_MS). */
  abortWaitMs?: number;
  /**
   * The agent webhook deliveries are sent through (default: public addresses only, or loopback
   * too under CAMPAIGN_SIM_WEBHOOK_ALLOW_LOOPBACK=1: webhooks/webhook-settings.ts); null: this
   * worker sends none.
   */
  webhookAgent?: Agent | null;
  /**
   * Where a simulation job's tasks run: 'spread' over every worker through the task queue (the
   * default with a PostgreSQL server), or 'local', all in the process that claimed the job (always
   * so on the embedded store).
   */
  tasks?: 'spread' | 'local';
  /** Tasks of spread jobs this process runs at once (default: the machine's cores, as the pool); 0: it runs none, it only owns jobs. */
  taskThreads?: number;
  /** Options of the task queue (retries, expiry checks, polling). */
  taskQueue?: TaskQueueOptions;
}

/**
 * A job aborted (the worker stopping on SIGTERM, or the job swept) ends falhou, refunded, within
 * this time even when its runner does not stop: SIGTERM must never leave a job running or the
 * process hanging. The engine runner itself stops its thread within ABORT_GRACE_MS (job-runner.ts).
 */
export const ABORT_WAIT_MS = 3000;

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

export interface WorkerHandle {
  workerId: string;
  /** Stops claiming, aborts running jobs (they end falhou, refunded) and resolves when the loop ended. */
  stop(): Promise<void>;
  /** Resolves when the loop has ended. */
  done: Promise<void>;
}

/** Why a job whose worker stopped in the middle failed (registro.motivo). */
export const WORKER_STOPPED_REASON = 'the worker stopped before the job ended';

/** Starts a worker loop. Also callable as runWorker({ store, ...options }). */
export function runWorker(store: Store, opts?: WorkerOptions): WorkerHandle;
export function runWorker(opts: WorkerOptions & { store: Store }): WorkerHandle;
export function runWorker(a: Store | (WorkerOptions & { store: Store }), b: WorkerOptions = {}): WorkerHandle {
  const { store, ...opts } = 'store' in a ? a : { store: a as Store, ...b };
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const runJob = opts.runJob ?? createEngineRunJob();
  const clock = opts.clock ?? store.clock;
  const pollMs = opts.pollMs ?? 1000;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
  const sweepMs = opts.sweepMs ?? 60_000;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const abortWaitMs = opts.abortWaitMs ?? ABORT_WAIT_MS;
  const webhookAgent = opts.webhookAgent === undefined ? createWebhookAgent({ policy: webhookPolicyFromEnv() }) : opts.webhookAgent;
  const onError = opts.onError ?? ((err: unknown) => process.stderr.write(`worker ${workerId}: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`));

  const stopping = new AbortController();
  if (opts.signal) {
    if (opts.signal.aborted) stopping.abort();
    else opts.signal.addEventListener('abort', () => stopping.abort(), { once: true });
  }
  const sleep = (ms: number, wakers?: Set<() => void>) => new Promise<void>((resolve) => {
    if (stopping.signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() { clearTimeout(t); stopping.signal.removeEventListener('abort', done); wakers?.delete(done); resolve(); }
    stopping.signal.addEventListener('abort', done, { once: true });
    wakers?.add(done);
  });
  // With a server, a job submitted or ended wakes the lanes waiting to claim (claimable-jobs.ts);
  // their poll stays behind for a notification lost while the listening connection was down.
  const claimWakers = new Set<() => void>();
  const listening = store.listen?.(claimableChannel(store.schema), () => { for (const wake of [...claimWakers]) wake(); })
    .catch((err: unknown) => { onError(err); return undefined; });

  // The task queue and this process's task worker, with a PostgreSQL server: opened before the
  // first claim, so a spread job's owner can enqueue (tried again until it opens or the worker stops).
  let taskWorker: TaskWorker | undefined;
  /** Task threads of this worker once it signed in to the fleet (fleet.ts); 0: it runs no task. */
  let fleetThreads = 0;
  const spread = store.kind === 'postgres' && opts.tasks !== 'local';
  const openTasks = async (): Promise<TaskQueue | undefined> => {
    while (!stopping.signal.aborted) {
      let queue: TaskQueue | undefined;
      try {
        queue = await openTaskQueue(store, { ...opts.taskQueue, onError: opts.taskQueue?.onError ?? onError });
        const threads = opts.taskThreads ?? availableParallelism();
        if (threads > 0) {
          taskWorker = await startTaskWorker(store, queue, { workerId, clock, threads });
          fleetThreads = threads;
          await beatFleet(store, workerId, threads, clock.now()).catch(onError); // the next beat tries again
        }
        return queue;
      } catch (err) {
        onError(err);
        await queue?.stop().catch(onError);
        await sleep(pollMs);
      }
    }
    return undefined;
  };
  const tasksReady = spread ? openTasks() : Promise.resolve(undefined);

  async function runOne(job: JobRow, tasks: TaskQueue | undefined): Promise<void> {
    const jobStop = new AbortController();
    const onStop = () => jobStop.abort();
    stopping.signal.addEventListener('abort', onStop, { once: true });
    const beat = async (progress?: unknown) => {
      const held = await heartbeat(store, job.id, workerId, clock.now(), progress);
      if (!held) jobStop.abort(); // swept or otherwise ended: stop working on it
    };
    const timer = setInterval(() => { beat().catch(onError); }, heartbeatMs);
    try {
      const result = await untilAbandoned(runJob(job, { heartbeat: beat, signal: jobStop.signal, store, tasks, workerId }), jobStop.signal, abortWaitMs);
      // A result that arrives after the sweeper took the job is dropped (completeJob answers null).
      await completeJob(store, job.id, result, { workerId, now: clock.now() });
    } catch (err) {
      const reason = stopping.signal.aborted ? WORKER_STOPPED_REASON : err instanceof Error ? err.message : String(err);
      await failJob(store, job.id, reason.slice(0, 2000), { workerId, now: clock.now() }).catch(onError);
    } finally {
      clearInterval(timer);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  async function lane(): Promise<void> {
    const tasks = await tasksReady;
    while (!stopping.signal.aborted) {
      let job: JobRow | null = null;
      try {
        job = await claimNextJob(store, workerId, clock.now());
      } catch (err) {
        onError(err);
      }
      if (job) await runOne(job, tasks);
      else await sleep(pollMs, claimWakers);
    }
  }

  async function sweeper(): Promise<void> {
    if (sweepMs <= 0) return;
    while (!stopping.signal.aborted) {
      try {
        await sweepStaleJobs(store, clock.now());
        await sweepExpiredResults(store, clock.now());
        await sweepDeletions(store, clock.now());
        // the authorization server's records count on real time (oauth-adapter.ts)
        await sweepOAuthRecords(store);
        if (spread) {
          await sweepEndedJobTasks(store);
          await sweepSilentWorkers(store, clock.now());
        }
      } catch (err) {
        onError(err);
      }
      await sleep(sweepMs);
    }
  }

  async function webhooks(): Promise<void> {
    if (!webhookAgent) return;
    while (!stopping.signal.aborted) {
      let sent = 0;
      try {
        sent = await deliverDueWebhooks(store, { agent: webhookAgent, clock });
      } catch (err) {
        onError(err);
      }
      if (sent === 0) await sleep(pollMs);
    }
    if (opts.webhookAgent === undefined) await webhookAgent.close();
  }

  // this worker's sign of life in the fleet, while it takes tasks
  async function fleet(): Promise<void> {
    await tasksReady;
    while (!stopping.signal.aborted && fleetThreads > 0) {
      await sleep(FLEET_BEAT_MS);
      if (stopping.signal.aborted) break;
      await beatFleet(store, workerId, fleetThreads, clock.now()).catch(onError);
    }
  }

  const done = Promise.all([sweeper(), webhooks(), fleet(), ...Array.from({ length: concurrency }, lane)])
    .then(async () => {
      await (await listening)?.();
      const queue = await tasksReady;
      if (fleetThreads > 0) await leaveFleet(store, workerId).catch(onError);
      await taskWorker?.stop();
      await queue?.stop(); // an owner without a task worker holds it alone
    });
  return {
    workerId,
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}
