// How sure the Pix case's scores are (issue 60; docs/experiments/pix-fits.md, 2026-12-03). A MAPE
// of the case is one run of the model on one 1:k household sample; the case reruns its fits'
// parameters R times (Monte Carlo draws: other samples, other random streams, pix-case.ts) and
//   - monteCarloInterval: gives each score the mean over draws with a 90% t-interval for it
//     (mean +- t(R-1) sd / sqrt R) and the range of the single draws (where one run's score falls);
//   - pairedBootstrap: compares two forecasts month by month on a holdout (the loss differential
//     D_m = mean over UFs of APE(a) - APE(b)): resamples the months with replacement and one draw
//     per resample, and gives a 90% percentile interval of the mean differential and the share of
//     resamples where `a` is not better. The months of one holdout share their forecast origin, so
//     their errors are autocorrelated and this interval is narrower than the truth (said in the case);
//   - unitBootstrap: for a score with no Monte Carlo spread (a reference fitted to the observed
//     series alone gives the same forecast in every draw), the one sampling interval it has: the
//     units it averages over (the holdout's months) resampled with replacement.
import type { ComparacaoPareada, IntervaloMc } from '../../src/release/pix-case-file.js';
import { Rng } from '../../src/release/random.js';

/** The nominal level of every interval of the case. */
export const NIVEL_INTERVALO = 0.9;

/** Upper 0.95 quantile of Student's t with 1..30 degrees of freedom (two-sided 90%); above 30 the normal's 1.645 is within 2%. */
const T95 = [
  6.314, 2.92, 2.353, 2.132, 2.015, 1.943, 1.895, 1.86, 1.833, 1.812, 1.796, 1.782, 1.771, 1.761, 1.753,
  1.746, 1.74, 1.734, 1.729, 1.725, 1.721, 1.717, 1.714, 1.711, 1.708, 1.706, 1.703, 1.701, 1.699, 1.697,
];

export function studentT95(df: number): number {
  if (!(df >= 1)) throw new RangeError(`studentT95: degrees of freedom must be >= 1, got ${df}`);
  return T95[Math.floor(df) - 1] ?? 1.645;
}

/** The mean of `draws` (R >= 2 Monte Carlo draws of one score) with its 90% t-interval, the sd and the range. */
export function monteCarloInterval(draws: readonly number[]): IntervaloMc {
  const n = draws.length;
  if (n < 2) throw new RangeError('monteCarloInterval: needs at least 2 draws');
  const media = draws.reduce((a, b) => a + b, 0) / n;
  const dp = Math.sqrt(draws.reduce((s, x) => s + (x - media) ** 2, 0) / (n - 1));
  const h = studentT95(n - 1) * dp / Math.sqrt(n);
  return { media, intervalo: [media - h, media + h], dp, faixa: [Math.min(...draws), Math.max(...draws)] };
}

/** Resamples of pairedBootstrap, and its seed (fixed: the case is reproducible). */
export const REAMOSTRAS = 4000;
const SEMENTE = 20260060;

/**
 * `diferencial[d][m]`: draw d's loss differential in month m (a's loss minus b's). Each resample
 * takes one draw at random and the months with replacement; the statistic is their mean.
 */
export function pairedBootstrap(diferencial: ReadonlyArray<ArrayLike<number>>, reamostras = REAMOSTRAS): ComparacaoPareada {
  const R = diferencial.length, M = diferencial[0].length;
  const rng = new Rng(SEMENTE, M, R);
  const stats = new Float64Array(reamostras);
  for (let k = 0; k < reamostras; k++) {
    const d = diferencial[rng.int(R)];
    let s = 0;
    for (let j = 0; j < M; j++) s += d[rng.int(M)];
    stats[k] = s / M;
  }
  stats.sort();
  const q = (p: number) => stats[Math.min(reamostras - 1, Math.max(0, Math.round(p * (reamostras - 1))))];
  let total = 0;
  for (const d of diferencial) for (let j = 0; j < M; j++) total += d[j];
  return {
    diferenca: total / (R * M),
    intervalo: [q((1 - NIVEL_INTERVALO) / 2), q((1 + NIVEL_INTERVALO) / 2)],
    parte_nao_melhor: stats.filter((v) => v >= 0).length / reamostras,
    reamostras, meses: M, sorteios: R,
  };
}

/**
 * D_m for one draw: the mean over UFs of |a - obs| / obs - |b - obs| / obs in each month of `idx`
 * (the differential whose mean over months is the difference of the mean-UF MAPEs).
 */
export function lossDifferential(
  a: ReadonlyArray<ArrayLike<number>>, b: ReadonlyArray<ArrayLike<number>>, obs: ReadonlyArray<ArrayLike<number>>, idx: readonly number[],
): Float64Array {
  return Float64Array.from(idx, (j) => {
    let s = 0;
    for (let u = 0; u < obs.length; u++) s += (Math.abs(a[u][j] - obs[u][j]) - Math.abs(b[u][j] - obs[u][j])) / obs[u][j];
    return s / obs.length;
  });
}

/**
 * A 90% percentile interval of `statistic` over `n` units resampled with replacement (`statistic`
 * reads the resample's unit indices, repeats included). Fixed seed: the case is reproducible.
 */
export function unitBootstrap(n: number, statistic: (unidades: Int32Array) => number, reamostras = REAMOSTRAS): [number, number] {
  if (!(n >= 1)) throw new RangeError(`unitBootstrap: needs at least 1 unit, got ${n}`);
  const rng = new Rng(SEMENTE, n, 0);
  const stats = new Float64Array(reamostras);
  const u = new Int32Array(n);
  for (let k = 0; k < reamostras; k++) {
    for (let j = 0; j < n; j++) u[j] = rng.int(n);
    stats[k] = statistic(u);
  }
  stats.sort();
  const q = (p: number) => stats[Math.min(reamostras - 1, Math.max(0, Math.round(p * (reamostras - 1))))];
  return [q((1 - NIVEL_INTERVALO) / 2), q((1 + NIVEL_INTERVALO) / 2)];
}

/**
 * Per unit (a UF), the absolute percentage error of forecast `f` in each month of `idx`; its
 * mean over the months is the unit's MAPE (pix-fit.ts mape).
 */
export function absolutePercentageErrors(f: ArrayLike<number>, obs: ArrayLike<number>, idx: readonly number[]): Float64Array {
  return Float64Array.from(idx, (j) => Math.abs(f[j] - obs[j]) / obs[j]);
}

/**
 * The months bootstrap of an aggregate over units of per-unit MAPEs (`agregado`: the median or the
 * worst UF): every resample draws the same months for every unit, so their cross-unit correlation stays.
 */
export function monthsBootstrapOfMapes(erros: ReadonlyArray<Float64Array>, agregado: (mapes: number[]) => number, reamostras = REAMOSTRAS): [number, number] {
  const M = erros[0].length;
  return unitBootstrap(M, (u) => agregado(erros.map((e) => {
    let s = 0;
    for (let j = 0; j < M; j++) s += e[u[j]];
    return s / M;
  })), reamostras);
}
