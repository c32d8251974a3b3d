// What a sample of runs (a Latin hypercube of the factors) says about each factor's effect on one
// output, from a linear model of it: standardized regression coefficients (SRC: the least-squares
// slopes after every factor and the output are scaled to mean 0 and sd 1; with R^2 near 1 the
// output is nearly linear in the factors and SRC^2 is the share of its variance each explains) and
// partial rank correlation coefficients (PRCC: the correlation of a factor's ranks with the
// output's ranks once the other factors' ranks are taken out; any monotone effect, linear or not,
// between -1 and 1). PRCC_i = -P_iy / sqrt(P_ii P_yy), P the inverse of the rank correlation
// matrix of the factors and the output (the partial correlation of two variables given the rest).
// mathjs (its inverse and linear solve) loads on the first call, not with the package.

export interface LinearCoefficients {
  /** Per factor; null when the output does not vary over the sample (no effect can be read). */
  src: (number | null)[];
  prcc: (number | null)[];
  /** Share of the output's variance the linear model of the factors explains (null: the output does not vary). */
  r2: number | null;
}

/** Each column's values scaled to mean 0 and sd 1 (sd over n); null for a constant column. */
function standardized(v: readonly number[]): number[] | null {
  const m = v.reduce((a, x) => a + x, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / v.length);
  return sd > 0 ? v.map((x) => (x - m) / sd) : null;
}

/** Ranks 1..n, ties given their mean rank (as Spearman's correlation takes them). */
export function ranks(v: readonly number[]): number[] {
  const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(v.length);
  for (let s = 0; s < order.length; ) {
    let e = s;
    while (e + 1 < order.length && order[e + 1][0] === order[s][0]) e++;
    for (let j = s; j <= e; j++) out[order[j][1]] = (s + e) / 2 + 1;
    s = e + 1;
  }
  return out;
}

/**
 * SRC, PRCC and R^2 of `y` on the factors: `x` one row per run (the factors' values), `y` the
 * output of each run. Needs more runs than factors + 1 and factors that vary (a Latin hypercube's do).
 */
export async function linearCoefficients(x: readonly (readonly number[])[], y: readonly number[]): Promise<LinearCoefficients> {
  const k = x[0]?.length ?? 0;
  if (x.length !== y.length || x.length < k + 2) {
    throw new RangeError(`${k} factors need at least ${k + 2} runs with one output each (got ${x.length} runs, ${y.length} outputs)`);
  }
  const columns = Array.from({ length: k }, (_, i) => x.map((row) => row[i]));
  const yz = standardized(y);
  if (yz === null) return { src: columns.map(() => null), prcc: columns.map(() => null), r2: null };
  const z = columns.map((c) => standardized(c));
  const fixedColumn = z.findIndex((c) => c === null);
  if (fixedColumn >= 0) throw new RangeError(`factor ${fixedColumn} does not vary over the runs: its effect cannot be told apart`);
  const { inv, lusolve } = await import('mathjs');
  const zs = z as number[][];
  const n = y.length;
  // normal equations of the standardized model (no intercept: every column has mean 0)
  const ztz = zs.map((a) => zs.map((b) => dot(a, b)));
  const zty = zs.map((a) => [dot(a, yz)]);
  const src = (lusolve(ztz, zty) as number[][]).map((r) => r[0]);
  const residual = yz.reduce((acc, v, j) => acc + (v - zs.reduce((fit, c, i) => fit + c[j] * src[i], 0)) ** 2, 0);
  const r2 = 1 - residual / n;
  // rank correlations of the factors and the output, then the partial ones from the inverse
  const rz = [...columns, [...y]].map((c) => standardized(ranks(c))!);
  const corr = rz.map((a) => rz.map((b) => dot(a, b) / n));
  const p = inv(corr) as number[][];
  const prcc = columns.map((_, i) => -p[i][k] / Math.sqrt(p[i][i] * p[k][k]));
  return { src, prcc, r2 };
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
