// The thread a job runs in (job-runner.ts starts one per job): loading and merging a large
// population and combining the replicas take seconds of CPU, which on the API's own thread
// froze every request while an SP job started. Here they run beside the event loop of the API;
// the kernel tasks run in this thread's simulation pool, or, for a job spread over workers
// (input.spread), come from them through the owner (remote-pool.ts). Loaded from dist/ (tsc
// output), like the pool's worker.
import { parentPort, workerData } from 'node:worker_threads';
import { ServiceError } from '../../src/errors.js';
import { closePool } from '../../src/pool/pool.js';
import { runEngineJob, type EngineJobInput } from './engine-job.js';
import { createRemotePool, type TaskCountsMessage } from './remote-pool.js';

/** Messages of the thread to job-runner.ts. */
export type JobThreadMessage =
  | { kind: 'progress'; progress: unknown }
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
  const remote = input.spread ? createRemotePool(input.spread.tarefas) : undefined;
  port.on('message', (m: JobThreadInput) => {
    if (m === ABORT_MESSAGE) stop.abort();
    else remote?.deliver(m);
  });
  const post = (m: JobThreadMessage) => port.postMessage(m);
  try {
    const result = await runEngineJob(input, { signal: stop.signal, pool: remote, progress: (p) => post({ kind: 'progress', progress: p }) });
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
