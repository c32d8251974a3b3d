// Call limits of the spec's Limits section.
// - Hourly budgets, sliding (the last hour from now): 1,000 calls per key or agent and 5,000
//   per organization. Over budget: 429 query_budget_exceeded with Retry-After (seconds).
//   countCall is called for calls with a valid credential and the route's scope (refused-later
//   calls count); a call refused with 429 is not counted (it never ran).
// - Bursts in 5 minutes: 600 per credential and 1,000 per origin address (a heavy read counts as
//   several calls there: chargeBurst, service/http/heavy-read.ts). The credential is the
//   bearer token (hashed), so `bearer K`, `Bearer  K` and `BEARER K` share one bucket; a header of
//   another form counts as its own text. Blocked: a BurstBlocked result for a 403 with no JSON body; a blocked
//   call is counted neither in the burst window nor in the hour, so the block ends by itself
//   when the last 5 minutes fall back under the limit.
// - People's sign-in to the console: 10 failed attempts per e-mail and 30 per origin address in
//   15 minutes (sign-ups count in the address's window; a password-reset request counts in an
//   e-mail window of its own and the same address window); past them 429 with Retry-After. An
//   attempt is counted before the password is checked (parallel guesses cannot all slip under the
//   limit) and given back when the password was right: only failures stay counted (issue 59: an
//   ordinary walk of sign-ins locked an account).
// Windows count calls per whole second: a call is counted until the second after its hour (or
// 5 minutes) has passed, never released early.
// Counters are shared across service instances through PostgreSQL (store/rate-limit-postgres.ts)
// or Redis when REDIS_URL is set (store/rate-limit-redis.ts). The embedded store (PGlite) is
// opened by one process only, so it counts in memory (store/rate-limit-memory.ts: same semantics,
// nothing to share). What a counter does is store/window-counter.ts.
// Counters out of reach (Redis down): calls are refused with 503 rate_limit_unavailable, i.e.
// rate limiting fails closed: the limits protect the service and its budgets, and a service
// that cannot count cannot tell a flood from normal use. The database's outage is the store's
// 503 store_unavailable (store/store-outage.ts).
import { createHash } from 'node:crypto';
import { ServiceError } from '../../src/errors.js';
import { systemClock, type Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { createMemoryCounter } from '../store/rate-limit-memory.js';
import { createPostgresCounter } from '../store/rate-limit-postgres.js';
import { createRedisCounter } from '../store/rate-limit-redis.js';
import type { SecondCount, TakeResult, WindowCounter, WindowSpec } from '../store/window-counter.js';

/** The spec's numbers (Limits). */
export const LIMITS = {
  perKeyPerHour: 1000,
  perOrganizationPerHour: 5000,
  burstPerCredential: 600,
  burstPerAddress: 1000,
  hourSeconds: 3600,
  burstSeconds: 300,
  // People's sign-in (the spec sets none): failed attempts per e-mail and per origin address in
  // 15 minutes. Sign-up counts in the address's window too.
  signInPerAccount: 10,
  signInPerAddress: 30,
  signInSeconds: 900,
} as const;

export type Limits = { -readonly [K in keyof typeof LIMITS]: number };

export interface BurstBlocked {
  blocked: true;
  /** Which limit blocked: the credential's or the origin address's burst, or a sign-in's account or address. */
  por: 'credential' | 'address' | 'account';
  retryAfterSeconds: number;
}
export type BurstResult = { blocked: false } | BurstBlocked;
/** A sign-in attempt admitted: counted until `succeeded` gives it back (the password was right). */
export type SignInResult = { blocked: false; succeeded(): Promise<void> } | BurstBlocked;

/** Whose hourly budgets a call counts in: a key or agent, and its organization. */
export interface CallSubject { keyId: string; orgId: string }

/** The binding budget after a counted call, for the standard RateLimit headers. */
export interface CallBudget {
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted call leaves the window (remaining grows). */
  reset: number;
  /** RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy. */
  headers: Record<string, string>;
}

export interface RateLimiter {
  /** Burst check of every request (any route but the schema routes); records it when admitted. credential: the bearer token (or the Authorization value of another form), or null. */
  checkCredentialBurst(credential: string | null | undefined, ip: string): Promise<BurstResult>;
  /**
   * Counts one attempt to sign in as `email` (normalised: trimmed, lower case), or, with null, to
   * sign up, from `ip`, when both windows have room; blocked otherwise (nothing is counted). An
   * admitted attempt whose password was right is given back with `succeeded()`.
   */
  checkSignIn(email: string | null, ip: string): Promise<SignInResult>;
  /** Counts one request of a password-reset e-mail for `email` from `ip` (its own e-mail window, the sign-in address window). */
  checkPasswordReset(email: string, ip: string): Promise<BurstResult>;
  /** Counts one call of a key or agent (`keyId`) of organization `orgId`; throws 429 query_budget_exceeded when over budget. */
  countCall(subject: CallSubject): Promise<CallBudget>;
  /**
   * checkCredentialBurst, then countCall when the burst admits the call, in one exchange with the
   * counters (for a call whose credential and scope are known before the burst check): the burst's
   * block, or the count's budget or its 429 (returned, not thrown).
   */
  checkBurstThenCount(credential: string | null | undefined, ip: string, subject: CallSubject): Promise<BurstBlocked | { blocked: false; count: CallBudget | ServiceError }>;
  /**
   * Counts `calls` more calls in the burst windows of `credential` and `ip`, past their limits if
   * need be: the extra weight of a heavy read (service/http/heavy-read.ts), which the call's own
   * burst check admitted as one. The credential and the address are then blocked until the last 5
   * minutes fall back under their limits.
   */
  chargeBurst(credential: string | null | undefined, ip: string, calls: number): Promise<void>;
  /** Where the counters live (GET /healthz says it). */
  readonly backend: RateLimitBackend;
  /** Throws when the counters cannot be reached (called at start, and by GET /healthz). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export type RateLimitBackend = 'memory' | 'postgres' | 'redis';

export interface RateLimiterOptions {
  store?: Store;
  /** Redis URL (REDIS_URL): counters live in Redis. */
  redisUrl?: string;
  clock?: Clock;
  /** Default: redis when redisUrl, postgres when the store is a PostgreSQL server, memory otherwise. */
  backend?: RateLimitBackend;
  /** Namespace of the Redis keys (tests). */
  keyPrefix?: string;
  /** Other numbers than the spec's (tests of the shared counters with small limits; benchmarks). */
  limits?: Partial<Limits>;
}

export function createRateLimiter(opts: RateLimiterOptions = {}): RateLimiter {
  const clock = opts.clock ?? opts.store?.clock ?? systemClock;
  const backend = opts.backend ?? (opts.redisUrl ? 'redis' : opts.store?.kind === 'postgres' ? 'postgres' : 'memory');
  let counter: WindowCounter;
  if (backend === 'redis') {
    if (!opts.redisUrl) throw new Error('the redis rate-limit backend needs redisUrl');
    counter = createRedisCounter(opts.redisUrl, opts.keyPrefix ?? 'campaign-sim:rl:');
  } else if (backend === 'postgres') {
    if (!opts.store) throw new Error('the postgres rate-limit backend needs a store');
    counter = createPostgresCounter(opts.store);
  } else {
    counter = createMemoryCounter();
  }
  return buildLimiter(backend, counter, clock, opts.limits);
}

function buildLimiter(backend: RateLimitBackend, counter: WindowCounter, clock: Clock, limits: Partial<Limits> = {}): RateLimiter {
  const L: Limits = { ...LIMITS, ...limits };
  const budgetHeaders = (limit: number, remaining: number, reset: number): Record<string, string> => ({
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(remaining),
    'RateLimit-Reset': String(reset),
    'RateLimit-Policy': `${limit};w=${L.hourSeconds}`,
  });
  type BurstWindow = WindowSpec & { por: BurstBlocked['por'] };
  /** The block of a refused take of `windows`: the first full one's. */
  const blockOf = (refused: Array<SecondCount[] | undefined>, windows: BurstWindow[], nowMs: number): BurstBlocked => {
    const i = refused.findIndex((x) => x !== undefined);
    return { blocked: true, por: windows[i].por, retryAfterSeconds: retryAfterSeconds(refused[i]!, windows[i], nowMs) };
  };
  /** Takes one call in `windows` (each with who it stands for); the first full one blocks. */
  const takeOrBlock = async (windows: BurstWindow[]): Promise<BurstResult> => {
    const nowMs = clock.now().getTime();
    const r = await counter.take(windows, nowMs);
    return r.admitted ? { blocked: false } : blockOf(r.refused, windows, nowMs);
  };
  const burstWindows = (credential: string | null | undefined, ip: string): BurstWindow[] => [
    ...(credential ? [{ key: `c:${credentialDigest(credential)}`, limit: L.burstPerCredential, seconds: L.burstSeconds, por: 'credential' as const }] : []),
    { key: `a:${ip}`, limit: L.burstPerAddress, seconds: L.burstSeconds, por: 'address' },
  ];
  const hourWindows = ({ keyId, orgId }: CallSubject): WindowSpec[] => [
    { key: `k:${keyId}`, limit: L.perKeyPerHour, seconds: L.hourSeconds },
    { key: `o:${orgId}`, limit: L.perOrganizationPerHour, seconds: L.hourSeconds },
  ];
  /** The budget a take of the hour's windows left, or its 429 when they were full. */
  const budgetOf = (r: TakeResult, windows: WindowSpec[], nowMs: number): CallBudget | ServiceError => {
    if (!r.admitted) {
      let wait = 0;
      let which = 0;
      r.refused.forEach((counts, i) => {
        if (!counts) return;
        const w = retryAfterSeconds(counts, windows[i], nowMs);
        if (w > wait) { wait = w; which = i; }
      });
      const limit = windows[which].limit;
      return new ServiceError('query_budget_exceeded',
        `too many calls in the last hour (${limit} per ${which === 0 ? 'key or agent' : 'organization'}); retry in ${wait} s`,
        { headers: { 'Retry-After': String(wait), ...budgetHeaders(limit, 0, wait) } });
    }
    // The binding budget is the one with fewer calls left.
    const budgets = r.windows.map((w, i) => ({
      limit: windows[i].limit,
      remaining: Math.max(0, windows[i].limit - w.count),
      reset: w.oldest === null ? windows[i].seconds : expiresInSeconds(w.oldest, windows[i].seconds, nowMs),
    }));
    const b = budgets[0].remaining <= budgets[1].remaining ? budgets[0] : budgets[1];
    return { ...b, headers: budgetHeaders(b.limit, b.remaining, b.reset) };
  };
  return {
    backend,
    checkCredentialBurst(credential, ip) {
      return takeOrBlock(burstWindows(credential, ip));
    },

    async checkSignIn(email, ip) {
      const windows: BurstWindow[] = [
        ...(email !== null ? [{ key: `p:${credentialDigest(email)}`, limit: L.signInPerAccount, seconds: L.signInSeconds, por: 'account' as const }] : []),
        { key: `pa:${ip}`, limit: L.signInPerAddress, seconds: L.signInSeconds, por: 'address' },
      ];
      const nowMs = clock.now().getTime();
      const r = await counter.take(windows, nowMs);
      if (!r.admitted) return blockOf(r.refused, windows, nowMs);
      // given back in the second it was counted in, so the window holds no trace of it
      return { blocked: false, succeeded: () => counter.add(windows, -1, nowMs) };
    },

    checkPasswordReset(email, ip) {
      return takeOrBlock([
        { key: `r:${credentialDigest(email)}`, limit: L.signInPerAccount, seconds: L.signInSeconds, por: 'account' },
        { key: `pa:${ip}`, limit: L.signInPerAddress, seconds: L.signInSeconds, por: 'address' },
      ]);
    },

    async countCall(subject) {
      const windows = hourWindows(subject);
      const nowMs = clock.now().getTime();
      const budget = budgetOf(await counter.take(windows, nowMs), windows, nowMs);
      if (budget instanceof ServiceError) throw budget;
      return budget;
    },

    async checkBurstThenCount(credential, ip, subject) {
      const burst = burstWindows(credential, ip);
      const hour = hourWindows(subject);
      const nowMs = clock.now().getTime();
      const [b, h] = await counter.takeInTurn([burst, hour], nowMs);
      if (!b.admitted) return blockOf(b.refused, burst, nowMs);
      return { blocked: false, count: budgetOf(h!, hour, nowMs) };
    },

    async chargeBurst(credential, ip, calls) {
      if (calls > 0) await counter.add(burstWindows(credential, ip), calls, clock.now().getTime());
    },

    check: () => counter.check(),
    close: () => counter.close(),
  };
}

/** The credential is a secret (and an e-mail personal data): buckets are named by its digest. */
function credentialDigest(credential: string): string {
  return createHash('sha256').update(credential).digest('base64url').slice(0, 32);
}

function expiresInSeconds(second: number, seconds: number, nowMs: number): number {
  return Math.max(1, Math.ceil(((second + seconds + 1) * 1000 - nowMs) / 1000));
}

/** Seconds until enough calls leave a full window for one more call to fit. */
function retryAfterSeconds(counts: SecondCount[], w: WindowSpec, nowMs: number): number {
  const sorted = [...counts].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, [, n]) => s + n, 0);
  const mustLeave = total - w.limit + 1;
  let left = 0;
  for (const [second, n] of sorted) {
    left += n;
    if (left >= mustLeave) return expiresInSeconds(second, w.seconds, nowMs);
  }
  return 1;
}
