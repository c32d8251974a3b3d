// Rate-limit window counter in this process's memory: the embedded store's (one process holds
// it, so there is nothing to share); same semantics as the PostgreSQL and Redis counters.
import { takeOneAfterAnother, windowStart, type SecondCount, type WindowCounter } from './window-counter.js';

/** In-memory counter: per bucket, the calls of each second still in its window. */
export function createMemoryCounter(): WindowCounter {
  const buckets = new Map<string, { seconds: number[]; calls: number[]; total: number }>();
  let lastPrune = 0;
  let longest = 0;
  const prune = (b: { seconds: number[]; calls: number[]; total: number }, from: number) => {
    let i = 0;
    while (i < b.seconds.length && b.seconds[i] < from) { b.total -= b.calls[i]; i++; }
    if (i > 0) { b.seconds.splice(0, i); b.calls.splice(0, i); }
  };
  const counter: WindowCounter = {
    async take(windows, nowMs) {
      const nowSec = Math.floor(nowMs / 1000);
      for (const w of windows) longest = Math.max(longest, w.seconds);
      if (nowSec - lastPrune >= 60) {
        // Forget buckets whose newest call left the longest window.
        for (const [k, b] of buckets) if (b.seconds.length === 0 || b.seconds[b.seconds.length - 1] < nowSec - longest - 1) buckets.delete(k);
        lastPrune = nowSec;
      }
      const states = windows.map((w) => {
        let b = buckets.get(w.key);
        if (!b) { b = { seconds: [], calls: [], total: 0 }; buckets.set(w.key, b); }
        prune(b, windowStart(nowMs, w.seconds));
        return b;
      });
      const full = states.map((b, i) => b.total >= windows[i].limit);
      if (full.some(Boolean)) {
        return { admitted: false, refused: states.map((b, i) => full[i] ? b.seconds.map((s, j): SecondCount => [s, b.calls[j]]) : undefined) };
      }
      return {
        admitted: true,
        windows: states.map((b) => {
          const last = b.seconds.length - 1;
          if (last >= 0 && b.seconds[last] === nowSec) b.calls[last]++;
          else { b.seconds.push(nowSec); b.calls.push(1); }
          b.total++;
          return { count: b.total, oldest: b.seconds[0] };
        }),
      };
    },
    takeInTurn: (stages, nowMs) => takeOneAfterAnother(counter, stages, nowMs),
    async add(windows, calls, nowMs) {
      const nowSec = Math.floor(nowMs / 1000);
      for (const w of windows) {
        longest = Math.max(longest, w.seconds);
        let b = buckets.get(w.key);
        if (!b) { b = { seconds: [], calls: [], total: 0 }; buckets.set(w.key, b); }
        // seconds stay in order: a give-back may be for a second before the bucket's newest
        let i = b.seconds.length;
        while (i > 0 && b.seconds[i - 1] > nowSec) i--;
        if (i > 0 && b.seconds[i - 1] === nowSec) b.calls[i - 1] += calls;
        else { b.seconds.splice(i, 0, nowSec); b.calls.splice(i, 0, calls); }
        b.total += calls;
      }
    },
    async check() { /* in this process: always reachable */ },
    async close() { buckets.clear(); },
  };
  return counter;
}
