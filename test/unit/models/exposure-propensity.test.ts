// The exposure propensity's mathematics (src/models/recepcao/gamma-functions.ts, exposure-propensity.ts):
// the special functions against tabulated values, the agent form's table against the gamma it
// quantises, and the copula byte's marginal and correlation on many persons.
import { describe, expect, it } from 'vitest';
import {
  exposureUniform, gammaCdf, gammaLaplace, gammaQuantile, PROPENSITY_BINS, propensityByte, propensityTable,
} from '../../../src/models/recepcao/exposure-propensity.js';
import { gammaP, gammaPInverse, logGamma } from '../../../src/models/recepcao/gamma-functions.js';
import { normalQuantile } from '../../../src/population/socio-model.js';

describe('gamma functions', () => {
  it('logGamma matches known values', () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(Math.exp(logGamma(0.1))).toBeCloseTo(9.513507698668732, 11);
    expect(logGamma(1)).toBeCloseTo(0, 14);
  });

  it('gammaP matches closed forms: 1 - e^-x at a = 1, erf(sqrt x) at a = 1/2, the Poisson tail at a = 3', () => {
    for (const x of [0.01, 0.5, 2, 7, 30]) expect(gammaP(1, x)).toBeCloseTo(-Math.expm1(-x), 14);
    expect(gammaP(0.5, 2)).toBeCloseTo(0.9544997361036416, 14); // erf(sqrt 2)
    expect(gammaP(3, 2.5)).toBeCloseTo(1 - Math.exp(-2.5) * (1 + 2.5 + 2.5 ** 2 / 2), 14);
    expect(gammaP(3, 40)).toBeCloseTo(1, 14);
  });

  it('gammaPInverse inverts gammaP, also deep in the lower tail of a small shape', () => {
    for (const a of [0.12, 0.4, 1, 3.5]) {
      for (const p of [1e-6, 1 / 256, 0.3, 0.9, 255 / 256]) expect(gammaP(a, gammaPInverse(a, p)) / p).toBeCloseTo(1, 10);
    }
  });
});

describe('propensity table (the agent form)', () => {
  for (const k of [0.15, 0.4, 2]) {
    const t = propensityTable(k);
    it(`k = ${k}: mean 1, increasing, each bin's mean inside its bin`, () => {
      expect(t.length).toBe(PROPENSITY_BINS);
      expect(t.reduce((s, x) => s + x, 0) / t.length).toBeCloseTo(1, 12);
      for (let b = 0; b < t.length; b++) {
        if (b > 0) expect(t[b]).toBeGreaterThan(t[b - 1]);
        const c = gammaCdf(k, t[b]) * PROPENSITY_BINS;
        expect(c).toBeGreaterThanOrEqual(b);
        expect(c).toBeLessThanOrEqual(b + 1);
      }
    });

    it(`k = ${k}: its Laplace transform is the gamma's within 3e-4 from a tenth of a day to a year of hazard`, () => {
      for (const s of [0.1, 1, 3, 10, 30, 100, 365]) {
        const table = t.reduce((acc, x) => acc + Math.exp(-s * x), 0) / t.length;
        expect(Math.abs(table - gammaLaplace(k, s))).toBeLessThan(3e-4);
      }
    });
  }

  it('gammaQuantile inverts gammaCdf', () => {
    for (const p of [0.01, 0.5, 0.99]) expect(gammaCdf(0.33, gammaQuantile(0.33, p))).toBeCloseTo(p, 12);
  });
});

describe('propensityByte', () => {
  const N = 200_000;
  const seed = 20261203;

  it('is a pure function of (seed, person, channel, rho)', () => {
    expect(propensityByte(seed, 12345, 2, 0.3)).toBe(propensityByte(seed, 12345, 2, 0.3));
    expect(exposureUniform(seed, 1, 7)).not.toBe(exposureUniform(seed + 1, 1, 7));
    expect(exposureUniform(seed, 1, 7)).not.toBe(exposureUniform(seed, 2, 7));
  });

  it('is uniform over the bins for each channel, and two channels correlate by rho on the normal scale', () => {
    for (const rho of [0, 0.3, 0.6]) {
      const counts = new Float64Array(PROPENSITY_BINS);
      let sxy = 0, sxx = 0, syy = 0;
      for (let i = 0; i < N; i++) {
        const a = propensityByte(seed, i, 1, rho);
        const b = propensityByte(seed, i, 2, rho);
        counts[a]++;
        const x = normalQuantile((a + 0.5) / PROPENSITY_BINS);
        const y = normalQuantile((b + 0.5) / PROPENSITY_BINS);
        sxy += x * y; sxx += x * x; syy += y * y;
      }
      // chi-square over 256 bins: 255 degrees of freedom, sd about 22.6; 5 sd above the mean
      const e = N / PROPENSITY_BINS;
      const chi2 = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
      expect(chi2).toBeLessThan(255 + 5 * Math.sqrt(2 * 255));
      // the bins' midpoints shrink the normal scale's correlation by well under 1%; 5 standard errors of a correlation
      expect(Math.abs(sxy / Math.sqrt(sxx * syy) - rho)).toBeLessThan(5 / Math.sqrt(N) + 0.01 * rho);
    }
  });
});
