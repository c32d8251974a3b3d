// The Pix case's ablation (issue 60, comparacoes.curva_saturante): the agents replaced by a
// saturating curve, everything else kept. A UF's adopters implied by its observed payers,
// payers / (c_u g_u(t) a(t)), with the split's own a(t) and eligible factor, are fitted on the
// window's months by a Bass curve (calibration/bass.ts: p, q and m of the UF alone); the curve's
// adopters at every month then go through the model's own observation code (pix-case.ts
// forecastSplit: coverage, growth, a(t), the local factor or assimilation). The series is cut at
// the window's end (seriesUpTo) before anything here reads it.
//
// The spatial holdout's UFs were never seen: there the curve shares one p and q fitted on the
// other UFs' windows, and an unseen UF's m is its persons aged 15+ times the fitted UFs' sum of m
// over their sum of persons aged 15+ (the curve knows no covariate: eligible persons alone).
import { bassBasis, fitBass } from '../bass.js';
import { periodDays } from '../periods.js';
import type { ActivityCurve } from '../../src/release/pix-case-file.js';
import type { UfCode } from '../../src/release/types.js';
import { activityAt } from './pix-activity.js';
import { PIX_DATA_INICIO, type AdoptersByUf } from './pix-model.js';
import { seriesUpTo, type PixSeries } from './pix-series.js';

export interface CurveInput {
  series: PixSeries;
  /** The window's last month: nothing after it is read. */
  janelaFim: number;
  /** Months YYYYMM from 202011 whose ends the curve's adopters are given at (the window's first). */
  meses: readonly number[];
  activity: ActivityCurve;
  cobertura: Record<UfCode, number>;
  /** Each UF's eligible factor per month of `meses`. */
  populacao: Partial<Record<UfCode, ArrayLike<number>>>;
}

/** The window's implied adopters of one UF, and the month spans the curve is read at. */
function implied(i: CurveInput, uf: UfCode): { y: Float64Array; spans: Array<[number, number]>; n: number } {
  const visto = seriesUpTo(i.series, i.janelaFim);
  const n = visto.meses.length;
  if (visto.meses.some((m, j) => m !== i.meses[j])) throw new Error('pix-curve: meses must start with the window\'s months');
  const pop = i.populacao[uf]!;
  const y = Float64Array.from(visto.pagadores[uf], (v, j) => v / (i.cobertura[uf] * pop[j] * activityAt(i.activity, i.meses[j])));
  return { y, spans: i.meses.map((m) => periodDays(m, 'mes', PIX_DATA_INICIO)), n };
}

/** Each UF's own Bass curve fitted on its window's implied adopters, read at every month of `meses`. */
export function curveAdopters(i: CurveInput, ufs: readonly UfCode[]): AdoptersByUf {
  const out: AdoptersByUf = {};
  for (const uf of ufs) {
    const { y, spans, n } = implied(i, uf);
    const f = fitBass({ values: [y], spans: spans.slice(0, n), medida: 'acumulado' });
    out[uf] = Float64Array.from(spans, (s) => f.m[0] * bassBasis(f.p, f.q, s, 'acumulado'));
  }
  return out;
}

/**
 * The spatial holdout's curve: one p and q fitted on `vistas`' windows (each its own m), and each
 * UF of `novas` read with m = its persons aged 15+ x (sum of the fitted m / sum of the fitted UFs'
 * persons aged 15+).
 */
export function unseenCurveAdopters(
  i: CurveInput, vistas: readonly UfCode[], novas: readonly UfCode[], elegiveis: Partial<Record<UfCode, number>>,
): AdoptersByUf {
  const rows = vistas.map((uf) => implied(i, uf));
  const { spans, n } = rows[0];
  const f = fitBass({ values: rows.map((r) => r.y), spans: spans.slice(0, n), medida: 'acumulado' });
  const porElegivel = f.m.reduce((a, b) => a + b, 0) / vistas.reduce((s, uf) => s + elegiveis[uf]!, 0);
  const out: AdoptersByUf = {};
  for (const uf of novas) out[uf] = Float64Array.from(spans, (s) => elegiveis[uf]! * porElegivel * bassBasis(f.p, f.q, s, 'acumulado'));
  return out;
}
