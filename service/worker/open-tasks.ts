// The worker's side of jobs spread over workers, with a PostgreSQL server: the task queue
// (execution/task-queue.ts), opened before the worker's first claim so that the owner of a
// spread job can enqueue its tasks, and, unless the worker runs no task thread, its task worker
// (execution/task-worker.ts), which takes tasks of every owner's jobs. Tried again until both
// open or the worker stops.
import { openTaskQueue, type TaskQueue, type TaskQueueOptions } from '../execution/task-queue.js';
import { startTaskWorker, type TaskWorker } from '../execution/task-worker.js';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { runLoop } from './run-loop.js';

export interface WorkerTasks {
  queue: TaskQueue;
  /** Absent: the worker takes no task; it only owns jobs. */
  taskWorker?: TaskWorker;
}

export interface OpenTasksOptions {
  store: Store;
  workerId: string;
  clock: Clock;
  /** Tasks the worker runs at once; 0: none. */
  threads: number;
  queue: TaskQueueOptions;
  /** Wait before trying again after a failure (doubling, run-loop.ts). */
  retryMs: number;
  signal: AbortSignal;
  onError(err: unknown, loop: string): void;
}

/** The task queue and the task worker once open; undefined when the worker stopped first. */
export async function openWorkerTasks(o: OpenTasksOptions): Promise<WorkerTasks | undefined> {
  let opened: WorkerTasks | undefined;
  await runLoop({
    name: 'task queue', intervalMs: o.retryMs, signal: o.signal, onError: o.onError,
    async work() {
      const queue = await openTaskQueue(o.store, o.queue);
      try {
        opened = { queue, taskWorker: o.threads > 0 ? await startTaskWorker(o.store, queue, { workerId: o.workerId, clock: o.clock, threads: o.threads }) : undefined };
      } catch (err) {
        await queue.stop().catch((e: unknown) => o.onError(e, 'task queue'));
        throw err;
      }
      return 'done';
    },
  });
  return opened;
}

/** Stops the task worker (its running tasks go back to the queue) and the queue. */
export async function closeWorkerTasks(t: WorkerTasks): Promise<void> {
  if (t.taskWorker) await t.taskWorker.stop(); // it stops the queue too
  else await t.queue.stop();
}
