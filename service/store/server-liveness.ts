// A PostgreSQL server that stops answering (SIGSTOP, a frozen machine, a half-open network)
// keeps its TCP connections up, so a query on one would wait until the socket dies, 30 s and
// more. A slow query, or one waiting for a row lock behind other transactions, is no outage
// though, and a plain per-query timeout cannot tell the two apart. So a query that has had no
// answer for STALL_MS asks whether the server answers at all: a fresh connection runs SELECT 1
// within PROBE_MS. No answer: the query is given up as store_unavailable (about 2 s after it was
// sent); an answer: the query goes on waiting, asking again every STALL_MS. One probe runs at a
// time and its verdict serves every query that stalls meanwhile. Used by open-store.ts.
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
    // A plain timer per query, cleared when it answers: the timers/promises sleep with an
    // AbortController it replaced built an AbortError (a DOMException with its stack) for every
    // query that answered: one instance served 1.33-1.44x the calls a second without it (docs/api.md, Benchmark).
    awaitAnswer<T>(query: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let settled = false;
        let timer: NodeJS.Timeout;
        const watch = (): void => {
          timer = setTimeout(() => {
            answers().then((up) => {
              if (settled) return;
              if (up) watch();
              else {
                settled = true;
                reject(storeUnavailable());
              }
            });
          }, STALL_MS).unref();
        };
        watch();
        query.then((value) => {
          settled = true;
          clearTimeout(timer);
          resolve(value);
        }, (err: unknown) => {
          settled = true;
          clearTimeout(timer);
          reject(err);
        });
      });
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
