// Reach, frequency and GRP formulas of src/models/recepcao/exposure-reach.ts against one another and
// against the binomial, NBD and beta-binomial they reduce to.
import { describe, expect, it } from 'vitest';
import { gammaLaplace, propensityTable } from '../../../src/models/recepcao/exposure-propensity.js';
import {
  betaBinomialPmf, betaLaplace, frequency, gammaHazardForReach, gammaReach, grp, hazardForGrp, hazardForReach,
  homogeneousExposure, nbdPmf, nbdReach, reachAtLeast,
} from '../../../src/models/recepcao/exposure-reach.js';

const choose = (n: number, j: number) => { let c = 1; for (let i = 0; i < j; i++) c = (c * (n - i)) / (i + 1); return c; };

describe('exposure reach formulas', () => {
  const k = 0.4;
  const table = { usuarios: 0.9, multiplicadores: propensityTable(k) };

  it('the homogeneous model among users is the binomial of days', () => {
    const h = 0.2, days = 12, p = -Math.expm1(-h), u = 0.83;
    const f = frequency(homogeneousExposure(u), new Float64Array(days).fill(h), 20);
    for (let j = 1; j <= days; j++) expect(f[j]).toBeCloseTo(u * choose(days, j) * p ** j * (1 - p) ** (days - j), 14);
    expect(f[0]).toBeCloseTo(1 - u + u * (1 - p) ** days, 14);
  });

  it('sums to 1, caps the last entry at max+, and reachAtLeast is its upper tail', () => {
    const f = frequency(table, new Float64Array(30).fill(0.3), 10);
    expect(f.length).toBe(11);
    expect(f.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    const r = reachAtLeast(f);
    expect(r[0]).toBeCloseTo(1, 12);
    expect(r[10]).toBeCloseTo(f[10], 15);
    expect(r[3]).toBeCloseTo(1 - f[0] - f[1] - f[2], 12);
  });

  it('GRP is 100 x the mean contact days, whatever the days\' hazards', () => {
    const hazards = [0.05, 0.4, 0, 1.2, 0.3, 0.3, 0.01];
    const f = frequency(table, hazards, hazards.length + 1);
    const mean = f.reduce((s, x, j) => s + j * x, 0);
    expect(grp(table, hazards)).toBeCloseTo(100 * mean, 10);
  });

  it('1+ reach depends only on the summed hazard, and the table matches the gamma\'s closed form', () => {
    const a = [0.1, 0.1, 0.8, 0.2];
    const b = [0.3, 0.3, 0.3, 0.3];
    expect(1 - frequency(table, a)[0]).toBeCloseTo(1 - frequency(table, b)[0], 13);
    expect(Math.abs(1 - frequency(table, b)[0] - gammaReach(k, 0.9, 1.2))).toBeLessThan(3e-4);
  });

  it('the level solvers invert the reach', () => {
    const a = gammaHazardForReach(k, 0.44);
    expect(gammaReach(k, 1, a)).toBeCloseTo(0.44, 13);
    const t = hazardForReach(table.multiplicadores, 0.44);
    expect(1 - frequency({ usuarios: 1, multiplicadores: table.multiplicadores }, [t])[0]).toBeCloseTo(0.44, 12);
    const h = hazardForGrp(table, 28, 300);
    expect(grp(table, new Float64Array(28).fill(h))).toBeCloseTo(300, 9);
  });

  it('the NBD sums to 1, has the given mean, and its reach is 1 - P(0) = 1 - the gamma Laplace transform', () => {
    let s = 0, mean = 0;
    for (let j = 0; j < 20_000; j++) { const p = nbdPmf(0.3, 12, j); s += p; mean += j * p; }
    expect(s).toBeCloseTo(1, 9);
    expect(mean).toBeCloseTo(12, 6);
    expect(nbdReach(0.3, 12)).toBeCloseTo(1 - nbdPmf(0.3, 12, 0), 13);
    expect(nbdReach(0.3, 12)).toBeCloseTo(1 - gammaLaplace(0.3, 12), 15);
  });

  it('the beta-binomial sums to 1 and its zero term is the beta Laplace transform at the number of days', () => {
    const [al, be, days] = [0.7, 0.9, 30];
    let s = 0;
    for (let j = 0; j <= days; j++) s += betaBinomialPmf(al, be, days, j);
    expect(s).toBeCloseTo(1, 12);
    expect(betaBinomialPmf(al, be, days, 0)).toBeCloseTo(betaLaplace(al, be, days), 12);
    // one day: the beta's mean daily probability
    expect(1 - betaLaplace(al, be, 1)).toBeCloseTo(al / (al + be), 13);
  });
});
