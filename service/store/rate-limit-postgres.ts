// Rate-limit window counter shared by every service instance through the PostgreSQL store
// (semantics in service/rate-limit.ts). One transaction per take: count the call in every
// window, read the windows, roll back when one is over its limit.
import { windowStart, type SecondCount, type TakeResult, type WindowCounter, type WindowSpec } from '../rate-limit.js';
import type { Store } from './open-store.js';
import { RATE_LIMIT_SQL } from './queries/rate-limit.js';

/** Rows older than the longest window (one hour) are deleted at most once a minute per instance. */
const PRUNE_EVERY_SECONDS = 60;
const LONGEST_WINDOW_SECONDS = 3600;

class OverLimit extends Error {
  constructor(readonly full: boolean[]) { super('over limit'); }
}

export function createPostgresCounter(store: Store): WindowCounter {
  let lastPrune = 0;
  return {
    async take(windows: WindowSpec[], nowMs: number): Promise<TakeResult> {
      const nowSec = Math.floor(nowMs / 1000);
      if (nowSec - lastPrune >= PRUNE_EVERY_SECONDS) {
        lastPrune = nowSec;
        await store.query(RATE_LIMIT_SQL.prune, [nowSec - LONGEST_WINDOW_SECONDS - 1]);
      }
      const keys = windows.map((w) => w.key);
      const since = windows.map((w) => windowStart(nowMs, w.seconds));
      try {
        const states = await store.transaction(async (tx) => {
          await tx.query(RATE_LIMIT_SQL.increment, [keys, nowSec]);
          const rows = (await tx.query<{ count: number; oldest: number | null }>(RATE_LIMIT_SQL.windows, [keys, since])).rows;
          const full = rows.map((r, i) => r.count > windows[i].limit);
          if (full.some(Boolean)) throw new OverLimit(full);
          return rows.map((r) => ({ count: r.count, oldest: r.oldest }));
        });
        return { admitted: true, windows: states };
      } catch (err) {
        if (!(err instanceof OverLimit)) throw err;
        const refused = await Promise.all(windows.map(async (w, i): Promise<SecondCount[] | undefined> => {
          if (!err.full[i]) return undefined;
          const rows = (await store.query<{ segundo: number; n: number }>(RATE_LIMIT_SQL.counts, [w.key, since[i]])).rows;
          return rows.map((r) => [r.segundo, r.n]);
        }));
        return { admitted: false, refused };
      }
    },
    async close() { /* the store is closed by its owner */ },
  };
}
