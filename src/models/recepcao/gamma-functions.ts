// The gamma function's logarithm and the regularized incomplete gamma function with its inverse,
// for the exposure propensity (exposure-propensity.ts) and the reach formulas (exposure-reach.ts).
// The package's dependencies hold no incomplete gamma (mathjs has lgamma only, and is heavy to
// load in the release stage), so these are the textbook algorithms (Lanczos; series and Lentz's
// continued fraction), checked against tabulated values in test/unit/models/exposure-propensity.test.ts.

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Gamma(x) for x > 0 (Lanczos, g = 7: relative error about 1e-15). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let s = LANCZOS[0];
  for (let i = 1; i < 9; i++) s += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(s);
}

const EPS = 1e-15;
const TINY = 1e-300;

/** P(a, x) = gamma(a, x) / Gamma(a), the regularized lower incomplete gamma function (a > 0, x >= 0). */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const front = Math.exp(a * Math.log(x) - x - logGamma(a));
  if (x < a + 1) {
    // series: P = front * sum_n x^n / (a (a+1) ... (a+n))
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.min(1, front * sum);
  }
  // Q = front / (x + 1 - a - 1 (1 - a) / (x + 3 - a - ...)), Lentz's method
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n < 10_000; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPS) break;
  }
  return Math.max(0, 1 - front * h);
}

/**
 * The x with P(a, x) = p, 0 < p < 1: bisection on ln x (P is increasing), to a relative precision
 * of about 1e-14. Slow but exact enough for tables built once (a few hundred calls).
 */
export function gammaPInverse(a: number, p: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`campaign-sim: gammaPInverse needs 0 < p < 1, got ${p}`);
  let lo = -700;
  let hi = Math.log(a + 50 + 50 * Math.sqrt(a));
  while (gammaP(a, Math.exp(hi)) < p) hi += 2;
  for (let i = 0; i < 80 && hi - lo > 1e-14; i++) {
    const mid = (lo + hi) / 2;
    if (gammaP(a, Math.exp(mid)) < p) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}
