// What the HTTP layer holds while it runs: the store, the clock, the call limiter.
// Routes receive this object; they never open connections or write SQL themselves.
import type { Clock } from './clock.js';
import type { RateLimiter } from './rate-limit.js';
import type { Store } from './store/open-store.js';

export interface ServiceContext {
  store: Store;
  clock: Clock;
  limiter: RateLimiter;
}
