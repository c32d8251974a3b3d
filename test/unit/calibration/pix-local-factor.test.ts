// The Pix case's local factor (calibration/pix/pix-local-factor.ts): the geometric mean of
// observed / predicted payers over the window's last months, never its earlier ones.
import { describe, expect, it } from 'vitest';
import { applyLocalFactor, fitLocalFactors, LOCAL_FACTOR_MONTHS } from '../../../calibration/pix/pix-local-factor.js';

describe('fitLocalFactors', () => {
  const n = 12;
  const pred = { RR: Float64Array.from({ length: n }, (_, j) => 100 + 10 * j), AP: Float64Array.from({ length: n }, () => 50) };
  // RR: observed 1.2 x predicted on the window's last months and 3 x before; AP: 0.5 and 0.8 alternating.
  const obs = {
    RR: pred.RR.map((v, j) => v * (j >= n - LOCAL_FACTOR_MONTHS ? 1.2 : 3)),
    AP: pred.AP.map((v, j) => v * (j % 2 ? 0.5 : 0.8)),
  };
  const janela = Array.from({ length: n }, (_, j) => j);

  it('reads only the last months of the window', () => {
    const k = fitLocalFactors(obs, pred, ['RR', 'AP'], janela);
    expect(k.RR).toBeCloseTo(1.2, 12);
    expect(k.AP).toBeCloseTo(Math.sqrt(0.5 * 0.8), 12);
  });

  it('follows the window: a window ending earlier sees the earlier months', () => {
    const k = fitLocalFactors(obs, pred, ['RR'], janela.slice(0, n - LOCAL_FACTOR_MONTHS));
    expect(k.RR).toBeCloseTo(3, 12);
  });

  it('refuses a window shorter than its months', () => {
    expect(() => fitLocalFactors(obs, pred, ['RR'], [0, 1])).toThrow(/fewer than/);
  });

  it('scales payers, and leaves them when no factor was measured', () => {
    const p = Float64Array.of(10, 20);
    expect(Array.from(applyLocalFactor(p, 1.5))).toEqual([15, 30]);
    expect(applyLocalFactor(p, undefined)).toBe(p);
  });
});
