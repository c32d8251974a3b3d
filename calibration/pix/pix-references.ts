// The three simple forecasts the Pix case's model must beat, for one UF, from the window's months
// only (`visto`): persistence (the last window month carried forward), a Bass curve fitted on the
// window (calibration/bass.ts) and the log-trend a + b ln t fitted on the window's last 12 months
// (calibration/log-trend.ts); the same rules as a client calibration's baselines (baselines.ts).
import { bassBasis, fitBass } from '../bass.js';
import { fitLogTrend, logTrendAt, logTrendPeriods, periodMiddle } from '../log-trend.js';
import { periodDays } from '../periods.js';
import { PIX_DATA_INICIO } from './pix-model.js';

export const REFERENCIAS = ['persistencia', 'bass', 'tendencia_log'] as const;
export type Referencia = (typeof REFERENCIAS)[number];

/** Each reference's payers at every month of `meses` (the first visto.length are the window's). */
export function referenceForecasts(visto: Float64Array, meses: readonly number[]): Record<Referencia, Float64Array> {
  const spans = meses.map((m) => periodDays(m, 'mes', PIX_DATA_INICIO));
  const janela = Array.from(visto, (_, j) => j);
  const persistencia = new Float64Array(meses.length).fill(visto[visto.length - 1]);
  const bassFit = fitBass({ values: [visto], spans: spans.slice(0, visto.length), medida: 'acumulado' });
  const bass = Float64Array.from(spans, (s) => bassFit.m[0] * bassBasis(bassFit.p, bassFit.q, s, 'acumulado'));
  const ultimos = logTrendPeriods(janela, spans);
  const trend = fitLogTrend(ultimos.map((j) => periodMiddle(spans[j])), ultimos.map((j) => visto[j]))!;
  const tendencia_log = Float64Array.from(spans, (s) => logTrendAt(trend, periodMiddle(s)));
  return { persistencia, bass, tendencia_log };
}
