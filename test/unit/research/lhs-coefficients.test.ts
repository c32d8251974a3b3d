// SRC, PRCC and R^2 over a Latin hypercube (src/research/lhs-coefficients.ts) on functions whose
// answer is known: for a linear function the SRCs are c_i sd_i / sd_y (uniform factors: sd
// proportional to the range) with R^2 = 1; a factor the function ignores has PRCC ~ 0; a monotone
// but nonlinear effect has |PRCC| near 1 where the linear model fits worse; ranks take ties as
// their mean; an output that never varies has no coefficient (null); an output whose ranks one
// factor fixes gives it PRCC 1.
import { describe, expect, it } from 'vitest';
import { linearCoefficients, ranks } from '../../../src/research/lhs-coefficients.js';
import { designPoints } from '../../../src/research/sweep-design.js';

const ranges: [number, number][] = [[0, 1], [0, 4], [-3, 3]];

function sample(n: number): number[][] {
  const grid = Object.fromEntries(ranges.map((r, i) => [`x${i}`, r]));
  return designPoints(grid, { metodo: 'hipercubo_latino', pontos: n }, 'lhs').map((p) => ranges.map((_, i) => p[`x${i}`] as number));
}

describe('linear coefficients of a Latin hypercube', () => {
  it('recovers the standardized slopes of a linear function, R^2 = 1', async () => {
    const x = sample(200);
    const c = [2, -1, 0];
    const y = x.map((row) => 5 + row.reduce((a, v, i) => a + c[i] * v, 0));
    const { src, prcc, r2 } = await linearCoefficients(x, y);
    const sd = (v: number[]) => Math.sqrt(v.reduce((a, t) => a + (t - v.reduce((s, u) => s + u, 0) / v.length) ** 2, 0) / v.length);
    const sdY = sd(y);
    c.forEach((ci, i) => expect(src[i]!).toBeCloseTo((ci * sd(x.map((r) => r[i]))) / sdY, 9));
    expect(r2!).toBeCloseTo(1, 9);
    // x1's range is 4 times x0's: its effect is twice x0's despite half the coefficient
    expect(Math.abs(src[1]!)).toBeGreaterThan(Math.abs(src[0]!));
    expect(prcc[0]!).toBeGreaterThan(0.95);
    expect(prcc[1]!).toBeLessThan(-0.95);
    expect(Math.abs(prcc[2]!)).toBeLessThan(0.2);
  });

  it('reads a monotone nonlinear effect with PRCC near 1 where the linear fit is worse', async () => {
    const x = sample(100);
    const y = x.map((row) => Math.exp(3 * row[0]) + 0.1 * row[1]);
    const { prcc, r2 } = await linearCoefficients(x, y);
    expect(prcc[0]!).toBeGreaterThan(0.99);
    expect(r2!).toBeLessThan(0.99);
  });

  it('gives 1 to a factor that alone fixes the output\'s ranks (a singular rank correlation matrix)', async () => {
    const x = sample(12);
    const { prcc } = await linearCoefficients(x, x.map((row) => row[0] ** 3));
    expect(prcc[0]!).toBeCloseTo(1, 9);
  });

  it('gives no coefficient for an output that never varies, and ranks ties as their mean', async () => {
    const x = sample(10);
    expect(await linearCoefficients(x, x.map(() => 42))).toEqual({ src: [null, null, null], prcc: [null, null, null], r2: null });
    expect(ranks([3, 1, 3, 2])).toEqual([3.5, 1, 3.5, 2]);
    await expect(linearCoefficients(x.slice(0, 4), [1, 2, 3, 4])).rejects.toThrow(/at least 5 runs/);
  });
});
