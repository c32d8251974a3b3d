// What a sample of runs (a Latin hypercube of the factors) says about each factor's effect on one
// output, from a linear model of it: standardized regression coefficients (SRC: the least-squares
// slopes after every factor and the output are scaled to mean 0 and sd 1; with R^2 near 1 the
// output is nearly linear in the factors and SRC^2 is the share of its variance each explains) and
// partial rank correlation coefficients (PRCC: the correlation of a factor's ranks with the
// output's ranks once the other factors' ranks are taken out; any monotone effect, linear or not,
// between -1 and 1): the correlation of the residuals of factor i's ranks and of the output's ranks
// after each is fitted by least squares on the other factors' ranks (fitting only on factors, never
// on the output, so an output whose ranks one factor fixes exactly still gives that factor 1).
// mathjs's linear solve loads on the first call, not with the package.

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
  const fixedColumn = z.indexOf(null);
  if (fixedColumn >= 0) throw new RangeError(`factor ${fixedColumn} does not vary over the runs: its effect cannot be told apart`);
  const { lusolve } = await import('mathjs');
  const zs = z as number[][];
  const n = y.length;
  // normal equations of the standardized model (no intercept: every column has mean 0)
  const ztz = zs.map((a) => zs.map((b) => dot(a, b)));
  const zty = zs.map((a) => [dot(a, yz)]);
  const src = (lusolve(ztz, zty) as number[][]).map((r) => r[0]);
  const residual = yz.reduce((acc, v, j) => acc + (v - zs.reduce((fit, c, i) => fit + c[j] * src[i], 0)) ** 2, 0);
  const r2 = 1 - residual / n;
  // ranks, then each factor's and the output's residuals once the other factors' ranks are fitted
  const rx = columns.map((c) => standardized(ranks(c))!);
  const ry = standardized(ranks(y))!;
  const prcc = rx.map((xi, i) => {
    const others = rx.filter((_, j) => j !== i);
    const [ex, ey] = [residuals(others, xi, lusolve), residuals(others, ry, lusolve)];
    const [sxx, syy] = [dot(ex, ex), dot(ey, ey)];
    // the other factors fix the output's ranks: nothing is left for this one to explain
    return syy <= 1e-12 * n || sxx <= 1e-12 * n ? null : dot(ex, ey) / Math.sqrt(sxx * syy);
  });
  return { src, prcc, r2 };
}

/** v minus its least-squares fit on the columns (all of mean 0, so no intercept). */
function residuals(columns: readonly number[][], v: readonly number[], lusolve: typeof import('mathjs').lusolve): number[] {
  if (columns.length === 0) return [...v];
  const b = (lusolve(columns.map((a) => columns.map((c) => dot(a, c))), columns.map((a) => [dot(a, v)])) as number[][]).map((r) => r[0]);
  return v.map((x, j) => x - columns.reduce((fit, c, i) => fit + c[j] * b[i], 0));
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
