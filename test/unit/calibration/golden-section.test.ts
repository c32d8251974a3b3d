import { describe, expect, it } from 'vitest';
import { goldenSection } from '../../../calibration/golden-section.js';

const best = (evals: Array<{ x: number[]; loss: number }>) => evals.reduce((a, b) => (b.loss < a.loss ? b : a));

describe('goldenSection', () => {
  it('finds the minimum of a shifted quadratic within the bracket the budget leaves, and returns every evaluation', async () => {
    const f = async (x: number) => (x - 0.37) ** 2 + 1;
    const evals = await goldenSection({ lower: -1, upper: 1, maxEvaluations: 12, evaluate: f });
    expect(evals).toHaveLength(12);
    // 12 evaluations: a bracket of 2 x 0.618^10 = 0.0162 around the minimum
    expect(Math.abs(best(evals).x[0] - 0.37)).toBeLessThan(2 * 0.618 ** 10);
    for (const e of evals) expect(e.loss).toBe(await f(e.x[0]));
    // the first two points are the bracket's golden points
    expect(evals[0].x[0]).toBeCloseTo(1 - 2 * 0.6180339887, 9);
    expect(evals[1].x[0]).toBeCloseTo(-1 + 2 * 0.6180339887, 9);
  });

  it('scores `first` before the search, counts it in the budget, and keeps it when nothing beats it', async () => {
    const evals = await goldenSection({ lower: -1, upper: 1, maxEvaluations: 8, first: 0.5, evaluate: async (x) => Math.abs(x - 0.5) });
    expect(evals).toHaveLength(8);
    expect(evals[0].x).toEqual([0.5]);
    expect(best(evals).x).toEqual([0.5]);
  });

  it('follows a minimum at the edge of the bracket, and ranks a failed evaluation last', async () => {
    let n = 0;
    const evals = await goldenSection({
      lower: 0, upper: 1, maxEvaluations: 15, evaluate: async (x) => (n++ === 1 ? Number.NaN : x),
    });
    expect(evals[1].loss).toBe(Number.POSITIVE_INFINITY);
    expect(best(evals).x[0]).toBeLessThan(0.01);
  });

  it('refuses an empty bracket', async () => {
    await expect(goldenSection({ lower: 1, upper: 1, maxEvaluations: 3, evaluate: async (x) => x })).rejects.toThrow(/empty/);
  });
});
