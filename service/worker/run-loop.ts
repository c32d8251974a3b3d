// The one loop every duty of a worker runs in (worker.ts starts them: lanes.ts, sweeper.ts,
// webhook-deliveries.ts, fleet-heartbeat.ts, and the opening of the task queue, open-tasks.ts),
// as pg-boss runs every fetch of its queues in one worker loop: a round of work, then a wait of
// `intervalMs` that a wake-up cuts short (execution/waker.ts). A round that did something
// ('more') goes again at once; 'done' ends the loop. A failed round goes to onError, and its
// wait doubles with each failure in a row up to MAX_BACKOFF_MS (never below intervalMs), so a
// store that is down is not asked at every poll. The signal (the worker stopping) ends the wait
// and the loop.
import { createWaker, type Waker } from '../execution/waker.js';

/** What a round did: something (go again at once), nothing (wait), or the loop's whole work. */
export type Round = 'more' | 'idle' | 'done';

export interface LoopOptions {
  /** The loop's name, given to onError with its failures. */
  name: string;
  /** Wait after a round that did nothing. */
  intervalMs: number;
  work(): Promise<Round>;
  /** Stops the loop: the wait ends, and no round starts after it. */
  signal: AbortSignal;
  onError(err: unknown, loop: string): void;
  /** Cuts the waits short (a notification that there may be work); default: only the signal does. */
  waker?: Waker;
}

/** Longest wait after failed rounds, unless intervalMs is longer. */
export const MAX_BACKOFF_MS = 30_000;

/** Runs rounds of `work` until the signal aborts or a round is 'done'. */
export async function runLoop(o: LoopOptions): Promise<void> {
  const waker = o.waker ?? createWaker(o.signal);
  let failures = 0;
  while (!o.signal.aborted) {
    let round: Round = 'idle';
    try {
      round = await o.work();
      failures = 0;
    } catch (err) {
      failures++;
      o.onError(err, o.name);
    }
    if (round === 'done') return;
    if (round === 'idle') await waker.pause(failures === 0 ? o.intervalMs : Math.max(o.intervalMs, Math.min(MAX_BACKOFF_MS, o.intervalMs * 2 ** (failures - 1))));
  }
}
