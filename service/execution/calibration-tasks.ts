// The owner's side of a calibration spread over workers (docs/service-data.md, "One job across
// many machines"): the job thread runs runCalibrationJob as in one process, its rounds over
// remote pools (job-thread.ts); each round it announces becomes its replicas' tasks of the
// `plano` variant, carrying the round (scenario and the candidate's parameters), which any
// worker runs (task-worker.ts) and whose counts the owner hands back to the thread
// (job-tasks.ts runJobTasks). Rounds go one at a time, as the search asks for them: a grade or
// aleatoria search could announce every candidate at once, and does not yet. The thread's
// progress (rounds done) is the job's.
import type { CalibrationQuote } from '../../src/contract/types.js';
import type { JobRow } from '../jobs/job-row.js';
import { runJobTasks, taskExpireSeconds, type Execucao } from './job-tasks.js';
import type { TaskData, TaskQueue, TaskRound } from './task-queue.js';
import type { Store } from '../store/open-store.js';
import type { ServiceThread } from './start-thread.js';

export interface CalibrationTasksOptions {
  queue: TaskQueue;
  job: Pick<JobRow, 'id' | 'cotacao'>;
  thread: ServiceThread<'job-thread'>;
  signal: AbortSignal;
  heartbeat(progress: unknown): Promise<void>;
  pollMs?: number;
  expireInSeconds?: number;
}

/** A round's tasks: one per replica of plano, tarefa = round x replicas + replica. */
export function roundTasks(jobId: string, rodada: TaskRound): TaskData[] {
  const R = rodada.cenario.replicas;
  return Array.from({ length: R }, (_, r) => ({ job_id: jobId, tarefa: rodada.n * R + r, variante: 0, replica: r, rodada }));
}

/** Runs the rounds the job thread announces on the workers; resolves, with how they ran, once the thread has ended. */
export function runCalibrationTasks(store: Store, o: CalibrationTasksOptions): Promise<Execucao> {
  const { job, thread } = o;
  const quote = job.cotacao as CalibrationQuote | null;
  // a task's expiry from its share of the whole calibration's person-days
  const expireInSeconds = o.expireInSeconds ?? taskExpireSeconds(job.cotacao, quote ? quote.rodadas * quote.replicas : 1);
  const execucao: Execucao = { tarefas: 0, workers: {} };
  let rounds: Promise<void> = Promise.resolve();
  return new Promise<Execucao>((resolve, reject) => {
    thread.onMessage((m) => {
      if (m.kind === 'progress') o.heartbeat(m.progress).catch(() => undefined);
      if (m.kind !== 'round') return;
      const tasks = roundTasks(job.id, m.rodada);
      rounds = rounds.then(async () => {
        const ran = await runJobTasks(store, {
          queue: o.queue, job, tasks, dias: m.rodada.cenario.horizonte.dias, signal: o.signal, pollMs: o.pollMs, expireInSeconds,
          deliver: (task, dados) => thread.post({ kind: 'task-counts', rodada: task.rodada!.n, variante: task.variante, replica: task.replica, dados }),
        });
        execucao.tarefas += ran.tarefas;
        for (const [w, n] of Object.entries(ran.workers)) execucao.workers[w] = (execucao.workers[w] ?? 0) + n;
      });
      rounds.catch(reject);
    });
    thread.onEnd(() => { rounds.then(() => resolve(execucao), reject); });
  });
}
