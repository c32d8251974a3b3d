// What a worker does with a claimed job. The default runner simulates the scenario with the
// engine (src/simulate.ts), combines the replicas into the stored result format of src/findings
// and returns its bytes, with the run's figures for registro. Workers accept another runner
// (tests inject one). Calibration jobs are not run by workers yet: they fail and are refunded.
import type { Scenario } from '../src/contract/types.js';
import { combineOptionsFromRelease, combineReplicas, jobResultToBytes, JOB_RESULT_BYTES_FORMAT } from '../src/findings/index.js';
import { openRelease } from '../src/release/release.js';
import { simulate } from '../src/simulate.js';
import type { JobRow } from './jobs.js';
import type { StoredResult } from './queue.js';

export interface RunJobContext {
  /** Sends a sign of life (and optional progress); the worker also sends one every minute. */
  heartbeat(progress?: unknown): Promise<void>;
  /** Aborted when the job must stop (worker stopping, or the job no longer held by this worker). */
  signal: AbortSignal;
}

export type RunJob = (job: JobRow, ctx: RunJobContext) => Promise<StoredResult>;

/** Options of the default runner. */
export interface EngineRunnerOptions {
  /** Threads of the simulation pool (default: the machine's cores). */
  threads?: number;
}

/** Reason a calibration job fails with until workers run calibrations. */
export const CALIBRATION_NOT_RUN = 'calibration jobs are not run by this version of the worker';

/** The default RunJob: simulate + combineReplicas + jobResultToBytes. */
export function createEngineRunJob(opts: EngineRunnerOptions = {}): RunJob {
  return async (job, ctx) => {
    if (job.tipo !== 'simulacao') throw new Error(CALIBRATION_NOT_RUN);
    const scenario = job.pedido as Scenario;
    const release = openRelease(scenario.release);
    let last = 0;
    const out = await simulate(scenario, {
      release, threads: opts.threads, signal: ctx.signal,
      // Progress rides on heartbeats, at most one write every 5 seconds.
      onProgress: (p) => {
        const now = Date.now();
        if (now - last < 5000) return;
        last = now;
        ctx.heartbeat(p).catch(() => undefined);
      },
    });
    const result = combineReplicas(scenario, Object.values(out.variantes).flat(), combineOptionsFromRelease(release));
    return {
      formato: JOB_RESULT_BYTES_FORMAT,
      dados: jobResultToBytes(result),
      registro: { release: scenario.release, pessoa_dias: out.pessoa_dias, segundos: out.segundos, threads: out.threads },
    };
  };
}
