// Rate limits on a fake clock, for each counter: memory (embedded store), PostgreSQL, Redis.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../service/clock.js';
import { createRateLimiter, LIMITS, type RateLimiter } from '../../service/rate-limit.js';
import type { ServiceError } from '../../src/errors.js';
import { openTestStore } from './store/test-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('ratelimit'); });
afterAll(async () => { await store?.drop(); });

const backends = ['memory', 'postgres', 'redis'] as const;

describe.each(backends)('rate limits (%s)', (backend) => {
  let clock: FakeClock;
  let rl: RateLimiter;
  const fresh = () => {
    clock = createFakeClock('2026-05-01T10:00:00.000Z');
    rl = createRateLimiter({ store, backend, redisUrl: REDIS_URL, clock, keyPrefix: `test:${randomBytes(4).toString('hex')}:` });
  };
  afterAll(async () => { await rl?.close(); });
  const id = () => randomBytes(6).toString('hex');

  async function callsUntilRefused(keyId: string, orgId: string, max: number): Promise<number> {
    let n = 0;
    for (; n < max; n++) {
      try { await rl.countCall({ keyId, orgId }); } catch (e) { if ((e as ServiceError).code === 'query_budget_exceeded') return n; throw e; }
    }
    return n;
  }

  it('allows 1000 calls per key in the hour, refuses the 1001st with 429 and Retry-After, and slides', async () => {
    fresh();
    const key = id(), org = id();
    // 400 calls at t0, 600 calls 30 minutes later: the 1001st is refused until the first 400 leave.
    for (let i = 0; i < 400; i++) await rl.countCall({ keyId: key, orgId: org });
    clock.advance(30 * 60_000);
    let last;
    for (let i = 0; i < 600; i++) last = await rl.countCall({ keyId: key, orgId: org });
    expect(last).toMatchObject({ limit: 1000, remaining: 0, reset: 30 * 60 + 1 });
    expect(last!.headers['RateLimit-Remaining']).toBe('0');
    const err = await rl.countCall({ keyId: key, orgId: org }).catch((e) => e as ServiceError);
    expect(err).toMatchObject({ code: 'query_budget_exceeded', status: 429 });
    expect(err.headers['Retry-After']).toBe(String(30 * 60 + 1));
    // A refused call is not counted: at the edge of the window the first 400 leave.
    clock.advance(30 * 60_000 - 1); // 1 ms before the hour of the first calls: still counted
    await expect(rl.countCall({ keyId: key, orgId: org })).rejects.toMatchObject({ code: 'query_budget_exceeded' });
    clock.advance(1001); // the hour of the first 400 has passed, to the second
    expect(await callsUntilRefused(key, org, 1000)).toBe(400);
  });

  it('caps an organization at 5000 calls across its keys', async () => {
    fresh();
    const org = id();
    const keys = Array.from({ length: 6 }, id);
    let total = 0;
    for (const k of keys) total += await callsUntilRefused(k, org, 1000);
    expect(total).toBe(5000);
    const err = await rl.countCall({ keyId: id(), orgId: org }).catch((e) => e as ServiceError);
    expect(err.code).toBe('query_budget_exceeded');
    expect(Number(err.headers['Retry-After'])).toBe(3601);
    // The keys' own budgets are untouched in another organization (keys[5] made no call).
    await expect(rl.countCall({ keyId: keys[5], orgId: id() })).resolves.toMatchObject({ limit: 1000, remaining: 999 });
  });

  it('blocks a burst of 600 per credential in 5 minutes, not counted, and releases it by itself', async () => {
    fresh();
    const cred = `Bearer svc_${id()}`;
    for (let i = 0; i < 300; i++) expect(await rl.checkCredentialBurst(cred, '10.0.0.1')).toEqual({ blocked: false });
    clock.advance(60_000);
    for (let i = 0; i < 300; i++) expect((await rl.checkCredentialBurst(cred, `10.0.1.${i % 200}`)).blocked).toBe(false);
    const b = await rl.checkCredentialBurst(cred, '10.0.0.2');
    expect(b).toEqual({ blocked: true, por: 'credential', retryAfterSeconds: 4 * 60 + 1 });
    // Blocked calls do not count: hammering does not extend the block.
    for (let i = 0; i < 50; i++) await rl.checkCredentialBurst(cred, '10.0.0.2');
    clock.advance(4 * 60_000 + 1000); // the first 300 left the 5 minutes
    for (let i = 0; i < 300; i++) expect((await rl.checkCredentialBurst(cred, '10.0.0.3')).blocked).toBe(false);
    expect((await rl.checkCredentialBurst(cred, '10.0.0.3')).blocked).toBe(true);
    // Another credential from a fresh address is not blocked.
    expect(await rl.checkCredentialBurst(`Bearer svc_${id()}`, '10.9.9.9')).toEqual({ blocked: false });
  });

  it('blocks 1000 requests per origin address in 5 minutes, with or without a credential', async () => {
    fresh();
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}-${id()}`;
    for (let i = 0; i < 1000; i++) {
      const cred = i % 2 === 0 ? null : `Bearer k${i}`; // never 600 for one credential
      expect((await rl.checkCredentialBurst(cred, ip)).blocked).toBe(false);
    }
    expect(await rl.checkCredentialBurst(null, ip)).toEqual({ blocked: true, por: 'address', retryAfterSeconds: 301 });
    clock.advance(300_999);
    expect((await rl.checkCredentialBurst(null, ip)).blocked).toBe(true);
    clock.advance(1);
    expect((await rl.checkCredentialBurst(null, ip)).blocked).toBe(false);
  });

  it('does not count burst checks against the hourly budget', async () => {
    fresh();
    const key = id(), org = id();
    for (let i = 0; i < 700; i++) await rl.checkCredentialBurst(`Bearer ${key}`, '10.1.1.1');
    expect(await rl.countCall({ keyId: key, orgId: org })).toMatchObject({ remaining: LIMITS.perKeyPerHour - 1 });
  });
});
