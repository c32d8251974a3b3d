// API keys on the real PostgreSQL: format, hash only, expiry, revocation, rotation grace, archive, last use, listing order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../fixtures/fake-clock.js';
import { archiveProject, restoreProject } from '../../../service/accounts/accounts.js';
import { authenticateApiKey, createApiKey, hashKey, listApiKeys, revokeApiKey, rotateApiKey } from '../../../service/accounts/api-keys.js';
import { openTestStore, seedOrganization } from './test-store.js';

const DAY = 86_400_000;
const clock = createFakeClock('2026-02-01T00:00:00.000Z');
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('apikeys', { clock }); });
afterAll(async () => { await store?.drop(); });

describe('API keys', () => {
  it('creates svc_<prefix>_<secret>, stores only its hash, and authenticates it', async () => {
    const { org, project } = await seedOrganization(store, 'keys', 0);
    const { key, record } = await createApiKey(store, { projectId: project.id, nome: 'ci', scopes: ['results:read', 'simulate'], expiresInDays: null });
    expect(key).toMatch(/^svc_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.split('_')[1]).toBe(record.prefixo);
    const stored = (await store.query('SELECT * FROM api_keys WHERE id = $1', [record.id])).rows[0];
    expect(JSON.stringify(stored)).not.toContain(key.slice(17));
    expect(Buffer.from(stored.hash).equals(hashKey(key))).toBe(true);
    expect(await authenticateApiKey(store, key)).toEqual({
      keyId: record.id, projectId: project.id, organizationId: org.id, keyPrefix: record.prefixo, scopes: ['results:read', 'simulate'],
    });
    // wrong secret with a real prefix, malformed, missing
    const wrong = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect(await authenticateApiKey(store, wrong)).toBeNull();
    expect(await authenticateApiKey(store, 'svc_abc')).toBeNull();
    expect(await authenticateApiKey(store, '')).toBeNull();
    expect(await authenticateApiKey(store, undefined)).toBeNull();
  });

  it('records the last use at most once a minute', async () => {
    const { project } = await seedOrganization(store, 'lastuse', 0);
    const { key, record } = await createApiKey(store, { projectId: project.id, nome: 'k', scopes: ['results:read'], expiresInDays: 7 });
    const t0 = clock.now();
    await authenticateApiKey(store, key);
    clock.advance(30_000);
    await authenticateApiKey(store, key);
    expect((await listApiKeys(store, project.id))[0].ultimo_uso_em).toEqual(t0);
    clock.advance(31_000);
    await authenticateApiKey(store, key);
    expect((await listApiKeys(store, project.id)).find((k) => k.id === record.id)!.ultimo_uso_em).toEqual(clock.now());
  });

  it('expires after its duration', async () => {
    const { project } = await seedOrganization(store, 'expiry', 0);
    const { key } = await createApiKey(store, { projectId: project.id, nome: 'k', scopes: ['simulate'], expiresInDays: 30 });
    clock.advance(30 * DAY - 1);
    expect(await authenticateApiKey(store, key)).not.toBeNull();
    clock.advance(1);
    expect(await authenticateApiKey(store, key)).toBeNull();
  });

  it('revokes at once; archive disables and restore re-enables', async () => {
    const { project } = await seedOrganization(store, 'revoke', 0);
    const a = await createApiKey(store, { projectId: project.id, nome: 'a', scopes: ['simulate'], expiresInDays: null });
    const b = await createApiKey(store, { projectId: project.id, nome: 'b', scopes: ['simulate'], expiresInDays: null });
    await revokeApiKey(store, a.record.id);
    expect(await authenticateApiKey(store, a.key)).toBeNull();
    await archiveProject(store, project.id);
    expect(await authenticateApiKey(store, b.key)).toBeNull();
    await restoreProject(store, project.id);
    expect(await authenticateApiKey(store, b.key)).not.toBeNull();
    expect(await authenticateApiKey(store, a.key)).toBeNull();
  });

  it('rotates with the same name, scopes and duration; the old key stops after the grace', async () => {
    const { project } = await seedOrganization(store, 'rotate', 0);
    const old = await createApiKey(store, { projectId: project.id, nome: 'deploy', scopes: ['results:read'], expiresInDays: 90 });
    const r1 = await rotateApiKey(store, old.record.id, { graceDays: 1 });
    expect(r1.record).toMatchObject({ nome: 'deploy', scopes: ['results:read'], duracao_dias: 90 });
    expect(r1.key).not.toBe(old.key);
    expect(r1.replaced.substituida_por).toBe(r1.record.id);
    expect(await authenticateApiKey(store, old.key)).not.toBeNull();
    clock.advance(DAY - 1);
    expect(await authenticateApiKey(store, old.key)).not.toBeNull();
    clock.advance(1);
    expect(await authenticateApiKey(store, old.key)).toBeNull();
    expect(await authenticateApiKey(store, r1.key)).not.toBeNull();
    // grace 0: the old one stops at once
    const r2 = await rotateApiKey(store, r1.record.id, { graceDays: 0 });
    expect(await authenticateApiKey(store, r1.key)).toBeNull();
    expect(await authenticateApiKey(store, r2.key)).not.toBeNull();
    // revoking during a grace ends it
    const r3 = await rotateApiKey(store, r2.record.id, { graceDays: 7 });
    expect(await authenticateApiKey(store, r2.key)).not.toBeNull();
    await revokeApiKey(store, r2.record.id);
    expect(await authenticateApiKey(store, r2.key)).toBeNull();
    expect(await authenticateApiKey(store, r3.key)).not.toBeNull();
    await expect(rotateApiKey(store, r2.record.id, { graceDays: 0 })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('rotates a key once: a key in its grace cannot be rotated again, and two rotations at once make one successor', async () => {
    const { project } = await seedOrganization(store, 'rotate once', 0);
    const old = await createApiKey(store, { projectId: project.id, nome: 'ci', scopes: ['simulate'], expiresInDays: null });
    const first = await rotateApiKey(store, old.record.id, { graceDays: 7 });
    await expect(rotateApiKey(store, old.record.id, { graceDays: 7 })).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/já foi rotacionada/) });
    expect(await authenticateApiKey(store, first.key)).not.toBeNull();

    const other = await createApiKey(store, { projectId: project.id, nome: 'ci2', scopes: ['simulate'], expiresInDays: null });
    const both = await Promise.allSettled([1, 2, 3].map(() => rotateApiKey(store, other.record.id, { graceDays: 1 })));
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const names = (await listApiKeys(store, project.id)).map((k) => k.nome);
    expect(names.filter((n) => n === 'ci2')).toHaveLength(2);
  });

  it('lists the newest first: a rotation\'s new key before the old one, also when both were created in the same instant', async () => {
    const { project } = await seedOrganization(store, 'order', 0);
    const a = await createApiKey(store, { projectId: project.id, nome: 'a', scopes: ['simulate'], expiresInDays: null });
    // the clock does not move: creation time ties, creation order decides
    const r1 = await rotateApiKey(store, a.record.id, { graceDays: 7 });
    const r2 = await rotateApiKey(store, r1.record.id, { graceDays: 7 });
    clock.advance(1);
    const b = await createApiKey(store, { projectId: project.id, nome: 'b', scopes: ['simulate'], expiresInDays: null });
    expect((await listApiKeys(store, project.id)).map((k) => k.id)).toEqual([b.record.id, r2.record.id, r1.record.id, a.record.id]);
  });
});
