// A worker's part in jobs spread over machines: it takes tasks from the task queue
// (task-queue.ts), whoever owns their job, runs each in the process's task thread
// (task-thread.ts, started with the worker) and stores its counts for the job's owner (job_tasks),
// then tells the owner so (the queue's channel). A job's pedido and base are read once, on its
// first task here (a calibration's task carries its round's scenario and parameters instead),
// so a task costs two writes of its row besides pg-boss's fetch and completion. A task of a job that is
// no longer running is dropped without running; a running task whose job ends (failed, swept)
// is stopped at its next progress report. Its days done go to the store as it runs, so the
// job's owner reports progress that moves while any task moves (the 15-minute rule, jobs/queue.ts).
// SQL in store/queries/job-tasks.ts.
import type { Scenario } from '../../src/contract/types.js';
import { reviveError } from '../../src/errors.js';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { TASK_SQL } from '../store/queries/job-tasks.js';
import { resolveCalibrationBase } from '../jobs/calibration-base.js';
import type { TaskData, TaskQueue } from './task-queue.js';
import { startThread } from './start-thread.js';
import type { TaskThreadRequest } from './thread-messages.js';

export interface TaskWorkerOptions {
  workerId: string;
  /** Tasks this process runs at once: the threads of its task thread's pool (default 1). */
  threads?: number;
  clock: Clock;
}

export interface TaskWorker {
  /** Stops taking tasks, stops the running ones (pg-boss retries them elsewhere), ends the thread. */
  stop(): Promise<void>;
}

interface TaskOutcome {
  dados: Uint8Array;
  segundos: number;
  dias: number;
}

/** The task thread of this process, its tasks numbered; started now, and again on the next task after it died. */
function taskThread(threads: number) {
  let next = 0;
  const pending = new Map<number, { resolve(o: TaskOutcome): void; reject(e: unknown): void; progress(dias: number): void }>();
  const thread = startThread('task-thread', { threads }, { revive: true });
  thread.onMessage((m) => {
    const p = pending.get(m.n);
    if (!p) return;
    if (m.kind === 'progress') return p.progress(m.dias);
    pending.delete(m.n);
    if (m.kind === 'done') p.resolve({ dados: m.dados, segundos: m.segundos, dias: m.dias });
    else p.reject(reviveError(m.error));
  });
  thread.onEnd((why) => { for (const p of pending.values()) p.reject(why); pending.clear(); });
  return {
    run(req: Omit<TaskThreadRequest, 'kind' | 'n'>, progress: (dias: number) => void): { n: number; outcome: Promise<TaskOutcome> } {
      const n = next++;
      const outcome = new Promise<TaskOutcome>((resolve, reject) => { pending.set(n, { resolve, reject, progress }); });
      thread.post({ kind: 'run', n, ...req });
      return { n, outcome };
    },
    abort(n: number) { if (pending.has(n)) thread.post({ kind: 'abort', n }); },
    close: () => thread.terminate(),
  };
}

/** How often a running task's days are written to the store (and its job's state read back). */
const PROGRESS_WRITE_MS = 10_000;
/** Jobs whose pedido and base a worker keeps (as the task thread keeps their plans). */
const JOBS_KEPT = 2;

interface JobOfTask {
  pedido: Scenario;
  parametros: TaskThreadRequest['parametros'];
}

/** Starts taking tasks of the queue. */
export async function startTaskWorker(store: Store, queue: TaskQueue, opts: TaskWorkerOptions): Promise<TaskWorker> {
  const { workerId, clock } = opts;
  // the thread (its modules) starts with the worker, not on the first task of the first job
  const thread = taskThread(Math.max(1, opts.threads ?? 1));
  // what a job's tasks need from the store, read on its first task here (a job's pedido and base do not change)
  const jobs = new Map<string, Promise<JobOfTask | null>>();
  const jobOf = (jobId: string): Promise<JobOfTask | null> => {
    let j = jobs.get(jobId);
    if (!j) {
      if (jobs.size >= JOBS_KEPT) jobs.delete(jobs.keys().next().value!);
      j = (async () => {
        const row = (await store.query<{ estado: string; project_id: string; pedido: Scenario | null }>(TASK_SQL.jobOfTask, [jobId])).rows[0];
        if (row?.estado !== 'em_execucao' || !row.pedido) return null;
        const base = await resolveCalibrationBase(store, row.project_id, row.pedido);
        return { pedido: row.pedido, parametros: base?.parametros };
      })();
      jobs.set(jobId, j);
      // a job found ended or unreadable is asked again by its next task
      j.then((x) => { if (!x) jobs.delete(jobId); }, () => jobs.delete(jobId));
    }
    return j;
  };

  let stopping = false;
  async function runTask(task: TaskData): Promise<void> {
    if (stopping) throw new Error('the worker is stopping');
    // the job ended (failed, swept, erased) or its task's counts are in: nothing to run
    if ((await store.query(TASK_SQL.start, [task.job_id, task.tarefa, workerId, clock.now()])).rows.length === 0) return;
    // a calibration round's task carries its round's scenario and parameters: the job's body (its series) is not read
    let request: Pick<TaskThreadRequest, 'pedido' | 'parametros' | 'rodada'>;
    if (task.rodada) request = { pedido: task.rodada.cenario, parametros: task.rodada.parametros, rodada: task.rodada.n };
    else {
      const job = await jobOf(task.job_id);
      if (!job) return;
      request = { pedido: job.pedido, parametros: job.parametros };
    }
    let lastWrite = Date.now();
    const running = thread.run({ jobId: task.job_id, ...request, variante: task.variante, replica: task.replica }, (dias) => {
      if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = Date.now();
      store.query<{ running: boolean }>(TASK_SQL.progress, [task.job_id, task.tarefa, workerId, dias, clock.now()])
        .then((r) => { if (r.rows[0]?.running === false) thread.abort(running.n); })
        .catch(() => undefined);
    });
    const out = await running.outcome;
    await store.query(TASK_SQL.finish, [task.job_id, task.tarefa, workerId, out.dias, out.dados, out.segundos, clock.now()]);
    await queue.taskStored(task.job_id);
  }

  await queue.work(Math.max(1, opts.threads ?? 1), runTask);
  return {
    async stop() {
      stopping = true;
      // the thread goes first: its tasks fail at once, and pg-boss retries them elsewhere
      await thread.close();
      await queue.stop();
    },
  };
}
