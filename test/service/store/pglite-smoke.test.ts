// The embedded store (PGlite) in a temporary directory: the same SQL and flow as on the server,
// one process per data directory (lock file), data kept across reopening.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveProject, getProject, restoreProject } from '../../../service/accounts/accounts.js';
import { createDevAccount } from '../../../service/accounts/dev-account.js';
import { authenticateApiKey, createApiKey, revokeApiKey } from '../../../service/accounts/api-keys.js';
import { cancelJob, createJob, getJob, getJobStatus, toJobResponse } from '../../../service/jobs/jobs.js';
import { balance } from '../../../service/accounts/ledger.js';
import { claimNextJob, completeJob } from '../../../service/jobs/queue.js';
import { createRateLimiter } from '../../../service/accounts/rate-limit.js';
import { readStoredResult } from '../../../service/jobs/results.js';
import { openStore } from '../../../service/store/open-store.js';
import { MIGRATIONS } from '../../../service/store/migrations.js';
import { quoteOf } from './test-store.js';
import { createFakeClock } from '../../fixtures/fake-clock.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-sim-pglite-'));
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

describe('embedded store (PGlite)', () => {
  it('runs the job life cycle, refuses a second opener, and keeps data across reopening', async () => {
    const store = await openStore({ dataDir: dir });
    expect(store.kind).toBe('pglite');
    expect(fs.readFileSync(path.join(dir, 'campaign-sim.lock'), 'utf8')).toBe(String(process.pid));
    await expect(openStore({ dataDir: dir })).rejects.toThrow(/in use by process \d+/);

    const dev = await createDevAccount(store);
    expect(dev.apiKey).toMatch(/^svc_/);
    expect(dev.balanceMicros).toBe(1_000_000_000);
    const who = await authenticateApiKey(store, dev.apiKey);
    expect(who).toMatchObject({ projectId: dev.projectId, organizationId: dev.organizationId, scopes: ['results:read', 'simulate'] });

    const input = { projectId: dev.projectId, tipo: 'simulacao' as const, pedido: { nome: 'smoke' }, quote: quoteOf(2_500_000), idempotencyKey: 'smoke-1', requestHash: 'h' };
    const [a, b] = await Promise.all([createJob(store, input), createJob(store, input)]);
    expect(a.job.id).toBe(b.job.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const job = await claimNextJob(store, 'embedded');
    expect(job?.id).toBe(a.job.id);
    await completeJob(store, job!.id, { formato: 'test', dados: new Uint8Array([4, 2]) });
    expect(Array.from((await readStoredResult(store, dev.projectId, job!.id)).dados)).toEqual([4, 2]);
    expect(await balance(store, dev.organizationId)).toBe(1_000_000_000 - 2_500_000);

    // The read cache of the embedded store never serves a stale key or job.
    expect(store.cache).not.toBeNull();
    const waiting = (await createJob(store, { ...input, idempotencyKey: 'smoke-2', requestHash: 'h2' })).job;
    expect((await getJob(store, dev.projectId, waiting.id)).estado).toBe('reservado');
    expect((await getJob(store, dev.projectId, waiting.id)).estado).toBe('reservado'); // cached
    await cancelJob(store, dev.projectId, waiting.id);
    expect((await getJob(store, dev.projectId, waiting.id)).estado).toBe('cancelado');
    // the status read (GET /v1/jobs/{id}) of a job not read before keeps the row: the next serves the same object, no query
    const polled = (await createJob(store, { ...input, idempotencyKey: 'smoke-3', requestHash: 'h3' })).job;
    const status = await getJobStatus(store, dev.projectId, polled.id);
    expect(status).toMatchObject({ estado: 'reservado' });
    expect(await getJobStatus(store, dev.projectId, polled.id)).toBe(status);
    await cancelJob(store, dev.projectId, polled.id);
    await expect(getJob(store, '00000000-0000-4000-8000-000000000000', waiting.id)).rejects.toMatchObject({ code: 'not_found' });
    const extra = await createApiKey(store, { projectId: dev.projectId, nome: 'extra', scopes: ['results:read'], expiresInDays: null });
    expect(await authenticateApiKey(store, extra.key)).not.toBeNull();
    expect(await authenticateApiKey(store, extra.key)).not.toBeNull(); // cached
    await revokeApiKey(store, extra.record.id);
    expect(await authenticateApiKey(store, extra.key)).toBeNull();
    await archiveProject(store, dev.projectId);
    expect(await authenticateApiKey(store, dev.apiKey)).toBeNull();
    await restoreProject(store, dev.projectId);
    expect(await authenticateApiKey(store, dev.apiKey)).not.toBeNull();

    const rl = createRateLimiter({ store });
    expect((await rl.countCall({ keyId: who!.keyId, orgId: who!.organizationId })).remaining).toBe(999);
    await rl.close();
    // The SQL counter (migration 2's function) runs on PGlite too.
    // a fake clock: with the real one, a second ticking between the first call and the refusal
    // makes Retry-After 3600
    const sql = createRateLimiter({ store, backend: 'postgres', limits: { perKeyPerHour: 2 }, clock: createFakeClock() });
    await sql.countCall({ keyId: 'k', orgId: 'o' });
    await sql.countCall({ keyId: 'k', orgId: 'o' });
    await expect(sql.countCall({ keyId: 'k', orgId: 'o' })).rejects.toMatchObject({ code: 'query_budget_exceeded', headers: { 'Retry-After': '3601' } });
    await store.close();
    expect(fs.existsSync(path.join(dir, 'campaign-sim.lock'))).toBe(false);

    // A lock left by a process that died is taken over.
    fs.writeFileSync(path.join(dir, 'campaign-sim.lock'), '2147483646');
    const again = await openStore({ dataDir: dir });
    try {
      expect((await getProject(again, dev.projectId)).id).toBe(dev.projectId);
      const second = await createDevAccount(again);
      // Reused, balance kept (no top-up); without a key file, a fresh key.
      expect(second).toMatchObject({ organizationId: dev.organizationId, projectId: dev.projectId, created: false, balanceMicros: 1_000_000_000 - 2_500_000 });
      expect(second.apiKey).not.toBe(dev.apiKey);
      expect(toJobResponse((await again.query('SELECT * FROM jobs ORDER BY seq')).rows[0] as never).estado).toBe('concluido');
      expect((await again.query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n).toBe(MIGRATIONS.length);
    } finally {
      await again.close();
    }
  });
});
