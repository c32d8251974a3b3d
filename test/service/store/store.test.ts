import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../service/store/open-store.js';
import { MIGRATIONS } from '../../../service/store/migrations.js';
import { balance, listEntries, monthBounds, monthSpend, resolveReservation } from '../../../service/accounts/ledger.js';
import { cancelJob, createJob, eraseJob, getJob, getJobStatus, listJobs, toJobResponse } from '../../../service/jobs/jobs.js';
import type { JobRow } from '../../../service/jobs/job-row.js';
import { claimNextJob, completeJob, failJob } from '../../../service/jobs/queue.js';
import { readStoredResult, sweepExpiredResults } from '../../../service/jobs/results.js';
import { setSpendLimit } from '../../../service/accounts/accounts.js';
import { createFakeClock } from '../../fixtures/fake-clock.js';
import { openTestStore, quoteOf, seedOrganization } from './test-store.js';

const clock = createFakeClock('2026-03-10T12:00:00.000Z');
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('store', { clock }); });
afterAll(async () => { await store?.drop(); });

const scenario = { nome: 'teste', versao_contrato: 3 };
let n = 0;
const submit = (projectId: string, preco: number, key = `k${++n}`) =>
  createJob(store, { projectId, tipo: 'simulacao', pedido: scenario, quote: quoteOf(preco), idempotencyKey: key, requestHash: `h-${key}` });

describe('store on PostgreSQL', () => {
  it('records migrations once and re-applies nothing', async () => {
    const rows = (await store.query('SELECT version FROM schema_migrations ORDER BY version')).rows;
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await applyMigrations(store)).toEqual([]);
  });

  it('reserves on submit, spends on concluido, returns on falhou and cancelado', async () => {
    const { org, project } = await seedOrganization(store, 'ledger-basic', 10_000_000);
    const a = await submit(project.id, 3_000_000);
    expect(a.created).toBe(true);
    expect(toJobResponse(a.job)).toMatchObject({ project_id: project.id, nome: 'teste', estado: 'reservado', tipo: 'simulacao', preco_micros: 3_000_000, apagamento_pedido_em: null });
    expect(await balance(store, org.id)).toBe(7_000_000);
    const b = await submit(project.id, 2_000_000);
    const c = await submit(project.id, 1_000_000);
    expect(await balance(store, org.id)).toBe(4_000_000);

    await expect(cancelJob(store, project.id, a.job.id)).resolves.toMatchObject({ estado: 'cancelado' });
    expect(await balance(store, org.id)).toBe(7_000_000);
    await expect(cancelJob(store, project.id, a.job.id)).rejects.toMatchObject({ code: 'job_not_cancellable', status: 409 });

    const first = await claimNextJob(store, 'w1');
    expect(first?.id).toBe(b.job.id);
    expect(first?.estado).toBe('em_execucao');
    await expect(cancelJob(store, project.id, b.job.id)).rejects.toMatchObject({ code: 'job_not_cancellable' });
    await expect(eraseJob(store, project.id, b.job.id)).rejects.toMatchObject({ code: 'job_not_erasable', status: 409 });
    await expect(readStoredResult(store, project.id, b.job.id)).rejects.toMatchObject({ code: 'result_not_ready' });
    const done = await completeJob(store, b.job.id, { formato: 'test', dados: new Uint8Array([1, 2, 3]) }, { workerId: 'w1' });
    expect(done?.estado).toBe('concluido');
    expect(await completeJob(store, b.job.id, { formato: 'test', dados: new Uint8Array([9]) })).toBeNull();
    expect(await balance(store, org.id)).toBe(7_000_000);
    expect(Array.from((await readStoredResult(store, project.id, b.job.id)).dados)).toEqual([1, 2, 3]);

    const second = await claimNextJob(store, 'w2');
    expect(second?.id).toBe(c.job.id);
    await failJob(store, c.job.id, 'kernel crashed');
    expect(await balance(store, org.id)).toBe(8_000_000);
    expect((await getJob(store, project.id, c.job.id)).registro).toMatchObject({ motivo: 'kernel crashed' });
    const entries = await listEntries(store, org.id);
    expect(entries.reduce((s, e) => s + e.valor_micros, 0)).toBe(8_000_000);
    expect(entries.map((e) => e.tipo).sort()).toEqual(['credito', 'devolucao', 'devolucao', 'gasto', 'reserva', 'reserva', 'reserva'].sort());
  });

  it('refuses insufficient credits and the monthly spend limit with 402', async () => {
    const { org, project } = await seedOrganization(store, 'limits', 5_000_000);
    await expect(submit(project.id, 6_000_000)).rejects.toMatchObject({ code: 'insufficient_credits', status: 402 });
    await setSpendLimit(store, org.id, 4_000_000);
    const j = await submit(project.id, 3_000_000);
    await expect(submit(project.id, 1_500_000)).rejects.toMatchObject({ code: 'spend_limit_reached', status: 402 });
    await cancelJob(store, project.id, j.job.id); // a returned reservation is not spend
    expect(await monthSpend(store, org.id, clock.now())).toBe(0);
    await submit(project.id, 4_000_000);
    expect(await balance(store, org.id)).toBe(1_000_000);
    expect(await listJobs(store, project.id)).toHaveLength(2); // refused submissions left nothing
  });

  it('same key + same request -> same job; different request -> 409', async () => {
    const { org, project } = await seedOrganization(store, 'idem', 5_000_000);
    const a = await submit(project.id, 1_000_000, 'same');
    const b = await submit(project.id, 1_000_000, 'same');
    expect(b).toEqual({ job: a.job, created: false, alertaGasto: null });
    await expect(createJob(store, { projectId: project.id, tipo: 'simulacao', pedido: {}, quote: quoteOf(1), idempotencyKey: 'same', requestHash: 'other' }))
      .rejects.toMatchObject({ code: 'idempotency_key_reused', status: 409 });
    expect(await balance(store, org.id)).toBe(4_000_000);
  });

  it('erase keeps the record, drops request and result; lists filter and cap at 50', async () => {
    const { project } = await seedOrganization(store, 'erase', 100_000_000);
    const j = await submit(project.id, 1);
    await expect(getJob(store, project.id, '00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(getJob(store, project.id, 'nope')).rejects.toMatchObject({ code: 'not_found' });
    await cancelJob(store, project.id, j.job.id);
    clock.advance(1000);
    const erased = await eraseJob(store, project.id, j.job.id);
    expect(erased.pedido).toBeNull();
    expect(toJobResponse(erased).registro.apagado_em).toBe(clock.now().toISOString());
    expect(toJobResponse(erased).apagamento_pedido_em).toBe(clock.now().toISOString());
    for (let i = 0; i < 55; i++) { await submit(project.id, 1); clock.advance(1); }
    const list = await listJobs(store, project.id);
    expect(list).toHaveLength(50);
    expect(list[0].criado_em.getTime()).toBeGreaterThan(list[49].criado_em.getTime());
    expect(await listJobs(store, project.id, { estado: 'cancelado' })).toHaveLength(1);
    expect(await listJobs(store, project.id, { limite: 3, tipo: 'simulacao' })).toHaveLength(3);
  });

  it('reads a job\'s status and the list without the request (a calibration\'s may hold 150,000 rows)', async () => {
    const { project } = await seedOrganization(store, 'status', 100_000_000);
    const j = await submit(project.id, 1);
    const status = await getJobStatus(store, project.id, j.job.id);
    expect(toJobResponse(status)).toEqual(toJobResponse(await getJob(store, project.id, j.job.id)));
    const listed = await listJobs(store, project.id);
    for (const row of [status, ...listed]) expect(Object.keys(row).filter((k) => ['pedido', 'cotacao'].includes(k))).toEqual([]);
    await expect(getJobStatus(store, project.id, '00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    const other = await seedOrganization(store, 'status-other', 100_000_000);
    await expect(getJobStatus(store, other.project.id, j.job.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('expires findings 365 days after the job concluded', async () => {
    const { project } = await seedOrganization(store, 'retention', 1_000_000);
    // a queue of its own: drain what earlier tests left waiting in other organizations
    const j = await submit(project.id, 1);
    let claimed: JobRow | null;
    while ((claimed = await claimNextJob(store, 'wr')) && claimed.id !== j.job.id) await failJob(store, claimed.id, 'drain');
    await completeJob(store, j.job.id, { formato: 'test', dados: new Uint8Array([7]) });
    clock.advance(364 * 86_400_000);
    expect(await sweepExpiredResults(store)).toBe(0);
    await expect(readStoredResult(store, project.id, j.job.id)).resolves.toBeTruthy();
    clock.advance(2 * 86_400_000);
    await expect(readStoredResult(store, project.id, j.job.id)).rejects.toMatchObject({ code: 'result_not_ready' });
    expect(await sweepExpiredResults(store)).toBeGreaterThanOrEqual(1);
    expect((await store.query('SELECT count(*)::int AS n FROM results WHERE job_id = $1', [j.job.id])).rows[0].n).toBe(0);
    expect((await getJob(store, project.id, j.job.id)).pedido).toBeNull();
  });

  it('lets the database refuse a second resolution of one reservation', async () => {
    const { project } = await seedOrganization(store, 'once', 1_000_000);
    const j = await submit(project.id, 500_000);
    await cancelJob(store, project.id, j.job.id);
    await expect(store.transaction((tx) => resolveReservation(tx, j.job.id, 'gasto', clock.now())))
      .rejects.toMatchObject({ code: '23505' }); // unique index ledger_one_resolution
  });

  it('computes the month in Brazil time', () => {
    const [s, e] = monthBounds(new Date('2026-04-01T02:00:00Z')); // still 31 March in Brasília
    expect(s.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(e.toISOString()).toBe('2026-04-01T03:00:00.000Z');
  });
});
