// Rate-limit window counter in Redis (REDIS_URL), shared by every service instance; same
// semantics as the PostgreSQL and memory counters (service/rate-limit.ts). One Lua script per
// take makes check-and-count atomic: each bucket is a hash of second -> calls.
import { Redis } from 'ioredis';
import { windowStart, type SecondCount, type TakeResult, type WindowCounter, type WindowSpec } from './window-counter.js';

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

export function createRedisCounter(url: string, prefix: string): WindowCounter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async take(windows: WindowSpec[], nowMs: number): Promise<TakeResult> {
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
    },
    async close() { await redis.quit(); },
  };
}
