// The simulation pool: the host's kernel threads (src/platform/: Piscina on Node, Web Workers in a
// browser; default: the machine's cores), each holding the kernel
// instances of its last task. A thread stays between simulate() calls so repeated runs
// (calibration) reuse the loaded wasm, population and plan, and exits after idleSeconds without
// work so that a service does not hold a big job's kernel memory while idle; the next task starts
// a thread again.
// A task of two or more shards that arrives while two or more threads idle is spread over them
// (src/pool/shard-parts.ts; the parts meet once a day to sum the shared counters, so the results
// are those of one thread), so a job's last tasks do not leave threads idle. Parts are started
// only when a thread is free for each (counted in `busy`), so no part waits behind a queued task
// for a partner that waits for it. Each part's thread claims the part its kernel instances hold
// (src/pool/claim-part.ts), so a task run again on the same threads copies no population in again.
// Where threads share no memory (a browser page that is not cross-origin isolated) a task is never
// spread: its parts meet at a barrier in shared memory.
import { reviveError } from '../errors.js';
import { failPart, PART_FAILED } from '../kernel/run-shards.js';
import type { PartRequest, TaskCounts, TaskReply, TaskRequest } from './messages.js';
import { splitShards } from './shard-parts.js';
import { sumPartCounts } from './sum-part-counts.js';
import { host } from '../platform/host.js';
import { MEMORY_SHARED, sharedBuffer } from '../platform/shared-buffer.js';

export interface SimPool {
  readonly threads: number;
  /** Runs one (replica, variant) task on some thread. */
  run(req: TaskRequest): Promise<TaskCounts>;
  /** Threads running now (0 after idleSeconds without work, up to `threads`). */
  threadsAlive(): number;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Threads; default the host's cores. */
  threads?: number;
  /** A thread with no task for this long exits, freeing its kernel memory; default 60. */
  idleSeconds?: number;
}

export function createPool(opts: PoolOptions = {}): SimPool {
  const threads = Math.max(1, Math.floor(opts.threads ?? host.cores()));
  const kernelThreads = host.startThreads(threads, opts.idleSeconds ?? 60);
  // threads taken by tasks and parts sent and not yet answered (may exceed `threads`: the host queues)
  let busy = 0;
  const send = async (req: TaskRequest | PartRequest): Promise<TaskCounts> => {
    busy++;
    try {
      const reply = (await kernelThreads.run(req)) as TaskReply;
      if (!reply.ok) throw reviveError(reply.error);
      return reply.counts;
    } finally {
      busy--;
    }
  };
  return {
    threads,
    async run(req) {
      const parts = MEMORY_SHARED ? Math.min(req.shards.shards.length, threads - busy) : 1;
      if (parts < 2) return send(req);
      const split = splitShards(req.shards, parts);
      const claims = new Int32Array(sharedBuffer(split.length * 4));
      const settled = await Promise.allSettled(
        split.map(() =>
          send({ ...req, parts: split, claims }).catch((err: unknown) => {
            failPart(split[0]); // a thread lost before its part reached the barrier: free the others (the parts share it)
            throw err;
          }),
        ),
      );
      const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error & { extra?: Record<string, unknown> }] : []));
      if (failed.length) throw failed.find((e) => !e.extra?.[PART_FAILED]) ?? failed[0];
      return sumPartCounts(settled.map((s) => (s as PromiseFulfilledResult<TaskCounts>).value));
    },
    threadsAlive: () => kernelThreads.alive(),
    close: () => kernelThreads.close(),
  };
}

const shared = new Map<number, SimPool>();

/** The process-wide pool of a thread count (created on first use, reused after). */
export function sharedPool(threads?: number): SimPool {
  const n = Math.max(1, Math.floor(threads ?? host.cores()));
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
