// Backend outages (issue 15, defect 6): Redis down or a lost database answered 500 (after 3 s
// waits, with an endless "Unhandled error event" log). Now: 503 with Retry-After and a code that
// names the backend, at once; Redis is checked at start; rate limiting fails closed.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { createApiKey } from '../../../service/accounts/api-keys.js';
import { createRateLimiter } from '../../../service/accounts/rate-limit.js';
import { openStore } from '../../../service/store/open-store.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { seedOrganization, TEST_DATABASE_URL } from '../store/test-store.js';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP proxy to PostgreSQL that can be cut: every open connection dies and new ones are refused. */
async function cuttableProxy(target: URL): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => undefined); }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.href,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

let h: Harness;
beforeAll(async () => { h = await openHarness('outages'); });
afterAll(async () => { await h?.close(); });

describe('issue 15: backend outages answer 503 with Retry-After', () => {
  it('refuses to start when Redis cannot be reached, with a message naming it', async () => {
    const port = await closedPort();
    await expect(buildApp({ store: h.store, clock: h.clock, redisUrl: `redis://127.0.0.1:${port}` })).rejects.toThrow(/Redis at 127\.0\.0\.1:\d+ cannot be reached/);
  });

  it('answers 503 rate_limit_unavailable with Retry-After while Redis is down (fails closed), reporting the outage once', async () => {
    const port = await closedPort();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const limiter = createRateLimiter({ backend: 'redis', redisUrl: `redis://127.0.0.1:${port}`, clock: h.clock });
    const app = await buildApp({ store: h.store, clock: h.clock, limiter });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ method: 'GET', url: '/v1/whoami', headers: { authorization: `Bearer ${h.keys.full}` } });
        expect(res.statusCode).toBe(503);
        expect(res.json().detail.code).toBe('rate_limit_unavailable');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/Unhandled error event/);
      expect(stderr.mock.calls.filter(([line]) => /Redis/.test(String(line))).length).toBeLessThanOrEqual(1);
    } finally {
      await app.close();
      await limiter.close();
      stderr.mockRestore();
      consoleError.mockRestore();
    }
  });

  it('answers 503 store_unavailable with Retry-After when the database is lost', async () => {
    const proxy = await cuttableProxy(new URL(TEST_DATABASE_URL));
    const store = await openStore({ databaseUrl: proxy.url, schema: h.store.schema, clock: h.clock });
    const { project } = await seedOrganization(store, 'Org lost database', 0);
    const { key } = await createApiKey(store, { projectId: project.id, nome: 'k', scopes: ['results:read'], expiresInDays: null });
    const app = await buildApp({ store, clock: h.clock });
    try {
      const call = () => app.inject({ method: 'GET', url: '/v1/jobs', headers: { authorization: `Bearer ${key}` } });
      expect((await call()).statusCode).toBe(200);
      await proxy.cut();
      for (let i = 0; i < 2; i++) {
        const res = await call();
        expect(res.statusCode).toBe(503);
        expect(res.json().detail.code).toBe('store_unavailable');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
      await store.close().catch(() => undefined);
    }
  });
});

// issue "Production hardening, round 2", defect 7: the OAuth endpoints answered 500 server_error
// (and a 500 page) when the database was lost
describe('the OAuth endpoints for agents answer 503 with Retry-After when the database is lost', () => {
  it('in OAuth\'s error form for clients, on a page for people, store_unavailable on /mcp', async () => {
    const proxy = await cuttableProxy(new URL(TEST_DATABASE_URL));
    const store = await openStore({ databaseUrl: proxy.url, schema: h.store.schema, clock: h.clock });
    // counters in memory (as in Redis): the call reaches the provider, whose look-ups fail
    const limiter = createRateLimiter({ backend: 'memory', clock: h.clock });
    const app = await buildApp({ store, clock: h.clock, limiter });
    try {
      const registration = { client_name: 'agente', redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] };
      const register = () => app.inject({ method: 'POST', url: '/oauth/register', payload: registration });
      const registered = await register();
      expect(registered.statusCode).toBe(201);
      const clientId = registered.json().client_id as string;
      await proxy.cut();
      const unavailable = (res: { statusCode: number; headers: Record<string, unknown> }) => {
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      };
      const json = [
        await register(),
        await app.inject({ method: 'POST', url: '/oauth/token', payload: `grant_type=authorization_code&client_id=${clientId}&code=abc&code_verifier=${'v'.repeat(43)}&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      ];
      for (const res of json) {
        unavailable(res);
        expect(res.json()).toMatchObject({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/^store_unavailable: /) });
      }
      // the client cannot be checked: nothing is sent back to its redirect URI
      const page = await app.inject({ method: 'GET', url: `/oauth/authorize?client_id=${clientId}&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&code_challenge=${'c'.repeat(43)}&code_challenge_method=S256`, headers: { accept: 'text/html' } });
      unavailable(page);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('temporarily_unavailable');
      const mcp = await app.inject({ method: 'POST', url: '/mcp', payload: {}, headers: { authorization: 'Bearer agent-token-of-43-characters-aaaaaaaaaaaaa' } });
      unavailable(mcp);
      expect(mcp.json().detail.code).toBe('store_unavailable');
    } finally {
      await app.close();
      await limiter.close();
      await store.close().catch(() => undefined);
    }
  });
});

describe('issue 15: the burst limit counts per credential, not per header spelling', () => {
  it('shares one burst bucket between bearer K, Bearer  K and BEARER K', async () => {
    const app = await buildApp({ store: h.store, clock: h.clock, rateLimits: { burstPerCredential: 3 } });
    try {
      let address = 0;
      // A new origin address for each call: only the credential's burst can block.
      const call = (authorization: string) => app.inject({ method: 'GET', url: '/v1/whoami', headers: { authorization }, remoteAddress: `10.1.0.${++address}` });
      const key = h.keys.reader;
      for (const spelling of [`Bearer ${key}`, `bearer ${key}`, `BEARER  ${key}`]) expect((await call(spelling)).statusCode).toBe(200);
      for (const spelling of [`Bearer ${key}`, `bearer ${key}`, `BEARER ${key}`, `Bearer\t${key} `]) {
        const res = await call(spelling);
        expect(res.statusCode).toBe(403);
        expect(res.body).toBe('');
      }
    } finally {
      await app.close();
    }
  });
});
