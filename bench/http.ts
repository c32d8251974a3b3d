// HTTP benchmark of the service with autocannon on loopback (targets of issues 6 and 15):
//   GET  /v1/jobs/{id}         >= 3,000 requests/s with p99 < 20 ms
//   POST /v1/jobs/estimate     >= 1,000 requests/s for a 4-channel scenario
// The service runs in a child process (`campaign-sim serve` wiring: startServer, embedded PGlite
// in a fresh temporary data directory, no worker) so autocannon does not share its event loop.
// Every request goes through the whole path: burst check, key authentication, scope, hourly
// count, route. The call limits are raised in the child (the same limiter and in-memory counter,
// other numbers) because one client on 127.0.0.1 would otherwise hit the burst limit of 1,000
// requests per address in 5 minutes within a second.
//   npm run bench:http   (or: npm run tsbuild && node dist/bench/http.js [--duration 10] [--connections 10] [--runs 3])
// Writes bench/out/http.json (bench/lib/bench-output.ts); with --database-url postgres://... the service uses a fresh
// schema on that PostgreSQL server instead (counters in PostgreSQL) and writes http-postgres.json;
// --redis-url redis://... keeps the counters in Redis (http[-postgres]-redis.json).
// With a PostgreSQL server, --instances N (default 2) runs N services on the same schema, the
// load split between them, and a second phase checks that the spec's burst limits (600 per
// credential, 1,000 per address in 5 minutes) hold across the instances: two more services
// with the spec's numbers, calls alternating between them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDevAccount } from '../service/accounts/dev-account.js';
import { startServer } from '../service/server.js';
import { canal, httpScenario } from '../test/fixtures/scenarios.js';
import { waitForService } from './lib/wait-for-service.js';
import { parseBenchArgs, positiveNumber, wholeNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';

export const TARGETS = {
  getJob: { requestsPerSecond: 3000, p99Ms: 20 },
  estimate: { requestsPerSecond: 1000 },
} as const;

/** The 4-channel reception scenario the estimate is measured with (RR, 28 days, 4 replicas). */
export const FOUR_CHANNEL_SCENARIO = httpScenario({
  canais: [canal('tv', 1, 28, 0.6), canal('radio', 1, 28, 0.4), canal('digital', 8, 28, 0.5), canal('exterior', 15, 28, 0.3)],
  horizonte: { data_inicio: '2026-03-02', dias: 28 }, replicas: 4, grupo_comparacao: 'bench-http', kpis: ['alcance', 'repassa'], nome: 'Benchmark HTTP',
});

/**
 * The child: the service with raised call limits, printing its start lines on stdout. `where` is
 * an embedded data directory, or `postgres://...#schema` for a PostgreSQL server (then the
 * development key is made here: the server store prints none).
 */
async function serve(where: string, redisUrl: string | undefined, limits: string): Promise<void> {
  const raised = 1_000_000_000;
  const rateLimits = limits === 'spec' ? undefined : { perKeyPerHour: raised, perOrganizationPerHour: raised, burstPerCredential: raised, burstPerAddress: raised };
  const [databaseUrl, schema] = where.startsWith('postgres') ? where.split('#') : [undefined, undefined];
  // Counters of this run (and phase) only: the schema names them in Redis as in PostgreSQL.
  const redisKeyPrefix = `bench:${schema ?? path.basename(where)}:`;
  const server = await startServer({ port: 0, dataDir: databaseUrl ? undefined : where, databaseUrl, schema, redisUrl, redisKeyPrefix, worker: false, rateLimits });
  if (databaseUrl) process.stdout.write(`API key: ${(await createDevAccount(server.store)).apiKey}\n`);
  process.on('SIGTERM', () => { server.stop().finally(() => process.exit(0)); });
}

interface Measured {
  route: string;
  connections: number;
  seconds: number;
  requests: number;
  requests_per_second: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number };
  non_2xx: number;
  errors: number;
}

interface Child {
  url: string;
  key: string;
  stop(): Promise<void>;
}

/** A service child process; resolves once it listens and printed its key. */
async function startChild(where: string, redisUrl: string | undefined, limits: 'raised' | 'spec'): Promise<Child> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', where, redisUrl ?? '', limits], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    return { ...(await waitForService(child)), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One route measured on every instance at once (connections split), as one result. */
async function measureAll(route: string, urls: string[], opts: Omit<autocannon.Options, 'url'>): Promise<Measured> {
  const each = Math.max(1, Math.round((opts.connections ?? 10) / urls.length));
  const parts = await Promise.all(urls.map((url) => measure(route, { ...opts, url, connections: each })));
  if (parts.length === 1) return parts[0];
  const seconds = Math.max(...parts.map((p) => p.seconds));
  const requests = parts.reduce((n, p) => n + p.requests, 0);
  return {
    route, connections: each * urls.length, seconds, requests, requests_per_second: Math.round(parts.reduce((n, p) => n + p.requests_per_second, 0)),
    // The slower instance's percentiles: an upper bound of the merged ones.
    latency_ms: { p50: Math.max(...parts.map((p) => p.latency_ms.p50)), p90: Math.max(...parts.map((p) => p.latency_ms.p90)), p99: Math.max(...parts.map((p) => p.latency_ms.p99)), max: Math.max(...parts.map((p) => p.latency_ms.max)) },
    non_2xx: parts.reduce((n, p) => n + p.non_2xx, 0), errors: parts.reduce((n, p) => n + p.errors, 0),
  };
}

/**
 * The spec's burst limits across two instances: one key sends 700 calls alternating between
 * them (600 admitted, then 403), then another key 500 more (the address admits 400 more, up to
 * its 1,000, then 403). Counted by status.
 */
async function checkSharedLimits(where: string, redisUrl: string | undefined): Promise<Record<string, unknown>> {
  const a = await startChild(where, redisUrl, 'spec');
  const b = await startChild(where, redisUrl, 'spec');
  try {
    const send = async (key: string, n: number) => {
      const statuses: Record<string, number> = {};
      for (let i = 0; i < n; i++) {
        const res = await fetch(`${(i % 2 === 0 ? a : b).url}/v1/whoami`, { headers: { authorization: `Bearer ${key}` } });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
      return statuses;
    };
    const byCredential = await send(a.key, 700);
    const byAddress = await send(b.key, 500);
    return {
      instances: 2,
      credential_700_calls: byCredential, expected_credential: { 200: 600, 403: 100 },
      address_then_500_calls_of_another_key: byAddress, expected_address: { 200: 400, 403: 100 },
      holds: byCredential['200'] === 600 && byCredential['403'] === 100 && byAddress['200'] === 400 && byAddress['403'] === 100,
    };
  } finally {
    await a.stop();
    await b.stop();
  }
}

async function measure(route: string, opts: autocannon.Options): Promise<Measured> {
  const r = await autocannon(opts);
  return {
    route,
    connections: opts.connections ?? 10,
    seconds: r.duration,
    requests: r.requests.total,
    requests_per_second: Math.round(r.requests.total / r.duration),
    latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    non_2xx: r.non2xx,
    errors: r.errors,
  };
}

/** The run with the median requests/s (of an odd count; the lower middle otherwise). */
function median(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.requests_per_second - b.requests_per_second);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function brief(m: Measured) {
  return { requests_per_second: m.requests_per_second, p99_ms: m.latency_ms.p99, non_2xx: m.non_2xx };
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'http',
    measures: 'Throughput and latency of the service over loopback with autocannon: GET /v1/jobs/{id} (target 3,000 requests/s, p99 < 20 ms) and POST /v1/jobs/estimate of a 4-channel scenario (target 1,000 requests/s), routes alternating run by run, the median run reported. The service runs in a child process (embedded store in a temporary folder, no worker, call limits raised).',
    results: ['http.json'],
    options: {
      duration: { type: 'string', value: 'SECONDS', default: '10', check: positiveNumber, description: 'length of each run' },
      connections: { type: 'string', value: 'N', default: '10', check: wholeNumber(), description: 'autocannon connections, split between the instances' },
      runs: { type: 'string', value: 'N', default: '3', check: wholeNumber(), description: 'runs of each route' },
      'database-url': { type: 'string', value: 'URL', description: 'the service on this PostgreSQL server (a fresh schema, dropped after) instead of the embedded store, and a check of the spec\'s burst limits across two instances; writes http-postgres.json' },
      'redis-url': { type: 'string', value: 'URL', description: 'keep the call counters in this Redis; writes http-redis.json (http-postgres-redis.json with --database-url)' },
      instances: { type: 'string', value: 'N', default: '2', check: wholeNumber(), description: 'services on the one schema, the load split between them (with --database-url only; 1 otherwise)' },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const runs = Number(values.runs);
  const databaseUrl = values['database-url'];
  const redisUrl = values['redis-url'];
  const schema = `bench_http_${randomBytes(4).toString('hex')}`;
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'campaign-sim-bench-http-'));
  const where = databaseUrl ? `${databaseUrl}#${schema}` : dataDir!;
  const instances = databaseUrl ? Number(values.instances) : 1;
  const children: Child[] = [];
  try {
    for (let i = 0; i < instances; i++) children.push(await startChild(where, redisUrl, 'raised'));
    const { url, key } = children[0];
    const urls = children.map((c) => c.url);
    const auth = { authorization: `Bearer ${key}` };
    const created = await fetch(`${url}/v1/jobs`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'bench-http' },
      body: JSON.stringify({ pedido: FOUR_CHANNEL_SCENARIO }),
    });
    if (created.status !== 201) throw new Error(`POST /v1/jobs answered ${created.status}: ${await created.text()}`);
    const job = (await created.json()) as { id: string };

    // Warm-up (JIT, PGlite caches), not recorded.
    await measureAll('warm-up', urls.map((u) => `${u}/v1/jobs/${job.id}`), { headers: auth, connections, duration: 2 });
    const loadBefore = loadavg()[0];
    const getJobRuns: Measured[] = [];
    const estimateRuns: Measured[] = [];
    // Routes alternate run by run, so a burst of load from other processes hits both alike.
    for (let i = 0; i < runs; i++) {
      getJobRuns.push(await measureAll('GET /v1/jobs/{job_id}', urls.map((u) => `${u}/v1/jobs/${job.id}`), { headers: auth, connections, duration }));
      estimateRuns.push(await measureAll('POST /v1/jobs/estimate', urls.map((u) => `${u}/v1/jobs/estimate`), {
        method: 'POST', connections, duration,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ pedido: FOUR_CHANNEL_SCENARIO }),
      }));
    }
    const getJob = median(getJobRuns);
    const estimate = median(estimateRuns);
    const loadAfter = loadavg()[0];
    // A schema of its own: the throughput runs filled the counters of 127.0.0.1.
    const sharedLimits = databaseUrl ? await checkSharedLimits(`${databaseUrl}#${schema}_limits`, redisUrl) : undefined;

    const result = {
      bench: 'http',
      when: new Date().toISOString(),
      machine: { cpus: availableParallelism(), model: cpus()[0]?.model ?? 'unknown', loadavg_1m_before: loadBefore, loadavg_1m_after: loadAfter },
      setup: {
        store: (databaseUrl ? 'postgresql server (fresh schema)' : 'pglite (embedded, temporary data directory)') +
          `; call counters in ${redisUrl ? 'Redis' : databaseUrl ? 'PostgreSQL' : 'memory'}`,
        server: `${instances} child process${instances > 1 ? 'es on one schema, load split between them' : ''}, startServer, no worker; ` +
          'call limits raised for the throughput runs (same limiter and shared counters, other numbers); shared_limits: the spec\'s numbers',
        client: `autocannon, ${connections} connections, ${runs} runs of ${duration} s per route (median run reported), keep-alive, 127.0.0.1`,
        scenario_estimate: '4 channels, RR, 28 days, 4 replicas',
      },
      get_job: {
        ...getJob, target: TARGETS.getJob,
        meets_target: getJob.requests_per_second >= TARGETS.getJob.requestsPerSecond && getJob.latency_ms.p99 < TARGETS.getJob.p99Ms && getJob.non_2xx === 0,
        runs: getJobRuns.map(brief),
      },
      estimate: {
        ...estimate, target: TARGETS.estimate,
        meets_target: estimate.requests_per_second >= TARGETS.estimate.requestsPerSecond && estimate.non_2xx === 0,
        runs: estimateRuns.map(brief),
      },
      ...(sharedLimits ? { shared_limits: sharedLimits } : {}),
    };
    await writeBenchResult(`http${databaseUrl ? '-postgres' : ''}${redisUrl ? '-redis' : ''}.json`, result);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        for (const name of [schema, `${schema}_limits`]) await c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      } finally { await c.end(); }
    }
  }
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain && process.argv[2] === '--serve') {
  serve(process.argv[3], process.argv[4] || undefined, process.argv[5] ?? 'raised').catch((err) => { process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`); process.exit(1); });
} else if (isMain) {
  main().catch((err) => { process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`); process.exitCode = 1; });
}
