// Rate-limit window counter in Redis (REDIS_URL), shared by every service instance; same
// semantics as the PostgreSQL and memory counters (service/accounts/rate-limit.ts). One Lua script per
// take makes check-and-count atomic: each bucket is a hash of second -> calls.
// Redis down: a take fails at once (no offline queue, no retries) with 503
// rate_limit_unavailable, so rate limiting fails closed (docs/api.md, "Outages"); the client
// keeps reconnecting in the background and reports the outage once, not on every retry. Redis
// that stops answering (a connection up, no replies) fails a take after COMMAND_TIMEOUT_MS
// alike: one take is a short script, so a slow answer is no normal case.
import { Redis } from 'ioredis';
import { ServiceError } from '../../src/errors.js';
import { rateLimitUnavailable } from './store-outage.js';
import { takeOneAfterAnother, windowStart, type SecondCount, type TakeResult, type WindowCounter, type WindowSpec } from './window-counter.js';

// KEYS: buckets. ARGV: nowSec, then per bucket: window start (second), limit, ttl (seconds).
// Returns {admitted, then per bucket: count, oldest (-1 when empty), full (0/1)}.
const TAKE_SCRIPT = `
local nowSec = ARGV[1]
local n = #KEYS
local counts, oldest, full = {}, {}, {}
local refused = 0
for i = 1, n do
  local since = tonumber(ARGV[2 + (i - 1) * 3])
  local limit = tonumber(ARGV[3 + (i - 1) * 3])
  local all = redis.call('HGETALL', KEYS[i])
  local sum, old = 0, -1
  for j = 1, #all, 2 do
    local s = tonumber(all[j])
    if s < since then
      redis.call('HDEL', KEYS[i], all[j])
    else
      sum = sum + tonumber(all[j + 1])
      if old < 0 or s < old then old = s end
    end
  end
  counts[i], oldest[i] = sum, old
  if sum >= limit then full[i] = 1; refused = 1 else full[i] = 0 end
end
local out = {1 - refused}
for i = 1, n do
  if refused == 0 then
    redis.call('HINCRBY', KEYS[i], nowSec, 1)
    redis.call('EXPIRE', KEYS[i], tonumber(ARGV[4 + (i - 1) * 3]))
    counts[i] = counts[i] + 1
    if oldest[i] < 0 then oldest[i] = tonumber(nowSec) end
  end
  table.insert(out, counts[i]); table.insert(out, oldest[i]); table.insert(out, full[i])
end
return out
`;

const COMMAND_TIMEOUT_MS = 2000;

export interface RedisCounterOptions {
  /** Where the first failure of an outage is reported (default stderr). */
  onOutage?: (err: Error) => void;
}

export function createRedisCounter(url: string, prefix: string, opts: RedisCounterOptions = {}): WindowCounter {
  const onOutage = opts.onOutage ?? ((err: Error) => process.stderr.write(`rate limits: Redis at ${new URL(url).host} unreachable (${err.message}); calls answer 503 until it is back\n`));
  const redis = new Redis(url, {
    lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000, commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  // Without an 'error' listener ioredis logs "Unhandled error event" on every reconnection attempt.
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    onOutage(err);
  });
  redis.on('ready', () => { down = false; });
  // The first connection is made on first use (and retried on the next use if it failed);
  // later reconnections are ioredis's.
  let connecting: Promise<void> | null = null;
  const connect = (): Promise<void> => {
    if (redis.status !== 'wait' && redis.status !== 'end') return Promise.resolve();
    connecting ??= redis.connect().finally(() => { connecting = null; });
    return connecting;
  };
  const take = async (windows: WindowSpec[], nowMs: number): Promise<TakeResult> => {
    const nowSec = Math.floor(nowMs / 1000);
    const keys = windows.map((w) => prefix + w.key);
    const since = windows.map((w) => windowStart(nowMs, w.seconds));
    const args: (string | number)[] = [nowSec];
    windows.forEach((w, i) => args.push(since[i], w.limit, w.seconds + 120));
    const out = (await redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args)) as number[];
    if (out[0] === 1) {
      return { admitted: true, windows: windows.map((_, i) => ({ count: out[1 + i * 3], oldest: out[2 + i * 3] < 0 ? null : out[2 + i * 3] })) };
    }
    const refused = await Promise.all(windows.map(async (_, i): Promise<SecondCount[] | undefined> => {
      if (out[3 + i * 3] !== 1) return undefined;
      const h = await redis.hgetall(keys[i]);
      return Object.entries(h).map(([s, n]): SecondCount => [Number(s), Number(n)]).filter(([s]) => s >= since[i]);
    }));
    return { admitted: false, refused };
  };
  const counter: WindowCounter = {
    async take(windows, nowMs) {
      try {
        await connect();
        return await take(windows, nowMs);
      } catch (err) {
        if (err instanceof ServiceError) throw err;
        throw rateLimitUnavailable();
      }
    },
    takeInTurn: (stages, nowMs) => takeOneAfterAnother(counter, stages, nowMs),
    async add(windows, calls, nowMs) {
      const nowSec = Math.floor(nowMs / 1000);
      try {
        await connect();
        const batch = redis.multi();
        for (const w of windows) batch.hincrby(prefix + w.key, String(nowSec), calls).expire(prefix + w.key, w.seconds + 120);
        await batch.exec();
      } catch (err) {
        if (err instanceof ServiceError) throw err;
        throw rateLimitUnavailable();
      }
    },
    async check() {
      // A failed ping leaves the client as it is: ioredis reconnects by itself (retryStrategy), and
      // a disconnect here, under a load balancer's polling of /healthz, kept the service down
      // after Redis came back (issue "Production hardening, round 3", defect 1).
      try {
        await connect();
        await redis.ping();
      } catch (err) {
        throw new Error(`rate limits: Redis at ${new URL(url).host} cannot be reached (${(err as Error).message}); start it or unset REDIS_URL`);
      }
    },
    async close() {
      // quit asks Redis to close; a connection lost meanwhile is just dropped.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
  return counter;
}
