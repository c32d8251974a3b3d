// Reach, frequency and GRPs of a one-channel plan under the exposure propensity (issue 56,
// docs/experiments/media-exposure.md). A user with multiplier M has a contact on day d with
// probability 1 - exp(-h_d M), h_d the plan's hazard that day (the kernel's form: at most one contact
// a day and channel), independently over days given M. Closed forms for the gamma propensity
// (its Laplace transform), exact sums for the agent form (a table of equally weighted multipliers,
// exposure-propensity.ts), and the count models media research uses: the NBD for impacts not
// capped at one a day, the beta-binomial for days at a beta-distributed daily probability.
import { logGamma } from './gamma-functions.js';
import { gammaLaplace } from './exposure-propensity.js';
import { normalCdf, normalQuantile } from '../../population/socio-model.js';

/** A channel's users and their propensities: equally weighted multipliers (the agent form's table; [1] for every user the same). */
export interface Exposure {
  /** Share of persons who use the channel at all (the others are never reached). */
  usuarios: number;
  multiplicadores: ArrayLike<number>;
}

/** The homogeneous model among users (v1.5.0 to v1.9.0): every user the same. */
export function homogeneousExposure(usuarios: number): Exposure {
  return { usuarios, multiplicadores: [1] };
}

/** 1+ reach of persons under a gamma propensity of shape k over a plan of summed hazard S: u (1 - (1 + S/k)^-k). */
export function gammaReach(k: number, usuarios: number, summedHazard: number): number {
  return usuarios * (1 - gammaLaplace(k, summedHazard));
}

/** The users' mean daily hazard that gives them a one-day reach r under a gamma propensity of shape k. */
export function gammaHazardForReach(k: number, r: number): number {
  return k * Math.expm1(-Math.log1p(-r) / k);
}

/** GRPs of a plan (100 x the mean contact days per person): 100 u sum_d mean_M (1 - exp(-h_d M)). */
export function grp(e: Exposure, hazards: ArrayLike<number>): number {
  const m = e.multiplicadores;
  let s = 0;
  for (let d = 0; d < hazards.length; d++) {
    let day = 0;
    for (let b = 0; b < m.length; b++) day -= Math.expm1(-hazards[d] * m[b]);
    s += day / m.length;
  }
  return 100 * e.usuarios * s;
}

/**
 * The distribution of contact days over persons: P(K = j) for j < max, and P(K >= max) last
 * (length max + 1). Per multiplier the days' Poisson-binomial (truncated at max), averaged over
 * the multipliers; non-users have none.
 */
export function frequency(e: Exposure, hazards: ArrayLike<number>, max = 10): Float64Array {
  const m = e.multiplicadores;
  const out = new Float64Array(max + 1);
  const f = new Float64Array(max + 1);
  for (let b = 0; b < m.length; b++) {
    f.fill(0);
    f[0] = 1;
    for (let d = 0; d < hazards.length; d++) {
      const p = -Math.expm1(-hazards[d] * m[b]);
      f[max] += p * f[max - 1];
      for (let j = max - 1; j > 0; j--) f[j] = f[j] * (1 - p) + f[j - 1] * p;
      f[0] *= 1 - p;
    }
    for (let j = 0; j <= max; j++) out[j] += (e.usuarios * f[j]) / m.length;
  }
  out[0] += 1 - e.usuarios;
  return out;
}

/** Reach at j+ (P(K >= j)) for j = 0 .. max from frequency()'s distribution. */
export function reachAtLeast(pmf: ArrayLike<number>): Float64Array {
  const out = new Float64Array(pmf.length);
  let s = 0;
  for (let j = pmf.length - 1; j >= 0; j--) out[j] = s += pmf[j];
  return out;
}

/** Bisection for the x in [lo, hi] where an increasing f crosses target. */
function solveIncreasing(f: (x: number) => number, target: number, lo: number, hi: number): number {
  while (f(hi) < target) {
    hi *= 2;
    if (hi > 1e12) throw new Error(`campaign-sim: ${target} is out of reach (the plan cannot buy it)`);
  }
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The users' daily hazard scale a with mean_M (1 - exp(-a M)) = r: the agent form's level for a one-day reach r among users. */
export function hazardForReach(multiplicadores: ArrayLike<number>, r: number): number {
  return solveIncreasing((a) => grp({ usuarios: 1, multiplicadores }, [a]) / 100, r, 0, 1);
}

/** The constant daily hazard that buys `target` GRPs over `days` days. */
export function hazardForGrp(e: Exposure, days: number, target: number): number {
  return solveIncreasing((h) => grp(e, new Float64Array(days).fill(h)), target, 0, 1);
}

/** 1+ reach of a user with each multiplier of e over the days' hazards: 1 - exp(-M sum_d h_d). */
function userReachByBin(e: Exposure, hazards: ArrayLike<number>): Float64Array {
  let s = 0;
  for (let d = 0; d < hazards.length; d++) s += hazards[d];
  return Float64Array.from(e.multiplicadores, (m) => -Math.expm1(-s * m));
}

/**
 * Share of persons reached (1+) by both of two channels' plans when their propensity bytes come
 * from the copula of exposure-propensity.ts with correlation rho (users of the two drawn
 * independently): given the shared heaviness Z the two bytes are independent, so the joint reach
 * is E_Z[r_a(Z) r_b(Z)] with r_c(Z) a channel's reach given Z, integrated over Z by the midpoint
 * rule on [-8, 8]. Both multiplier tables must be the agent form's (equal-probability bins).
 */
export function jointReach(a: Exposure, hazardsA: ArrayLike<number>, b: Exposure, hazardsB: ArrayLike<number>, rho: number): number {
  const ra = userReachByBin(a, hazardsA);
  const rb = userReachByBin(b, hazardsB);
  const edges = (r: Float64Array) => Float64Array.from({ length: r.length - 1 }, (_, bin) => normalQuantile((bin + 1) / r.length));
  const ea = edges(ra);
  const eb = edges(rb);
  const given = (r: Float64Array, e: Float64Array, z: number) => {
    if (rho === 0) return r.reduce((s, x) => s + x, 0) / r.length;
    let s = 0;
    let lower = 0;
    for (let bin = 0; bin < r.length; bin++) {
      const t = bin + 1 === r.length ? 1 : normalCdf((e[bin] - Math.sqrt(rho) * z) / Math.sqrt(1 - rho));
      s += (t - lower) * r[bin];
      lower = t;
    }
    return s;
  };
  const steps = 800;
  const w = 16 / steps;
  let joint = 0;
  for (let i = 0; i < steps; i++) {
    const z = -8 + (i + 0.5) * w;
    joint += w * Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI) * given(ra, ea, z) * given(rb, eb, z);
  }
  return a.usuarios * b.usuarios * joint;
}

/** NBD reach: share of persons with at least one impact when impacts are Poisson at a Gamma(k)-mixed rate of mean `mean`. */
export function nbdReach(k: number, mean: number): number {
  return 1 - gammaLaplace(k, mean);
}

/** NBD probability of j impacts (shape k, mean `mean`). */
export function nbdPmf(k: number, mean: number, j: number): number {
  return Math.exp(logGamma(k + j) - logGamma(k) - logGamma(j + 1) + k * Math.log(k / (k + mean)) + j * Math.log(mean / (k + mean)));
}

/** E[(1 - p)^t] for p ~ Beta(alpha, beta): the share a beta-distributed daily probability leaves unreached over t days (t may be fractional: t days at a scaled hazard). */
export function betaLaplace(alpha: number, beta: number, t: number): number {
  return Math.exp(logGamma(beta + t) + logGamma(alpha + beta) - logGamma(beta) - logGamma(alpha + beta + t));
}

/** Beta-binomial probability of j contact days out of `days` at a daily probability p ~ Beta(alpha, beta). */
export function betaBinomialPmf(alpha: number, beta: number, days: number, j: number): number {
  const logChoose = logGamma(days + 1) - logGamma(j + 1) - logGamma(days - j + 1);
  const logB = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);
  return Math.exp(logChoose + logB(j + alpha, days - j + beta) - logB(alpha, beta));
}
