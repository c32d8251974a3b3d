// One key posting the 27.7 MiB body of issue 32 (defect 1) in a loop while another client reads:
// `{"pedido":` + 14.5 M `[` + 14.5 M `]` + `}` to /v1/calibracoes/estimate and to /mcp, sent
// once with a results:read key (refused before the body is read) and once with a simulate key
// (the body is read, then refused at its 65th bracket). Before the fix one such body held the
// event loop for 7.1 s (/mcp: 5.4 s). The service (embedded store, call limits raised) runs in
// a child process, the attacker in a worker thread; autocannon measures another key's GET
// /v1/whoami meanwhile. Target: p99 < 50 ms.
//   npm run bench:hostile-body   (or: npm run tsbuild && node dist/bench/hostile-body.js [--duration 15])
// Writes bench/out/hostile-body.json (BENCH_OUT=bench/results refreshes the committed one).
import { availableParallelism, loadavg } from 'node:os';
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { createApiKey } from '../service/accounts/api-keys.js';
import { createDevAccount } from '../service/accounts/dev-account.js';
import { buildApp } from '../service/app.js';
import { openStore } from '../service/store/open-store.js';
import { parseBenchArgs, positiveNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { runBenchWithServiceChild, withServiceChild } from './lib/service-child.js';

export const TARGET_P99_MS = 50;
const DEPTH = 14_500_000;

async function serve(dataDir: string): Promise<void> {
  const store = await openStore({ dataDir });
  const dev = await createDevAccount(store);
  const reader = await createApiKey(store, { projectId: dev.projectId, nome: 'reader', scopes: ['results:read'], expiresInDays: null });
  const victim = await createApiKey(store, { projectId: dev.projectId, nome: 'victim', scopes: ['results:read'], expiresInDays: null });
  const raised = 1_000_000_000;
  const app = await buildApp({
    store, rateLimits: { perKeyPerHour: raised, perOrganizationPerHour: raised, burstPerCredential: raised, burstPerAddress: raised },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${JSON.stringify({ url, reader: reader.key, simulator: dev.apiKey, victim: victim.key })}\n`);
  process.on('SIGTERM', () => { app.close().then(() => store.close()).finally(() => process.exit(0)); });
}

/** Posts `body` to `route` in a loop while `running()`; counts the answers by status. */
async function attack(url: string, route: string, key: string, body: Buffer, running: () => boolean): Promise<{ route: string; sent: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  let sent = 0;
  while (running()) {
    const res = await fetch(`${url}${route}`, {
      method: 'POST', body,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    }).catch(() => null);
    const status = res ? String(res.status) : 'reset';
    await res?.arrayBuffer().catch(() => undefined);
    statuses[status] = (statuses[status] ?? 0) + 1;
    sent += 1;
  }
  return { route, sent, statuses };
}

interface AttackOrder { url: string; key: string; seconds: number }

/**
 * The attacker, in a worker thread of its own: uploading 29 MB bodies in the event loop of the
 * victim's client (autocannon) would count the attacker's own work as the service's latency.
 */
async function attackFor({ url, key, seconds }: AttackOrder) {
  const body = Buffer.from(`{"pedido":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`);
  const until = Date.now() + seconds * 1000;
  return Promise.all(['/v1/calibracoes/estimate', '/mcp'].map((route) => attack(url, route, key, body, () => Date.now() < until)));
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'hostile-body',
    measures: 'GET /v1/whoami latency of one key (autocannon, target p99 < 50 ms) while another key posts a 29 MB body of nested brackets in a loop to /v1/calibracoes/estimate and /mcp, once with a results:read key and once with a simulate key; the service runs in a child process, the attacker in a worker thread.',
    results: ['hostile-body.json'],
    options: { duration: { type: 'string', value: 'SECONDS', default: '15', check: positiveNumber, description: 'length of each of the two runs' } },
  });
  const duration = Number(values.duration);
  await withServiceChild('campaign-sim-bench-hostile-', async (child) => {
    const ready = await new Promise<{ url: string; reader: string; simulator: string; victim: string }>((resolve, reject) => {
      let text = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        text += chunk;
        const line = text.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      child.on('exit', (code) => reject(new Error(`the service exited with ${code} before it was ready`)));
    });
    const runs = [];
    for (const key of ['reader', 'simulator'] as const) {
      const attacker = new Worker(new URL(import.meta.url), { workerData: { url: ready.url, key: ready[key], seconds: duration } satisfies AttackOrder });
      const attacks = once(attacker, 'message').then(([result]) => result as Awaited<ReturnType<typeof attackFor>>);
      const loadBefore = loadavg()[0];
      const r = await autocannon({ url: `${ready.url}/v1/whoami`, headers: { authorization: `Bearer ${ready.victim}` }, connections: 2, duration });
      runs.push({
        attacker_key: key,
        attacks: await attacks,
        victim: { requests: r.requests.total, latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max }, non_2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts },
        loadavg_1m: { before: loadBefore, after: loadavg()[0] },
        meets_target: r.latency.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0,
      });
    }
    const result = {
      bench: 'hostile-body',
      when: new Date().toISOString(),
      machine: { cpus: availableParallelism() },
      setup: `child process: buildApp on the embedded store, call limits raised; ${2 * DEPTH + 11} bytes ({"pedido": + ${DEPTH} [ + ${DEPTH} ] + }) posted in a loop to /v1/calibracoes/estimate and /mcp by one key from a worker thread, while autocannon (2 connections, ${duration} s) reads GET /v1/whoami with another`,
      target: { p99_ms: TARGET_P99_MS },
      runs,
      meets_target: runs.every((x) => x.meets_target),
    };
    await writeBenchResult('hostile-body.json', result);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  });
}

if (isMainThread) runBenchWithServiceChild(import.meta.url, serve, main);
else void attackFor(workerData as AttackOrder).then((result) => parentPort?.postMessage(result));
