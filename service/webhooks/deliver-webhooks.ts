// The sending side of webhooks, run by the worker process (service/worker/webhook-deliveries.ts): claim the due
// deliveries, send each attempt, record its outcome and schedule the retry. Claims are leased
// rows taken with FOR UPDATE SKIP LOCKED, so any number of workers send each attempt once; a
// worker that dies mid-send leaves a lease that expires, and the attempt is made again with the
// same Svc-Webhook-Id (receivers ignore repeated ids: spec "Events").
import type { Agent } from 'undici';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { WEBHOOK_SQL } from '../store/queries/webhooks.js';
import { nextAttemptAt } from './retry-schedule.js';
import { SEND_TIMEOUT_MS, sendWebhook } from './send-webhook.js';

/** A lease outlives the send's timeout with room for recording the outcome. */
const LEASE_MS = SEND_TIMEOUT_MS + 20_000;
/** Deliveries one pass claims (sent concurrently). */
export const DELIVERY_BATCH = 20;

interface ClaimedRow {
  id: string;
  corpo: string;
  tentativas: number;
  reservada_ate: Date;
  url: string;
  segredo: string;
}

/** One pass: sends every claimed due delivery once; returns how many were attempted. */
export async function deliverDueWebhooks(store: Store, o: { agent: Agent; clock?: Clock; batch?: number }): Promise<number> {
  const clock = o.clock ?? store.clock;
  const now = clock.now();
  const rows = (await store.query<ClaimedRow>(WEBHOOK_SQL.claimDue, [now, new Date(now.getTime() + LEASE_MS), o.batch ?? DELIVERY_BATCH])).rows;
  await Promise.all(rows.map(async (row) => {
    const outcome = await sendWebhook(o.agent, row, clock.now().getTime());
    const at = clock.now();
    const next = outcome.ok ? null : nextAttemptAt(row.tentativas + 1, at);
    const estado = outcome.ok ? 'entregue' : next ? 'pendente' : 'abandonada';
    // NUL cannot be stored in a PostgreSQL text column
    const clean = (s: string | null) => (s === null ? null : s.replaceAll('\0', ''));
    await store.query(WEBHOOK_SQL.recordAttempt, [row.id, row.reservada_ate, estado, next, at, outcome.status, clean(outcome.resposta), clean(outcome.erro)]);
  }));
  return rows.length;
}
