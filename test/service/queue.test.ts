// The queue on the real PostgreSQL: 3 workers, 3 organizations, 10 jobs each. Never more than
// the organization's limit running, FIFO inside each organization, a dead worker's job fails
// after the silence limit (fake clock) with its credits returned; a worker that polls once an hour
// still claims at once, woken by the notification of a job submitted or ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../fixtures/fake-clock.js';
import type { JobRow } from '../../service/jobs/job-row.js';
import { createJob, getJob } from '../../service/jobs/jobs.js';
import { balance, listEntries } from '../../service/accounts/ledger.js';
import { claimNextJob, completeJob, heartbeat, STALE_REASONS, sweepStaleJobs } from '../../service/jobs/queue.js';
import { runWorker } from '../../service/worker/worker.js';
import type { RunJob } from '../../service/execution/job-runner.js';
import type { Queryable, Store } from '../../service/store/open-store.js';
import { JOB_SQL } from '../../service/store/queries/jobs.js';
import { openTestStore, quoteOf, seedOrganization } from './store/test-store.js';

let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('queue', { poolSize: 12 }); });
afterAll(async () => { await store?.drop(); });

const submit = (projectId: string, i: number, preco = 1000) =>
  createJob(store, { projectId, tipo: 'simulacao', pedido: { i }, quote: quoteOf(preco), idempotencyKey: `${projectId}-${i}`, requestHash: String(i) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job queue', () => {
  it('runs 3 organizations x 10 jobs on 3 workers: at most 2 at once per organization, FIFO per organization', async () => {
    const orgs = await Promise.all([0, 1, 2].map((i) => seedOrganization(store, `fair-${i}`, 1_000_000)));
    // Interleaved arrival across organizations.
    for (let i = 0; i < 10; i++) for (const o of orgs) await submit(o.project.id, i);

    // Checked inside each claim's own transaction, under the organization's lock, so what is
    // seen is exactly what the claim saw, however the threads of a loaded machine interleave
    // (claim times, taken before the lock, may run backwards across workers).
    const overLimit: string[] = [];
    const fifoBreaks: string[] = [];
    const claimed = new Map<string, number[]>();
    const watched: Store = Object.assign(Object.create(store) as Store, {
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => store.transaction((tx) => fn({
        exec: (sql) => tx.exec(sql),
        async query<R>(sql: string, params?: unknown[]) {
          const r = await tx.query<R>(sql, params);
          const job = sql === JOB_SQL.claimOldest ? (r.rows[0] as JobRow | undefined) : undefined;
          if (job) {
            const count = async (where: string) => (await tx.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM jobs WHERE organization_id = $1 AND ${where}`, [job.organization_id, job.seq])).rows[0].n;
            if (await count(`estado = 'em_execucao' AND seq <> $2`) >= 2) overLimit.push(job.id);
            if (await count(`estado = 'reservado' AND seq < $2`) > 0) fifoBreaks.push(job.id);
            claimed.set(job.organization_id, [...(claimed.get(job.organization_id) ?? []), job.seq]);
          }
          return r;
        },
      })),
    });
    // The first two jobs of each organization wait for each other, so the limit of 2 is
    // reached (the checks above have something to catch) without relying on timing.
    const pairs = new Map<string, { arrived: number; release: () => void; both: Promise<void> }>();
    const pairOf = (orgId: string) => {
      let p = pairs.get(orgId);
      if (!p) {
        let release!: () => void;
        const both = new Promise<void>((r) => { release = r; });
        p = { arrived: 0, release, both };
        pairs.set(orgId, p);
      }
      return p;
    };
    let maxSeen = 0;
    const runJob: RunJob = async (job) => {
      const pair = pairOf(job.organization_id);
      if (pair.arrived < 2) {
        pair.arrived += 1;
        if (pair.arrived === 2) pair.release();
        await pair.both;
        const running = (await store.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs WHERE organization_id = $1 AND estado = 'em_execucao'`, [job.organization_id])).rows[0].n;
        maxSeen = Math.max(maxSeen, running);
      }
      await sleep(1 + (job.seq % 4));
      return { formato: 'test', dados: new Uint8Array([job.seq % 256]) };
    };
    // Each worker runs up to 2 jobs at once: 6 lanes for 3 organizations x 2 slots.
    const workers = ['w1', 'w2', 'w3'].map((id) => runWorker(watched, { workerId: id, runJob, pollMs: 10, concurrency: 2, sweepMs: 0 }));
    // Bounded by the test timeout, not by a wall-clock deadline of its own.
    while ((await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE estado IN ('reservado', 'em_execucao')`)).rows[0].n > 0) await sleep(20);
    await Promise.all(workers.map((w) => w.stop()));

    expect(overLimit).toEqual([]);
    expect(fifoBreaks).toEqual([]);
    expect(maxSeen).toBe(2);
    for (const o of orgs) {
      const rows = (await store.query<JobRow>(`SELECT * FROM jobs WHERE project_id = $1 ORDER BY seq`, [o.project.id])).rows;
      expect(rows.map((r) => r.estado)).toEqual(Array(10).fill('concluido'));
      // Claimed in arrival order inside one organization.
      expect(claimed.get(o.org.id)).toEqual(rows.map((r) => r.seq));
      expect(await balance(store, o.org.id)).toBe(1_000_000 - 10 * 1000);
    }
  });

  it('serves organizations by their oldest waiting job; a full organization waits', async () => {
    const a = await seedOrganization(store, 'order-a', 1_000_000);
    const b = await seedOrganization(store, 'order-b', 1_000_000);
    await submit(a.project.id, 1);
    await submit(a.project.id, 2);
    await submit(a.project.id, 3);
    await submit(b.project.id, 1);
    const claimed = [];
    for (let i = 0; i < 4; i++) claimed.push(await claimNextJob(store, 'solo'));
    // a1, a2 (a is full at 2), then b1, then nothing (a3 waits for a slot).
    expect(claimed.map((j) => j && (j.pedido as { i: number }).i)).toEqual([1, 2, 1, null]);
    expect(claimed.slice(0, 2).every((j) => j!.organization_id === a.org.id)).toBe(true);
    await completeJob(store, claimed[0]!.id, { formato: 'test', dados: new Uint8Array() });
    expect((await claimNextJob(store, 'solo'))!.pedido).toEqual({ i: 3 });
    for (const j of [claimed[1], claimed[2]]) await completeJob(store, j!.id, { formato: 'test', dados: new Uint8Array() });
    await store.query(`UPDATE jobs SET estado = 'falhou' WHERE estado = 'em_execucao'`); // tidy for the next test
  });

  it('fails a dead worker\'s job after 15 minutes of silence and returns its credits; a live one keeps its job', async () => {
    const clock = createFakeClock('2026-06-01T08:00:00.000Z');
    const { org, project } = await seedOrganization(store, 'silence', 5_000_000);
    const dead = await submit(project.id, 1, 2_000_000);
    const live = await submit(project.id, 2, 1_000_000);
    // The dead worker claims and never speaks again (its process was killed).
    const a = await claimNextJob(store, 'dead-worker', clock.now());
    const b = await claimNextJob(store, 'live-worker', clock.now());
    expect([a!.id, b!.id]).toEqual([dead.job.id, live.job.id]);
    expect(await balance(store, org.id)).toBe(2_000_000);

    clock.advance(14 * 60_000);
    expect(await heartbeat(store, live.job.id, 'live-worker', clock.now(), { dia: 10 })).toBe(true);
    expect(await sweepStaleJobs(store, clock.now())).toEqual([]);
    clock.advance(60_000 + 1); // the dead job has been silent 15 minutes and 1 ms
    const failed = await sweepStaleJobs(store, clock.now());
    expect(failed.map((j) => j.id)).toEqual([dead.job.id]);
    const shown = await getJob(store, project.id, dead.job.id);
    expect(shown.estado).toBe('falhou');
    expect(shown.registro.motivo).toBe(STALE_REASONS.silencio);
    expect(await balance(store, org.id)).toBe(4_000_000);
    // The dead worker waking up cannot conclude the job or be charged twice.
    expect(await heartbeat(store, dead.job.id, 'dead-worker', clock.now())).toBe(false);
    expect(await completeJob(store, dead.job.id, { formato: 'test', dados: new Uint8Array() }, { workerId: 'dead-worker' })).toBeNull();
    const resolutions = (await listEntries(store, org.id)).filter((e) => e.job_id === dead.job.id && e.tipo !== 'reserva');
    expect(resolutions.map((e) => e.tipo)).toEqual(['devolucao']);

    // The live job keeps beating but hits the 12-hour limit.
    // (Its progress moves: a simulation whose progress stands still 15 minutes is silent too.)
    for (let h = 0; h < 12; h++) {
      clock.advance(10 * 60_000);
      await heartbeat(store, live.job.id, 'live-worker', clock.now(), { dia: 3 * h + 11 });
      expect(await sweepStaleJobs(store, clock.now())).toEqual([]);
      clock.advance(10 * 60_000);
      await heartbeat(store, live.job.id, 'live-worker', clock.now(), { dia: 3 * h + 12 });
      clock.advance(40 * 60_000);
      await heartbeat(store, live.job.id, 'live-worker', clock.now(), { dia: 3 * h + 13 });
    }
    const late = await sweepStaleJobs(store, clock.now());
    expect(late.map((j) => [j.id, j.registro.motivo])).toEqual([[live.job.id, STALE_REASONS.duracao]]);
    expect(await balance(store, org.id)).toBe(5_000_000);
  });

  it('a worker whose heartbeat finds the job swept stops it and does not conclude it', async () => {
    const clock = createFakeClock('2026-07-01T08:00:00.000Z');
    const { org, project } = await seedOrganization(store, 'swept-running', 1_000_000);
    const j = await submit(project.id, 1, 300_000);
    let sawAbort = false;
    const w = runWorker(store, {
      workerId: 'slow', clock, pollMs: 5, heartbeatMs: 20, sweepMs: 0,
      runJob: (_job, ctx) => new Promise((resolve) => {
        ctx.signal.addEventListener('abort', () => { sawAbort = true; resolve({ formato: 'test', dados: new Uint8Array() }); });
      }),
    });
    while ((await getJob(store, project.id, j.job.id)).estado !== 'em_execucao') await sleep(5);
    // Silence as seen by the sweeper: the fake clock jumps past the limit between two beats. A beat
    // (every 20 ms) may land between the rewind and the sweep on a loaded machine: rewind again.
    let swept = 0;
    while (swept === 0) {
      await store.query(`UPDATE jobs SET heartbeat_at = $2 WHERE id = $1`, [j.job.id, new Date(clock.now().getTime() - 16 * 60_000)]);
      swept = (await sweepStaleJobs(store, clock.now())).length;
    }
    while (!sawAbort) await sleep(5);
    await w.stop();
    expect((await getJob(store, project.id, j.job.id)).estado).toBe('falhou');
    expect(await balance(store, org.id)).toBe(1_000_000);
  });
});

describe('claim wake-ups (service/jobs/claimable-jobs.ts)', () => {
  it('a worker polling once an hour claims a submitted job at once, and the next job of a full organization once one ends', async () => {
    const { project } = await seedOrganization(store, 'wake', 10_000);
    const gates: Array<() => void> = [];
    const runJob: RunJob = () => new Promise((resolve) => { gates.push(() => resolve({ formato: 'test', dados: new Uint8Array([1]) })); });
    const w = runWorker(store, { workerId: 'hourly', runJob, pollMs: 3_600_000, concurrency: 3, sweepMs: 0, webhookAgent: null, tasks: 'local' });
    const until = async (ok: () => Promise<boolean>) => { for (let k = 0; k < 400 && !(await ok()); k++) await sleep(50); };
    const estado = async (id: string) => (await getJob(store, project.id, id)).estado;
    try {
      await sleep(500); // its lanes made their first claim (nothing to claim) and wait the hour
      const jobs: JobRow[] = [];
      for (let i = 0; i < 3; i++) jobs.push((await submit(project.id, 900 + i)).job);
      await until(async () => gates.length === 2);
      expect(gates.length).toBe(2);
      // the organization's limit (2) holds the third back until one of the two ends
      expect(await estado(jobs[2].id)).toBe('reservado');
      gates[0]();
      await until(async () => gates.length === 3);
      expect(gates.length).toBe(3);
      gates[1]();
      gates[2]();
      await until(async () => (await estado(jobs[2].id)) === 'concluido');
      expect(await Promise.all(jobs.map((j) => estado(j.id)))).toEqual(['concluido', 'concluido', 'concluido']);
    } finally {
      await w.stop();
    }
  }, 60_000);
});
