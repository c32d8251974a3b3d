
import { describe, expect, it } from 'vitest';
import { balance } from '../../service/accounts/ledger.js';
import { cancelJob, createJob, getJob } from '../../service/jobs/jobs.js';
import { readStoredResult } from '../../service/jobs/results.js';
import { runWorker } from '../../service/worker/worker.js';
import { quoteSimulation } from '../../src/contract/quotes.js';
import type { Scenario } from '../../src/contract/types.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { jobResultToBytes } from '../../src/findings/index.js';
import { openRelease } from '../../src/release/release.js';
import { runSimulationJob } from '../../src/run-simulation-job.js';
import { canal, receptionScenario } from '../fixtures/scenarios.js';
import { seedOrganization } from './store/test-store.js';
import { expectSharedByTwo, runWithFailingTasks, setUpSpreadSuite, sleep, startWorker, stopWorker, waitForState } from './spread-workers.js';
import { taskQueueSchema } from '../../service/execution/task-queue.js';

const SOURCES = ['worker/worker.ts', 'worker/lanes.ts', 'worker/run-loop.ts', 'execution/job-runner.ts', 'execution/start-thread.ts', 'execution/thread-messages.ts', 'execution/job-thread.ts', 'execution/job-tasks.ts', 'execution/task-queue.ts', 'execution/task-worker.ts', 'execution/task-thread.ts', 'execution/remote-pool.ts', 'execution/task-counts-bytes.ts', 'store/queries/job-tasks.ts'];

const release = openRelease('v1.0.0');
// 9 variants (4 channels) x 2 replicas: 18 tasks
const scenario = validateScenario(receptionScenario({
  canais: [canal('tv', 1, 14, 0.6), canal('digital', 1, 21, 0.8), canal('radio', 1, 21, 0.5), canal('exterior', 8, 21, 0.4)],
  horizonte: { data_inicio: '2026-01-05', dias: 21 }, grupo_comparacao: 'scale-out',
}), release);
const quote = quoteSimulation(scenario, release);
const CREDITS = 10 * quote.preco_micros;

const suite = setUpSpreadSuite('scaleout', SOURCES, scenario, async (pedido: Scenario) => jobResultToBytes((await runSimulationJob(pedido, { release, threads: 1 })).result));
const { children } = suite;

async function submit(projectId: string, key: string) {
  return (await createJob(suite.store, { projectId, tipo: 'simulacao', pedido: scenario, quote, idempotencyKey: key, requestHash: key })).job;
}

describe('a job spread over worker processes', () => {
  it('two workers share its tasks; the result is the one-process result, byte for byte', async () => {
    const { org, project } = await seedOrganization(suite.store, 'two', CREDITS);
    const a = await startWorker(suite.store, 'w-a', children);
    const b = await startWorker(suite.store, 'w-b', children);
    const job = await submit(project.id, 'two');
    const done = await waitForState(suite.store, project.id, job.id, ['concluido', 'falhou']);
    await expectSharedByTwo(suite.store, done, { projectId: project.id, orgId: org.id, tarefas: 18, oneProcess: suite.oneProcess, balance: CREDITS - quote.preco_micros });
    await Promise.all([stopWorker(a), stopWorker(b)]);
  }, 600_000);

  it('a worker killed with SIGKILL mid-job costs only its tasks: the job concludes with the same result, charged once', async () => {
    const { org, project } = await seedOrganization(suite.store, 'killed', CREDITS);
    const workers = { 'w-c': await startWorker(suite.store, 'w-c', children), 'w-d': await startWorker(suite.store, 'w-d', children) };
    const job = await submit(project.id, 'killed');
    const owner = (await waitForState(suite.store, project.id, job.id, ['em_execucao', 'concluido', 'falhou'])).worker_id as keyof typeof workers;
    const victim = owner === 'w-c' ? 'w-d' : 'w-c';
    // the victim holds a task it has not finished
    while ((await suite.store.query('SELECT 1 FROM job_tasks WHERE job_id = $1 AND worker_id = $2 AND dados IS NULL', [job.id, victim])).rows.length === 0) {
      expect((await getJob(suite.store, project.id, job.id)).estado).toBe('em_execucao');
      await sleep(20);
    }
    workers[victim].kill('SIGKILL');
    const done = await waitForState(suite.store, project.id, job.id, ['concluido', 'falhou']);
    expect(done.registro.motivo).toBeUndefined();
    expect(done.estado).toBe('concluido');
    expect(Buffer.from((await readStoredResult(suite.store, project.id, job.id)).dados).equals(Buffer.from(suite.oneProcess))).toBe(true);
    expect(await balance(suite.store, org.id)).toBe(CREDITS - quote.preco_micros);
    const ledger = await suite.store.query<{ tipo: string }>('SELECT tipo FROM ledger_entries WHERE job_id = $1 ORDER BY id', [job.id]);
    expect(ledger.rows.map((r) => r.tipo)).toEqual(['reserva', 'gasto']);
    await stopWorker(workers[owner]);
  }, 600_000);

  it('a job whose tasks keep failing ends falhou after pg-boss\'s retries, its reservation returned whole', async () => {
    const { org, project } = await seedOrganization(suite.store, 'failing', CREDITS);
    const { done, attempts } = await runWithFailingTasks(suite.store, project.id, () => submit(project.id, 'failing'));
    expect(done.estado).toBe('falhou');
    expect(done.registro.motivo).toMatch(/^task \d+ \(replica \d, variant \d\) ended failed after its retries: no kernel here/);
    expect(await balance(suite.store, org.id)).toBe(CREDITS);
    // the failed task ran twice (retryLimit 1) before the job failed
    const failed = Number(/^task (\d+)/.exec(done.registro.motivo as string)![1]);
    expect(attempts.filter((t) => t === failed)).toHaveLength(2);
  }, 300_000);

  it('a job cancelled before it has a machine enqueues no task and gets its reservation back whole', async () => {
    const { org, project } = await seedOrganization(suite.store, 'cancel', CREDITS);
    const cancelled = await submit(project.id, 'cancel');
    expect(await balance(suite.store, org.id)).toBe(CREDITS - quote.preco_micros);
    expect((await cancelJob(suite.store, project.id, cancelled.id)).estado).toBe('cancelado');
    expect(await balance(suite.store, org.id)).toBe(CREDITS);
    // a worker then runs the next job of the queue (so it has passed over the cancelled one)
    const w = runWorker(suite.store, { workerId: 'w-e', pollMs: 50, sweepMs: 0, webhookAgent: null, taskThreads: 1,
      runJob: async () => ({ formato: 'test', dados: new Uint8Array([1]) }) });
    const next = await submit(project.id, 'next');
    await waitForState(suite.store, project.id, next.id, ['concluido']);
    await w.stop();
    expect((await getJob(suite.store, project.id, cancelled.id)).estado).toBe('cancelado');
    const tasks = await suite.store.query(`SELECT count(*)::int AS n FROM "${taskQueueSchema(suite.store.schema)}".job WHERE data->>'job_id' = $1`, [cancelled.id]);
    expect(tasks.rows[0].n).toBe(0);
    expect(await balance(suite.store, org.id)).toBe(CREDITS - quote.preco_micros);
  }, 120_000);
});
