// In-process cache of the two reads on every API call (key authentication and GET of a job).
// Embedded store: both kinds. PGlite is opened by one process (lock file), so every write goes
// through this process's library functions, which invalidate the cache: the cache can never
// serve a revoked key or an outdated job. PostgreSQL server: keys only, for KEY_TTL_SERVER_MS.
// Other processes write too, so a key revoked (or its project archived) by another process is
// still accepted here for at most that long; this process's own changes invalidate at once.
// Jobs change under other processes (workers) all the time: never cached with a server.
// Writing to these tables with raw SQL must call clear().

const MAX_ENTRIES = 10_000;

/** How long an authenticated key is kept when nothing can invalidate it (embedded store: every change does). */
export const KEY_TTL_EMBEDDED_MS = 60_000;
/** How long another process's revocation may go unseen with a PostgreSQL server (docs/api.md, "Limits"). */
export const KEY_TTL_SERVER_MS = 5_000;

export type CacheKind = 'key' | 'job';

export interface ReadCache {
  /** How long an authenticated key may be served from the cache. */
  readonly keyTtlMs: number;
  /** Whether entries of the kind are kept (a server store keeps no jobs). */
  keeps(kind: CacheKind): boolean;
  get<T>(kind: CacheKind, id: string): T | undefined;
  /** Call before reading the database; pass the result to set(). */
  mark(kind: CacheKind): number;
  /** Stores a value read after mark(), unless something of that kind was invalidated meanwhile (the read may predate the write). */
  set(kind: CacheKind, id: string, value: unknown, mark: number): void;
  delete(kind: CacheKind, id: string): void;
  /** Forgets every entry of the kind (after a change that touches many, e.g. archiving a project). */
  clear(kind: CacheKind): void;
}

export interface ReadCacheOptions {
  /** Kinds kept (default both). */
  kinds?: readonly CacheKind[];
  keyTtlMs?: number;
}

export function createReadCache(opts: ReadCacheOptions = {}): ReadCache {
  const kinds = new Set(opts.kinds ?? ['key', 'job']);
  const maps = { key: new Map<string, unknown>(), job: new Map<string, unknown>() };
  const epoch = { key: 0, job: 0 };
  return {
    keyTtlMs: opts.keyTtlMs ?? KEY_TTL_EMBEDDED_MS,
    keeps: (kind) => kinds.has(kind),
    get: <T>(kind: CacheKind, id: string) => maps[kind].get(id) as T | undefined,
    mark: (kind) => epoch[kind],
    set(kind, id, value, mark) {
      if (!kinds.has(kind) || mark !== epoch[kind]) return;
      const m = maps[kind];
      if (m.size >= MAX_ENTRIES && !m.has(id)) m.delete(m.keys().next().value as string); // oldest first
      m.set(id, value);
    },
    delete(kind, id) { epoch[kind]++; maps[kind].delete(id); },
    clear(kind) { epoch[kind]++; maps[kind].clear(); },
  };
}
