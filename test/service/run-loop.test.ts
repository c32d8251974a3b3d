// The worker's one loop (service/worker/run-loop.ts) on fake timers: which round follows which
// wait, counted in rounds, never in real time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWaker } from '../../service/execution/waker.js';
import { MAX_BACKOFF_MS, runLoop, type Round } from '../../service/worker/run-loop.js';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

/** A loop whose rounds answer `answers` in turn (a throw for 'fail'), then 'idle'; its rounds counted. */
function loopOf(answers: Array<Round | 'fail'>, intervalMs = 1000) {
  const stop = new AbortController();
  const errors: string[] = [];
  const waker = createWaker(stop.signal);
  let rounds = 0;
  const done = runLoop({
    name: 'test', intervalMs, signal: stop.signal, waker, onError: (err, loop) => errors.push(`${loop}: ${(err as Error).message}`),
    async work() {
      const answer = answers[rounds++] ?? 'idle';
      if (answer === 'fail') throw new Error(`round ${rounds}`);
      return answer;
    },
  });
  return { stop, errors, waker, done, rounds: () => rounds };
}

describe('runLoop', () => {
  it("goes again at once after 'more', waits intervalMs after 'idle', and a wake-up cuts the wait short", async () => {
    const l = loopOf(['more', 'more', 'idle', 'idle']);
    await vi.advanceTimersByTimeAsync(0);
    expect(l.rounds()).toBe(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(l.rounds()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(l.rounds()).toBe(4);
    l.waker.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(l.rounds()).toBe(5);
    l.stop.abort();
    await l.done;
  });

  it('waits twice as long after each failure in a row, up to MAX_BACKOFF_MS, and as before once a round succeeds', async () => {
    const fails = Array.from({ length: 8 }, () => 'fail' as const);
    const l = loopOf([...fails, 'idle', 'idle']);
    await vi.advanceTimersByTimeAsync(0);
    const waits: number[] = [];
    for (let k = 1; k <= 9; k++) {
      const before = l.rounds();
      let waited = 0;
      while (l.rounds() === before) { await vi.advanceTimersByTimeAsync(1000); waited += 1000; }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, MAX_BACKOFF_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS, 1000]);
    expect(l.errors.slice(0, 2)).toEqual(['test: round 1', 'test: round 2']);
    l.stop.abort();
    await l.done;
  });

  it("ends on 'done', and at once when the signal aborts in a wait", async () => {
    const finished = loopOf(['more', 'done']);
    await vi.advanceTimersByTimeAsync(0);
    await finished.done;
    expect(finished.rounds()).toBe(2);

    const stopped = loopOf(['idle'], 60_000);
    await vi.advanceTimersByTimeAsync(0);
    stopped.stop.abort();
    await stopped.done;
    expect(stopped.rounds()).toBe(1);
  });
});
