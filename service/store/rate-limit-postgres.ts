// Rate-limit window counter shared by every service instance through the PostgreSQL store
// (semantics in service/accounts/rate-limit.ts). A take, or a takeInTurn of several stages, is one
// call of rate_limit_take_stages (migration 14): it counts the call in every window of a stage,
// reads them, and takes the call back when one is over. The table is unlogged (migration 4):
// fast, and emptied by a crash of the server.
import { windowStart, type SecondCount, type TakeResult, type WindowCounter, type WindowSpec } from './window-counter.js';
import type { Store } from './open-store.js';
import { RATE_LIMIT_SQL } from './queries/rate-limit.js';

/** Rows older than the longest window are deleted at most once a minute per instance. */
const PRUNE_EVERY_SECONDS = 60;

interface WindowRow { contagem: number; mais_antigo: number | null; cheio: boolean }

export function createPostgresCounter(store: Store): WindowCounter {
  let lastPrune = 0;
  let longest = 0;
  const pruneNow = async (windows: WindowSpec[], nowMs: number): Promise<void> => {
    const nowSec = Math.floor(nowMs / 1000);
    for (const w of windows) longest = Math.max(longest, w.seconds);
    if (nowSec - lastPrune >= PRUNE_EVERY_SECONDS) {
      lastPrune = nowSec;
      await store.query(RATE_LIMIT_SQL.prune, [nowSec - longest - 1]);
    }
  };
  /** A stage's result from its rows (in the windows' order); the full windows' counts read apart. */
  const resultOf = async (windows: WindowSpec[], rows: WindowRow[], nowMs: number): Promise<TakeResult> => {
    if (!rows.some((r) => r.cheio)) {
      return { admitted: true, windows: rows.map((r) => ({ count: r.contagem, oldest: r.mais_antigo })) };
    }
    const refused = await Promise.all(windows.map(async (w, i): Promise<SecondCount[] | undefined> => {
      if (!rows[i].cheio) return undefined;
      const counts = (await store.query<{ segundo: number; n: number }>(RATE_LIMIT_SQL.counts, [w.key, windowStart(nowMs, w.seconds)])).rows;
      return counts.map((r) => [r.segundo, r.n]);
    }));
    return { admitted: false, refused };
  };
  const counter: WindowCounter = {
    async take(windows, nowMs) {
      return (await counter.takeInTurn([windows], nowMs))[0];
    },
    async takeInTurn(stages, nowMs) {
      const all = stages.flat();
      await pruneNow(all, nowMs);
      let end = 0;
      const ends = stages.map((windows) => (end += windows.length));
      const rows = (await store.query<WindowRow & { etapa: number }>(RATE_LIMIT_SQL.takeInTurn, [
        all.map((w) => w.key), all.map((w) => windowStart(nowMs, w.seconds)), all.map((w) => w.limit), ends, Math.floor(nowMs / 1000),
      ])).rows;
      const taken = new Set(rows.map((r) => r.etapa)).size;
      return Promise.all(stages.slice(0, taken).map((windows, k) => resultOf(windows, rows.filter((r) => r.etapa === k + 1), nowMs)));
    },
    async add(windows, calls, nowMs) {
      await pruneNow(windows, nowMs);
      await store.query(RATE_LIMIT_SQL.add, [windows.map((w) => w.key), Math.floor(nowMs / 1000), calls]);
    },
    async check() { /* the store was reached when it was opened */ },
    async close() { /* the store is closed by its owner */ },
  };
  return counter;
}
