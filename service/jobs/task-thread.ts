// The thread a worker runs the tasks of spread jobs in (task-worker.ts starts one per process
// and keeps it): it compiles a job's plan once (the population from the release's cache) and
// keeps the plans of the last two jobs (or calibration rounds: a plan per job and round,
// compiled as calibration/engine.ts compiles a round's), so the next task of the same job starts at once; each
// task is one (replica, variant) of the plan in this thread's simulation pool, exactly the
// request simulate() sends (src/simulate.ts taskRequest), its counts returned as the bytes the
// store keeps (task-counts-bytes.ts). Loaded from dist/ (tsc output), like the job thread.
import { parentPort, workerData } from 'node:worker_threads';
import type { Scenario } from '../../src/contract/types.js';
import { ROUND_SCOPE } from '../../calibration/index.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { ServiceError } from '../../src/errors.js';
import { CONTROL_CANCEL, CONTROL_DAYS } from '../../src/kernel/kernel-plan.js';
import { compilePlan } from '../../src/plan/compile-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { sharedPool } from '../../src/pool/pool.js';
import type { ModelParameters } from '../../src/release/types.js';
import { openRelease } from '../../src/release/release.js';
import { planShards, shareContacts, taskRequest } from '../../src/simulate.js';
import { workerBudget } from '../../src/contract/job-limits.js';
import { taskCountsToBytes } from './task-counts-bytes.js';

/** A task for the thread: its job's request and calibrated parameters, and its place in the plan. */
export interface TaskThreadRequest {
  kind: 'run';
  n: number;
  jobId: string;
  pedido: unknown;
  parametros?: Partial<ModelParameters>;
  /** A calibration round's task: `pedido` is the round's scenario (calibration/simulation-model.ts roundScenario). */
  rodada?: number;
  variante: number;
  replica: number;
}

/** Messages to the thread: a task, or stop task n. */
export type TaskThreadInput = TaskThreadRequest | { kind: 'abort'; n: number };

/** Messages of the thread: days done of task n, its counts, or its failure. */
export type TaskThreadMessage =
  | { kind: 'progress'; n: number; dias: number }
  | { kind: 'done'; n: number; dados: Uint8Array; segundos: number; dias: number }
  | { kind: 'failed'; n: number; error: unknown };

/** What task-worker.ts passes as workerData; the marker keeps main() from running in any other thread that imports this module. */
export interface TaskThreadData {
  taskThread: true;
  /** Threads of this thread's simulation pool (tasks at once). */
  threads?: number;
}

/** How often the days of a running task are reported. */
const PROGRESS_EVERY_MS = 2000;
const PLANS_KEPT = 2;

function main(port: NonNullable<typeof parentPort>, data: TaskThreadData): void {
  const plans = new Map<string, Promise<{ plan: Plan; shards: ReturnType<typeof planShards>; contatos: boolean }>>();
  const controls = new Map<number, Int32Array>();
  const pool = sharedPool(data.threads);

  function planOf(req: TaskThreadRequest) {
    const key = req.rodada === undefined ? req.jobId : `${req.jobId}:${req.rodada}`;
    let p = plans.get(key);
    if (!p) {
      if (plans.size >= PLANS_KEPT) plans.delete(plans.keys().next().value!);
      p = (async () => {
        // as simulate() compiles it for the job's owner (a round's: as calibration/engine.ts
        // compiles it, its scenario already checked with the calibration's body): the same
        // scenario gives the same plan
        const release = openRelease((req.pedido as Scenario).release);
        const plan = req.rodada === undefined
          ? await compilePlan(validateScenario(req.pedido, release), release, { parametros: req.parametros })
          : await compilePlan(req.pedido as Scenario, release, { parametros: req.parametros, ...ROUND_SCOPE });
        // the pool's threads keep a replica's media contacts when the worker's budget holds them
        return { plan, shards: planShards(plan), contatos: shareContacts(plan, pool.threads, workerBudget().memoryBytes) };
      })();
      plans.set(key, p);
      p.catch(() => plans.delete(key));
    }
    return p;
  }

  async function run(req: TaskThreadRequest): Promise<void> {
    const control = new Int32Array(new SharedArrayBuffer(8));
    controls.set(req.n, control);
    const timer = setInterval(() => port.postMessage({ kind: 'progress', n: req.n, dias: Atomics.load(control, CONTROL_DAYS) } satisfies TaskThreadMessage), PROGRESS_EVERY_MS);
    try {
      const { plan, shards, contatos } = await planOf(req);
      if (Atomics.load(control, CONTROL_CANCEL) === 1) throw new Error('the task was stopped');
      const counts = await pool.run(taskRequest(plan, shards, req.variante, req.replica, control, contatos));
      if (Atomics.load(control, CONTROL_CANCEL) === 1) throw new Error('the task was stopped');
      const dados = taskCountsToBytes(counts);
      port.postMessage({ kind: 'done', n: req.n, dados, segundos: counts.segundos, dias: plan.dias } satisfies TaskThreadMessage);
    } catch (err) {
      port.postMessage({ kind: 'failed', n: req.n, error: err instanceof ServiceError ? err.toPlain() : err instanceof Error ? err.message : String(err) } satisfies TaskThreadMessage);
    } finally {
      clearInterval(timer);
      controls.delete(req.n);
    }
  }

  port.on('message', (m: TaskThreadInput) => {
    if (m.kind === 'abort') {
      const c = controls.get(m.n);
      if (c) Atomics.store(c, CONTROL_CANCEL, 1);
    } else void run(m);
  });
}

const data = workerData as TaskThreadData | null;
if (parentPort && data?.taskThread === true) main(parentPort, data);
