// The worker's webhook deliveries: it sends the due ones (webhooks/deliver-webhooks.ts) through
// its agent, at once again while there were some, else after pollMs.
import type { Agent } from 'undici';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { deliverDueWebhooks } from '../webhooks/deliver-webhooks.js';
import { runLoop } from './run-loop.js';

export interface WebhookDeliveriesOptions {
  store: Store;
  clock: Clock;
  agent: Agent;
  pollMs: number;
  signal: AbortSignal;
  onError(err: unknown, loop: string): void;
}

/** Sends due webhook deliveries until the worker stops. */
export function runWebhookDeliveries(o: WebhookDeliveriesOptions): Promise<void> {
  return runLoop({
    name: 'webhooks', intervalMs: o.pollMs, signal: o.signal, onError: o.onError,
    work: async () => ((await deliverDueWebhooks(o.store, { agent: o.agent, clock: o.clock })) > 0 ? 'more' : 'idle'),
  });
}
