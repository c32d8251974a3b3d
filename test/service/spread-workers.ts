// What the tests of jobs spread over worker processes share (scale-out.test.ts,
// calibration-scale-out.test.ts): real child processes running the compiled service (dist/,
// built by `npm test`'s pretest) on a test schema, and a wait on a job's state, never on a time.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { balance } from '../../service/accounts/ledger.js';
import { createEngineRunJob } from '../../service/execution/job-runner.js';
import { getJob } from '../../service/jobs/jobs.js';
import { readStoredResult } from '../../service/jobs/results.js';
import { openTaskQueue } from '../../service/execution/task-queue.js';
import { runWorker } from '../../service/worker/worker.js';
import { projectPath } from '../../src/project-path.js';
import { TEST_DATABASE_URL, openTestStore } from './store/test-store.js';

type TestStore = Awaited<ReturnType<typeof openTestStore>>;

/** A spread-jobs test file's store, the one-process result to compare with, and its worker processes. */
export interface SpreadSuite { store: TestStore; oneProcess: Uint8Array; children: ChildProcess[] }

/**
 * Registers the file's beforeAll (a fresh schema, and `pedido` run in one process as the jobs
 * table gives it back: jsonb orders an object's keys its own way, and the result echoes the
 * request, so its bytes follow that order) and afterAll (kills the workers left, drops the schema).
 */
export function setUpSpreadSuite<T>(schema: string, sources: readonly string[], pedido: T, runOneProcess: (pedido: T) => Promise<Uint8Array>): SpreadSuite {
  const suite = { children: [] as ChildProcess[] } as SpreadSuite;
  beforeAll(async () => {
    if (!distFresh(sources)) throw new Error('dist/ is older than service/: run `npm run tsbuild` (npm test does it first)');
    suite.store = await openTestStore(schema);
    const stored = (await suite.store.query<{ j: T }>('SELECT $1::jsonb AS j', [JSON.stringify(pedido)])).rows[0].j;
    suite.oneProcess = await runOneProcess(stored);
  }, 300_000);
  afterAll(async () => {
    for (const c of suite.children) c.kill('SIGKILL');
    await suite.store?.drop();
  });
  return suite;
}

/** Whether dist/ holds these service files (paths under service/) compiled after their last change. */
export function distFresh(sources: readonly string[]): boolean {
  return sources.every((f) => {
    const js = projectPath('dist', 'service', f.replace(/\.ts$/, '.js'));
    return fs.existsSync(js) && fs.statSync(js).mtimeMs >= fs.statSync(projectPath('service', f)).mtimeMs;
  });
}

/**
 * A worker process (1 thread) on the store's schema, pushed to `children` (for the test's
 * afterAll to kill); resolves once its task worker is taking tasks.
 */
export async function startWorker(store: TestStore, id: string, children: ChildProcess[]): Promise<ChildProcess> {
  const script = `
    import { openStore } from ${JSON.stringify(projectPath('dist', 'service', 'store', 'open-store.js'))};
    import { createEngineRunJob } from ${JSON.stringify(projectPath('dist', 'service', 'execution', 'job-runner.js'))};
    import { runWorker } from ${JSON.stringify(projectPath('dist', 'service', 'worker', 'worker.js'))};
    const store = await openStore({ databaseUrl: ${JSON.stringify(TEST_DATABASE_URL)}, schema: ${JSON.stringify(store.schema)}, poolSize: 4 });
    const w = runWorker(store, { workerId: ${JSON.stringify(id)}, pollMs: 50, sweepMs: 0, webhookAgent: null, taskThreads: 1,
      // a task active 20 s is presumed dead (pg-boss looks every second): only a kill makes one
      taskQueue: { maintenanceSeconds: 1, pollSeconds: 0.5 },
      runJob: createEngineRunJob({ threads: 1, taskPollMs: 50, taskExpireSeconds: 20 }) });
    process.stdout.write('ready\\n');
    process.once('SIGTERM', () => w.stop().then(() => store.close()));
  `;
  // a file, not --input-type=module -e: the job and task threads inherit the process's flags, and that one is refused in a thread
  const file = path.join(os.tmpdir(), `campaign-sim-${store.schema}-${id}.mjs`);
  fs.writeFileSync(file, script);
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
  child.once('exit', () => fs.rmSync(file, { force: true }));
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => { if (String(d).includes('ready')) resolve(); });
    child.on('exit', (code) => reject(new Error(`worker ${id} exited early (${code})`)));
  });
  return child;
}

export async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The job once it is in one of `estados`. */
export async function waitForState(store: TestStore, projectId: string, jobId: string, estados: string[]) {
  for (;;) {
    const job = await getJob(store, projectId, jobId);
    if (estados.includes(job.estado)) return job;
    await sleep(100);
  }
}

/**
 * What a job run by workers `w-a` and `w-b` must show once `concluido`: both took some of its
 * `tarefas` tasks, its stored result is `oneProcess` byte for byte, it was charged `preco` once,
 * and the owner deleted its task rows.
 */
export async function expectSharedByTwo(store: TestStore, done: Awaited<ReturnType<typeof getJob>>, expected: { projectId: string; orgId: string; tarefas: number; oneProcess: Uint8Array; balance: number }): Promise<void> {
  expect(done.registro.motivo).toBeUndefined();
  expect(done.estado).toBe('concluido');
  const execucao = done.registro.execucao as { tarefas: number; workers: Record<string, number> };
  expect(execucao.tarefas).toBe(expected.tarefas);
  expect(Object.keys(execucao.workers).sort()).toEqual(['w-a', 'w-b']);
  expect(Object.values(execucao.workers).reduce((x, y) => x + y)).toBe(expected.tarefas);
  expect(Buffer.from((await readStoredResult(store, expected.projectId, done.id)).dados).equals(Buffer.from(expected.oneProcess))).toBe(true);
  expect(await balance(store, expected.orgId)).toBe(expected.balance);
  expect((await store.query('SELECT count(*)::int AS n FROM job_tasks WHERE job_id = $1', [done.id])).rows[0].n).toBe(0);
}

/**
 * The job `submit` makes, run by an owner that takes no task while every attempt of every task
 * fails where it runs (pg-boss retries each once): the job once ended, and the task numbers attempted.
 */
export async function runWithFailingTasks(store: TestStore, projectId: string, submit: () => Promise<{ id: string }>) {
  const owner = runWorker(store, { workerId: 'w-owner', pollMs: 50, sweepMs: 0, webhookAgent: null, taskThreads: 0,
    taskQueue: { retryLimit: 1 }, runJob: createEngineRunJob({ threads: 1, taskPollMs: 50 }) });
  const queue = await openTaskQueue(store, { pollSeconds: 0.5 });
  const attempts: number[] = [];
  await queue.work(1, async (task) => { attempts.push(task.tarefa); throw new Error('no kernel here'); });
  const job = await submit();
  const done = await waitForState(store, projectId, job.id, ['concluido', 'falhou']);
  await Promise.all([owner.stop(), queue.stop()]);
  return { done, attempts };
}
