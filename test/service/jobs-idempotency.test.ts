// 20 concurrent submissions with one Idempotency-Key on the real PostgreSQL: one job, one reservation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '../../service/jobs/jobs.js';
import { balance, listEntries } from '../../service/accounts/ledger.js';
import { openTestStore, quoteOf, seedOrganization } from './store/test-store.js';

let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('idem', { poolSize: 20 }); });
afterAll(async () => { await store?.drop(); });

describe('createJob under concurrency', () => {
  it('creates exactly one job and one reservation for 20 concurrent calls with one key', async () => {
    const { org, project } = await seedOrganization(store, 'concurrent', 10_000_000);
    const input = { projectId: project.id, tipo: 'simulacao' as const, pedido: { nome: 'x' }, quote: quoteOf(1_234_567), idempotencyKey: 'one-key', requestHash: 'same' };
    const out = await Promise.all(Array.from({ length: 20 }, () => createJob(store, input)));
    expect(new Set(out.map((o) => o.job.id)).size).toBe(1);
    expect(out.filter((o) => o.created)).toHaveLength(1);
    const entries = await listEntries(store, org.id);
    expect(entries.filter((e) => e.tipo === 'reserva')).toHaveLength(1);
    expect(await balance(store, org.id)).toBe(10_000_000 - 1_234_567);
    const jobs = (await store.query('SELECT count(*)::int AS n FROM jobs WHERE project_id = $1', [project.id])).rows[0].n;
    expect(jobs).toBe(1);
  });

  it('refuses the concurrent calls that carry a different request with 409, creating nothing more', async () => {
    const { org, project } = await seedOrganization(store, 'concurrent-mixed', 10_000_000);
    const base = { projectId: project.id, tipo: 'simulacao' as const, pedido: {}, quote: quoteOf(1_000_000), idempotencyKey: 'k' };
    const out = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => createJob(store, { ...base, requestHash: i % 2 === 0 ? 'a' : 'b' })));
    const ok = out.filter((o) => o.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof createJob>>>[];
    const refused = out.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(10);
    expect(new Set(ok.map((o) => o.value.job.id)).size).toBe(1);
    expect(refused.every((r) => r.reason.code === 'idempotency_key_reused' && r.reason.status === 409)).toBe(true);
    expect(await balance(store, org.id)).toBe(9_000_000);
  });

  it('never overdraws under 20 concurrent submissions with different keys', async () => {
    const { org, project } = await seedOrganization(store, 'overdraw', 5_000_000);
    const out = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => createJob(store, {
      projectId: project.id, tipo: 'simulacao', pedido: {}, quote: quoteOf(1_000_000), idempotencyKey: `k${i}`, requestHash: `h${i}`,
    })));
    expect(out.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(out.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason.code === 'insufficient_credits')).toBe(true);
    expect(await balance(store, org.id)).toBe(0);
  });
});
