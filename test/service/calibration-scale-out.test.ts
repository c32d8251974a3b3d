
import { describe, expect, it } from 'vitest';
import { engineSimulate, quoteCalibration, runCalibrationJob, validateCalibrationRequest } from '../../calibration/index.js';
import { balance } from '../../service/accounts/ledger.js';
import { createJob } from '../../service/jobs/jobs.js';
import type { CalibrationBody } from '../../src/contract/types.js';
import { openRelease } from '../../src/release/release.js';
import { calibrationPeriods, calibrationRequest } from '../fixtures/scenarios.js';
import { seedOrganization } from './store/test-store.js';
import { expectSharedByTwo, runWithFailingTasks, setUpSpreadSuite, startWorker, stopWorker, waitForState } from './spread-workers.js';

const SOURCES = ['worker/worker.ts', 'worker/lanes.ts', 'worker/run-loop.ts', 'execution/job-runner.ts', 'execution/start-thread.ts', 'execution/thread-messages.ts', 'execution/job-thread.ts', 'execution/job-tasks.ts', 'execution/calibration-tasks.ts', 'execution/task-queue.ts', 'execution/task-worker.ts', 'execution/task-thread.ts', 'execution/remote-pool.ts'];

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

const suite = setUpSpreadSuite('calibspread', SOURCES, body, async (pedido: CalibrationBody) => (await runCalibrationJob(pedido, { release, simulate: engineSimulate, threads: 1 })).dados);
const { children } = suite;

async function submit(projectId: string, key: string) {
  return (await createJob(suite.store, { projectId, tipo: 'calibracao', pedido: body, quote, idempotencyKey: key, requestHash: key })).job;
}

describe('a calibration spread over worker processes', () => {
  it('two workers share its rounds\' tasks; the result is the one-process result, byte for byte', async () => {
    const { org, project } = await seedOrganization(suite.store, 'two', CREDITS);
    const a = await startWorker(suite.store, 'w-a', children);
    const b = await startWorker(suite.store, 'w-b', children);
    const job = await submit(project.id, 'two');
    const done = await waitForState(suite.store, project.id, job.id, ['concluido', 'falhou']);
    await expectSharedByTwo(suite.store, done, { projectId: project.id, orgId: org.id, tarefas: quote.rodadas * quote.replicas, oneProcess: suite.oneProcess, balance: CREDITS - quote.preco_micros });
    await Promise.all([stopWorker(a), stopWorker(b)]);
  }, 600_000);

  it('a calibration whose tasks keep failing ends falhou after pg-boss\'s retries, its reservation returned whole', async () => {
    const { org, project } = await seedOrganization(suite.store, 'failing', CREDITS);
    const { done, attempts } = await runWithFailingTasks(suite.store, project.id, () => submit(project.id, 'failing'));
    expect(done.estado).toBe('falhou');
    expect(done.registro.motivo).toMatch(/^task \d+ \(round 1, replica \d, variant 0\) ended failed after its retries: no kernel here/);
    expect(await balance(suite.store, org.id)).toBe(CREDITS);
    // the failed task ran twice (retryLimit 1) before the job failed, and no later round was enqueued
    const failed = Number(/^task (\d+)/.exec(done.registro.motivo as string)![1]);
    expect(attempts.filter((t) => t === failed)).toHaveLength(2);
    expect(Math.max(...attempts)).toBeLessThan(quote.replicas);
  }, 300_000);
});
