// The worker's sweeper, every sweepMs: running jobs gone silent or over their time fail,
// refunded (jobs/queue.ts); results past their retention go (jobs/results.ts); what people
// deleted more than 7 days ago is erased (sweep-deletions.ts); the authorization server's
// expired records go (oauth/oauth-adapter.ts). With spread jobs also the task rows of ended
// jobs whose owner died (execution/job-tasks.ts) and workers silent for a day (execution/fleet.ts).
// Every sweep is safe to run from every worker at once.
import { sweepDeletions } from './sweep-deletions.js';
import { sweepSilentWorkers } from '../execution/fleet.js';
import { sweepEndedJobTasks } from '../execution/job-tasks.js';
import { sweepStaleJobs } from '../jobs/queue.js';
import { sweepExpiredResults } from '../jobs/results.js';
import { sweepOAuthRecords } from '../oauth/oauth-adapter.js';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { runLoop } from './run-loop.js';

export interface SweeperOptions {
  store: Store;
  clock: Clock;
  sweepMs: number;
  /** The worker spreads jobs over the task queue: its sweeps too. */
  spread: boolean;
  signal: AbortSignal;
  onError(err: unknown, loop: string): void;
}

/** Sweeps every sweepMs until the worker stops. */
export function runSweeper(o: SweeperOptions): Promise<void> {
  const { store, clock } = o;
  return runLoop({
    name: 'sweeper', intervalMs: o.sweepMs, signal: o.signal, onError: o.onError,
    async work() {
      await sweepStaleJobs(store, clock.now());
      await sweepExpiredResults(store, clock.now());
      await sweepDeletions(store, clock.now());
      // the authorization server's records count on real time (oauth-adapter.ts)
      await sweepOAuthRecords(store);
      if (o.spread) {
        await sweepEndedJobTasks(store);
        await sweepSilentWorkers(store, clock.now());
      }
      return 'idle';
    },
  });
}
