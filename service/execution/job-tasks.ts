// The owner's side of a job spread over workers (docs/service-data.md, "One job across many
// machines"): it enqueues tasks of the job (a simulation's every replica x variant, or one
// calibration round's replicas, calibration-tasks.ts) in the task queue
// (task-queue.ts), reads the tasks' counts from the store when a worker's notification says one
// is stored (one query a read, for every task stored since the last) and hands them to the job
// thread (remote-pool.ts), which simulates and combines as in one process. It
// reports progress in days done over all tasks (moving while any task moves), fails the job
// when a task has failed its last attempt (pg-boss's retries spent; one query over the job's
// outstanding tasks every STATE_CHECK_EVERY_MS, whatever their number), cancels the job's
// outstanding tasks when the job ends early, and deletes the job's task rows at the end.
// SQL in store/queries/job-tasks.ts.
import type { Scenario } from '../../src/contract/types.js';
import { variantNames } from '../../src/contract/variants.js';
import { workerBudget } from '../../src/contract/job-limits.js';
import { openRelease } from '../../src/release/release.js';
import type { JobRow } from '../jobs/job-row.js';
import type { TaskData, TaskQueue } from './task-queue.js';
import type { Store } from '../store/open-store.js';
import { TASK_SQL } from '../store/queries/job-tasks.js';
import { createWaker } from './waker.js';

/** How a job ran (registro.execucao): its tasks and, per worker id, the tasks whose counts it gave. */
export interface Execucao {
  tarefas: number;
  workers: Record<string, number>;
}

export interface JobTasksOptions {
  queue: TaskQueue;
  job: Pick<JobRow, 'id' | 'cotacao'>;
  /** The tasks to run (all of a simulation's, or one calibration round's: jobTasks, roundTasks). */
  tasks: readonly TaskData[];
  /** Days each task simulates (progress counts days done over all of them). */
  dias: number;
  signal: AbortSignal;
  /** Reports progress in days and tasks done; absent when the job thread reports its own (a calibration's rounds). */
  heartbeat?(progress: unknown): Promise<void>;
  /** Hands one task's counts to the job thread. */
  deliver(task: TaskData, dados: Uint8Array): void;
  /** Longest wait between two reads of the finished tasks, which a stored task's notification cuts short (default DEFAULT_POLL_MS). */
  pollMs?: number;
  /** Time a task may stay active before pg-boss presumes its worker dead (default taskExpireSeconds). */
  expireInSeconds?: number;
}

/** Minimum time between two progress reports (as a job run in one process, engine-job.ts). */
const PROGRESS_EVERY_MS = 5000;
/** Longest wait between two reads of the finished tasks: the notifications of stored tasks wake the owner, this only covers a lost one. */
const DEFAULT_POLL_MS = 2000;
/** Minimum time between two looks at the queue's state of the outstanding tasks. */
const STATE_CHECK_EVERY_MS = 5000;
/** Floor of a task's expiry: a worker is presumed dead only after this long. */
export const MIN_TASK_EXPIRE_SECONDS = 15 * 60;
/** pg-boss caps a job's expiry; the job itself may not run longer (jobs/queue.ts DURATION_LIMIT_MS). */
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

/** Runs tasks of a job on the workers; resolves once every task's counts were delivered. */
export async function runJobTasks(store: Store, o: JobTasksOptions): Promise<Execucao> {
  const { queue, job, signal } = o;
  const { tasks } = o;
  const byTarefa = new Map(tasks.map((t) => [t.tarefa, t]));
  const total = tasks.length * o.dias;
  const wakes = createWaker(signal);
  // listening before the tasks exist: the first stored task wakes the loop
  const stopWaking = await queue.onTaskStored(job.id, wakes.wake);
  const got = new Set<number>();
  let ids: string[] = [];
  try {
    ids = await queue.enqueue(tasks, o.expireInSeconds ?? taskExpireSeconds(job.cotacao, tasks.length));
    const workers: Record<string, number> = {};
    let lastProgress = 0;
    let lastCheck = Date.now();
    const readResults = async () => {
      const rows = (await store.query<{ tarefa: number; worker_id: string; dados: Uint8Array }>(TASK_SQL.results, [job.id])).rows;
      for (const r of rows) {
        got.add(r.tarefa);
        workers[r.worker_id] = (workers[r.worker_id] ?? 0) + 1;
        o.deliver(byTarefa.get(r.tarefa)!, r.dados);
      }
    };
    for (;;) {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('the job was aborted');
      await readResults();
      if (got.size === tasks.length) return { tarefas: tasks.length, workers };
      if (o.heartbeat && Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        const dias = (await store.query<{ dias: number }>(TASK_SQL.daysOfJob, [job.id])).rows[0].dias;
        await o.heartbeat({ feitos: dias, total, tarefas_feitas: got.size, tarefas: tasks.length });
      }
      if (Date.now() - lastCheck >= STATE_CHECK_EVERY_MS) {
        lastCheck = Date.now();
        const ended = await queue.endedWithout(ids.filter((_, k) => !got.has(tasks[k].tarefa)));
        if (ended.length > 0) {
          await readResults(); // an earlier attempt may have stored the counts before the last one failed
          const lost = ended.map((e) => ({ e, t: tasks[ids.indexOf(e.id)] })).find(({ t }) => !got.has(t.tarefa));
          if (lost) throw new Error(`task ${lost.t.tarefa} (${lost.t.rodada ? `round ${lost.t.rodada.n + 1}, ` : ''}replica ${lost.t.replica}, variant ${lost.t.variante}) ended ${lost.e.state} after its retries: ${failureMessage(lost.e.output)}`.slice(0, 1000));
        }
      }
      // a stored task wakes the loop (task-queue.ts onTaskStored); the wait is for a lost notification
      await wakes.pause(o.pollMs ?? DEFAULT_POLL_MS);
    }
  } finally {
    await stopWaking();
    if (got.size < tasks.length) await queue.cancel(ids.filter((_, k) => !got.has(tasks[k].tarefa))).catch(() => undefined);
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
