// The service store: PostgreSQL, either embedded (PGlite in a data directory, the default) or a
// server (DATABASE_URL=postgres://...). Both run the same SQL (service/store/queries/*) and the
// same migrations (migrations.ts). Integers (bigint micros, counts) come back as JS numbers on
// both; sums are cast to bigint in SQL because numeric would come back as text from pg.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { systemClock, type Clock } from './clock.js';
import { MIGRATIONS } from './migrations.js';
import { MIGRATION_SQL } from './queries/migrations.js';
import { createReadCache, KEY_TTL_SERVER_MS, type ReadCache } from './read-cache.js';
import { asStoreOutage } from './store-outage.js';
import { watchServerLiveness } from './server-liveness.js';
import { listenChannel } from './listen-channel.js';
import { ServiceError } from '../../src/errors.js';

// biome-ignore lint/suspicious/noExplicitAny: a row's columns are typed by its query's caller (query<T>), not here.
export type Row = Record<string, any>;

export interface QueryResult<T = Row> {
  rows: T[];
  rowCount: number;
}

/** What both a store and a transaction can do. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Store extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Schema every table lives in (search_path). */
  readonly schema: string;
  readonly clock: Clock;
  /** In-process events after commit: 'jobEnded' (JobRow). See service/jobs/job-events.ts onJobEnded. */
  readonly events: EventEmitter;
  /** Cache of hot reads (read-cache.ts): keys and jobs on the embedded store, keys only with a server; null when off. */
  readonly cache: ReadCache | null;
  /** Runs fn in one transaction (BEGIN ... COMMIT, ROLLBACK on a throw). On PGlite transactions run one at a time. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** With a server: LISTEN on `channel` (a connection of its own, listen-channel.ts) until the returned function is called. */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** postgres:// URL of a server; absent = embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** Data directory of the embedded store (default ./data/pglite). */
  dataDir?: string;
  /** Schema to create and use (tests: one fresh schema per file). Default public. */
  schema?: string;
  clock?: Clock;
  /** Connections of the pg pool (default 10). */
  poolSize?: number;
  /** Cache key and job reads in process (default true; with a server, keys only and for a few seconds: read-cache.ts). */
  readCache?: boolean;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;
/** How long a new connection to the server may take (server-liveness.ts bounds a query's wait alike). */
const CONNECT_MS = 2000;

export async function openStore(opts: OpenStoreOptions = {}): Promise<Store> {
  const schema = opts.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}" (lowercase letters, digits, underscore)`);
  const clock = opts.clock ?? systemClock;
  const store = opts.databaseUrl
    ? await openServerStore(opts.databaseUrl, schema, clock, opts.poolSize ?? 10, opts.readCache ?? true)
    : await openEmbeddedStore(path.resolve(opts.dataDir ?? path.join('data', 'pglite')), schema, clock, opts.readCache ?? true);
  try {
    await applyMigrations(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

/** Applies the pending migrations, each in its own transaction under an advisory lock, so several processes starting at once migrate once. */
export async function applyMigrations(store: Store): Promise<number[]> {
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    const done = await store.transaction(async (tx) => {
      await tx.query(MIGRATION_SQL.lock);
      await tx.exec(MIGRATION_SQL.createTable);
      const seen = await tx.query(MIGRATION_SQL.isApplied, [m.version]);
      if (seen.rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query(MIGRATION_SQL.record, [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

async function openServerStore(url: string, schema: string, clock: Clock, max: number, readCache: boolean): Promise<Store> {
  const types = {
    getTypeParser: (oid: number, format?: Parameters<typeof pg.types.getTypeParser>[1]) =>
      oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
  };
  // Create the schema with a plain connection, then every pool connection uses it.
  const boot = new pg.Client({ connectionString: url });
  await boot.connect();
  try {
    await boot.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // Two processes creating the same schema at once: the loser sees a unique violation.
    if ((err as { code?: string }).code !== '23505') throw err;
  } finally {
    await boot.end();
  }
  // A lost or hung server must fail calls in about 2 s (503 store_unavailable), not hold them:
  // a connection it does not finish within CONNECT_MS, a query it stops answering
  // (server-liveness.ts).
  const pool = new pg.Pool({ connectionString: url, max, types, options: `-c search_path="${schema}"`, connectionTimeoutMillis: CONNECT_MS });
  pool.on('error', () => { /* an idle client died; the pool replaces it */ });
  const liveness = watchServerLiveness(url);
  const run = async <T>(c: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    try {
      const r = await liveness.awaitAnswer(c.query(sql, params));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    } catch (err) {
      throw asStoreOutage(err);
    }
  };
  return {
    kind: 'postgres',
    schema,
    clock,
    cache: readCache ? createReadCache({ kinds: ['key'], keyTtlMs: KEY_TTL_SERVER_MS }) : null,
    events: new EventEmitter(),
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => { await run(pool, sql); },
    async transaction(fn) {
      const client = await pool.connect().catch((err: unknown) => { throw asStoreOutage(err); });
      let broken = false;
      try {
        await run(client, 'BEGIN');
        const tx: Queryable = {
          query: (sql, params) => run(client, sql, params),
          exec: async (sql) => { await run(client, sql); },
        };
        const out = await fn(tx);
        await run(client, 'COMMIT');
        return out;
      } catch (err) {
        // After an outage the connection is not asked to roll back (a hung server would hold
        // that too): it is destroyed, and the server rolls the transaction back when it sees so.
        broken = err instanceof ServiceError && err.code === 'store_unavailable';
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onPayload) => listenChannel(url, channel, onPayload, CONNECT_MS),
    close: () => pool.end(),
  };
}

async function openEmbeddedStore(dataDir: string, schema: string, clock: Clock, readCache: boolean): Promise<Store> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeDataDirLock(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
    if (schema !== 'public') await db.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await db.exec(`SET search_path TO "${schema}"`);
  } catch (err) {
    releaseLock();
    throw err;
  }
  const norm = <T>(r: { rows: unknown[]; affectedRows?: number }): QueryResult<T> =>
    ({ rows: r.rows as T[], rowCount: r.affectedRows || r.rows.length });
  let closed = false;
  return {
    kind: 'pglite',
    schema,
    clock,
    cache: readCache ? createReadCache() : null,
    events: new EventEmitter(),
    query: async (sql, params) => norm(await db.query(sql, params)),
    exec: async (sql) => { await db.exec(sql); },
    transaction: (fn) => db.transaction((t) => fn({
      query: async (sql, params) => norm(await t.query(sql, params)),
      exec: async (sql) => { await t.exec(sql); },
    })),
    async close() {
      if (closed) return;
      closed = true;
      try { await db.close(); } finally { releaseLock(); }
    },
  };
}

const LOCK_FILE = 'campaign-sim.lock';

/**
 * One process at a time may open an embedded data directory (PGlite is a single-process
 * database). The lock file holds the owner's pid; a lock left by a dead process is taken over.
 * Returns the function that releases it.
 */
export function takeDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const onExit = () => { try { fs.unlinkSync(file); } catch { /* already gone */ } };
      process.once('exit', onExit);
      return () => { process.removeListener('exit', onExit); onExit(); };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) {
        throw new Error(
          `the data directory ${dataDir} is in use by process ${owner} (lock file ${file}); ` +
          'stop that process, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server',
        );
      }
      fs.rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new Error(`could not take the lock file ${file}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
