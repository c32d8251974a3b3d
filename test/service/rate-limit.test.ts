// Rate limits on a fake clock, for each counter: memory (embedded store) with the spec's numbers,
// and the shared counters (PostgreSQL, Redis) with the same windows and smaller counts, so the
// file stays fast; the counting logic is the same code for all three.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../fixtures/fake-clock.js';
import { createRateLimiter, LIMITS, type CallBudget, type Limits, type RateLimiter } from '../../service/accounts/rate-limit.js';
import { ServiceError } from '../../src/errors.js';
import { openTestStore } from './store/test-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('ratelimit'); });
afterAll(async () => { await store?.drop(); });

const SMALL: Limits = { ...LIMITS, perKeyPerHour: 40, perOrganizationPerHour: 100, burstPerCredential: 30, burstPerAddress: 50 };
const cases = [['memory', LIMITS], ['postgres', SMALL], ['redis', SMALL]] as const;
/** The error a call that must be refused rejects with. */
const refusal = (call: Promise<unknown>): Promise<ServiceError> => call.then(() => { throw new Error('expected a refusal'); }, (e: ServiceError) => e);

describe.each(cases)('rate limits (%s)', (backend, L) => {
  let clock: FakeClock;
  let rl: RateLimiter;
  const fresh = async () => {
    await rl?.close();
    clock = createFakeClock('2026-05-01T10:00:00.000Z');
    rl = createRateLimiter({ store, backend, redisUrl: REDIS_URL, clock, limits: L, keyPrefix: `test:${randomBytes(4).toString('hex')}:` });
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

  it('allows the hourly budget per key, refuses the next call with 429 and Retry-After, and slides', async () => {
    await fresh();
    const key = id(), org = id();
    const early = Math.floor(L.perKeyPerHour * 0.4);
    // 40% of the budget at t0, the rest 30 minutes later: the next call is refused until the first ones leave.
    for (let i = 0; i < early; i++) await rl.countCall({ keyId: key, orgId: org });
    clock.advance(30 * 60_000);
    let last: CallBudget | undefined;
    for (let i = early; i < L.perKeyPerHour; i++) last = await rl.countCall({ keyId: key, orgId: org });
    expect(last).toMatchObject({ limit: L.perKeyPerHour, remaining: 0, reset: 30 * 60 + 1 });
    expect(last!.headers['RateLimit-Remaining']).toBe('0');
    const err = await refusal(rl.countCall({ keyId: key, orgId: org }));
    expect(err).toMatchObject({ code: 'query_budget_exceeded', status: 429 });
    expect(err.headers['Retry-After']).toBe(String(30 * 60 + 1));
    // A refused call is not counted. At the edge of the window the early calls leave, to the second.
    clock.advance(30 * 60_000 - 1);
    await expect(rl.countCall({ keyId: key, orgId: org })).rejects.toMatchObject({ code: 'query_budget_exceeded' });
    clock.advance(1001);
    expect(await callsUntilRefused(key, org, L.perKeyPerHour)).toBe(early);
  });

  it('caps an organization across its keys', async () => {
    await fresh();
    const org = id();
    const keys = Array.from({ length: Math.ceil(L.perOrganizationPerHour / L.perKeyPerHour) + 1 }, id);
    let total = 0;
    for (const k of keys) total += await callsUntilRefused(k, org, L.perKeyPerHour);
    expect(total).toBe(L.perOrganizationPerHour);
    const err = await refusal(rl.countCall({ keyId: id(), orgId: org }));
    expect(err.code).toBe('query_budget_exceeded');
    expect(Number(err.headers['Retry-After'])).toBe(3601);
    // The last key made no call: in another organization its own budget is whole.
    await expect(rl.countCall({ keyId: keys[keys.length - 1], orgId: id() })).resolves.toMatchObject({ limit: L.perKeyPerHour, remaining: L.perKeyPerHour - 1 });
  });

  it('blocks a burst per credential in 5 minutes, not counted, and releases it by itself', async () => {
    await fresh();
    const cred = `Bearer svc_${id()}`;
    const half = L.burstPerCredential / 2;
    for (let i = 0; i < half; i++) expect(await rl.checkCredentialBurst(cred, '10.0.0.1')).toEqual({ blocked: false });
    clock.advance(60_000);
    for (let i = 0; i < half; i++) expect((await rl.checkCredentialBurst(cred, `10.0.1.${i % 200}`)).blocked).toBe(false);
    expect(await rl.checkCredentialBurst(cred, '10.0.0.2')).toEqual({ blocked: true, por: 'credential', retryAfterSeconds: 4 * 60 + 1 });
    // Blocked calls do not count: hammering does not extend the block.
    for (let i = 0; i < 20; i++) await rl.checkCredentialBurst(cred, '10.0.0.2');
    clock.advance(4 * 60_000 + 1000); // the first half left the 5 minutes
    for (let i = 0; i < half; i++) expect((await rl.checkCredentialBurst(cred, '10.0.0.3')).blocked).toBe(false);
    expect((await rl.checkCredentialBurst(cred, '10.0.0.3')).blocked).toBe(true);
    expect(await rl.checkCredentialBurst(`Bearer svc_${id()}`, '10.9.9.9')).toEqual({ blocked: false });
  });

  it('blocks requests per origin address in 5 minutes, with or without a credential', async () => {
    await fresh();
    const ip = `192.0.2.1-${id()}`;
    for (let i = 0; i < L.burstPerAddress; i++) {
      const cred = i % 2 === 0 ? null : `Bearer k${i}`; // no credential reaches its own limit
      expect((await rl.checkCredentialBurst(cred, ip)).blocked).toBe(false);
    }
    expect(await rl.checkCredentialBurst(null, ip)).toEqual({ blocked: true, por: 'address', retryAfterSeconds: 301 });
    clock.advance(300_999);
    expect((await rl.checkCredentialBurst(null, ip)).blocked).toBe(true);
    clock.advance(1);
    expect((await rl.checkCredentialBurst(null, ip)).blocked).toBe(false);
  });

  it('does not count burst checks against the hourly budget', async () => {
    await fresh();
    const key = id(), org = id();
    for (let i = 0; i < L.burstPerCredential + 5; i++) await rl.checkCredentialBurst(`Bearer ${key}`, '10.1.1.1');
    expect(await rl.countCall({ keyId: key, orgId: org })).toMatchObject({ remaining: L.perKeyPerHour - 1 });
  });

  it('checks the burst then counts the hour in one exchange: a stage refused counts nothing, the burst keeps a call over the hour', async () => {
    await fresh();
    const key = id(), org = id();
    // a credential and an address per call, so that only the hour fills
    let last: Awaited<ReturnType<RateLimiter['checkBurstThenCount']>> | undefined;
    for (let i = 0; i < L.perKeyPerHour; i++) last = await rl.checkBurstThenCount(`Bearer c-${i}`, `10.2.${i >> 8}.${i & 255}`, { keyId: key, orgId: org });
    expect(last).toMatchObject({ blocked: false, count: { limit: L.perKeyPerHour, remaining: 0 } });
    const over = await rl.checkBurstThenCount('Bearer c-x', '10.3.0.1', { keyId: key, orgId: org });
    expect(over).toMatchObject({ blocked: false, count: { code: 'query_budget_exceeded', status: 429 } });
    // the call over the hour counted in its credential's burst: one fewer left
    for (let i = 1; i < L.burstPerCredential; i++) expect((await rl.checkCredentialBurst('Bearer c-x', `10.4.${i >> 8}.${i & 255}`)).blocked).toBe(false);
    const other = { keyId: id(), orgId: id() };
    expect(await rl.checkBurstThenCount('Bearer c-x', '10.5.0.1', other)).toMatchObject({ blocked: true, por: 'credential' });
    // blocked by the burst: not counted in the hour
    expect(await rl.countCall(other)).toMatchObject({ remaining: L.perKeyPerHour - 1 });
  });

  it('charges a heavy read\'s extra calls in the burst windows of its credential and address, past the limit, until they leave', async () => {
    await fresh();
    const cred = `Bearer svc_${id()}`;
    const ip = `198.51.100.7-${id()}`;
    expect((await rl.checkCredentialBurst(cred, ip)).blocked).toBe(false);
    // the call was admitted as one; its weight is five more, beyond what the window holds
    await rl.chargeBurst(cred, ip, L.burstPerCredential + 4);
    expect(await rl.checkCredentialBurst(cred, ip)).toEqual({ blocked: true, por: 'credential', retryAfterSeconds: 301 });
    // the address counts them too: another credential from it has that many fewer calls
    let admitted = 0;
    while (!(await rl.checkCredentialBurst(`Bearer svc_${id()}`, ip)).blocked) admitted++;
    expect(admitted).toBe(L.burstPerAddress - (L.burstPerCredential + 5));
    await rl.chargeBurst(cred, ip, 0);
    clock.advance(301_000);
    expect((await rl.checkCredentialBurst(cred, ip)).blocked).toBe(false);
    // nothing charged in the hour
    expect(await rl.countCall({ keyId: id(), orgId: id() })).toMatchObject({ remaining: L.perKeyPerHour - 1 });
  });

  it('counts failed sign-ins only: a right one gives its attempt back, in the second it was counted, even after later attempts', async () => {
    await fresh();
    const email = `${id()}@exemplo.org`;
    const ip = `203.0.113.9-${id()}`;
    // a right attempt given back after a wrong one in a later second: the bucket's seconds stay in order
    const right = await rl.checkSignIn(email, ip);
    clock.advance(1500);
    expect((await rl.checkSignIn(email, ip)).blocked).toBe(false);
    if (right.blocked) throw new Error('the first attempt was blocked');
    await right.succeeded();
    for (let i = 0; i < 20; i++) {
      const r = await rl.checkSignIn(email, ip);
      if (r.blocked) throw new Error(`a right attempt was blocked after ${i}`);
      await r.succeeded();
    }
    // the wrong one and L.signInPerAccount - 1 more fill the window; the next waits
    for (let i = 1; i < L.signInPerAccount; i++) expect((await rl.checkSignIn(email, ip)).blocked).toBe(false);
    expect(await rl.checkSignIn(email, ip)).toMatchObject({ blocked: true, por: 'account' });
    // a reset request has its own e-mail window
    expect((await rl.checkPasswordReset(email, ip)).blocked).toBe(false);
  });
});

describe('rate limits shared between two service instances (PostgreSQL)', () => {
  it('counts calls of both instances in one budget', async () => {
    const clock = createFakeClock('2026-05-02T10:00:00.000Z');
    const a = createRateLimiter({ store, clock, limits: SMALL });
    const b = createRateLimiter({ store, clock, limits: SMALL });
    const key = randomBytes(6).toString('hex');
    const calls = await Promise.allSettled(Array.from({ length: SMALL.perKeyPerHour + 10 }, (_, i) => (i % 2 ? a : b).countCall({ keyId: key, orgId: 'o' + key })));
    expect(calls.filter((c) => c.status === 'fulfilled')).toHaveLength(SMALL.perKeyPerHour);
    expect(calls.filter((c) => c.status === 'rejected').every((c) => (c as PromiseRejectedResult).reason.code === 'query_budget_exceeded')).toBe(true);
  });

  it('admits no call past a limit when both instances check the burst and count the hour at once', async () => {
    const clock = createFakeClock('2026-05-02T11:00:00.000Z');
    const a = createRateLimiter({ store, clock, limits: SMALL });
    const b = createRateLimiter({ store, clock, limits: SMALL });
    const at = (i: number) => (i % 2 ? a : b);
    // one credential: its burst admits 30 of 60, each counted in the hour
    const key = randomBytes(6).toString('hex');
    const one = await Promise.all(Array.from({ length: 2 * SMALL.burstPerCredential }, (_, i) => at(i).checkBurstThenCount('Bearer one-' + key, '10.6.0.1', { keyId: key, orgId: 'o' + key })));
    expect(one.filter((r) => !r.blocked)).toHaveLength(SMALL.burstPerCredential);
    expect(one.filter((r) => r.blocked).every((r) => r.blocked && r.por === 'credential')).toBe(true);
    expect(await a.countCall({ keyId: key, orgId: 'o' + key })).toMatchObject({ remaining: SMALL.perKeyPerHour - SMALL.burstPerCredential - 1 });
    // a credential a call: every call passes the bursts (the address's 50 exactly), the hour admits 40
    const other = randomBytes(6).toString('hex');
    const many = await Promise.all(Array.from({ length: SMALL.burstPerAddress }, (_, i) => at(i).checkBurstThenCount(`Bearer ${other}-${i}`, '10.7.0.1', { keyId: other, orgId: 'o' + other })));
    expect(many.every((r) => !r.blocked)).toBe(true);
    const counted = many.flatMap((r) => (r.blocked ? [] : [r.count]));
    expect(counted.filter((c) => !(c instanceof ServiceError))).toHaveLength(SMALL.perKeyPerHour);
    expect(counted.filter((c) => c instanceof ServiceError).every((c) => (c as ServiceError).code === 'query_budget_exceeded')).toBe(true);
    expect((await a.checkCredentialBurst('Bearer x', '10.7.0.1')).blocked).toBe(true);
  });
});
