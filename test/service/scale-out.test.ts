// One job across many machines (docs/service.md): two worker processes against the real
// PostgreSQL share a simulation job's tasks through the task queue (pg-boss), and the stored
// result is byte for byte the result of the same job run in one process; a worker killed with
// SIGKILL in the middle costs only its tasks (pg-boss expires and retries them elsewhere) and
// the job is charged once; a job cancelled before it has a machine enqueues no task and gets its
// reservation back whole. The workers are real child processes running the compiled service
// (dist/, built by `npm test`'s pretest); every wait is on a state, never on a time.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../service/accounts/ledger.js';
import { cancelJob, createJob, getJob } from '../../service/jobs/jobs.js';
import { readStoredResult } from '../../service/jobs/results.js';
import { runWorker } from '../../service/worker.js';
import { quoteSimulation } from '../../src/contract/quotes.js';
import type { Scenario } from '../../src/contract/types.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { jobResultToBytes } from '../../src/findings/index.js';
import { openRelease } from '../../src/release/release.js';
import { runSimulationJob } from '../../src/run-simulation-job.js';
import { canal, receptionScenario } from '../fixtures/scenarios.js';
import { openTestStore, seedOrganization } from './store/test-store.js';
import { distFresh, expectSharedByTwo, sleep, startWorker, stopWorker, waitForState } from './spread-workers.js';
import { openTaskQueue, taskQueueSchema } from '../../service/jobs/task-queue.js';
import { createEngineRunJob } from '../../service/jobs/job-runner.js';

const SOURCES = ['worker.ts', 'jobs/job-runner.ts', 'jobs/job-thread.ts', 'jobs/job-tasks.ts', 'jobs/task-queue.ts', 'jobs/task-worker.ts', 'jobs/task-thread.ts', 'jobs/remote-pool.ts', 'jobs/task-counts-bytes.ts', 'store/queries/job-tasks.ts'];

const release = openRelease('v1.0.0');
// 9 variants (4 channels) x 2 replicas: 18 tasks
const scenario = validateScenario(receptionScenario({
  canais: [canal('tv', 1, 14, 0.6), canal('digital', 1, 21, 0.8), canal('radio', 1, 21, 0.5), canal('exterior', 8, 21, 0.4)],
  horizonte: { data_inicio: '2026-01-05', dias: 21 }, grupo_comparacao: 'scale-out',
}), release);
const quote = quoteSimulation(scenario, release);
const CREDITS = 10 * quote.preco_micros;

let store: Awaited<ReturnType<typeof openTestStore>>;
let oneProcess: Uint8Array;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!distFresh(SOURCES)) throw new Error('dist/ is older than service/: run `npm run tsbuild` (npm test does it first)');
  store = await openTestStore('scaleout');
  // The job as one process runs it: its request as the jobs table gives it back (jsonb orders an
  // object's keys its own way, and the result echoes the request, so its bytes follow that order).
  const pedido = (await store.query<{ j: Scenario }>('SELECT $1::jsonb AS j', [JSON.stringify(scenario)])).rows[0].j;
  oneProcess = jobResultToBytes((await runSimulationJob(pedido, { release, threads: 1 })).result);
}, 300_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await store?.drop();
});

async function submit(projectId: string, key: string) {
  return (await createJob(store, { projectId, tipo: 'simulacao', pedido: scenario, quote, idempotencyKey: key, requestHash: key })).job;
}

describe('a job spread over worker processes', () => {
  it('two workers share its tasks; the result is the one-process result, byte for byte', async () => {
    const { org, project } = await seedOrganization(store, 'two', CREDITS);
    const a = await startWorker(store, 'w-a', children);
    const b = await startWorker(store, 'w-b', children);
    const job = await submit(project.id, 'two');
    const done = await waitForState(store, project.id, job.id, ['concluido', 'falhou']);
    await expectSharedByTwo(store, done, { projectId: project.id, orgId: org.id, tarefas: 18, oneProcess, balance: CREDITS - quote.preco_micros });
    await Promise.all([stopWorker(a), stopWorker(b)]);
  }, 600_000);

  it('a worker killed with SIGKILL mid-job costs only its tasks: the job concludes with the same result, charged once', async () => {
    const { org, project } = await seedOrganization(store, 'killed', CREDITS);
    const workers = { 'w-c': await startWorker(store, 'w-c', children), 'w-d': await startWorker(store, 'w-d', children) };
    const job = await submit(project.id, 'killed');
    const owner = (await waitForState(store, project.id, job.id, ['em_execucao', 'concluido', 'falhou'])).worker_id as keyof typeof workers;
    const victim = owner === 'w-c' ? 'w-d' : 'w-c';
    // the victim holds a task it has not finished
    while ((await store.query('SELECT 1 FROM job_tasks WHERE job_id = $1 AND worker_id = $2 AND dados IS NULL', [job.id, victim])).rows.length === 0) {
      expect((await getJob(store, project.id, job.id)).estado).toBe('em_execucao');
      await sleep(20);
    }
    workers[victim].kill('SIGKILL');
    const done = await waitForState(store, project.id, job.id, ['concluido', 'falhou']);
    expect(done.registro.motivo).toBeUndefined();
    expect(done.estado).toBe('concluido');
    expect(Buffer.from((await readStoredResult(store, project.id, job.id)).dados).equals(Buffer.from(oneProcess))).toBe(true);
    expect(await balance(store, org.id)).toBe(CREDITS - quote.preco_micros);
    const ledger = await store.query<{ tipo: string }>('SELECT tipo FROM ledger_entries WHERE job_id = $1 ORDER BY id', [job.id]);
    expect(ledger.rows.map((r) => r.tipo)).toEqual(['reserva', 'gasto']);
    await stopWorker(workers[owner]);
  }, 600_000);

  it('a job whose tasks keep failing ends falhou after pg-boss\'s retries, its reservation returned whole', async () => {
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
    expect(done.registro.motivo).toMatch(/^task \d+ \(replica \d, variant \d\) ended failed after its retries: no kernel here/);
    expect(await balance(store, org.id)).toBe(CREDITS);
    // the failed task ran twice (retryLimit 1) before the job failed
    const failed = Number(/^task (\d+)/.exec(done.registro.motivo as string)![1]);
    expect(attempts.filter((t) => t === failed)).toHaveLength(2);
  }, 300_000);

  it('a job cancelled before it has a machine enqueues no task and gets its reservation back whole', async () => {
    const { org, project } = await seedOrganization(store, 'cancel', CREDITS);
    const cancelled = await submit(project.id, 'cancel');
    expect(await balance(store, org.id)).toBe(CREDITS - quote.preco_micros);
    expect((await cancelJob(store, project.id, cancelled.id)).estado).toBe('cancelado');
    expect(await balance(store, org.id)).toBe(CREDITS);
    // a worker then runs the next job of the queue (so it has passed over the cancelled one)
    const w = runWorker(store, { workerId: 'w-e', pollMs: 50, sweepMs: 0, webhookAgent: null, taskThreads: 1,
      runJob: async () => ({ formato: 'test', dados: new Uint8Array([1]) }) });
    const next = await submit(project.id, 'next');
    await waitForState(store, project.id, next.id, ['concluido']);
    await w.stop();
    expect((await getJob(store, project.id, cancelled.id)).estado).toBe('cancelado');
    const tasks = await store.query(`SELECT count(*)::int AS n FROM "${taskQueueSchema(store.schema)}".job WHERE data->>'job_id' = $1`, [cancelled.id]);
    expect(tasks.rows[0].n).toBe(0);
    expect(await balance(store, org.id)).toBe(CREDITS - quote.preco_micros);
  }, 120_000);
});
