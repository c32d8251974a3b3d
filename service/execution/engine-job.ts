// The engine's part of running a claimed job, with nothing of the store: a simulation job runs
// end to end (src/run-simulation-job.ts: simulate, then combine the replicas into the stored
// result) and returns the result's bytes with the run's figures for registro; a calibration job
// (its pedido is the validated calibration body) runs calibration/job.ts runCalibrationJob.
// What it needs from the store (the calibration base, the attempt number) is read beforehand
// by job-runner.ts, which runs this in a thread of its own (job-thread.ts).
import { engineSimulate, runCalibrationJob, type CalibrationBase, type SimulateFn } from '../../calibration/index.js';
import type { CalibrationBody, Scenario } from '../../src/contract/types.js';
import { jobResultToBytes, JOB_RESULT_BYTES_FORMAT } from '../../src/findings/index.js';
import { openRelease } from '../../src/release/release.js';
import { runSimulationJob } from '../../src/run-simulation-job.js';
import type { JobRow } from '../jobs/job-row.js';
import type { StoredResult } from '../jobs/queue.js';
import type { SimPool } from '../../src/pool/pool.js';

export interface EngineJobInput {
  job: Pick<JobRow, 'id' | 'tipo' | 'pedido'>;
  /** The calibrated parameters of a scenario with cenario_base calibracao (resolveCalibrationBase). */
  base?: CalibrationBase;
  /** Attempt number of a calibration job (calibrationAttempt). */
  tentativa: number;
  /** Threads of the simulation pool (default: the machine's cores). */
  threads?: number;
  /** A job whose tasks run on workers anywhere (job-tasks.ts): a simulation's task count, or a calibration's rounds. */
  spread?: { tarefas: number } | { rodadas: true };
}

export interface EngineJobHooks {
  signal: AbortSignal;
  /** Progress of the run, at most one every 5 seconds for simulations, every round for calibrations. */
  progress(p: unknown): void;
  /** The pool a spread simulation's tasks come from (remote-pool.ts); default the thread's own. */
  pool?: SimPool;
  /** What a spread calibration's rounds run (engineSimulate over remote pools, job-thread.ts); default engineSimulate. */
  simulate?: SimulateFn;
}

/** Minimum time between two progress reports of a simulation. */
const PROGRESS_EVERY_MS = 5000;

export async function runEngineJob(input: EngineJobInput, hooks: EngineJobHooks): Promise<StoredResult> {
  const { job } = input;
  if (job.tipo === 'calibracao') {
    const body = job.pedido as CalibrationBody;
    const release = openRelease(body.pedido.cenario.release);
    const stored = await runCalibrationJob(body, {
      release, simulate: hooks.simulate ?? engineSimulate, threads: input.threads, signal: hooks.signal,
      heartbeat: async (p) => hooks.progress(p), tentativa: input.tentativa,
    });
    return { ...stored, registro: { release: body.pedido.cenario.release } };
  }
  const scenario = job.pedido as Scenario;
  const release = openRelease(scenario.release);
  let last = 0;
  const { result, execucao } = await runSimulationJob(scenario, {
    release, threads: input.threads, signal: hooks.signal, parametros: input.base?.parametros,
    // a remote pool holds no kernel memory here: every task is in flight at once
    pool: hooks.pool, memoryBytes: hooks.pool ? Number.POSITIVE_INFINITY : undefined,
    // The verdict of the calibration behind the parameters decides the job's calibration label.
    calibracaoVeredito: input.base?.veredito,
    onProgress: (p) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      hooks.progress(p);
    },
  });
  return {
    formato: JOB_RESULT_BYTES_FORMAT,
    dados: jobResultToBytes(result),
    // a spread job's threads are the workers' (registro.execucao, job-tasks.ts)
    registro: { release: scenario.release, pessoa_dias: execucao.pessoa_dias, segundos: execucao.segundos, ...(hooks.pool ? {} : { threads: execucao.threads }) },
  };
}
