// Rate-limit window counter shared by every service instance through the PostgreSQL store
// (semantics in service/accounts/rate-limit.ts). One call of rate_limit_take (migration 2) per take:
// counts the call in every window, reads them, and takes the call back when one is over. The
// table is unlogged (migration 4): fast, and emptied by a crash of the server.
import { windowStart, type SecondCount, type TakeResult, type WindowCounter, type WindowSpec } from './window-counter.js';
import type { Store } from './open-store.js';
import { RATE_LIMIT_SQL } from './queries/rate-limit.js';

/** Rows older than the longest window are deleted at most once a minute per instance. */
const PRUNE_EVERY_SECONDS = 60;

export function createPostgresCounter(store: Store): WindowCounter {
  let lastPrune = 0;
  let longest = 0;
  return {
    async take(windows: WindowSpec[], nowMs: number): Promise<TakeResult> {
      const nowSec = Math.floor(nowMs / 1000);
      for (const w of windows) longest = Math.max(longest, w.seconds);
      if (nowSec - lastPrune >= PRUNE_EVERY_SECONDS) {
        lastPrune = nowSec;
        await store.query(RATE_LIMIT_SQL.prune, [nowSec - longest - 1]);
      }
      const since = windows.map((w) => windowStart(nowMs, w.seconds));
      const rows = (await store.query<{ contagem: number; mais_antigo: number | null; cheio: boolean }>(RATE_LIMIT_SQL.take, [
        windows.map((w) => w.key), since, windows.map((w) => w.limit), nowSec,
      ])).rows;
      if (!rows.some((r) => r.cheio)) {
        return { admitted: true, windows: rows.map((r) => ({ count: r.contagem, oldest: r.mais_antigo })) };
      }
      const refused = await Promise.all(windows.map(async (w, i): Promise<SecondCount[] | undefined> => {
        if (!rows[i].cheio) return undefined;
        const counts = (await store.query<{ segundo: number; n: number }>(RATE_LIMIT_SQL.counts, [w.key, since[i]])).rows;
        return counts.map((r) => [r.segundo, r.n]);
      }));
      return { admitted: false, refused };
    },
    async check() { /* the store was reached when it was opened */ },
    async close() { /* the store is closed by its owner */ },
  };
}
