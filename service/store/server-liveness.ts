// A PostgreSQL server that stops answering (SIGSTOP, a frozen machine, a half-open network)
// keeps its TCP connections up, so a query on one would wait until the socket dies, 30 s and
// more. A slow query, or one waiting for a row lock behind other transactions, is no outage
// though, and a plain per-query timeout cannot tell the two apart. So a query that has had no
// answer for STALL_MS asks whether the server answers at all: a fresh connection runs SELECT 1
// within PROBE_MS. No answer: the query is given up as store_unavailable (about 2 s after it was
// sent); an answer: the query goes on waiting, asking again every STALL_MS. One probe runs at a
// time and its verdict serves every query that stalls meanwhile. Used by open-store.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { storeUnavailable } from './store-outage.js';

/** How long a query may go unanswered before the server is asked whether it answers at all. */
export const STALL_MS = 1000;
/** How long the server has to accept a connection and answer SELECT 1. */
export const PROBE_MS = 1000;

export interface ServerLiveness {
  /** `query`'s answer, or store_unavailable when it stalls and the server does not answer a probe. */
  awaitAnswer<T>(query: Promise<T>): Promise<T>;
}

export function watchServerLiveness(url: string): ServerLiveness {
  let probing: Promise<boolean> | null = null;
  const answers = (): Promise<boolean> => {
    probing ??= probeServer(url).finally(() => { probing = null; });
    return probing;
  };
  return {
    async awaitAnswer<T>(query: Promise<T>): Promise<T> {
      const settled = query.then(() => true, () => true);
      for (;;) {
        const stall = new AbortController();
        const answered = await Promise.race([
          settled,
          sleep(STALL_MS, false, { signal: stall.signal, ref: false }).catch(() => true),
        ]);
        stall.abort();
        if (answered) return query;
        if (!(await answers())) throw storeUnavailable();
      }
    },
  };
}

async function probeServer(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_MS, query_timeout: PROBE_MS });
  client.on('error', () => { /* the probe's verdict is its promise */ });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    // Not awaited: ending a connection to a server that does not answer would wait for it.
    client.end().catch(() => undefined);
  }
}
