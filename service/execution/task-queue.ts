// The queue of the tasks of jobs spread over workers: pg-boss (the PostgreSQL job queue) in a
// schema of its own beside the service's tables, its migrations run when the queue opens.
// pg-boss runs its SQL through the store's connection pool (its `db` adapter), so a lost server
// fails its calls as it fails the service's. What it gives the service: any worker of any
// machine takes a task (SKIP LOCKED), an active task whose worker died is expired and retried
// elsewhere (expireInSeconds; its maintenance looks every maintenanceSeconds), a task that keeps
// failing ends `failed` after retryLimit retries, and every task's state can be read.
// What it lacks, a wake-up, comes from PostgreSQL channels: the owner notifies the queue's (named
// as its schema, every worker listens) once a job's tasks are in, and every worker's pg-boss
// workers fetch at once instead of at their next poll; a worker notifies the job's own channel
// (only its owner listens) once a task's counts are stored, and the owner reads them at once
// instead of at its next poll. So a worker hears one notification per job, not one per task.
// The job-level claim (FIFO, per-organization limit) stays in jobs/queue.ts: pg-boss has no
// per-organization limit across queues, and the jobs table is what credits and states hang on.
// Only a PostgreSQL server holds it: the embedded store runs a job's tasks in its own process
// (docs/service-data.md, "One job across many machines").
import PgBoss from 'pg-boss';
import type { Scenario } from '../../src/contract/types.js';
import type { ModelParameters } from '../../src/release/types.js';
import type { Store } from '../store/open-store.js';
import { TASK_SQL } from '../store/queries/job-tasks.js';

/** The pg-boss queue every task goes to. */
export const TASK_QUEUE = 'tarefas';
/** The channel its owner hears a job's stored tasks on (job ids are unique across schemas, and a channel is the database's). */
function storedChannel(jobId: string): string {
  return `tarefas_${jobId}`;
}

/**
 * What a task of the queue carries: its job and its place in the job (a simulation's tarefa =
 * replica x variants + variant; a calibration's = round x replicas + replica, its one variant
 * plano) and, for a calibration, the round it belongs to.
 */
export interface TaskData {
  job_id: string;
  tarefa: number;
  variante: number;
  replica: number;
  rodada?: TaskRound;
}

/** A calibration round: its number (from 0, in the order run), its scenario and the candidate's parameters (calibration/simulation-model.ts). */
export interface TaskRound {
  n: number;
  cenario: Scenario;
  parametros?: ModelParameters;
}

export interface TaskQueueOptions {
  /** Retries of a task that failed or whose worker died, before the job fails (default 2). */
  retryLimit?: number;
  /** How often pg-boss looks for expired tasks (default 60 s; its own default is 120). */
  maintenanceSeconds?: number;
  /** How often an idle worker asks for a task (default 1 s). */
  pollSeconds?: number;
  onError?: (err: unknown) => void;
}

/** A task that will not run again: its retries spent (failed) or cancelled. */
export interface EndedTask {
  id: string;
  state: 'cancelled' | 'failed';
  /** What the last attempt left (pg-boss: the error of a failed attempt). */
  output: unknown;
}

export interface TaskQueue {
  readonly schema: string;
  /** Enqueues a job's tasks; returns their pg-boss ids, in order. */
  enqueue(tasks: readonly TaskData[], expireInSeconds: number): Promise<string[]>;
  /** Runs `handler` on tasks, `concurrency` at a time; a throw is a failed attempt (retried up to retryLimit). */
  work(concurrency: number, handler: (task: TaskData) => Promise<void>): Promise<void>;
  cancel(ids: readonly string[]): Promise<void>;
  /** Which of these tasks failed their last attempt or were cancelled: one query, whatever their number. */
  endedWithout(ids: readonly string[]): Promise<EndedTask[]>;
  /** Tells the job's owner that a task's counts are stored. */
  taskStored(jobId: string): Promise<void>;
  /** Calls `wake` whenever a task of the job is stored (taskStored, any machine), until the returned function is called. */
  onTaskStored(jobId: string, wake: () => void): Promise<() => Promise<void>>;
  /** Stops taking tasks; a task still running after `graceMs` is failed (so it is retried elsewhere). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Ids for `n` tasks inserted together, in their order: pg-boss fetches by priority, then creation
 * time (one insert's tasks share it), then id, so random ids let the fleet take a job's tasks in
 * random order. In order (a job's tasks replica by replica, job-tasks.ts), a thread meets a
 * replica's variants one after another and keeps their media contacts (src/kernel/shared-contacts.ts).
 * The index in the first 8 hex digits, the rest one random UUID's.
 */
export function orderedIds(n: number): string[] {
  const rest = crypto.randomUUID().slice(8);
  return Array.from({ length: n }, (_, k) => k.toString(16).padStart(8, '0') + rest);
}

/** The schema of the task queue beside the store's schema (public: campaign_sim_tarefas). */
export function taskQueueSchema(storeSchema: string): string {
  return storeSchema === 'public' ? 'campaign_sim_tarefas' : `${storeSchema}_tarefas`.slice(0, 63);
}

/** Opens the task queue of a PostgreSQL store: installs or migrates pg-boss's schema, creates the queue. */
export async function openTaskQueue(store: Store, opts: TaskQueueOptions = {}): Promise<TaskQueue> {
  if (store.kind !== 'postgres') throw new Error('the task queue needs a PostgreSQL server (the embedded store runs tasks in process)');
  const schema = taskQueueSchema(store.schema);
  const retryLimit = opts.retryLimit ?? 2;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => store.query(text, values) },
    schema,
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
  });
  boss.on('error', opts.onError ?? (() => undefined));
  // Workers starting at once install pg-boss's schema and create the queue one at a time (two
  // creating its partition at once deadlock): a lock held by one connection while pg-boss works
  // on others.
  await store.transaction(async (tx) => {
    await tx.query(TASK_SQL.lockSetUp, [schema]);
    await boss.start();
    if (!(await boss.getQueue(TASK_QUEUE))) await boss.createQueue(TASK_QUEUE, { name: TASK_QUEUE, retryLimit, retryDelay: 0 });
  });
  const pollingIntervalSeconds = opts.pollSeconds ?? 1;
  const workerIds: string[] = [];
  const stopListening = await store.listen!(schema, () => { for (const id of workerIds) boss.notifyWorker(id); })
    .catch(async (err: unknown) => { await boss.stop({ graceful: false, wait: true, close: false }); throw err; });
  const notify = async (channel: string) => { await store.query(TASK_SQL.notify, [channel, '']); };
  return {
    schema,
    async enqueue(tasks, expireInSeconds) {
      const ids = orderedIds(tasks.length);
      await boss.insert(tasks.map((data, k) => ({ id: ids[k], name: TASK_QUEUE, data, retryLimit, expireInSeconds })));
      await notify(schema);
      return ids;
    },
    async work(concurrency, handler) {
      for (let k = 0; k < concurrency; k++) {
        // pg-boss's worker sleeps out the rest of its polling interval even after a fetch that found
        // a task; notifying it when a task ends makes it fetch the next at once (measured: 0.64 s
        // idle per 0.42 s task before, bench/results/scale-out.json).
        let id = ''; // set once work() returns; a task that ends before then waits one interval, as before
        id = await boss.work<TaskData>(TASK_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([task]) => {
          try {
            await handler(task.data);
          } finally {
            if (id !== '') boss.notifyWorker(id);
          }
        });
        workerIds.push(id);
      }
    },
    cancel: (ids) => (ids.length > 0 ? boss.cancel(TASK_QUEUE, [...ids]) : Promise.resolve()),
    async endedWithout(ids) {
      return ids.length === 0 ? [] : (await store.query<EndedTask>(TASK_SQL.endedWithout(schema), [TASK_QUEUE, ids])).rows;
    },
    taskStored: (jobId) => notify(storedChannel(jobId)),
    onTaskStored: (jobId, wake) => store.listen!(storedChannel(jobId), wake),
    async stop(graceMs = 5000) {
      await stopListening();
      await boss.stop({ graceful: true, wait: true, timeout: graceMs, close: false });
    },
  };
}
