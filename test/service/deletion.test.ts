// Deletion with undo (spec "Deletion") against the real PostgreSQL and a fake clock: a deleted
// project's keys stop at once and come back on undo; 7 days later the sweep erases its job data,
// keys, webhook and diagnoses and keeps each job's record with its hashes; a closed
// organization's members go after its 7 days, its credit statement stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, listMembers } from '../../service/accounts/accounts.js';
import { authenticateApiKey, createApiKey } from '../../service/accounts/api-keys.js';
import { closeOrganization, deleteProject, reopenOrganization, undoProjectDeletion } from '../../service/accounts/deletion.js';
import { sweepDeletions } from '../../service/worker/sweep-deletions.js';
import { createJob, getJob } from '../../service/jobs/jobs.js';
import { listEntries } from '../../service/accounts/ledger.js';
import { claimNextJob, completeJob } from '../../service/jobs/queue.js';
import { PUBLIC_ONLY } from '../../service/webhooks/address-policy.js';
import { setWebhook } from '../../service/webhooks/webhook-config.js';
import { createFakeClock } from '../fixtures/fake-clock.js';
import { openTestStore, quoteOf, seedOrganization } from './store/test-store.js';

const clock = createFakeClock('2026-05-04T10:00:00.000Z');
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('deletion', { clock }); });
afterAll(async () => { await store?.drop(); });
const DAY = 86_400_000;
const count = async (sql: string, args: unknown[]) => (await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, args)).rows[0].n;

describe('deletion with undo', () => {
  it('stops a deleted project at once, undoes within 7 days, and erases it for good after', async () => {
    const { project } = await seedOrganization(store, 'apagar', 1_000_000);
    const { key } = await createApiKey(store, { projectId: project.id, nome: 'k', scopes: ['results:read'], expiresInDays: null });
    await setWebhook(store, project.id, 'https://receiver.example/hook', { policy: PUBLIC_ONLY, resolve: async () => ['93.184.216.34'] });
    const done = (await createJob(store, { projectId: project.id, tipo: 'simulacao', pedido: { x: 1 }, quote: quoteOf(100), idempotencyKey: 'a', requestHash: 'hash-a' })).job;
    await claimNextJob(store, 'w');
    await completeJob(store, done.id, { formato: 'test', dados: new Uint8Array([1, 2]) }, { workerId: 'w' });
    const waiting = (await createJob(store, { projectId: project.id, tipo: 'simulacao', pedido: { x: 2 }, quote: quoteOf(100), idempotencyKey: 'b', requestHash: 'hash-b' })).job;

    await deleteProject(store, project.id);
    expect(await authenticateApiKey(store, key)).toBeNull();
    clock.advance(6 * DAY);
    await sweepDeletions(store);
    expect(await count('api_keys WHERE project_id = $1', [project.id])).toBe(1); // not yet
    await undoProjectDeletion(store, project.id);
    expect(await authenticateApiKey(store, key)).not.toBeNull();

    await deleteProject(store, project.id);
    clock.advance(7 * DAY - 1);
    expect(await sweepDeletions(store)).toEqual({ projetos: 0, organizacoes: 0 });
    await expect(undoProjectDeletion(store, project.id)).resolves.toBeDefined(); // the last millisecond
    await deleteProject(store, project.id);
    clock.advance(7 * DAY);
    await expect(undoProjectDeletion(store, project.id)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await sweepDeletions(store)).toEqual({ projetos: 1, organizacoes: 0 });

    const erased = await getJob(store, project.id, done.id);
    expect(erased.pedido).toBeNull();
    expect(erased.request_hash).toBe('hash-a'); // the record and its hashes stay
    expect(await count('results WHERE job_id = $1', [done.id])).toBe(0);
    expect((await getJob(store, project.id, waiting.id)).estado).toBe('cancelado');
    expect(await count('api_keys WHERE project_id = $1', [project.id])).toBe(0);
    expect(await count('webhooks WHERE project_id = $1', [project.id])).toBe(0);
    expect(await sweepDeletions(store)).toEqual({ projetos: 0, organizacoes: 0 }); // once
  });

  it('closes an organization at once, reopens within 7 days, erases projects and members after; the statement stays', async () => {
    const { org, project } = await seedOrganization(store, 'fechar', 500_000);
    await addMember(store, { organizationId: org.id, email: 'dona@exemplo.org', papel: 'owner' });
    const { key } = await createApiKey(store, { projectId: project.id, nome: 'k', scopes: ['results:read'], expiresInDays: null });
    await closeOrganization(store, org.id);
    expect(await authenticateApiKey(store, key)).toBeNull();
    await reopenOrganization(store, org.id);
    expect(await authenticateApiKey(store, key)).not.toBeNull();
    await closeOrganization(store, org.id);
    clock.advance(7 * DAY + 1);
    expect(await sweepDeletions(store)).toEqual({ projetos: 1, organizacoes: 1 });
    expect(await listMembers(store, org.id)).toEqual([]);
    expect(await count('api_keys WHERE project_id = $1', [project.id])).toBe(0);
    expect((await listEntries(store, org.id)).map((e) => e.valor_micros)).toEqual([500_000]);
  });
});
