// What a worker does with a claimed job. The default runner reads what the job needs from the
// store (the calibration base of a scenario launched from a calibration, the attempt number of
// a calibration), then runs the engine (engine-job.ts) in a thread of its own (job-thread.ts):
// population loading and merging never block the event loop of the API that shares the process.
// Progress from the thread rides on the job's heartbeats. Aborted, the thread is asked to stop
// and, if it has not stopped within ABORT_GRACE_MS, terminated with its simulation pool: the
// job ends within seconds whatever step the engine is in. Workers accept another runner (tests
// inject one).
import { Worker } from 'node:worker_threads';
import type { Scenario } from '../../src/contract/types.js';
import { reviveError } from '../../src/errors.js';
import { projectPath } from '../../src/project-path.js';
import { resolveCalibrationBase } from './calibration-base.js';
import type { EngineJobInput } from './engine-job.js';
import type { JobRow } from './job-row.js';
import { ABORT_MESSAGE, type JobThreadData, type JobThreadMessage } from './job-thread.js';
import { calibrationAttempt } from './jobs.js';
import type { StoredResult } from './queue.js';
import type { Store } from '../store/open-store.js';

export interface RunJobContext {
  /** Sends a sign of life (and optional progress); the worker also sends one every minute. */
  heartbeat(progress?: unknown): Promise<void>;
  /** Aborted when the job must stop (worker stopping, or the job no longer held by this worker). */
  signal: AbortSignal;
  /** The worker's store (a calibracao base is read from it). */
  store: Store;
}

export type RunJob = (job: JobRow, ctx: RunJobContext) => Promise<StoredResult>;

/** Options of the default runner. */
export interface EngineRunnerOptions {
  /** Threads of the simulation pool (default: the machine's cores). */
  threads?: number;
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
    return runInJobThread(input, ctx);
  };
}

function runInJobThread(input: EngineJobInput, ctx: RunJobContext): Promise<StoredResult> {
  if (ctx.signal.aborted) return Promise.reject(ctx.signal.reason);
  const thread = new Worker(projectPath('dist/service/jobs/job-thread.js'), { workerData: { jobThread: true, input } satisfies JobThreadData });
  return new Promise<StoredResult>((resolve, reject) => {
    let settled = false;
    let grace: NodeJS.Timeout | undefined;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(grace);
      ctx.signal.removeEventListener('abort', onAbort);
      f();
    };
    function onAbort() {
      thread.postMessage(ABORT_MESSAGE);
      grace = setTimeout(() => {
        void thread.terminate();
        settle(() => reject(new Error('the job was aborted and its thread terminated')));
      }, ABORT_GRACE_MS);
    }
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    thread.on('message', (m: JobThreadMessage) => {
      if (m.kind === 'progress') ctx.heartbeat(m.progress).catch(() => undefined);
      else if (m.kind === 'done') settle(() => resolve({ ...m.result, dados: new Uint8Array(m.result.dados) }));
      else settle(() => reject(reviveError(m.error)));
    });
    thread.on('error', (err) => settle(() => reject(err)));
    thread.on('exit', (code) => settle(() => reject(new Error(`the job thread exited (code ${code}) without a result`))));
  });
}
