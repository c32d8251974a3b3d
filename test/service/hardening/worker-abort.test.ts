// Jobs that cannot finish (issue 15, defect 1): a worker given SIGTERM did not stop its job within
// 30 s, and the worker's own heartbeats kept a stuck job "alive". Now an aborted job ends falhou,
// refunded, within seconds whatever its runner does, the engine's thread is terminated, and a
// simulation whose progress stands still for 15 minutes is silent.
import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { createEngineRunJob } from '../../../service/execution/job-runner.js';
import type { JobRow } from '../../../service/jobs/job-row.js';
import { createJob, getJob } from '../../../service/jobs/jobs.js';
import { balance } from '../../../service/accounts/ledger.js';
import { claimNextJob, heartbeat, SILENCE_LIMIT_MS, STALE_REASONS, sweepStaleJobs } from '../../../service/jobs/queue.js';
import type { Store } from '../../../service/store/open-store.js';
import { WORKER_STOPPED_REASON } from '../../../service/worker/lanes.js';
import { runWorker } from '../../../service/worker/worker.js';
import { createFakeClock } from '../../fixtures/fake-clock.js';
import { adoptionScenario } from '../../fixtures/scenarios.js';
import { openTestStore, quoteOf, seedOrganization } from '../store/test-store.js';

let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('worker_abort'); });
afterAll(async () => { await store?.drop(); });

const submit = (projectId: string, tipo: 'simulacao' | 'calibracao', i: number) =>
  createJob(store, { projectId, tipo, pedido: { i }, quote: quoteOf(1_000_000), idempotencyKey: `${tipo}-${i}`, requestHash: `${tipo}-${i}` });

describe('issue 15: an aborted job ends, refunded, whatever its runner does', () => {
  it('stops a worker (as on SIGTERM) whose runner ignores the abort: the job fails with a full refund', async () => {
    const { org, project } = await seedOrganization(store, 'stubborn', 1_000_000);
    const { job } = await submit(project.id, 'simulacao', 1);
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    const w = runWorker(store, {
      workerId: 'stubborn', pollMs: 5, sweepMs: 0, abortWaitMs: 50,
      // Never settles and never looks at its signal: the stuck engine of the issue.
      runJob: () => { started(); return new Promise(() => undefined); },
    });
    await running;
    expect(await balance(store, org.id)).toBe(0);
    await w.stop();
    const ended = await getJob(store, project.id, job.id);
    expect(ended.estado).toBe('falhou');
    expect(ended.registro.motivo).toBe(WORKER_STOPPED_REASON);
    expect(await balance(store, org.id)).toBe(1_000_000);
  });

  it("terminates the engine's job thread when it is aborted", async () => {
    const job = { id: 'long', tipo: 'simulacao', pedido: adoptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 3650 }, replicas: 20 }) } as unknown as JobRow;
    const stop = new AbortController();
    const run = createEngineRunJob({ threads: 1 })(job, { heartbeat: async () => undefined, signal: stop.signal, store: {} as Store });
    stop.abort(new Error('worker stopping'));
    await expect(run).rejects.toThrow();
  });
});

describe('issue 15: progress standing still is silence', () => {
  it('fails a simulation whose progress has not moved for 15 minutes though the worker beats; not a calibration', async () => {
    const clock = createFakeClock('2026-08-01T08:00:00.000Z');
    const { org, project } = await seedOrganization(store, 'still', 3_000_000);
    const stuck = await submit(project.id, 'simulacao', 10);
    const moving = await submit(project.id, 'simulacao', 11);
    const claimedA = await claimNextJob(store, 'w', clock.now());
    const claimedB = await claimNextJob(store, 'w', clock.now());
    expect([claimedA!.id, claimedB!.id]).toEqual([stuck.job.id, moving.job.id]);
    const calibration = await submit(project.id, 'calibracao', 12);

    await heartbeat(store, stuck.job.id, 'w', clock.now(), { feitos: 10, total: 100 });
    await heartbeat(store, moving.job.id, 'w', clock.now(), { feitos: 10, total: 100 });
    for (let minute = 1; minute <= 15; minute++) {
      clock.advance(60_000);
      // The stuck job: the worker's timer beats, the engine reports the same progress.
      await heartbeat(store, stuck.job.id, 'w', clock.now());
      await heartbeat(store, stuck.job.id, 'w', clock.now(), { feitos: 10, total: 100 });
      await heartbeat(store, moving.job.id, 'w', clock.now(), { feitos: 10 + minute, total: 100 });
    }
    expect(await sweepStaleJobs(store, clock.now())).toEqual([]); // exactly 15 minutes: not yet
    clock.advance(1);
    const swept = await sweepStaleJobs(store, clock.now());
    expect(swept.map((j) => [j.id, j.registro.motivo])).toEqual([[stuck.job.id, STALE_REASONS.parado]]);
    expect(await balance(store, org.id)).toBe(1_000_000); // stuck refunded; moving and calibration reserved

    // A calibration's progress (rounds) may rightly stand still longer: only heartbeats count.
    await store.query(`UPDATE jobs SET estado = 'concluido' WHERE id = $1`, [moving.job.id]);
    const cal = await claimNextJob(store, 'w', clock.now());
    expect(cal!.id).toBe(calibration.job.id);
    await heartbeat(store, cal!.id, 'w', clock.now(), { rodadas_feitas: 1, rodadas: 5 });
    for (let minute = 1; minute <= 30; minute++) {
      clock.advance(60_000);
      await heartbeat(store, cal!.id, 'w', clock.now(), { rodadas_feitas: 1, rodadas: 5 });
    }
    expect(await sweepStaleJobs(store, new Date(clock.now().getTime() + SILENCE_LIMIT_MS - 1))).toEqual([]);
  });
});
