// Webhook deliveries end to end against the real PostgreSQL and a local https receiver (a
// self-signed certificate the agent trusts; loopback allowed as in development): signed
// headers, the whole retry schedule under a fake clock, a receiver down then up, a redirect is a
// failure, DNS rebinding refused at send, removal discards the queue, a new secret signs the
// next attempt, and two workers never send one delivery twice.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../service/store/open-store.js';
import { PUBLIC_ONLY } from '../../../service/webhooks/address-policy.js';
import { deliverDueWebhooks } from '../../../service/webhooks/deliver-webhooks.js';
import { createWebhookAgent } from '../../../service/webhooks/webhook-agent.js';
import {
  listWebhookDeliveries, removeWebhook, rotateWebhookSecret, sendTestPing, setWebhook,
} from '../../../service/webhooks/webhook-config.js';
import { createFakeClock } from '../../fixtures/fake-clock.js';
import { createJob } from '../../../service/jobs/jobs.js';
import { runWorker } from '../../../service/worker/worker.js';
import { openTestStore, quoteOf, seedOrganization } from '../store/test-store.js';
import { pathToFileURL } from 'node:url';
import { projectPath } from '../../../src/project-path.js';

// The documented receiver example (examples/ is outside the layered sources: loaded by path).
const { verifyWebhook } = await import(pathToFileURL(projectPath('examples/webhook-receiver.mjs')).href) as {
  verifyWebhook(raw: Buffer, headers: Record<string, unknown>, secret: string, nowMs?: number): string | null;
};

const TLS = { cert: readFileSync(new URL('../../fixtures/tls/localhost.crt', import.meta.url)), key: readFileSync(new URL('../../fixtures/tls/localhost.key', import.meta.url)) };
const DEV = { allowLoopback: true };
const localhost = async () => ['127.0.0.1'];

interface Received { headers: Record<string, string | string[] | undefined>; raw: Buffer; path: string }

/** An https receiver on 127.0.0.1 answering with `status` (and a Location for 3xx). */
class Receiver {
  received: Received[] = [];
  status = 204;
  server: Server | null = null;
  port = 0;
  async start(port = 0): Promise<this> {
    this.server = createServer(TLS, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, raw: Buffer.concat(chunks), path: req.url ?? '' });
        if (this.status >= 300 && this.status < 400) res.writeHead(this.status, { location: `https://localhost:${this.port}/elsewhere` }).end();
        else res.writeHead(this.status).end(this.status >= 400 ? 'receiver says no' : '');
      });
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => { s.close(() => r()); s.closeAllConnections(); });
  }
  get url(): string { return `https://localhost:${this.port}/hook`; }
}

/** Runs `fn` with a receiver answering `status`, stopped afterwards whatever happens. */
async function withReceiver(fn: (rx: Receiver) => Promise<void>, status = 204): Promise<void> {
  const rx = await new Receiver().start();
  rx.status = status;
  try {
    await fn(rx);
  } finally {
    await rx.stop();
  }
}

const clock = createFakeClock('2026-03-01T12:00:00.000Z');
let store: Store & { drop(): Promise<void> };
const agents: Agent[] = [];
const agent = (o: Parameters<typeof createWebhookAgent>[0] = { policy: DEV, resolve: localhost, ca: TLS.cert }) => {
  const a = createWebhookAgent(o);
  agents.push(a);
  return a;
};
beforeAll(async () => { store = await openTestStore('webhooks', { clock }); });
afterAll(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await store?.drop();
});

async function projectWithWebhook(label: string, url: string) {
  const { project } = await seedOrganization(store, label, 0);
  const w = await setWebhook(store, project.id, url, { policy: DEV, resolve: localhost });
  return { project, segredo: w.segredo };
}

describe('webhook deliveries', () => {
  it('sends a ping with the signed headers the example receiver accepts, once', async () => {
    await withReceiver(async (rx) => {
      const { project, segredo } = await projectWithWebhook('ping', rx.url);
      expect(segredo).toMatch(/^whsec_/);
      const { id } = await sendTestPing(store, project.id);
      expect(await deliverDueWebhooks(store, { agent: agent() })).toBe(1);
      expect(await deliverDueWebhooks(store, { agent: agent() })).toBe(0);
      expect(rx.received).toHaveLength(1);
      const r = rx.received[0];
      expect(r.headers['svc-webhook-id']).toBe(id);
      expect(r.headers['svc-webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
      expect(verifyWebhook(r.raw, r.headers, segredo, clock.now().getTime())).toBeNull();
      expect(JSON.parse(r.raw.toString())).toEqual({ evento: 'ping', criado_em: clock.now().toISOString(), project_id: project.id });
      expect((await listWebhookDeliveries(store, project.id))[0]).toMatchObject({ id, evento: 'ping', estado: 'entregue', tentativas: 1, status_resposta: 204 });
    });
  });

  it('retries after 1 min, 5 min, 30 min, 2 h and 12 h, never early, and abandons after the sixth attempt', async () => {
    await withReceiver(async (rx) => {
      const { project } = await projectWithWebhook('retries', rx.url);
      await sendTestPing(store, project.id);
      const a = agent();
      const ids = new Set<string>();
      expect(await deliverDueWebhooks(store, { agent: a })).toBe(1);
      for (const minutes of [1, 5, 30, 120, 720]) {
        clock.advance(minutes * 60_000 - 1);
        expect(await deliverDueWebhooks(store, { agent: a })).toBe(0); // not yet due
        clock.advance(1);
        expect(await deliverDueWebhooks(store, { agent: a })).toBe(1);
      }
      clock.advance(48 * 3_600_000);
      expect(await deliverDueWebhooks(store, { agent: a })).toBe(0);
      for (const r of rx.received) ids.add(String(r.headers['svc-webhook-id']));
      expect(rx.received).toHaveLength(6);
      expect(ids.size).toBe(1); // the same delivery id on every attempt
      const [log] = await listWebhookDeliveries(store, project.id);
      expect(log).toMatchObject({ estado: 'abandonada', tentativas: 6, status_resposta: 500, resposta: 'receiver says no', proxima_em: null });
    }, 500);
  });

  it('a receiver that is down fails the attempt; the retry reaches it once it is up', async () => {
    const probe = await new Receiver().start();
    const port = probe.port;
    await probe.stop();
    const { project } = await projectWithWebhook('down-up', `https://localhost:${port}/hook`);
    await sendTestPing(store, project.id);
    const a = agent();
    expect(await deliverDueWebhooks(store, { agent: a })).toBe(1);
    const [failed] = await listWebhookDeliveries(store, project.id);
    expect(failed).toMatchObject({ estado: 'pendente', tentativas: 1, status_resposta: null });
    expect(failed.erro).toMatch(/ECONNREFUSED|connect/);
    const rx = await new Receiver().start(port);
    try {
      clock.advance(60_000);
      expect(await deliverDueWebhooks(store, { agent: a })).toBe(1);
      expect(rx.received).toHaveLength(1);
      expect((await listWebhookDeliveries(store, project.id))[0]).toMatchObject({ estado: 'entregue', tentativas: 2 });
    } finally {
      await rx.stop();
    }
  });

  it('a redirect is a failure and is not followed', async () => {
    await withReceiver(async (rx) => {
      const { project } = await projectWithWebhook('redirect', rx.url);
      await sendTestPing(store, project.id);
      await deliverDueWebhooks(store, { agent: agent() });
      expect(rx.received.map((r) => r.path)).toEqual(['/hook']);
      expect((await listWebhookDeliveries(store, project.id))[0]).toMatchObject({ estado: 'pendente', tentativas: 1, status_resposta: 302 });
    }, 302);
  });

  it('refuses at send a name that resolved to a public address at activation and to 127.0.0.1 now (DNS rebinding)', async () => {
    await withReceiver(async (rx) => {
      const { project } = await seedOrganization(store, 'rebinding', 0);
      await setWebhook(store, project.id, `https://rebind.example:${rx.port}/hook`, { policy: PUBLIC_ONLY, resolve: async () => ['93.184.216.34'] });
      await sendTestPing(store, project.id);
      await deliverDueWebhooks(store, { agent: agent({ policy: PUBLIC_ONLY, resolve: localhost, ca: TLS.cert }) });
      expect(rx.received).toHaveLength(0);
      const [log] = await listWebhookDeliveries(store, project.id);
      expect(log).toMatchObject({ estado: 'pendente', tentativas: 1, status_resposta: null });
      expect(log.erro).toMatch(/rebind\.example resolves to 127\.0\.0\.1 is not a public address \(loopback\)/);
    });
  });

  it('removal discards what is queued; a new secret signs the next attempt at once', async () => {
    await withReceiver(async (rx) => {
      const gone = await projectWithWebhook('removal', rx.url);
      await sendTestPing(store, gone.project.id);
      await removeWebhook(store, gone.project.id);
      expect(await deliverDueWebhooks(store, { agent: agent() })).toBe(0);
      expect((await store.query('SELECT 1 FROM webhook_deliveries WHERE project_id = $1', [gone.project.id])).rows).toHaveLength(0);
      await expect(sendTestPing(store, gone.project.id)).rejects.toMatchObject({ code: 'not_found' });

      const kept = await projectWithWebhook('rotation', rx.url);
      await sendTestPing(store, kept.project.id);
      const { segredo } = await rotateWebhookSecret(store, kept.project.id);
      expect(segredo).not.toBe(kept.segredo);
      await deliverDueWebhooks(store, { agent: agent() });
      expect(rx.received).toHaveLength(1);
      expect(verifyWebhook(rx.received[0].raw, rx.received[0].headers, segredo, clock.now().getTime())).toBeNull();
      expect(verifyWebhook(rx.received[0].raw, rx.received[0].headers, kept.segredo, clock.now().getTime())).toMatch(/does not match/);
    });
  });

  it('the worker loop sends a job\'s ending as GET /v1/jobs/{id} shows it', async () => {
    const rx = await new Receiver().start();
    const { project } = await seedOrganization(store, 'worker', 1_000_000);
    await setWebhook(store, project.id, rx.url, { policy: DEV, resolve: localhost });
    const worker = runWorker(store, { workerId: 'w', pollMs: 10, sweepMs: 0, webhookAgent: agent(), runJob: async () => ({ formato: 'test', dados: new Uint8Array([7]) }) });
    try {
      const { job } = await createJob(store, { projectId: project.id, tipo: 'simulacao', pedido: { x: 1 }, quote: quoteOf(100), idempotencyKey: 'w1', requestHash: 'w1' });
      // bounded by the test timeout
      while (rx.received.length === 0) await new Promise((r) => setTimeout(r, 20));
      const body = JSON.parse(rx.received[0].raw.toString());
      expect(body).toMatchObject({ evento: 'job.concluido', job: { id: job.id, estado: 'concluido', project_id: project.id, preco_micros: 100 } });
    } finally {
      await worker.stop();
      await rx.stop();
    }
  });

  it('two workers sending at once never send one delivery twice', async () => {
    await withReceiver(async (rx) => {
      const { project } = await projectWithWebhook('two-workers', rx.url);
      const queued = new Set<string>();
      for (let i = 0; i < 120; i++) queued.add((await sendTestPing(store, project.id)).id);
      const drain = async (a: Agent) => { while (await deliverDueWebhooks(store, { agent: a, batch: 7 }) > 0); };
      await Promise.all([drain(agent()), drain(agent())]);
      const ids = rx.received.map((r) => String(r.headers['svc-webhook-id']));
      expect(ids).toHaveLength(120);
      expect(new Set(ids)).toEqual(queued);
    });
  });
});
