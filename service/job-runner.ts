// What a worker does with a claimed job: the default runner simulates the scenario with the
// engine, combines the replicas into the stored result format of src/findings and returns its
// bytes. Workers accept another runner (tests inject one). Calibration jobs are not run here yet.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { combineReplicas, jobResultToBytes, JOB_RESULT_BYTES_FORMAT } from '../src/findings/index.js';
import { openRelease } from '../src/release/release.js';
import type { Scenario } from '../src/contract/types.js';
import type { ReplicaResult } from '../src/pool/replica-result.js';
import type { JobRow } from './jobs.js';
import type { StoredResult } from './queue.js';

export interface RunJobContext {
  /** Sends a sign of life (and optional progress); the worker also sends one every minute. */
  heartbeat(progress?: unknown): Promise<void>;
  /** Aborted when the job must stop (worker stopping, or the job no longer held by this worker). */
  signal: AbortSignal;
}

export type RunJob = (job: JobRow, ctx: RunJobContext) => Promise<StoredResult>;

type SimulateModule = {
  simulate(scenario: Scenario, opts: { release: unknown; threads?: number; signal?: AbortSignal; onProgress?: (p: unknown) => void }):
    Promise<ReplicaResult[] | Record<string, ReplicaResult[]> | { results: ReplicaResult[] | Record<string, ReplicaResult[]> }>;
};

// The engine's entry (src/simulate.ts, issue 4) is loaded on first use, so the service builds
// and serves without it; a job run before it exists fails with this reason and is refunded.
const SIMULATE_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'simulate.js');

async function loadSimulate(): Promise<SimulateModule['simulate']> {
  let mod: Partial<SimulateModule>;
  try {
    mod = (await import(pathToFileURL(SIMULATE_MODULE).href)) as Partial<SimulateModule>;
  } catch (err) {
    throw new Error(`the simulation engine is not available in this build (${SIMULATE_MODULE}): ${err instanceof Error ? err.message : String(err)}`);
  }
  if (typeof mod.simulate !== 'function') throw new Error(`${SIMULATE_MODULE} does not export simulate()`);
  return mod.simulate;
}

function flatten(out: Awaited<ReturnType<SimulateModule['simulate']>>): ReplicaResult[] {
  const r = (out as { results?: unknown }).results ?? out;
  return Array.isArray(r) ? r : Object.values(r as Record<string, ReplicaResult[]>).flat();
}

/** Options of the default runner. */
export interface EngineRunnerOptions {
  /** Worker threads of the simulation pool (default: the engine's default). */
  threads?: number;
}

/** The default RunJob: simulate + combineReplicas + jobResultToBytes. */
export function createEngineRunJob(opts: EngineRunnerOptions = {}): RunJob {
  return async (job, ctx) => {
    if (job.tipo !== 'simulacao') throw new Error(`jobs of tipo ${job.tipo} are not run by this worker yet`);
    const scenario = job.pedido as Scenario;
    const simulate = await loadSimulate();
    const release = openRelease(scenario.release);
    let last = 0;
    const out = await simulate(scenario, {
      release, threads: opts.threads, signal: ctx.signal,
      // Progress rides on the heartbeats, at most one write every 5 seconds.
      onProgress: (p) => {
        const now = Date.now();
        if (now - last < 5000) return;
        last = now;
        ctx.heartbeat(p).catch(() => undefined);
      },
    });
    const result = combineReplicas(scenario, flatten(out));
    return { formato: JOB_RESULT_BYTES_FORMAT, dados: jobResultToBytes(result) };
  };
}
