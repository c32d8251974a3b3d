// A small Gaussian-process regressor and the expected-improvement criterion for the sequential
// search (Jones, Schonlau & Welch 1998, "Efficient Global Optimization of Expensive Black-Box
// Functions", J. Global Optim. 13:455-492; GP regression as in Rasmussen & Williams 2006, ch. 2,
// algorithm 2.1). Matern 5/2 kernel on the unit cube (the MAPE loss is cone-shaped at its
// minimum, rougher than a squared-exponential kernel assumes), outputs standardised; the length
// scale and noise are picked from a small fixed list by the log marginal likelihood, so the
// search stays deterministic.


const LENGTH_SCALES = [0.05, 0.1, 0.2, 0.35, 0.6, 1.0];
const NOISES = [1e-6, 1e-3, 1e-2, 0.1];

export interface GaussianProcess {
  predict(u: number[]): { mean: number; sd: number };
}

/** Matern 5/2 correlation at squared distance d2 and length scale ell. */
function matern52(d2: number, ell: number): number {
  const r = Math.sqrt(5 * d2) / ell;
  return (1 + r + (r * r) / 3) * Math.exp(-r);
}

function sqdist(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] - b[i]) ** 2;
  return s;
}

/** Lower Cholesky factor of a symmetric positive-definite matrix (row-major n x n), or null. */
function cholesky(a: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= l[i * n + k] * l[j * n + k];
      if (i === j) {
        if (s <= 0) return null;
        l[i * n + i] = Math.sqrt(s);
      } else {
        l[i * n + j] = s / l[j * n + j];
      }
    }
  }
  return l;
}

/** Solves L z = b (forward). */
function forward(l: Float64Array, n: number, b: Float64Array): Float64Array {
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i * n + k] * z[k];
    z[i] = s / l[i * n + i];
  }
  return z;
}

/** Solves L^T z = b (backward). */
function backward(l: Float64Array, n: number, b: Float64Array): Float64Array {
  const z = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * z[k];
    z[i] = s / l[i * n + i];
  }
  return z;
}

/** Fits the GP to points u (unit cube) and values y. */
export function fitGaussianProcess(u: number[][], y: number[]): GaussianProcess {
  const n = y.length;
  const mean = y.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(y.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1)) || 1;
  const ys = Float64Array.from(y, (v) => (v - mean) / sd);
  let best: { lml: number; ell: number; l: Float64Array; alpha: Float64Array } | null = null;
  for (const ell of LENGTH_SCALES) {
    for (const noise of NOISES) {
      const k = new Float64Array(n * n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j <= i; j++) {
          const v = matern52(sqdist(u[i], u[j]), ell);
          k[i * n + j] = v;
          k[j * n + i] = v;
        }
        k[i * n + i] += noise;
      }
      const l = cholesky(k, n);
      if (l === null) continue;
      const alpha = backward(l, n, forward(l, n, ys));
      let lml = 0;
      for (let i = 0; i < n; i++) lml -= 0.5 * ys[i] * alpha[i] + Math.log(l[i * n + i]);
      if (best === null || lml > best.lml) best = { lml, ell, l, alpha };
    }
  }
  if (best === null) throw new Error('gaussian process: no kernel setting gave a positive-definite matrix');
  const { ell, l, alpha } = best;
  return {
    predict(x: number[]) {
      const ks = Float64Array.from(u, (ui) => matern52(sqdist(ui, x), ell));
      let m = 0;
      for (let i = 0; i < n; i++) m += ks[i] * alpha[i];
      const v = forward(l, n, ks);
      let s2 = 1;
      for (let i = 0; i < n; i++) s2 -= v[i] * v[i];
      return { mean: mean + sd * m, sd: sd * Math.sqrt(Math.max(s2, 1e-12)) };
    },
  };
}

export type ExpectedImprovement = (pred: { mean: number; sd: number }, best: number) => number;

/**
 * Expected improvement below `best` (minimisation) of a normal prediction. mathjs's erf is
 * loaded here, on the first sequential search, not with the package: importing mathjs takes
 * about a second, which every CLI call and every `import 'campaign-sim'` would pay.
 */
export async function loadExpectedImprovement(): Promise<ExpectedImprovement> {
  const { erf } = await import('mathjs');
  return (pred, best) => {
    if (pred.sd <= 0) return Math.max(0, best - pred.mean);
    const z = (best - pred.mean) / pred.sd;
    const cdf = 0.5 * (1 + (erf(z / Math.SQRT2) as number));
    const pdf = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
    return (best - pred.mean) * cdf + pred.sd * pdf;
  };
}
