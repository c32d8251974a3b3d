// Micro-benchmark of the service's data layer (no HTTP): per-operation latency of the reads on
// every API call (key authentication, GET of a job, call counting) and of the queue cycle, on
// the embedded store (PGlite, with and without its read cache) and on the PostgreSQL server.
//   npm run tsbuild && node dist/bench/service-data.js [--ops 1000]
// Writes bench/out/service-data.json (bench/lib/bench-output.ts). Numbers on a shared machine are contended: see loadavg.
import fs from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDevAccount } from '../service/accounts/dev-account.js';
import { authenticateApiKey } from '../service/accounts/api-keys.js';
import { createJob, getJob } from '../service/jobs/jobs.js';
import { claimNextJob, completeJob } from '../service/jobs/queue.js';
import { createRateLimiter } from '../service/accounts/rate-limit.js';
import { openStore, type Store } from '../service/store/open-store.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { needPostgres } from './lib/need-postgres.js';

const { values } = parseBenchArgs({
  name: 'service-data',
  measures: 'Per-operation latency of the service\'s data layer, without HTTP: key authentication, GET of a job, creating jobs, the queue\'s claim and complete, and call counting, on the embedded store (with and without its read cache) and on the PostgreSQL server, with the call counters in memory, PostgreSQL and Redis.',
  results: ['service-data.json'],
  options: { ops: { type: 'string', value: 'N', default: '1000', check: wholeNumber(), description: 'operations timed of each kind (creating jobs at most 300, claims at most 200)' } },
  env: {
    BENCH_DATABASE_URL: 'the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped after)',
    BENCH_REDIS_URL: 'the Redis server (default redis://127.0.0.1:6379)',
  },
});
const ops = Number(values.ops);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<{ ops: number; ms_per_op: number; ops_per_second: number }> {
  for (let i = 0; i < Math.min(100, n); i++) await fn(i);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  const ms = (performance.now() - t0) / n;
  return { ops: n, ms_per_op: Number(ms.toFixed(4)), ops_per_second: Math.round(1000 / ms) };
}

async function measure(store: Store, withRateLimit: Array<'memory' | 'postgres' | 'redis'>) {
  const dev = await createDevAccount(store);
  const { job } = await createJob(store, { projectId: dev.projectId, tipo: 'simulacao', pedido: { x: 1 }, quote: { preco_micros: 1 } as never, idempotencyKey: 'bench', requestHash: 'h' });
  const out: Record<string, unknown> = {
    authenticate: await time(ops, () => authenticateApiKey(store, dev.apiKey)),
    get_job: await time(ops, () => getJob(store, dev.projectId, job.id)),
    create_job: await time(Math.min(ops, 300), (i) => createJob(store, { projectId: dev.projectId, tipo: 'simulacao', pedido: { i }, quote: { preco_micros: 1 } as never, idempotencyKey: `b${i}-${randomBytes(3).toString('hex')}`, requestHash: 'h' })),
    claim_and_complete: await time(Math.min(ops, 200), async () => {
      const j = await claimNextJob(store, 'bench');
      if (j) await completeJob(store, j.id, { formato: 'bench', dados: new Uint8Array(16) });
    }),
  };
  for (const backend of withRateLimit) {
    const rl = createRateLimiter({ store, backend, redisUrl: REDIS_URL, keyPrefix: `bench:${randomBytes(3).toString('hex')}:`, limits: { perKeyPerHour: 1e9, perOrganizationPerHour: 1e9, burstPerCredential: 1e9, burstPerAddress: 1e9 } });
    out[`count_call_${backend}`] = await time(ops, () => rl.countCall({ keyId: 'bench-key', orgId: dev.organizationId }));
    out[`burst_check_${backend}`] = await time(ops, () => rl.checkCredentialBurst(`Bearer ${dev.apiKey}`, '127.0.0.1'));
    await rl.close();
  }
  return out;
}

await needPostgres('service-data', DATABASE_URL, 'BENCH_DATABASE_URL');
const load = loadavg()[0];
const dir = fs.mkdtempSync(path.join(tmpdir(), 'bench-store-'));
const results: Record<string, unknown> = {};
try {
  for (const readCache of [true, false]) {
    const sub = path.join(dir, String(readCache));
    const store = await openStore({ dataDir: sub, readCache });
    results[`pglite_read_cache_${readCache ? 'on' : 'off'}`] = await measure(store, readCache ? ['memory'] : []);
    await store.close();
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: DATABASE_URL, schema });
  results.postgres = await measure(store, ['postgres', 'redis']);
  await store.close();
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  await c.query(`DROP SCHEMA "${schema}" CASCADE`);
  await c.end();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const report = {
  bench: 'service-data',
  when: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg_1m_before: load, loadavg_1m_after: loadavg()[0] },
  setup: { ops, note: 'one caller, sequential awaits; PostgreSQL 15 and Redis on 127.0.0.1; contended machine shared with other work' },
  results,
};
await writeBenchResult('service-data.json', report);
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
process.exit(0);
