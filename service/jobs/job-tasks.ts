// The owner's side of a simulation job spread over workers (docs/service.md, "One job across many
// machines"): it enqueues every task of the job (replica x variant) in the task queue
// (task-queue.ts), reads each task's counts from the store as workers finish them and hands them
// to the job thread (remote-pool.ts), which simulates and combines as in one process. It
// reports progress in days done over all tasks (moving while any task moves), fails the job
// when a task has failed its last attempt (pg-boss's retries spent), cancels the job's
// outstanding tasks when the job ends early, and deletes the job's task rows at the end.
// SQL in store/queries/job-tasks.ts.
import type { Scenario } from '../../src/contract/types.js';
import { variantNames } from '../../src/contract/variants.js';
import { workerBudget } from '../../src/contract/job-limits.js';
import { openRelease } from '../../src/release/release.js';
import type { JobRow } from './job-row.js';
import type { TaskData, TaskQueue } from './task-queue.js';
import type { Store } from '../store/open-store.js';
import { TASK_SQL } from '../store/queries/job-tasks.js';

/** How a job ran (registro.execucao): its tasks and, per worker id, the tasks whose counts it gave. */
export interface Execucao {
  tarefas: number;
  workers: Record<string, number>;
}

export interface JobTasksOptions {
  queue: TaskQueue;
  job: Pick<JobRow, 'id' | 'cotacao'>;
  scenario: Scenario;
  signal: AbortSignal;
  heartbeat(progress: unknown): Promise<void>;
  /** Hands one task's counts to the job thread. */
  deliver(variante: number, replica: number, dados: Uint8Array): void;
  /** Wait between two reads of the finished tasks (default 500 ms). */
  pollMs?: number;
  /** Time a task may stay active before pg-boss presumes its worker dead (default taskExpireSeconds). */
  expireInSeconds?: number;
}

/** Minimum time between two progress reports (as a job run in one process, engine-job.ts). */
const PROGRESS_EVERY_MS = 5000;
/** Minimum time between two looks at the queue's state of the outstanding tasks. */
const STATE_CHECK_EVERY_MS = 5000;
/** Floor of a task's expiry: a worker is presumed dead only after this long. */
export const MIN_TASK_EXPIRE_SECONDS = 15 * 60;
/** pg-boss caps a job's expiry; the job itself may not run longer (queue.ts DURATION_LIMIT_MS). */
const MAX_TASK_EXPIRE_SECONDS = 12 * 3600;

/**
 * How long a task may run before its worker is presumed dead: four times its share of the job's
 * person-days at one thread's part of the release's throughput (a machine's, over its threads),
 * and at least MIN_TASK_EXPIRE_SECONDS, so a slow machine is not mistaken for a dead one.
 */
export function taskExpireSeconds(cotacao: JobRow['cotacao'], tarefas: number, threads = workerBudget().threads): number {
  const rate = cotacao ? openRelease(cotacao.release).manifest.pessoa_dias_por_segundo : 0;
  const perTask = rate > 0 ? (cotacao!.pessoa_dias / Math.max(1, tarefas)) / (rate / threads) : 0;
  return Math.min(MAX_TASK_EXPIRE_SECONDS, Math.max(MIN_TASK_EXPIRE_SECONDS, Math.ceil(4 * perTask)));
}

/** The tasks of a scenario, in simulate()'s order: tarefa = replica x variants + variant. */
export function jobTasks(jobId: string, scenario: Scenario): TaskData[] {
  const V = variantNames(scenario).length;
  return Array.from({ length: scenario.replicas * V }, (_, t) => ({ job_id: jobId, tarefa: t, variante: t % V, replica: Math.floor(t / V) }));
}

function failureMessage(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null;
  return String(o?.message ?? o?.value?.message ?? JSON.stringify(output));
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() { clearTimeout(t); signal.removeEventListener('abort', done); resolve(); }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Runs a job's tasks on the workers; resolves once every task's counts were delivered. */
export async function runJobTasks(store: Store, o: JobTasksOptions): Promise<Execucao> {
  const { queue, job, signal } = o;
  const tasks = jobTasks(job.id, o.scenario);
  const total = tasks.length * o.scenario.horizonte.dias;
  const ids = await queue.enqueue(tasks, o.expireInSeconds ?? taskExpireSeconds(job.cotacao, tasks.length));
  const got = new Set<number>();
  const workers: Record<string, number> = {};
  let lastProgress = 0;
  let lastCheck = Date.now();
  const readResults = async () => {
    const rows = (await store.query<{ tarefa: number; worker_id: string; dados: Uint8Array }>(TASK_SQL.results, [job.id, [...got]])).rows;
    for (const r of rows) {
      got.add(r.tarefa);
      workers[r.worker_id] = (workers[r.worker_id] ?? 0) + 1;
      o.deliver(tasks[r.tarefa].variante, tasks[r.tarefa].replica, r.dados);
    }
  };
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('the job was aborted');
      await readResults();
      if (got.size === tasks.length) return { tarefas: tasks.length, workers };
      if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        const dias = (await store.query<{ dias: number }>(TASK_SQL.daysOfJob, [job.id])).rows[0].dias;
        await o.heartbeat({ feitos: dias, total, tarefas_feitas: got.size, tarefas: tasks.length });
      }
      if (Date.now() - lastCheck >= STATE_CHECK_EVERY_MS) {
        lastCheck = Date.now();
        for (const t of tasks) {
          if (got.has(t.tarefa)) continue;
          const s = await queue.stateOf(ids[t.tarefa]);
          if (s?.state !== 'failed' && s?.state !== 'cancelled') continue;
          await readResults(); // an earlier attempt may have stored the counts before the last one failed
          if (!got.has(t.tarefa)) throw new Error(`task ${t.tarefa} (replica ${t.replica}, variant ${t.variante}) ended ${s.state} after its retries: ${failureMessage(s.output)}`.slice(0, 1000));
        }
      }
      await pause(o.pollMs ?? 500, signal);
    }
  } finally {
    if (got.size < tasks.length) await queue.cancel(ids.filter((_, t) => !got.has(t))).catch(() => undefined);
  }
}

/** Deletes a job's task rows (after its owner combined them, or once the job ended). */
export async function deleteJobTasks(store: Store, jobId: string): Promise<void> {
  await store.query(TASK_SQL.deleteOfJob, [jobId]);
}

/** Deletes the task rows of jobs that ended without their owner deleting them (the owner's process died). */
export async function sweepEndedJobTasks(store: Store): Promise<number> {
  return (await store.query(TASK_SQL.deleteOfEndedJobs)).rowCount;
}
