// The thread a worker runs the tasks of spread jobs in (task-worker.ts starts one per process
// and keeps it): it compiles a job's plan once (the population from the release's cache) and
// keeps the plans of the last two jobs (or calibration rounds: a plan per job and round,
// compiled as calibration/engine.ts compiles a round's), so the next task of the same job starts at once; each
// task is one (replica, variant) of the plan in this thread's simulation pool, exactly the
// request simulate() sends (src/simulate.ts taskRequest), its counts returned as the bytes the
// store keeps (task-counts-bytes.ts). Loaded from dist/ (tsc output), like the job thread.
import type { Scenario } from '../../src/contract/types.js';
import { ROUND_SCOPE } from '../../calibration/index.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { CONTROL_CANCEL, CONTROL_DAYS } from '../../src/kernel/kernel-plan.js';
import { compilePlan } from '../../src/plan/compile-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { sharedPool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { planShards, shareContacts, taskRequest } from '../../src/simulate.js';
import { workerBudget } from '../../src/contract/job-limits.js';
import { taskCountsToBytes } from './task-counts-bytes.js';
import { plainError, threadOf, type TaskThreadRequest, type ThreadSelf } from './thread-messages.js';

/** How often the days of a running task are reported. */
const PROGRESS_EVERY_MS = 2000;
const PLANS_KEPT = 2;

function main(self: ThreadSelf<'task-thread'>): void {
  const plans = new Map<string, Promise<{ plan: Plan; shards: ReturnType<typeof planShards>; contatos: boolean }>>();
  const controls = new Map<number, Int32Array>();
  const pool = sharedPool(self.data.threads);

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
    const timer = setInterval(() => self.post({ kind: 'progress', n: req.n, dias: Atomics.load(control, CONTROL_DAYS) }), PROGRESS_EVERY_MS);
    try {
      const { plan, shards, contatos } = await planOf(req);
      if (Atomics.load(control, CONTROL_CANCEL) === 1) throw new Error('the task was stopped');
      const counts = await pool.run(taskRequest(plan, shards, req.variante, req.replica, control, contatos));
      if (Atomics.load(control, CONTROL_CANCEL) === 1) throw new Error('the task was stopped');
      const dados = taskCountsToBytes(counts);
      self.post({ kind: 'done', n: req.n, dados, segundos: counts.segundos, dias: plan.dias });
    } catch (err) {
      self.post({ kind: 'failed', n: req.n, error: plainError(err) });
    } finally {
      clearInterval(timer);
      controls.delete(req.n);
    }
  }

  self.onMessage((m) => {
    if (m.kind === 'abort') {
      const c = controls.get(m.n);
      if (c) Atomics.store(c, CONTROL_CANCEL, 1);
    } else void run(m);
  });
}

const self = threadOf('task-thread');
if (self) main(self);
