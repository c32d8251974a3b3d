// The worker: claim a job, run it with heartbeats, conclude or fail it, in `concurrency` lanes
// (lanes.ts); sweep stale jobs, expired results and what people deleted (sweeper.ts); send the
// due webhook deliveries (webhook-deliveries.ts). Each duty is one loop of run-loop.ts.
// `campaign-sim serve` runs one worker in process; `campaign-sim worker` runs workers alone
// against DATABASE_URL, on any number of machines. With a PostgreSQL server every worker also
// takes the tasks of spread simulation jobs from the task queue, whoever claimed the job
// (open-tasks.ts), and signs in to the measured fleet the quotes count while it does
// (fleet-heartbeat.ts); a job submitted or ended wakes the lanes' claims (jobs/claimable-jobs.ts).
import { availableParallelism, hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Agent } from 'undici';
import { createEngineRunJob, type RunJob } from '../execution/job-runner.js';
import type { TaskQueueOptions } from '../execution/task-queue.js';
import { createWaker, type Waker } from '../execution/waker.js';
import { claimableChannel } from '../jobs/claimable-jobs.js';
import { HEARTBEAT_INTERVAL_MS } from '../jobs/queue.js';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { createWebhookAgent } from '../webhooks/webhook-agent.js';
import { webhookPolicyFromEnv } from '../webhooks/webhook-settings.js';
import { runFleetHeartbeat } from './fleet-heartbeat.js';
import { ABORT_WAIT_MS, runLane } from './lanes.js';
import { closeWorkerTasks, openWorkerTasks, type WorkerTasks } from './open-tasks.js';
import { runSweeper } from './sweeper.js';
import { runWebhookDeliveries } from './webhook-deliveries.js';

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
  /** Where failures of the worker's loops go, with the loop's name (default stderr). */
  onError?: (err: unknown, loop: string) => void;
  /** Time a job's runner has to end once its job is aborted before the job fails anyway (default ABORT_WAIT_MS, lanes.ts). */
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

export interface WorkerHandle {
  workerId: string;
  /** Stops claiming, aborts running jobs (they end falhou, refunded) and resolves when every loop ended. */
  stop(): Promise<void>;
  /** Resolves when every loop has ended. */
  done: Promise<void>;
}

/** Starts a worker. Also callable as runWorker({ store, ...options }). */
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
  const onError = opts.onError ?? ((err: unknown, loop: string) => process.stderr.write(`worker ${workerId} (${loop}): ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`));

  const stopping = new AbortController();
  if (opts.signal) {
    if (opts.signal.aborted) stopping.abort();
    else opts.signal.addEventListener('abort', () => stopping.abort(), { once: true });
  }
  const signal = stopping.signal;
  // With a server, a job submitted or ended wakes the lanes waiting to claim (jobs/claimable-jobs.ts);
  // their poll stays behind for a notification lost while the listening connection was down.
  const claimWakers = Array.from({ length: concurrency }, () => createWaker(signal));
  const listening = store.listen?.(claimableChannel(store.schema), () => { for (const w of claimWakers) w.wake(); })
    .catch((err: unknown) => { onError(err, 'claims'); return undefined; });

  // The task queue, and this process's task worker, before the first claim (open-tasks.ts).
  const spread = store.kind === 'postgres' && opts.tasks !== 'local';
  const taskThreads = opts.taskThreads ?? availableParallelism();
  const tasksReady: Promise<WorkerTasks | undefined> = spread
    ? openWorkerTasks({
      store, workerId, clock, threads: taskThreads, retryMs: pollMs, signal, onError,
      queue: { ...opts.taskQueue, onError: opts.taskQueue?.onError ?? ((err: unknown) => onError(err, 'task queue')) },
    })
    : Promise.resolve(undefined);

  const lane = async (waker: Waker) => {
    const tasks = await tasksReady;
    await runLane({ store, workerId, clock, runJob, tasks: tasks?.queue, pollMs, heartbeatMs, abortWaitMs, signal, waker, onError });
  };
  const webhooks = async () => {
    if (!webhookAgent) return;
    await runWebhookDeliveries({ store, clock, agent: webhookAgent, pollMs, signal, onError });
    if (opts.webhookAgent === undefined) await webhookAgent.close();
  };
  const fleet = async () => {
    if ((await tasksReady)?.taskWorker) await runFleetHeartbeat({ store, workerId, threads: taskThreads, clock, signal, onError });
  };
  const done = Promise.all([
    sweepMs > 0 ? runSweeper({ store, clock, sweepMs, spread, signal, onError }) : undefined,
    webhooks(), fleet(), ...claimWakers.map(lane),
  ]).then(async () => {
    await (await listening)?.();
    const tasks = await tasksReady;
    if (tasks) await closeWorkerTasks(tasks);
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
