// The Bass diffusion curve and its fit, the second naive baseline a calibration must beat on the
// holdout (baselines.ts). Bass, F. M. (1969), "A New Product Growth Model for Consumer Durables",
// Management Science 15(5):215-227: the adopted share by time t is
//   F(t) = (1 - e^{-(p+q)t}) / (1 + (q/p) e^{-(p+q)t}),
// p the innovation and q the imitation coefficient (per day here), m the market size.
//
// One p and q are shared by every block and each block has its own m: a block's short window
// rarely identifies p, q and m on its own (the known instability of Bass fits on early data),
// while sizes differ by orders of magnitude between blocks. For given p and q each block's m is
// a linear least-squares fit (closed form), so only p and q are searched: a grid in log10, then
// a grid zoomed around the best point (deterministic, no starting-point luck). Each block's
// squared error is divided by its sum of squared observations, so every block counts equally, as
// in the per-block MAPE the model is judged by.

import type { SeriesMeasure } from './series.js';

export interface BassData {
  /** [block][period] observed values; NaN where there is none. */
  values: ArrayLike<number>[];
  /** [first, last] simulated day of each period (day 1 is the scenario's horizonte.data_inicio). */
  spans: Array<[number, number]>;
  medida: SeriesMeasure;
}

export interface BassFit {
  p: number;
  q: number;
  /** Market size of each block (0 for a block without a positive value). */
  m: number[];
}

/** log10 range searched for p and q (per day): from negligible to everything in a day. */
const LOG_MIN = -7;
const LOG_MAX = 0;
const COARSE_STEP = 0.25;
/** Zoom: a (2k+1)^2 grid of half-width `span` around the best point, the span shrinking each level. */
const ZOOM_HALF_POINTS = 4;
const ZOOM_LEVELS = 40;
const ZOOM_SHRINK = 0.6;

/** Adopted share by time t (days; 0 at t <= 0). */
export function bassShare(p: number, q: number, t: number): number {
  if (!(t > 0)) return 0;
  const e = Math.exp(-(p + q) * t);
  return (1 - e) / (1 + (q / p) * e);
}

/** A period's value per unit of m: F at its last day (acumulado), or F's increase over the period (novos). */
export function bassBasis(p: number, q: number, span: [number, number], medida: SeriesMeasure): number {
  const end = bassShare(p, q, span[1]);
  return medida === 'acumulado' ? end : end - bassShare(p, q, span[0] - 1);
}

/** Fits p, q (shared) and m (per block) to the observed values. */
export function fitBass(data: BassData): BassFit {
  const cells = data.values.map((row) => {
    const idx: number[] = [];
    for (let t = 0; t < data.spans.length; t++) if (Number.isFinite(row[t])) idx.push(t);
    return idx;
  });
  const basisAt = (p: number, q: number) => data.spans.map((s) => bassBasis(p, q, s, data.medida));
  const sizes = (f: number[]) => data.values.map((row, b) => {
    let fy = 0;
    let ff = 0;
    for (const t of cells[b]) {
      fy += f[t] * row[t];
      ff += f[t] * f[t];
    }
    return ff > 0 ? Math.max(0, fy / ff) : 0;
  });
  const objective = (lp: number, lq: number): number => {
    const f = basisAt(10 ** lp, 10 ** lq);
    const m = sizes(f);
    let total = 0;
    data.values.forEach((row, b) => {
      let sse = 0;
      let yy = 0;
      for (const t of cells[b]) {
        sse += (row[t] - m[b] * f[t]) ** 2;
        yy += row[t] * row[t];
      }
      if (yy > 0) total += sse / yy;
    });
    return total;
  };

  let best = { lp: LOG_MIN, lq: LOG_MIN, v: Number.POSITIVE_INFINITY };
  const consider = (lp: number, lq: number) => {
    const v = objective(lp, lq);
    if (v < best.v) best = { lp, lq, v };
  };
  for (let lp = LOG_MIN; lp <= LOG_MAX + 1e-9; lp += COARSE_STEP) {
    for (let lq = LOG_MIN; lq <= LOG_MAX + 1e-9; lq += COARSE_STEP) consider(lp, lq);
  }
  let span = COARSE_STEP;
  for (let level = 0; level < ZOOM_LEVELS; level++) {
    const { lp: cp, lq: cq } = best;
    for (let i = -ZOOM_HALF_POINTS; i <= ZOOM_HALF_POINTS; i++) {
      for (let j = -ZOOM_HALF_POINTS; j <= ZOOM_HALF_POINTS; j++) {
        const lp = cp + (i * span) / ZOOM_HALF_POINTS;
        const lq = cq + (j * span) / ZOOM_HALF_POINTS;
        if (lp >= LOG_MIN && lp <= LOG_MAX && lq >= LOG_MIN && lq <= LOG_MAX) consider(lp, lq);
      }
    }
    span *= ZOOM_SHRINK;
  }
  const p = 10 ** best.lp;
  const q = 10 ** best.lq;
  return { p, q, m: sizes(basisAt(p, q)) };
}
