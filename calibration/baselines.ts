// The three simple forecasts a calibrated model must beat on the holdout before it is aprovada
// (verdict.ts): a model that forecasts no better than a rule anyone could apply to the window
// has not earned its parameters. All see only the window of the training blocks and are
// scored like the model (mean MAPE per block over the holdout, loss.ts).
//   persistence: each block's last observed window value carried forward to every holdout
//                period (the last cumulative count for acumulado, the last period's count for novos);
//   Bass:        a Bass curve fitted on the window (bass.ts), p and q shared, m per block;
//   log-trend:   a + b ln t fitted per block on its last 12 months of the window (log-trend.ts).
// A block with no row in the window has nothing to carry or fit: all three forecast 0 for it.

import type { SeriesLayout } from './loss.js';
import { bassBasis, fitBass, type BassFit } from './bass.js';
import { fitLogTrend, logTrendAt, logTrendPeriods, periodMiddle } from './log-trend.js';
import type { SeriesMeasure } from './series.js';

export interface BaselineInput {
  observed: Float64Array;
  layout: SeriesLayout;
  medida: SeriesMeasure;
  /** [first, last] simulated day of every period of the layout. */
  spans: Array<[number, number]>;
  /** Blocks the forecasts are made for (the training blocks). */
  blocks: readonly number[];
  janela: readonly number[];
  holdout: readonly number[];
}

/** Each block's last observed window value, at every holdout period (NaN elsewhere). */
export function forecastPersistence(i: BaselineInput): Float64Array {
  const { nPeriods } = i.layout;
  const out = new Float64Array(i.layout.nBlocks * nPeriods).fill(NaN);
  const lastFirst = [...i.janela].sort((a, b) => b - a);
  for (const b of i.blocks) {
    const t = lastFirst.find((p) => Number.isFinite(i.observed[b * nPeriods + p]));
    const v = t === undefined ? 0 : i.observed[b * nPeriods + t];
    for (const h of i.holdout) out[b * nPeriods + h] = v;
  }
  return out;
}

/** The Bass curve fitted on the blocks' window values, at every period (NaN for other blocks). */
export function forecastBass(i: BaselineInput): { forecast: Float64Array; fit: BassFit } {
  const { nPeriods } = i.layout;
  const windowOnly = i.blocks.map((b) => {
    const row = new Float64Array(i.janela.length);
    i.janela.forEach((p, k) => { row[k] = i.observed[b * nPeriods + p]; });
    return row;
  });
  const fit = fitBass({ values: windowOnly, spans: i.janela.map((p) => i.spans[p]), medida: i.medida });
  const out = new Float64Array(i.layout.nBlocks * nPeriods).fill(NaN);
  const basis = i.spans.map((s) => bassBasis(fit.p, fit.q, s, i.medida));
  i.blocks.forEach((b, k) => {
    for (let p = 0; p < nPeriods; p++) out[b * nPeriods + p] = fit.m[k] * basis[p];
  });
  return { forecast: out, fit };
}

/** Each block's log-trend (its observed values on ln t over the window's last 12 months), at every holdout period (NaN elsewhere). */
export function forecastLogTrend(i: BaselineInput): Float64Array {
  const { nPeriods } = i.layout;
  const out = new Float64Array(i.layout.nBlocks * nPeriods).fill(NaN);
  const fitted = logTrendPeriods(i.janela, i.spans);
  for (const b of i.blocks) {
    const seen = fitted.filter((p) => Number.isFinite(i.observed[b * nPeriods + p]));
    const f = fitLogTrend(seen.map((p) => periodMiddle(i.spans[p])), seen.map((p) => i.observed[b * nPeriods + p]));
    for (const h of i.holdout) out[b * nPeriods + h] = f === null ? 0 : logTrendAt(f, periodMiddle(i.spans[h]));
  }
  return out;
}
