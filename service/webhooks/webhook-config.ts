// A project's webhook (spec "Events": one per project, https and public, the signing secret shown
// once, a new secret signs later deliveries at once, removal discards what is queued, a test
// ping, the latest deliveries). The CLI (cli/admin-webhook.ts) and the console call these.
// SQL in store/queries/webhooks.ts.
import { ServiceError } from '../../src/errors.js';
import { getProject } from '../accounts/accounts.js';
import { isUuid } from '../store/uuid.js';
import type { Queryable, Store } from '../store/open-store.js';
import { WEBHOOK_SQL } from '../store/queries/webhooks.js';
import type { AddressPolicy } from './address-policy.js';
import { checkWebhookUrl, type ResolveHost } from './check-webhook-url.js';
import { newWebhookSecret } from './sign-webhook.js';

export type WebhookEvent = 'job.concluido' | 'job.falhou' | 'job.cancelado' | 'ping';

export interface Webhook {
  project_id: string;
  url: string;
  criado_em: Date;
  segredo_trocado_em: Date;
}

export interface DeliveryLogRow {
  id: string;
  evento: WebhookEvent;
  job_id: string | null;
  /** The body as sent (JSON text), the same at every attempt. */
  corpo: string;
  estado: 'pendente' | 'entregue' | 'abandonada';
  tentativas: number;
  criado_em: Date;
  ultima_em: Date | null;
  proxima_em: Date | null;
  status_resposta: number | null;
  resposta: string | null;
  erro: string | null;
}

/** Deliveries the log lists at most. */
export const DELIVERY_LOG_LIMIT = 50;

async function requireWebhook(db: Queryable, projectId: string): Promise<Webhook> {
  await getProject(db, projectId);
  const w = (await db.query<Webhook>(WEBHOOK_SQL.get, [projectId])).rows[0];
  if (!w) throw new ServiceError('not_found', `project ${projectId} has no webhook`);
  return w;
}

/** Sets (or replaces) the project's webhook with a new secret, returned only here. */
export async function setWebhook(store: Store, projectId: string, url: string, o: { policy: AddressPolicy; resolve?: ResolveHost }): Promise<Webhook & { segredo: string }> {
  await getProject(store, projectId);
  const checked = await checkWebhookUrl(url, o.policy, o.resolve);
  const segredo = newWebhookSecret();
  const w = (await store.query<Webhook>(WEBHOOK_SQL.upsert, [projectId, checked.href, segredo, store.clock.now()])).rows[0];
  return { ...w, segredo };
}

export async function getWebhook(store: Store, projectId: string): Promise<Webhook> {
  return requireWebhook(store, projectId);
}

/** A new secret, returned only here; the next attempt of every delivery is signed with it. */
export async function rotateWebhookSecret(store: Store, projectId: string): Promise<Webhook & { segredo: string }> {
  await requireWebhook(store, projectId);
  const segredo = newWebhookSecret();
  const w = (await store.query<Webhook>(WEBHOOK_SQL.rotateSecret, [projectId, segredo, store.clock.now()])).rows[0];
  return { ...w, segredo };
}

/** Removes the webhook: no more notices, and its queued deliveries (and their log) are deleted. */
export async function removeWebhook(store: Store, projectId: string): Promise<{ project_id: string; removido: true }> {
  await requireWebhook(store, projectId);
  await store.query(WEBHOOK_SQL.remove, [projectId]);
  return { project_id: projectId, removido: true };
}

/**
 * Queues a delivery of `evento` for the project's webhook, if it has one: the delivery id, or
 * null. A job's end is queued in the transaction of its state change (jobs/job-events.ts).
 */
export async function enqueueDelivery(db: Queryable, projectId: string, evento: WebhookEvent, jobId: string | null, corpo: unknown, now: Date): Promise<string | null> {
  const r = await db.query<{ id: string }>(WEBHOOK_SQL.enqueue, [projectId, evento, jobId, JSON.stringify(corpo), now]);
  return r.rows[0]?.id ?? null;
}

/** A test delivery (event ping; its body, which the spec leaves open: {evento, criado_em, project_id}). */
export async function sendTestPing(store: Store, projectId: string): Promise<{ id: string }> {
  await requireWebhook(store, projectId);
  const now = store.clock.now();
  const id = await enqueueDelivery(store, projectId, 'ping', null, { evento: 'ping', criado_em: now.toISOString(), project_id: projectId }, now);
  if (id === null) throw new ServiceError('not_found', `project ${projectId} has no webhook`);
  return { id };
}

/**
 * Sends a delivery again, now: back to pendente with the same id (Svc-Webhook-Id) and body, so a
 * receiver that already has it ignores it (spec "Events"). Its attempts go on counting: one that
 * was abandoned gets one more attempt. Refused (422) while an attempt of it is in flight.
 */
export async function resendDelivery(store: Store, projectId: string, deliveryId: string): Promise<{ id: string }> {
  await requireWebhook(store, projectId);
  if (!isUuid(deliveryId)) throw new ServiceError('not_found', `delivery ${deliveryId} does not exist`);
  const r = await store.query<{ id: string }>(WEBHOOK_SQL.resend, [deliveryId, projectId, store.clock.now()]);
  if (r.rows.length > 0) return r.rows[0];
  if ((await store.query(WEBHOOK_SQL.getDelivery, [deliveryId, projectId])).rows.length === 0) throw new ServiceError('not_found', `delivery ${deliveryId} does not exist`);
  throw new ServiceError('invalid_request', 'esta entrega está sendo enviada agora: espere a tentativa terminar');
}

/** The latest deliveries, newest first, with state, attempts and the receiver's answer. */
export async function listWebhookDeliveries(store: Store, projectId: string, limit = DELIVERY_LOG_LIMIT): Promise<DeliveryLogRow[]> {
  await requireWebhook(store, projectId);
  return (await store.query<DeliveryLogRow>(WEBHOOK_SQL.latest, [projectId, Math.min(Math.max(1, limit), DELIVERY_LOG_LIMIT)])).rows;
}
