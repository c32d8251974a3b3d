// In-process cache of the two reads on every API call (key authentication and GET of a job), used
// by the embedded store only. PGlite is opened by one process (lock file), so every write goes
// through this process's library functions, which invalidate the cache: the cache can never
// serve a revoked key or an outdated job. With a PostgreSQL server, other processes write too,
// so the cache is off. Writing to these tables with raw SQL on an embedded store must call clear().

const MAX_ENTRIES = 10_000;

export type CacheKind = 'key' | 'job';

export interface ReadCache {
  get<T>(kind: CacheKind, id: string): T | undefined;
  /** Call before reading the database; pass the result to set(). */
  mark(kind: CacheKind): number;
  /** Stores a value read after mark(), unless something of that kind was invalidated meanwhile (the read may predate the write). */
  set(kind: CacheKind, id: string, value: unknown, mark: number): void;
  delete(kind: CacheKind, id: string): void;
  /** Forgets every entry of the kind (after a change that touches many, e.g. archiving a project). */
  clear(kind: CacheKind): void;
}

export function createReadCache(): ReadCache {
  const maps = { key: new Map<string, unknown>(), job: new Map<string, unknown>() };
  const epoch = { key: 0, job: 0 };
  return {
    get: <T>(kind: CacheKind, id: string) => maps[kind].get(id) as T | undefined,
    mark: (kind) => epoch[kind],
    set(kind, id, value, mark) {
      if (mark !== epoch[kind]) return;
      const m = maps[kind];
      if (m.size >= MAX_ENTRIES && !m.has(id)) m.delete(m.keys().next().value as string); // oldest first
      m.set(id, value);
    },
    delete(kind, id) { epoch[kind]++; maps[kind].delete(id); },
    clear(kind) { epoch[kind]++; maps[kind].clear(); },
  };
}
