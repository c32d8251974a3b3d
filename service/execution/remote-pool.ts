// The pool of a job whose tasks run on workers anywhere (job-tasks.ts enqueues them and reads
// their counts from the store): simulate() asks it for task (replica, variant) as it asks the
// thread pool, and it answers with the counts the job's owner forwarded to the job thread. So a
// spread job is simulated and combined by the same code as a job run in one process, and its
// result is the same bits.
import type { SimPool } from '../../src/pool/pool.js';
import type { TaskCounts } from '../../src/pool/messages.js';
import { taskCountsFromBytes } from './task-counts-bytes.js';
import type { TaskCountsMessage } from './thread-messages.js';

export interface RemotePool extends SimPool {
  /** Counts of a task arrived (before or after simulate() asked for them). */
  deliver(m: TaskCountsMessage): void;
}

/** A pool over `tasks` remote tasks: all of them in flight at once (threads = tasks). */
export function createRemotePool(tasks: number): RemotePool {
  const arrived = new Map<string, Uint8Array>();
  const waiting = new Map<string, (c: TaskCounts) => void>();
  return {
    threads: Math.max(1, tasks),
    run(req) {
      const k = `${req.replica}:${req.variante}`;
      const dados = arrived.get(k);
      if (dados) {
        arrived.delete(k);
        return Promise.resolve(taskCountsFromBytes(dados));
      }
      return new Promise<TaskCounts>((resolve) => { waiting.set(k, resolve); });
    },
    deliver(m) {
      const k = `${m.replica}:${m.variante}`;
      const resolve = waiting.get(k);
      if (resolve) {
        waiting.delete(k);
        resolve(taskCountsFromBytes(m.dados));
      } else arrived.set(k, m.dados);
    },
    threadsAlive: () => 0,
    close: async () => undefined,
  };
}
