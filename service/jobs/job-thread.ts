// The thread a job runs in (job-runner.ts starts one per job): loading and merging a large
// population and combining the replicas take seconds of CPU, which on the API's own thread
// froze every request while an SP job started. Here they run beside the event loop of the API;
// the kernel tasks run in this thread's simulation pool. Loaded from dist/ (tsc output), like
// the pool's worker.
import { parentPort, workerData } from 'node:worker_threads';
import { ServiceError } from '../../src/errors.js';
import { closePool } from '../../src/pool/pool.js';
import { runEngineJob, type EngineJobInput } from './engine-job.js';

/** Messages of the thread to job-runner.ts. */
export type JobThreadMessage =
  | { kind: 'progress'; progress: unknown }
  | { kind: 'done'; result: Awaited<ReturnType<typeof runEngineJob>> }
  | { kind: 'failed'; error: unknown };

/** The message of job-runner.ts to the thread. */
export const ABORT_MESSAGE = 'abort';

/** What job-runner.ts passes as workerData; the marker keeps main() from running in any other thread that imports this module. */
export interface JobThreadData {
  jobThread: true;
  input: EngineJobInput;
}

async function main(port: NonNullable<typeof parentPort>, input: EngineJobInput): Promise<void> {
  const stop = new AbortController();
  port.on('message', (m) => { if (m === ABORT_MESSAGE) stop.abort(); });
  const post = (m: JobThreadMessage) => port.postMessage(m);
  try {
    const result = await runEngineJob(input, { signal: stop.signal, progress: (p) => post({ kind: 'progress', progress: p }) });
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
