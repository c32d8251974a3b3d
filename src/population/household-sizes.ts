// Household sizes of a tract (generator 1.2.0): exactly the tract's households and private
// residents, drawn from the municipality's calibrated size distribution tilted to the district's
// Census mean. See docs/population.md, "Households as the 2022 Census counted them".
import type { Rng } from '../release/random.js';

/** log p_s (-Infinity where p_s is 0), once per distribution: the tilts below exponentiate it. */
function logShares(p: Float64Array): Float64Array {
  return p.map((x) => (x > 0 ? Math.log(x) : -Infinity));
}

/** p_s e^(a s + b s^2), normalised, into q (from log p); returns [mean, variance]. Log-sum-exp against overflow. */
function tilt(lp: Float64Array, a: number, b: number, q: Float64Array): [number, number] {
  let top = -Infinity;
  for (let s = 1; s < lp.length; s++) top = Math.max(top, lp[s] + a * s + b * s * s);
  let z = 0, m1 = 0, m2 = 0;
  for (let s = 1; s < lp.length; s++) {
    q[s] = Math.exp(lp[s] + a * s + b * s * s - top);
    z += q[s]; m1 += s * q[s]; m2 += s * s * q[s];
  }
  for (let s = 1; s < lp.length; s++) q[s] /= z;
  m1 /= z;
  return [m1, m2 / z - m1 * m1];
}

/**
 * The linear tilt a giving mean `mean` under the quadratic tilt b: Newton's method (the mean grows
 * with a, at the rate of the variance) kept inside a shrinking bracket, bisecting when a step
 * would leave it; a mean outside the support's range runs to the bracket's end.
 */
function meanTilt(lp: Float64Array, mean: number, b: number, q: Float64Array): number {
  let lo = -40, hi = 40, a = 0;
  for (let i = 0; i < 100; i++) {
    const [m, v] = tilt(lp, a, b, q);
    if (Math.abs(m - mean) < 1e-10) break;
    if (m < mean) lo = a; else hi = a;
    const next = a + (mean - m) / v;
    a = next > lo && next < hi ? next : (lo + hi) / 2;
  }
  return a;
}

/**
 * Size shares with the given mean and variance: p_s e^(a s + b s^2), the maximum-entropy change of
 * p with those two moments (bisection on b, the variance grows with it, a re-fitted to the mean at
 * each step). A variance out of reach gets the nearest one within b in [-2, 2].
 */
export function fitSizeShares(p: Float64Array, mean: number, variance: number): Float64Array {
  const lp = logShares(p);
  const q = new Float64Array(p.length);
  const varianceAt = (b: number) => tilt(lp, meanTilt(lp, mean, b, q), b, q)[1];
  const below = varianceAt(0) < variance;
  let lo = below ? 0 : -2, hi = below ? 2 : 0;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (varianceAt(mid) < variance) lo = mid; else hi = mid;
  }
  varianceAt((lo + hi) / 2);
  return q;
}

/**
 * Cumulative distribution of sizes 0..p.length-1 proportional to p_s e^(a s), a such that the mean
 * is `mean` (the maximum-entropy change of p with that mean).
 */
export function tiltedSizes(p: Float64Array, mean: number): Float64Array {
  const lp = logShares(p);
  const q = new Float64Array(p.length);
  tilt(lp, meanTilt(lp, mean, 0, q), 0, q);
  for (let s = 1; s < q.length; s++) q[s] += q[s - 1];
  return q;
}

function drawSize(cum: Float64Array, u: number): number {
  let s = 1;
  while (s < cum.length - 1 && u >= cum[s]) s++;
  return s;
}

/** Attempts of the move-towards-the-total step per household before the ±1 fallback. */
const RESAMPLE_ATTEMPTS = 50;

/**
 * Sizes of `n` households summing exactly to `residents`, written to out[at .. at+n-1]: drawn
 * independently from `cum`, then a random household at a time is redrawn and the draw kept when it
 * brings the sum nearer the total (about a draw of `cum` conditioned on the total). Should the
 * draws stall, sizes step by one within the support of `cum`.
 */
export function drawTractSizes(cum: Float64Array, n: number, residents: number, rng: Rng, out: Uint8Array, at: number): void {
  if (n === 0) return;
  let sum = 0;
  for (let i = 0; i < n; i++) { out[at + i] = drawSize(cum, rng.next()); sum += out[at + i]; }
  for (let tries = 0; sum !== residents && tries < RESAMPLE_ATTEMPTS * n; tries++) {
    const i = at + rng.int(n);
    const s = drawSize(cum, rng.next());
    if (Math.abs(sum - out[i] + s - residents) < Math.abs(sum - residents)) { sum += s - out[i]; out[i] = s; }
  }
  const inSupport = (s: number) => s >= 1 && s < cum.length && cum[s] > cum[s - 1];
  for (let i = 0, idle = 0; sum !== residents; i = (i + 1) % n) {
    const s = out[at + i] + (sum < residents ? 1 : -1);
    if (inSupport(s)) { sum += s - out[at + i]; out[at + i] = s; idle = 0; }
    else if (++idle > n) throw new Error(`campaign-sim: ${n} households cannot hold ${residents} residents`);
  }
}
