// A calibration as a service job (tipo calibracao): the stored, validated body in, the result as
// stored bytes out, progress (rounds done of rounds) on the job's heartbeats. The worker's job
// runner (service/execution/job-runner.ts) calls runCalibrationJob for jobs of tipo calibracao; GET
// /v1/calibracoes/{id} reads the bytes back with calibrationResultFromBytes.

import type { CalibrationBody } from '../src/contract/types.js';
import type { ModelParameters, Release } from '../src/release/types.js';
import { calibratedParameters, runCalibration, type CalibrationResult } from './run.js';
import { simulationModel, type SimulateFn } from './simulation-model.js';

/** formato of a stored calibration result: UTF-8 JSON of CalibrationResult. */
export const CALIBRATION_RESULT_FORMAT = 'calibracao-json-v1';

/** Progress written on the job: rounds done of the quoted rounds. */
export interface CalibrationProgress {
  rodadas_feitas: number;
  rodadas: number;
}

export interface CalibrationJobContext {
  release: Release;
  simulate: SimulateFn;
  threads?: number;
  signal?: AbortSignal;
  /** The worker's sign of life, with progress; called at most every `progressMs` and at the end. */
  heartbeat?: (progress: CalibrationProgress) => Promise<void>;
  progressMs?: number;
  /** Attempt number (the service counts the project's earlier calibrations on the same serie_sha256). */
  tentativa?: number;
}

export async function runCalibrationJob(body: CalibrationBody, ctx: CalibrationJobContext): Promise<{ formato: string; dados: Uint8Array }> {
  const every = ctx.progressMs ?? 5000;
  let last = 0;
  // Heartbeats are chained (never two writes at once) and the last one is awaited before returning.
  let pending: Promise<void> = Promise.resolve();
  const result = await runCalibration(body, {
    release: ctx.release,
    threads: ctx.threads,
    signal: ctx.signal,
    tentativa: ctx.tentativa,
    model: simulationModel(ctx.simulate),
    onProgress: (done, total) => {
      const now = Date.now();
      if (done !== total && now - last < every) return;
      last = now;
      const beat = ctx.heartbeat;
      if (beat) pending = pending.then(() => beat({ rodadas_feitas: done, rodadas: total })).catch(() => undefined);
    },
  });
  await pending;
  return { formato: CALIBRATION_RESULT_FORMAT, dados: new TextEncoder().encode(JSON.stringify(result)) };
}

export function calibrationResultFromBytes(stored: { formato: string; dados: Uint8Array }): CalibrationResult {
  if (stored.formato !== CALIBRATION_RESULT_FORMAT) {
    throw new Error(`not a calibration result (formato ${stored.formato})`);
  }
  return JSON.parse(new TextDecoder().decode(stored.dados)) as CalibrationResult;
}

/**
 * Model parameters of a stored calibration result, for a scenario with lancamento.cenario_base
 * calibracao and lancamento.calibracao = that job's id (compilePlan / simulate `parametros`).
 */
export function calibrationParametersFromBytes(stored: { formato: string; dados: Uint8Array }): CalibrationBase {
  const r = calibrationResultFromBytes(stored);
  return { parametros: calibratedParameters(r), veredito: r.veredito.resultado };
}

/** What a scenario on `cenario_base: calibracao` runs: the parameters and the verdict that stands behind them. */
export interface CalibrationBase {
  parametros: ModelParameters;
  veredito: 'aprovada' | 'reprovada';
}
