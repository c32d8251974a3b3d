// Test harness of the HTTP layer: the real app (buildApp) over the real PostgreSQL in a fresh
// schema per test file, a fake clock, one organization with a project, credits and three keys
// (both scopes, read only, simulate only). Requests go through app.inject.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../service/app.js';
import { createApiKey, type Scope } from '../../../service/accounts/api-keys.js';
import { createFakeClock, type FakeClock } from '../../fixtures/fake-clock.js';
import type { JobRow } from '../../../service/jobs/job-row.js';
import { createJob } from '../../../service/jobs/jobs.js';
import { claimNextJob, completeJob } from '../../../service/jobs/queue.js';
import type { Store } from '../../../service/store/open-store.js';
import { openTestStore, quoteOf, seedOrganization } from '../store/test-store.js';

export interface Harness {
  app: FastifyInstance;
  store: Store;
  clock: FakeClock;
  orgId: string;
  projectId: string;
  keys: { full: string; reader: string; simulator: string };
  /** GET/POST with a key (null: no Authorization header). */
  call(method: 'GET' | 'POST', url: string, key: string | null, opts?: { body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  newKey(scopes: Scope[], projectId?: string): Promise<string>;
  /** Another organization with one project, `credits` micros and a key with both scopes. */
  newAccount(credits: number): Promise<{ orgId: string; projectId: string; key: string }>;
  close(): Promise<void>;
}

export async function openHarness(label: string, credits = 1_000_000_000): Promise<Harness> {
  const clock = createFakeClock('2026-11-02T12:00:00.000Z');
  const store = await openTestStore(`http_${label}`, { clock });
  const { org, project } = await seedOrganization(store, `Org ${label}`, credits);
  const app = await buildApp({ store, clock });
  const newKey = async (scopes: Scope[], projectId = project.id) =>
    (await createApiKey(store, { projectId, nome: scopes.join('+'), scopes, expiresInDays: null })).key;
  const keys = {
    full: await newKey(['results:read', 'simulate']),
    reader: await newKey(['results:read']),
    simulator: await newKey(['simulate']),
  };
  return {
    app, store, clock, orgId: org.id, projectId: project.id, keys, newKey,
    async newAccount(amount) {
      const other = await seedOrganization(store, `Org ${label} ${Math.random().toString(36).slice(2, 8)}`, amount);
      return { orgId: other.org.id, projectId: other.project.id, key: await newKey(['results:read', 'simulate'], other.project.id) };
    },
    call(method, url, key, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (key !== null) headers.authorization = `Bearer ${key}`;
      return app.inject({ method, url, headers, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
    },
    async close() {
      await app.close();
      await store.drop();
    },
  };
}

let seq = 0;
/** A job created straight in the store (state set-up for routes that read or change jobs). */
export async function insertJob(h: Harness, opts: { preco?: number; tipo?: 'simulacao' | 'calibracao'; projectId?: string } = {}): Promise<JobRow> {
  seq += 1;
  const { job } = await createJob(h.store, {
    projectId: opts.projectId ?? h.projectId,
    tipo: opts.tipo ?? 'simulacao',
    pedido: { nome: `job ${seq}` },
    quote: quoteOf(opts.preco ?? 1_000_000),
    idempotencyKey: `insert-${seq}-${Math.random()}`,
    requestHash: `hash-${seq}`,
  });
  return job;
}

/** Claims the oldest reservado job of the organization and concludes it with the given stored bytes. */
export async function concludeNext(h: Harness, stored: { formato: string; dados: Uint8Array }): Promise<JobRow> {
  const job = await claimNextJob(h.store, 'test-worker');
  if (!job) throw new Error('no job to claim');
  const done = await completeJob(h.store, job.id, stored, { workerId: 'test-worker' });
  if (!done) throw new Error('job could not be concluded');
  return done;
}
