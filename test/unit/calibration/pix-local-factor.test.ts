// The Pix case's local factor (calibration/pix/pix-local-factor.ts): the geometric mean of
// observed / predicted payers over the window's last months, never its earlier ones.
import { describe, expect, it } from 'vitest';
import { LOCAL_FACTOR_MONTHS, localFactor } from '../../../calibration/pix/pix-local-factor.js';

describe('localFactor', () => {
  const n = 12;
  const predRR = Float64Array.from({ length: n }, (_, j) => 100 + 10 * j), predAP = Float64Array.from({ length: n }, () => 50);
  // RR: observed 1.2 x predicted on the window's last months and 3 x before; AP: 0.5 and 0.8 alternating.
  const obsRR = predRR.map((v, j) => v * (j >= n - LOCAL_FACTOR_MONTHS ? 1.2 : 3));
  const obsAP = predAP.map((v, j) => v * (j % 2 ? 0.5 : 0.8));
  const janela = Array.from({ length: n }, (_, j) => j);

  it('reads only the last months of the window', () => {
    expect(localFactor(obsRR, predRR, janela)).toBeCloseTo(1.2, 12);
    expect(localFactor(obsAP, predAP, janela)).toBeCloseTo(Math.sqrt(0.5 * 0.8), 12);
  });

  it('follows the window: a window ending earlier sees the earlier months', () => {
    expect(localFactor(obsRR, predRR, janela.slice(0, n - LOCAL_FACTOR_MONTHS))).toBeCloseTo(3, 12);
  });

  it('refuses a window shorter than its months', () => {
    expect(() => localFactor(obsRR, predRR, [0, 1])).toThrow(/fewer than/);
  });
});
