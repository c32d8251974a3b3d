// What the service's threads and the threads that start them say to each other: the one
// protocol of running a job (start-thread.ts starts, aborts, terminates and revives them).
// Two kinds of thread, each a module of dist/ named after its kind:
//   job-thread   one per running job (job-runner.ts): the engine (engine-job.ts) beside the
//                event loop that serves the API, its kernel tasks in its own Piscina pool
//                (src/pool/pool.ts) or, for a job spread over workers, in remote pools
//                (remote-pool.ts) that the job's owner fills;
//   task-thread  one per worker process (task-worker.ts): the tasks of spread jobs that this
//                worker took from the task queue, each run in the thread's Piscina pool.
// A task's counts in a spread job, from the kernel to the combined result, in order:
//   1. a kernel thread (src/pool/kernel-thread.ts) -> the task thread: TaskCounts, arrays moved;
//   2. the task thread -> its worker: TaskThreadMessage 'done', the counts as bytes
//      (task-counts-bytes.ts taskCountsToBytes, the one encoding);
//   3. the worker -> the store: job_tasks.dados (task-worker.ts), and a notification to the owner;
//   4. the store -> the job's owner: job-tasks.ts reads every task stored since its last read;
//   5. the owner -> the job thread: TaskCountsMessage (job-runner.ts, calibration-tasks.ts);
//   6. the job thread's remote pool -> simulate(): the bytes read back into TaskCounts
//      (taskCountsFromBytes), combined by the code that combines a job run in one process.
// A job run in one process takes only step 1, in the job thread's own pool.
import { parentPort, workerData } from 'node:worker_threads';
import { ServiceError, type PlainError } from '../../src/errors.js';
import type { ModelParameters } from '../../src/release/types.js';
import type { StoredResult } from '../jobs/queue.js';
import type { EngineJobInput } from './engine-job.js';
import type { TaskRound } from './task-queue.js';

/** The message that stops a job thread's job (start-thread.ts abort). */
export const ABORT_JOB: AbortJobMessage = { kind: 'abort' };
export interface AbortJobMessage {
  kind: 'abort';
}

/** The owner's message to the job thread: the stored counts of one task (of calibration round `rodada`). */
export interface TaskCountsMessage {
  kind: 'task-counts';
  rodada?: number;
  variante: number;
  replica: number;
  dados: Uint8Array;
}

/** A task for the task thread: its job's request and calibrated parameters, and its place in the plan. */
export interface TaskThreadRequest {
  kind: 'run';
  /** The worker's number of the task, which the thread's messages about it carry. */
  n: number;
  jobId: string;
  pedido: unknown;
  parametros?: Partial<ModelParameters>;
  /** A calibration round's task: `pedido` is the round's scenario (calibration/simulation-model.ts roundScenario). */
  rodada?: number;
  variante: number;
  replica: number;
}

/** Each kind of thread: what it is started with, what it is sent, what it answers. */
export interface ThreadProtocol {
  'job-thread': {
    data: { input: EngineJobInput };
    /** Stop the job, or a spread job's task counts. */
    input: AbortJobMessage | TaskCountsMessage;
    /** Progress, a spread calibration's next round (calibration-tasks.ts enqueues its tasks), the result or the failure. */
    message:
      | { kind: 'progress'; progress: unknown }
      | { kind: 'round'; rodada: TaskRound }
      | { kind: 'done'; result: StoredResult }
      | { kind: 'failed'; error: PlainError | string };
  };
  'task-thread': {
    /** Threads of the thread's simulation pool (tasks at once). */
    data: { threads: number };
    /** A task, or stop task n. */
    input: TaskThreadRequest | { kind: 'abort'; n: number };
    /** Days done of task n, its counts, or its failure. */
    message:
      | { kind: 'progress'; n: number; dias: number }
      | { kind: 'done'; n: number; dados: Uint8Array; segundos: number; dias: number }
      | { kind: 'failed'; n: number; error: PlainError | string };
  };
}

export type ThreadKind = keyof ThreadProtocol;
export type ThreadData<K extends ThreadKind> = ThreadProtocol[K]['data'];
export type ThreadInput<K extends ThreadKind> = ThreadProtocol[K]['input'];
export type ThreadMessage<K extends ThreadKind> = ThreadProtocol[K]['message'];

/** workerData of a thread: its kind marks it, so a module's main() runs only in its own kind of thread. */
export type WorkerData<K extends ThreadKind> = ThreadData<K> & { thread: K };

/** A failure as it crosses to the parent (reviveError rebuilds it there). */
export function plainError(err: unknown): PlainError | string {
  return err instanceof ServiceError ? err.toPlain() : err instanceof Error ? err.message : String(err);
}

/** The thread side: a thread's data and its typed port to the thread that started it. */
export interface ThreadSelf<K extends ThreadKind> {
  data: ThreadData<K>;
  post(m: ThreadMessage<K>): void;
  onMessage(listener: (m: ThreadInput<K>) => void): void;
  close(): void;
}

/** This thread as a `kind` thread, when it runs as one; null anywhere else. */
export function threadOf<K extends ThreadKind>(kind: K): ThreadSelf<K> | null {
  const data = workerData as WorkerData<K> | null;
  const port = parentPort;
  if (!port || data?.thread !== kind) return null;
  return {
    data,
    post: (m) => port.postMessage(m),
    onMessage: (listener) => { port.on('message', listener); },
    close: () => port.close(),
  };
}
