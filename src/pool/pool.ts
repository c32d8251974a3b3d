// The simulation pool: Piscina threads (default: the machine's cores), each holding one kernel
// instance. Kept alive between simulate() calls so repeated runs (calibration) reuse the loaded
// wasm, population and plan. The worker is loaded from dist/ (tsc output), also under vitest.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { reviveError } from '../errors.js';
import { projectPath } from '../project-path.js';
import type { TaskCounts, TaskReply, TaskRequest } from './messages.js';

export interface SimPool {
  readonly threads: number;
  /** Runs one (replica, variant) task on some thread. */
  run(req: TaskRequest): Promise<TaskCounts>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Threads; default os.availableParallelism(). */
  threads?: number;
}

export function createPool(opts: PoolOptions = {}): SimPool {
  const threads = Math.max(1, Math.floor(opts.threads ?? availableParallelism()));
  const piscina = new Piscina({
    filename: projectPath('dist/src/pool/worker.js'),
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: 2 ** 31 - 1,
  });
  return {
    threads,
    async run(req) {
      const reply = (await piscina.run(req)) as TaskReply;
      if (!reply.ok) throw reviveError(reply.error);
      return reply.counts;
    },
    close: () => piscina.destroy(),
  };
}

const shared = new Map<number, SimPool>();

/** The process-wide pool of a thread count (created on first use, reused after). */
export function sharedPool(threads?: number): SimPool {
  const n = Math.max(1, Math.floor(threads ?? availableParallelism()));
  let p = shared.get(n);
  if (!p) {
    p = createPool({ threads: n });
    shared.set(n, p);
  }
  return p;
}

/** Closes every shared pool (lets the process exit). */
export async function closePool(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map((p) => p.close()));
}
