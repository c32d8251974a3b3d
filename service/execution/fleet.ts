// The fleet a spread job's tasks run on (a simulation's, a calibration round's), measured: every worker process that takes tasks
// (worker/fleet-heartbeat.ts, with a PostgreSQL server) writes a sign of life with its task threads every
// FLEET_BEAT_MS and deletes it when it stops; a worker seen within FLEET_SILENCE_MS counts. The
// service's quotes take the fleet from here (docs/service-data.md, "One job across many machines"):
//   fleet threads = the live workers' task threads, at most CAMPAIGN_SIM_WORKERS x
//                   CAMPAIGN_SIM_WORKER_THREADS when CAMPAIGN_SIM_WORKERS is set (the operator's cap);
//   when no worker is live (none registered yet, or the embedded store, where tasks never spread
//   and no worker registers): CAMPAIGN_SIM_WORKERS (default 1) workers of CAMPAIGN_SIM_WORKER_THREADS.
// A quote's time is one machine's (CAMPAIGN_SIM_WORKER_THREADS threads) divided by fleetSpeedup.
// SQL in store/queries/fleet.ts.
import { workerBudget, type WorkerBudget } from '../../src/contract/job-limits.js';
import type { Store } from '../store/open-store.js';
import { FLEET_SQL } from '../store/queries/fleet.js';

/** How often a worker that takes tasks writes its sign of life. */
export const FLEET_BEAT_MS = 60_000;
/** A worker silent this long no longer counts (three missed signs of life). */
export const FLEET_SILENCE_MS = 3 * FLEET_BEAT_MS;
/** A worker silent this long is deleted by the sweeper (its process died without leaving). */
const FLEET_FORGET_MS = 24 * 3600 * 1000;

/** A worker's sign of life: it takes tasks on `threads` threads. */
export async function beatFleet(store: Store, workerId: string, threads: number, now: Date = store.clock.now()): Promise<void> {
  await store.query(FLEET_SQL.beat, [workerId, threads, now]);
}

/** The worker stops taking tasks. */
export async function leaveFleet(store: Store, workerId: string): Promise<void> {
  await store.query(FLEET_SQL.leave, [workerId]);
}

/** Workers seen within FLEET_SILENCE_MS of `now`, and their task threads. */
export async function liveFleet(store: Store, now: Date = store.clock.now()): Promise<{ workers: number; threads: number }> {
  return (await store.query<{ workers: number; threads: number }>(FLEET_SQL.live, [new Date(now.getTime() - FLEET_SILENCE_MS)])).rows[0];
}

/** Workers seen within FLEET_SILENCE_MS of `now`. */
export async function liveWorkers(store: Store, now: Date = store.clock.now()): Promise<number> {
  return (await liveFleet(store, now)).workers;
}

/** Deletes the rows of workers silent for FLEET_FORGET_MS. */
export async function sweepSilentWorkers(store: Store, now: Date = store.clock.now()): Promise<number> {
  return (await store.query(FLEET_SQL.sweep, [new Date(now.getTime() - FLEET_FORGET_MS)])).rowCount;
}

/** The budget a quote of the service uses: the worker's, with the measured fleet (rule above). */
export async function fleetBudget(store: Store, env: NodeJS.ProcessEnv = process.env, now: Date = store.clock.now()): Promise<WorkerBudget> {
  const budget = workerBudget(env);
  // No worker registers on the embedded store (its tasks never spread), so its quotes ask
  // nothing: that query on every quote had halved the estimate's calls a second.
  if (store.kind !== 'postgres') return budget;
  const live = await liveFleet(store, now);
  if (live.workers === 0) return budget;
  const capped = env.CAMPAIGN_SIM_WORKERS !== undefined;
  return {
    ...budget,
    workers: capped ? Math.min(live.workers, budget.workers) : live.workers,
    fleetThreads: capped ? Math.min(live.threads, budget.workers * budget.threads) : live.threads,
  };
}
