// Issue "Production hardening, round 3", defect 1: after a Redis restart the service stayed down
// (503 rate_limit_unavailable for minutes, until the process restarted) while a load balancer
// polled /healthz, because the health check disconnected the Redis client on a failed ping and
// nothing connected it again. Here the service listens on a port of its own, /healthz is polled
// as a load balancer does, and the backend (a server of the test's own) is restarted or frozen:
// the service must answer again once the backend is back. Without the fix the calls after the
// restart answer 503 until the test's time limit.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { createApiKey } from '../../../service/accounts/api-keys.js';
import { openStore, type Store } from '../../../service/store/open-store.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { seedOrganization } from '../store/test-store.js';
import { type FreezableServer, privatePostgres, privateRedis } from './private-servers.js';

/** /healthz polled every `everyMs` over HTTP, as a load balancer does; the statuses seen, in order. */
function pollHealth(origin: string, everyMs: number): { statuses: number[]; stop(): Promise<void> } {
  const statuses: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const res = await fetch(`${origin}/healthz`).catch(() => null);
      statuses.push(res?.status ?? 0);
      await res?.arrayBuffer();
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return { statuses, async stop() { stopped = true; await loop; } };
}

/** Calls `call` every 100 ms until it answers 200; the statuses seen before. */
async function untilOk(call: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = [];
  for (;;) {
    const res = await call().catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) return seen;
    seen.push(res?.status ?? 0);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the poller has seen `n` failed health checks since it was at `from`. */
async function untilFailedPolls(statuses: number[], from: number, n: number): Promise<void> {
  while (statuses.slice(from).filter((s) => s !== 200).length < n) await new Promise((r) => setTimeout(r, 50));
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

let h: Harness;
beforeAll(async () => { h = await openHarness('backend_restart'); });
afterAll(async () => { await h?.close(); });

/** The service on a private Redis of its own, /healthz polled every `pollMs`, while `run` acts on Redis. */
async function underPolling(prefix: string, pollMs: number, run: (redis: FreezableServer, whoami: () => Promise<Response>, poll: ReturnType<typeof pollHealth>) => Promise<void>): Promise<void> {
  const redis = await privateRedis();
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const app = await buildApp({ store: h.store, clock: h.clock, redisUrl: redis.url, redisKeyPrefix: `${prefix}:${Date.now()}:` });
  const origin = await listen(app);
  const whoami = () => fetch(`${origin}/v1/whoami`, { headers: { authorization: `Bearer ${h.keys.full}` } });
  const poll = pollHealth(origin, pollMs);
  try {
    expect((await whoami()).status).toBe(200);
    await run(redis, whoami, poll);
    await untilOk(whoami);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  } finally {
    await poll.stop();
    await app.close();
    await redis.dispose();
    stderr.mockRestore();
  }
}

describe('the service answers again after its Redis restarts or thaws, with /healthz polled', () => {
  it('Redis stopped and started again on the same port', async () => {
    await underPolling('restart', 100, async (redis, whoami, poll) => {
      const before = poll.statuses.length;
      await redis.stop();
      await untilFailedPolls(poll.statuses, before, 5);
      const down = await whoami();
      expect(down.status).toBe(503);
      expect(((await down.json()) as { detail: { code: string } }).detail.code).toBe('rate_limit_unavailable');
      await redis.start();
    });
  }, 60_000);

  it('Redis frozen (SIGSTOP) longer than a command\'s time limit, then thawed', async () => {
    await underPolling('frozen', 200, async (redis, _whoami, poll) => {
      const before = poll.statuses.length;
      redis.freeze();
      await untilFailedPolls(poll.statuses, before, 4);
      redis.thaw();
    });
  }, 60_000);
});

describe('the service answers again after its PostgreSQL restarts, with /healthz polled', () => {
  it('PostgreSQL stopped and started again on the same port', async () => {
    const pg = await privatePostgres();
    let store: Store | null = null;
    let app: FastifyInstance | null = null;
    let poll: ReturnType<typeof pollHealth> | null = null;
    try {
      store = await openStore({ databaseUrl: pg.url, schema: 'restart', clock: h.clock });
      const { project } = await seedOrganization(store, 'Org restart', 0);
      const { key } = await createApiKey(store, { projectId: project.id, nome: 'k', scopes: ['results:read'], expiresInDays: null });
      app = await buildApp({ store, clock: h.clock });
      const origin = await listen(app);
      const jobs = () => fetch(`${origin}/v1/jobs`, { headers: { authorization: `Bearer ${key}` } });
      poll = pollHealth(origin, 100);
      expect((await jobs()).status).toBe(200);
      const before = poll.statuses.length;
      await pg.stop();
      await untilFailedPolls(poll.statuses, before, 5);
      const down = await jobs();
      expect(down.status).toBe(503);
      expect(((await down.json()) as { detail: { code: string } }).detail.code).toBe('store_unavailable');
      await pg.start();
      await untilOk(jobs);
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    } finally {
      await poll?.stop();
      await app?.close();
      await store?.close().catch(() => undefined);
      await pg.dispose();
    }
  }, 60_000);
});
