// A calibration spread over workers (docs/service-data.md, "One job across many machines"): two
// worker processes against the real PostgreSQL take the replicas of its rounds as tasks, and
// the stored result is byte for byte the result of the same calibration run in one process;
// a calibration whose tasks fail every attempt ends falhou, its reservation returned whole.
// The workers are real child processes running the compiled service (spread-workers.ts); every
// wait is on a state, never on a time.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSimulate, quoteCalibration, runCalibrationJob, validateCalibrationRequest } from '../../calibration/index.js';
import { balance } from '../../service/accounts/ledger.js';
import { createEngineRunJob } from '../../service/jobs/job-runner.js';
import { createJob } from '../../service/jobs/jobs.js';
import { openTaskQueue } from '../../service/jobs/task-queue.js';
import { runWorker } from '../../service/worker.js';
import type { CalibrationBody } from '../../src/contract/types.js';
import { openRelease } from '../../src/release/release.js';
import { calibrationPeriods, calibrationRequest } from '../fixtures/scenarios.js';
import { openTestStore, seedOrganization } from './store/test-store.js';
import { distFresh, expectSharedByTwo, startWorker, stopWorker, waitForState } from './spread-workers.js';

const SOURCES = ['worker.ts', 'jobs/job-runner.ts', 'jobs/job-thread.ts', 'jobs/job-tasks.ts', 'jobs/calibration-tasks.ts', 'jobs/task-queue.ts', 'jobs/task-worker.ts', 'jobs/task-thread.ts', 'jobs/remote-pool.ts'];

const release = openRelease('v1.0.0');
const rr = release.municipalities('RR');
// RR over 59 days, a grid of 2 beta0 values: 5 rounds (2 search, 2 identifiability, 1 last) x 2 replicas = 10 tasks
const body: CalibrationBody = validateCalibrationRequest({
  pedido: calibrationRequest({
    cenario: { horizonte: { data_inicio: '2021-01-01', dias: 59 }, grupo_comparacao: 'calibracao-spread' },
    ...calibrationPeriods('mes', [202101, 202101], [202102, 202102]),
    parametros: { beta0: { min: -6, max: -5, passo: 1 } },
    busca: { metodo: 'grade', replicas: 2 },
  }),
  serie: rr.flatMap((m) => [
    { periodo: 202101, municipio: m.codigo, valor: Math.round(m.populacao * 0.05) },
    { periodo: 202102, municipio: m.codigo, valor: Math.round(m.populacao * 0.09) },
  ]),
});
const quote = quoteCalibration(body);
const CREDITS = 10 * quote.preco_micros;

let store: Awaited<ReturnType<typeof openTestStore>>;
let oneProcess: Uint8Array;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!distFresh(SOURCES)) throw new Error('dist/ is older than service/: run `npm run tsbuild` (npm test does it first)');
  store = await openTestStore('calibspread');
  // The calibration as one process runs it, on its body as the jobs table gives it back (jsonb
  // orders an object's keys its own way, and the result echoes the request's scenario).
  const pedido = (await store.query<{ j: CalibrationBody }>('SELECT $1::jsonb AS j', [JSON.stringify(body)])).rows[0].j;
  oneProcess = (await runCalibrationJob(pedido, { release, simulate: engineSimulate, threads: 1 })).dados;
}, 300_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await store?.drop();
});

async function submit(projectId: string, key: string) {
  return (await createJob(store, { projectId, tipo: 'calibracao', pedido: body, quote, idempotencyKey: key, requestHash: key })).job;
}

describe('a calibration spread over worker processes', () => {
  it('two workers share its rounds\' tasks; the result is the one-process result, byte for byte', async () => {
    const { org, project } = await seedOrganization(store, 'two', CREDITS);
    const a = await startWorker(store, 'w-a', children);
    const b = await startWorker(store, 'w-b', children);
    const job = await submit(project.id, 'two');
    const done = await waitForState(store, project.id, job.id, ['concluido', 'falhou']);
    await expectSharedByTwo(store, done, { projectId: project.id, orgId: org.id, tarefas: quote.rodadas * quote.replicas, oneProcess, balance: CREDITS - quote.preco_micros });
    await Promise.all([stopWorker(a), stopWorker(b)]);
  }, 600_000);

  it('a calibration whose tasks keep failing ends falhou after pg-boss\'s retries, its reservation returned whole', async () => {
    const { org, project } = await seedOrganization(store, 'failing', CREDITS);
    // the owner takes no task; every attempt of every task fails where it runs
    const owner = runWorker(store, { workerId: 'w-owner', pollMs: 50, sweepMs: 0, webhookAgent: null, taskThreads: 0,
      taskQueue: { retryLimit: 1 }, runJob: createEngineRunJob({ threads: 1, taskPollMs: 50 }) });
    const queue = await openTaskQueue(store, { pollSeconds: 0.5 });
    const attempts: number[] = [];
    await queue.work(1, async (task) => { attempts.push(task.tarefa); throw new Error('no kernel here'); });
    const job = await submit(project.id, 'failing');
    const done = await waitForState(store, project.id, job.id, ['concluido', 'falhou']);
    await Promise.all([owner.stop(), queue.stop()]);
    expect(done.estado).toBe('falhou');
    expect(done.registro.motivo).toMatch(/^task \d+ \(round 1, replica \d, variant 0\) ended failed after its retries: no kernel here/);
    expect(await balance(store, org.id)).toBe(CREDITS);
    // the failed task ran twice (retryLimit 1) before the job failed, and no later round was enqueued
    const failed = Number(/^task (\d+)/.exec(done.registro.motivo as string)![1]);
    expect(attempts.filter((t) => t === failed)).toHaveLength(2);
    expect(Math.max(...attempts)).toBeLessThan(quote.replicas);
  }, 300_000);
});
