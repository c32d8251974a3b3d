// The thread a job runs in (job-runner.ts starts one per job): loading and merging a large
// population and combining the replicas take seconds of CPU, which on the API's own thread
// froze every request while an SP job started. Here they run beside the event loop of the API;
// the kernel tasks run in this thread's simulation pool, or, for a job spread over workers
// (input.spread), come from them through the owner (remote-pool.ts): a simulation's from one
// remote pool, a calibration's from one remote pool a round, the round announced to the owner
// (calibration-tasks.ts enqueues its tasks) once its pool waits. Loaded from dist/ (tsc output),
// like the pool's worker.
import { parentPort, workerData } from 'node:worker_threads';
import { roundSimulate } from '../../calibration/index.js';
import { ServiceError } from '../../src/errors.js';
import { closePool } from '../../src/pool/pool.js';
import { runEngineJob, type EngineJobInput } from './engine-job.js';
import { createRemotePool, type RemotePool, type TaskCountsMessage } from './remote-pool.js';
import type { TaskRound } from './task-queue.js';

/** Messages of the thread to job-runner.ts. */
export type JobThreadMessage =
  | { kind: 'progress'; progress: unknown }
  | { kind: 'round'; rodada: TaskRound }
  | { kind: 'done'; result: Awaited<ReturnType<typeof runEngineJob>> }
  | { kind: 'failed'; error: unknown };

/** The message of job-runner.ts that stops the thread's job. */
export const ABORT_MESSAGE = 'abort';

/** Messages of job-runner.ts to the thread: stop, or a spread job's task counts. */
export type JobThreadInput = typeof ABORT_MESSAGE | TaskCountsMessage;

/** What job-runner.ts passes as workerData; the marker keeps main() from running in any other thread that imports this module. */
export interface JobThreadData {
  jobThread: true;
  input: EngineJobInput;
}

async function main(port: NonNullable<typeof parentPort>, input: EngineJobInput): Promise<void> {
  const stop = new AbortController();
  const spread = input.spread;
  const remote = spread && 'tarefas' in spread ? createRemotePool(spread.tarefas) : undefined;
  // a spread calibration's round pools, by round; a round's counts come only once it is announced
  const rounds = new Map<number, RemotePool>();
  const post = (m: JobThreadMessage) => port.postMessage(m);
  port.on('message', (m: JobThreadInput) => {
    if (m === ABORT_MESSAGE) stop.abort();
    else if (m.rodada !== undefined) rounds.get(m.rodada)?.deliver(m);
    else remote?.deliver(m);
  });
  const simulate = spread && 'rodadas' in spread
    ? roundSimulate((cenario, parametros) => {
      // numbered in the order run; a round's pool stays to the end (empty once its counts are read)
      const n = rounds.size;
      const pool = createRemotePool(cenario.replicas);
      rounds.set(n, pool);
      post({ kind: 'round', rodada: { n, cenario, parametros } });
      return pool;
    })
    : undefined;
  try {
    const result = await runEngineJob(input, { signal: stop.signal, pool: remote, simulate, progress: (p) => post({ kind: 'progress', progress: p }) });
    post({ kind: 'done', result });
  } catch (err) {
    post({ kind: 'failed', error: err instanceof ServiceError ? err.toPlain() : err instanceof Error ? err.message : String(err) });
  } finally {
    await closePool();
    port.close();
  }
}

const data = workerData as JobThreadData | null;
if (parentPort && data?.jobThread === true) void main(parentPort, data.input);
