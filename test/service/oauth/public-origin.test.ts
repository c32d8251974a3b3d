// Issue "Production hardening, round 2", defect 4: without CAMPAIGN_SIM_PUBLIC_URL the first
// request's Host became the OAuth issuer and the resource_metadata address for everyone. Now the
// issuer is the public URL or the address the app listens on, never a request's Host or
// X-Forwarded-*; X-Forwarded-* are believed only from the proxies named (trustProxy), and the
// console's cookies are Secure as the scheme the browser really uses.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { createRateLimiter } from '../../../service/accounts/rate-limit.js';
import type { Store } from '../../../service/store/open-store.js';
import { openTestStore } from '../store/test-store.js';

const POISON = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

let store: Store & { drop(): Promise<void> };
beforeAll(async () => { store = await openTestStore('oauth_public_origin'); });
afterAll(async () => { await store?.drop(); });

describe('the OAuth issuer', () => {
  it('is the address the app listens on, whatever the first request\'s Host and X-Forwarded-* say', async () => {
    const app = await buildApp({ store });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const prm = await app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource/mcp', headers: POISON });
      expect(prm.json()).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
      const as = await app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server', headers: POISON });
      expect(as.json()).toMatchObject({ issuer: base, authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/oauth/token` });
      const mcp = await app.inject({ method: 'POST', url: '/mcp', payload: {}, headers: { host: 'localhost:1' } });
      expect(mcp.headers['www-authenticate']).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    } finally {
      await app.close();
    }
  });

  it('is the public URL when there is one, and a public URL that is not an origin is refused at start', async () => {
    const app = await buildApp({ store, publicUrl: 'https://sim.example.org' });
    try {
      const as = await app.inject({ method: 'GET', url: '/.well-known/openid-configuration', headers: POISON });
      expect(as.json()).toMatchObject({ issuer: 'https://sim.example.org', registration_endpoint: 'https://sim.example.org/oauth/register' });
    } finally {
      await app.close();
    }
    await expect(buildApp({ store, publicUrl: 'https://sim.example.org/api' })).rejects.toThrow(/must be an origin only/);
  });
});

describe('trust of X-Forwarded-*', () => {
  /** The sign-in page sets the CSRF cookie: whether it is Secure. */
  const secureCookie = async (app: Awaited<ReturnType<typeof buildApp>>, remoteAddress: string, proto?: string) => {
    const res = await app.inject({ method: 'GET', url: '/console/entrar', remoteAddress, headers: proto ? { 'x-forwarded-proto': proto } : {} });
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    return cookies.every((c) => /;\s*Secure/i.test(c));
  };

  it('believes only the proxies named: their scheme makes the console\'s cookies Secure, their X-Forwarded-For the burst address', async () => {
    const limiter = createRateLimiter({ backend: 'memory', limits: { burstPerAddress: 2 } });
    const app = await buildApp({ store, limiter, trustProxy: '10.0.0.1,10.1.0.0/16' });
    try {
      expect(await secureCookie(app, '10.0.0.1', 'https')).toBe(true);
      expect(await secureCookie(app, '10.1.2.3', 'https')).toBe(true);
      expect(await secureCookie(app, '10.0.0.1')).toBe(false);
      expect(await secureCookie(app, '192.0.2.7', 'https')).toBe(false);
      // through the named proxy, each client has its own burst; a client that is no proxy cannot pick one
      const register = (remoteAddress: string, forwardedFor: string) =>
        app.inject({ method: 'POST', url: '/oauth/register', payload: {}, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
      for (const client of ['198.51.100.1', '198.51.100.1']) expect((await register('10.0.0.1', client)).statusCode).toBe(400);
      expect((await register('10.0.0.1', '198.51.100.1')).statusCode).toBe(403);
      expect((await register('10.0.0.1', '198.51.100.2')).statusCode).toBe(400);
      for (const spoofed of ['198.51.100.3', '198.51.100.4']) expect((await register('192.0.2.9', spoofed)).statusCode).toBe(400);
      expect((await register('192.0.2.9', '198.51.100.5')).statusCode).toBe(403);
    } finally {
      await app.close();
      await limiter.close();
    }
  });

  it('makes every cookie Secure when the public URL is https', async () => {
    const app = await buildApp({ store, publicUrl: 'https://sim.example.org' });
    try {
      expect(await secureCookie(app, '192.0.2.7')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
