// What a worker does with a claimed job. The default runner runs a simulation job end to end
// (src/run-simulation-job.ts: simulate, then combine the replicas into the stored result) and
// returns the result's bytes, with the run's figures for registro; a calibration job (its pedido
// is the validated calibration body) runs calibration/job.ts runCalibrationJob. Workers accept
// another runner (tests inject one).
import { engineSimulate, runCalibrationJob } from '../calibration/index.js';
import type { CalibrationBody, Scenario } from '../src/contract/types.js';
import { jobResultToBytes, JOB_RESULT_BYTES_FORMAT } from '../src/findings/index.js';
import { openRelease } from '../src/release/release.js';
import { runSimulationJob } from '../src/run-simulation-job.js';
import { resolveCalibrationBase } from './calibration-base.js';
import type { JobRow } from './job-row.js';
import { calibrationAttempt } from './jobs.js';
import type { StoredResult } from './queue.js';
import type { Store } from './store/open-store.js';

export interface RunJobContext {
  /** Sends a sign of life (and optional progress); the worker also sends one every minute. */
  heartbeat(progress?: unknown): Promise<void>;
  /** Aborted when the job must stop (worker stopping, or the job no longer held by this worker). */
  signal: AbortSignal;
  /** The worker's store (a calibracao base is read from it). */
  store: Store;
}

export type RunJob = (job: JobRow, ctx: RunJobContext) => Promise<StoredResult>;

/** Options of the default runner. */
export interface EngineRunnerOptions {
  /** Threads of the simulation pool (default: the machine's cores). */
  threads?: number;
}

/** The default RunJob: runSimulationJob + jobResultToBytes, or runCalibrationJob. */
export function createEngineRunJob(opts: EngineRunnerOptions = {}): RunJob {
  return async (job, ctx) => {
    if (job.tipo === 'calibracao') {
      const body = job.pedido as CalibrationBody;
      const release = openRelease(body.pedido.cenario.release);
      const stored = await runCalibrationJob(body, {
        release, simulate: engineSimulate, threads: opts.threads, signal: ctx.signal, heartbeat: (p) => ctx.heartbeat(p),
        tentativa: await calibrationAttempt(ctx.store, job.id),
      });
      return { ...stored, registro: { release: body.pedido.cenario.release } };
    }
    const scenario = job.pedido as Scenario;
    const release = openRelease(scenario.release);
    const base = await resolveCalibrationBase(ctx.store, job.project_id, scenario);
    let last = 0;
    const { result, execucao } = await runSimulationJob(scenario, {
      release, threads: opts.threads, signal: ctx.signal, parametros: base?.parametros,
      // The verdict of the calibration behind the parameters decides the job's calibration label.
      calibracaoVeredito: base?.veredito,
      // Progress rides on heartbeats, at most one write every 5 seconds.
      onProgress: (p) => {
        const now = Date.now();
        if (now - last < 5000) return;
        last = now;
        ctx.heartbeat(p).catch(() => undefined);
      },
    });
    return {
      formato: JOB_RESULT_BYTES_FORMAT,
      dados: jobResultToBytes(result),
      registro: { release: scenario.release, pessoa_dias: execucao.pessoa_dias, segundos: execucao.segundos, threads: execucao.threads },
    };
  };
}
