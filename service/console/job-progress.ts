// A running job's progress as a person reads it (views/job.eta: a progress bar and a percent),
// from what the worker reports on its heartbeats (GET /v1/jobs/{id} shows it as
// registro.progresso): a simulation's simulated days (SimulateProgress, src/simulate.ts), a
// calibration's rounds (CalibrationProgress, calibration/job.ts). Keep in sync with both.
import type { CalibrationProgress } from '../../calibration/index.js';
import type { SimulateProgress } from '../../src/simulate.js';

export interface JobProgress {
  feito: number;
  total: number;
  /** "26%" (pt-BR), rounded down: a job never shows 100% before it ends. */
  percentual: string;
}

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0, roundingMode: 'floor' } as Intl.NumberFormatOptions);

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** The share done of a reported progress, or null when there is none yet (or it has another shape). */
export function progressOf(p: unknown): JobProgress | null {
  if (p === null || typeof p !== 'object') return null;
  const s = p as Partial<SimulateProgress> & Partial<CalibrationProgress>;
  const [feito, total] = isCount(s.feitos) ? [s.feitos, s.total] : [s.rodadas_feitas, s.rodadas];
  if (!isCount(feito) || !isCount(total) || total === 0) return null;
  const done = Math.min(feito, total);
  return { feito: done, total, percentual: percent.format(done / total) };
}
