// A person's exposure propensity per channel (issue 56, docs/experiments/media-exposure.md): a
// persistent multiplier M of the channel's contact hazard, M ~ Gamma(k, rate k) (mean 1) among the
// channel's users, so a few heavy users carry much of a medium's exposure, as metered and surveyed
// exposure show (the NBD of media research, in agent form). The agent form is a byte per person
// and channel: the byte is the propensity's quantile bin, drawn from counter-based uniforms of
// (seed, person, slot) through a Gaussian copula whose shared factor is the person's media
// heaviness, and a table of the bins' conditional means turns it into M. Pure functions: no
// release or kernel reads them yet (the second phase of issue 56 wires them).
import { gammaP, gammaPInverse } from './gamma-functions.js';
import { hash3, STREAM } from '../../release/random.js';
import { normalCdf, normalQuantile } from '../../population/socio-model.js';

/** Bins of the agent form: a byte per person and channel. */
export const PROPENSITY_BINS = 256;

/** E[exp(-t M)] for M ~ Gamma(k, rate k): the share of users a summed hazard t leaves without a contact. */
export function gammaLaplace(k: number, t: number): number {
  return Math.exp(-k * Math.log1p(t / k));
}

/** The propensity's quantile: the M with P(M <= x) = p, M ~ Gamma(k, rate k). */
export function gammaQuantile(k: number, p: number): number {
  return gammaPInverse(k, p) / k;
}

/** P(M <= x) for M ~ Gamma(k, rate k). */
export function gammaCdf(k: number, x: number): number {
  return gammaP(k, k * x);
}

/**
 * The agent form's multipliers: bin b of `bins` equal-probability bins of Gamma(k, rate k) holds its
 * conditional mean, bins x E[M; q_b < M <= q_b+1] = bins x (P(k+1, k q_b+1) - P(k+1, k q_b)) (M times
 * the Gamma(k) density is the Gamma(k+1) density), so the table's mean is 1 up to rounding and a
 * bin's mass of exposure is the gamma's.
 */
export function propensityTable(k: number, bins = PROPENSITY_BINS): Float64Array {
  const upper = new Float64Array(bins + 1);
  upper[0] = 0;
  for (let b = 1; b < bins; b++) upper[b] = gammaP(k + 1, gammaPInverse(k, b / bins));
  upper[bins] = 1;
  const t = new Float64Array(bins);
  for (let b = 0; b < bins; b++) t[b] = bins * (upper[b + 1] - upper[b]);
  return t;
}

/** Copula slots of the counter: 0 the person's media heaviness, 1 + channel index its own draw. */
const HEAVINESS_SLOT = 0;

/**
 * A uniform in (0, 1) of (seed, slot, person), counter-based (random.ts hash3), so a person's
 * draw depends on nothing else: the same at any thread count, shard layout or build order.
 */
export function exposureUniform(seed: number, slot: number, person: number): number {
  return (hash3(seed, (STREAM.exposure << 8) | slot, person) + 0.5) / 4294967296;
}

/**
 * The byte of a person and channel (0 .. PROPENSITY_BINS - 1): with Z the person's heaviness and
 * e the channel's own normal, z = sqrt(rho) Z + sqrt(1 - rho) e is N(0, 1) whatever rho, so the
 * byte is uniform over the bins (the channel's distribution is the fitted one) while two channels'
 * z correlate by rho (heavy users of one medium lean heavy on the others).
 */
export function propensityByte(seed: number, person: number, channel: number, rho: number): number {
  const z = Math.sqrt(rho) * normalQuantile(exposureUniform(seed, HEAVINESS_SLOT, person)) +
    Math.sqrt(1 - rho) * normalQuantile(exposureUniform(seed, 1 + channel, person));
  return Math.min(PROPENSITY_BINS - 1, Math.floor(PROPENSITY_BINS * normalCdf(z)));
}
