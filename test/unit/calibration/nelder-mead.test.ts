import { describe, expect, it } from 'vitest';
import { nelderMead } from '../../../calibration/nelder-mead.js';

describe('nelderMead', () => {
  it('finds the minimum of a shifted quadratic and returns every evaluation, the best among them', async () => {
    const f = async (x: number[]) => (x[0] - 1.5) ** 2 + 3 * (x[1] + 0.5) ** 2 + 0.5 * (x[2] - 2) ** 2;
    const evals = await nelderMead({ start: [0, 0, 0], steps: [1, 1, 1], maxEvaluations: 400, tolerance: 1e-12, evaluate: f });
    const best = evals.reduce((a, b) => (b.loss < a.loss ? b : a));
    expect(best.x[0]).toBeCloseTo(1.5, 3);
    expect(best.x[1]).toBeCloseTo(-0.5, 3);
    expect(best.x[2]).toBeCloseTo(2, 3);
    for (const e of evals) expect(e.loss).toBe(await f(e.x));
  });

  it('stops at the evaluation budget and ranks a failed evaluation last', async () => {
    let n = 0;
    const evals = await nelderMead({
      start: [3, 3], steps: [1, 1], maxEvaluations: 7,
      evaluate: async (x) => (n++ === 1 ? Number.NaN : x[0] ** 2 + x[1] ** 2),
    });
    expect(evals).toHaveLength(7);
    expect(evals[1].loss).toBe(Number.POSITIVE_INFINITY);
  });
});
