// What the service holds while it runs: the store, the clock, the call limiter, and the log of the
// process (the app's; absent where nothing is logged). Operations
// (service/operations/) receive it from the HTTP routes and the MCP tools; they never open connections or write SQL themselves.
import type { Clock } from './store/clock.js';
import type { RateLimiter } from './accounts/rate-limit.js';
import type { Store } from './store/open-store.js';

export interface ServiceContext {
  store: Store;
  clock: Clock;
  limiter: RateLimiter;
  log?: { warn(obj: object, msg: string): void };
}
