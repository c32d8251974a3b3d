// Webhook delivery throughput: N queued pings sent by two delivery loops at once (two workers'
// worth, each with its own agent) to a local https receiver, against the PostgreSQL server
// (BENCH_DATABASE_URL, a schema of its own, dropped after). Checks on the way that every delivery
// arrived exactly once.   npm run bench:webhooks -- [--n 1000]
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createOrganization, createProject } from '../service/accounts/accounts.js';
import { openStore } from '../service/store/open-store.js';
import { deliverDueWebhooks } from '../service/webhooks/deliver-webhooks.js';
import { createWebhookAgent } from '../service/webhooks/webhook-agent.js';
import { sendTestPing, setWebhook } from '../service/webhooks/webhook-config.js';
import { projectPath } from '../src/project-path.js';
import { writeBenchResult } from './lib/bench-output.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';
import { needPostgres } from './lib/need-postgres.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WORKERS = 2;

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'webhooks',
    measures: 'Webhook delivery throughput: --n queued pings sent by two delivery loops at once (two workers\' worth) to a local https receiver, against the PostgreSQL server; checks that every delivery arrived exactly once.',
    results: ['webhooks.json'],
    options: { n: { type: 'string', value: 'N', default: '1000', check: wholeNumber(), description: 'pings queued and delivered' } },
    env: { BENCH_DATABASE_URL: 'the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped after)' },
  });
  await needPostgres('webhooks', DATABASE_URL, 'BENCH_DATABASE_URL');
  const n = Number(values.n);
  const tls = { cert: readFileSync(projectPath('test/fixtures/tls/localhost.crt')), key: readFileSync(projectPath('test/fixtures/tls/localhost.key')) };
  const seen = new Map<string, number>();
  const server = createServer(tls, (req, res) => {
    const id = String(req.headers['svc-webhook-id']);
    seen.set(id, (seen.get(id) ?? 0) + 1);
    req.resume().on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const schema = `bench_webhooks_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: DATABASE_URL, schema });
  const dev = { allowLoopback: true };
  const localhost = async () => ['127.0.0.1'];
  const agents = Array.from({ length: WORKERS }, () => createWebhookAgent({ policy: dev, resolve: localhost, ca: tls.cert }));
  try {
    const org = await createOrganization(store, { nome: 'bench' });
    const project = await createProject(store, { organizationId: org.id, nome: 'bench' });
    await setWebhook(store, project.id, `https://localhost:${port}/hook`, { policy: dev, resolve: localhost });
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await sendTestPing(store, project.id);
    const t1 = performance.now();
    await Promise.all(agents.map(async (agent) => { while (await deliverDueWebhooks(store, { agent }) > 0); }));
    const t2 = performance.now();
    const twice = [...seen.values()].filter((k) => k > 1).length;
    if (seen.size !== n || twice > 0) throw new Error(`expected ${n} deliveries once each; got ${seen.size} ids, ${twice} more than once`);
    const segundos = (t2 - t1) / 1000;
    const doc = {
      bench: 'webhooks', when: new Date().toISOString(), node: process.version, cpus: cpus().length, carga_1min: loadavg()[0],
      entregas: n, workers: WORKERS,
      enfileirar_ms_por_entrega: Number(((t1 - t0) / n).toFixed(3)),
      entregar_segundos: Number(segundos.toFixed(3)),
      entregas_por_segundo: Math.round(n / segundos),
    };
    process.stdout.write(`${JSON.stringify(doc)}\n${await writeBenchResult('webhooks.json', doc)}\n`);
  } finally {
    await Promise.all(agents.map((a) => a.close()));
    await store.close();
    server.close();
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    try { await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`); } finally { await c.end(); }
  }
}

runAsMain(import.meta.url, main);
