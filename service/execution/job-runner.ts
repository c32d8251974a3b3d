// What a worker does with a claimed job. The default runner reads what the job needs from the
// store (the calibration base of a scenario launched from a calibration, the attempt number of
// a calibration), then runs the engine (engine-job.ts) in a thread of its own (job-thread.ts,
// started by start-thread.ts): population loading and merging never block the event loop of
// the API that shares the process. Progress from the thread rides on the job's heartbeats.
// Aborted, the thread is asked to stop and, if it has not stopped within ABORT_GRACE_MS,
// terminated with its simulation pool: the job ends within seconds whatever step the engine is
// in. With a task queue (a PostgreSQL server), a job's tasks run on every worker, a
// simulation's (job-tasks.ts) and a calibration round's (calibration-tasks.ts), and the thread
// combines the counts they stored. Workers accept another runner (tests inject one).
import type { Scenario } from '../../src/contract/types.js';
import { reviveError } from '../../src/errors.js';
import { resolveCalibrationBase } from '../jobs/calibration-base.js';
import type { JobRow } from '../jobs/job-row.js';
import { calibrationAttempt } from '../jobs/jobs.js';
import type { StoredResult } from '../jobs/queue.js';
import type { Store } from '../store/open-store.js';
import { runCalibrationTasks } from './calibration-tasks.js';
import type { EngineJobInput } from './engine-job.js';
import { deleteJobTasks, jobTasks, runJobTasks, type Execucao } from './job-tasks.js';
import { startThread, type ServiceThread } from './start-thread.js';
import type { TaskQueue } from './task-queue.js';
import { ABORT_JOB } from './thread-messages.js';

export interface RunJobContext {
  /** Sends a sign of life (and optional progress); the worker also sends one every minute. */
  heartbeat(progress?: unknown): Promise<void>;
  /** Aborted when the job must stop (worker stopping, or the job no longer held by this worker). */
  signal: AbortSignal;
  /** The worker's store (a calibracao base is read from it). */
  store: Store;
  /** The task queue (a PostgreSQL server): a job's tasks run on every worker; absent: in this process. */
  tasks?: TaskQueue;
  /** The worker running the job (registro.execucao of a job run in one process). */
  workerId?: string;
}

export type RunJob = (job: JobRow, ctx: RunJobContext) => Promise<StoredResult>;

/** Options of the default runner. */
export interface EngineRunnerOptions {
  /** Threads of the simulation pool (default: the machine's cores). */
  threads?: number;
  /** Wait between two reads of a spread job's finished tasks (job-tasks.ts). */
  taskPollMs?: number;
  /** Expiry of a spread job's tasks (default taskExpireSeconds of its quote). */
  taskExpireSeconds?: number;
}

/** Time an aborted job thread has to stop by itself before it is terminated. */
export const ABORT_GRACE_MS = 2000;

/** The default RunJob: the engine (engine-job.ts) in a job thread. */
export function createEngineRunJob(opts: EngineRunnerOptions = {}): RunJob {
  return async (job, ctx) => {
    const input: EngineJobInput = {
      job: { id: job.id, tipo: job.tipo, pedido: job.pedido },
      base: job.tipo === 'simulacao' ? await resolveCalibrationBase(ctx.store, job.project_id, job.pedido as Scenario) : undefined,
      tentativa: job.tipo === 'calibracao' ? await calibrationAttempt(ctx.store, job.id) : 1,
      threads: opts.threads,
    };
    if (job.tipo !== 'simulacao') {
      if (!ctx.tasks) return runInJobThread(input, ctx);
      const queue = ctx.tasks;
      try {
        return await runInJobThread({ ...input, spread: { rodadas: true } }, ctx, (thread, signal) =>
          runCalibrationTasks(ctx.store, {
            queue, job, thread, signal, heartbeat: ctx.heartbeat, pollMs: opts.taskPollMs, expireInSeconds: opts.taskExpireSeconds,
          }).then((execucao) => ({ execucao })));
      } finally {
        await deleteJobTasks(ctx.store, job.id);
      }
    }
    const scenario = job.pedido as Scenario;
    const tarefas = jobTasks(job.id, scenario).length;
    if (!ctx.tasks) {
      const result = await runInJobThread(input, ctx);
      const execucao: Execucao = { tarefas, workers: ctx.workerId ? { [ctx.workerId]: tarefas } : {} };
      return { ...result, registro: { ...result.registro, execucao } };
    }
    const queue = ctx.tasks;
    try {
      return await runInJobThread({ ...input, spread: { tarefas } }, ctx, (thread, signal) =>
        runJobTasks(ctx.store, {
          queue, job, tasks: jobTasks(job.id, scenario), dias: scenario.horizonte.dias, signal, heartbeat: ctx.heartbeat,
          pollMs: opts.taskPollMs, expireInSeconds: opts.taskExpireSeconds,
          deliver: (task, dados) => thread.post({ kind: 'task-counts', variante: task.variante, replica: task.replica, dados }),
        }).then((execucao) => ({ execucao })));
    } finally {
      await deleteJobTasks(ctx.store, job.id);
    }
  };
}

/**
 * Runs the job in a thread. `feed` starts what feeds a spread job's thread (job-tasks.ts), which
 * reports the job's progress instead of the thread; a failure of it stops the thread and fails
 * the job, a failure of the thread stops it (its signal), and what it resolves to joins the
 * result's registro.
 */
function runInJobThread(
  input: EngineJobInput, ctx: RunJobContext, feed?: (thread: ServiceThread<'job-thread'>, signal: AbortSignal) => Promise<Record<string, unknown>>,
): Promise<StoredResult> {
  if (ctx.signal.aborted) return Promise.reject(ctx.signal.reason);
  const thread = startThread('job-thread', { input });
  const threadFailed = new AbortController();
  let feedError: unknown;
  const fed = feed?.(thread, AbortSignal.any([ctx.signal, threadFailed.signal]))
    .catch((err: unknown) => { feedError ??= err; void thread.terminate(); throw err; });
  fed?.catch(() => undefined); // read once the thread has ended (below)
  const ran = new Promise<StoredResult>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener('abort', onAbort);
      f();
    };
    const onAbort = () => thread.abort(ABORT_JOB, ABORT_GRACE_MS);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    thread.onMessage((m) => {
      if (m.kind === 'progress') { if (!feed) ctx.heartbeat(m.progress).catch(() => undefined); }
      else if (m.kind === 'done') settle(() => resolve({ ...m.result, dados: new Uint8Array(m.result.dados) }));
      else if (m.kind === 'failed') settle(() => reject(reviveError(m.error)));
      // a spread calibration's rounds are the feed's (calibration-tasks.ts)
    });
    thread.onEnd((why) => settle(() => reject(why)));
  });
  if (!fed) return ran;
  return ran.then(
    async (result) => ({ ...result, registro: { ...result.registro, ...(await fed) } }),
    async (err: unknown) => {
      // the feed's error first: a thread it stopped only says it exited
      const first = feedError;
      threadFailed.abort(err);
      await fed.catch(() => undefined);
      throw first ?? err;
    },
  );
}
