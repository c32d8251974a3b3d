// The Pix fit's loss, by hand: the three per-UF forms (calibration/pix/pix-fit.ts ufLoss) and the
// two ways of combining the UFs (aggregateUfLosses).
import { describe, expect, it } from 'vitest';
import { aggregateUfLosses, ufLoss } from '../../../calibration/pix/pix-fit.js';

describe('ufLoss', () => {
  // 8 months; the model is 20% high in the first two months and 10% low in the last six.
  const obs = Float64Array.of(100, 100, 100, 100, 100, 100, 100, 100);
  const pred = Float64Array.of(120, 120, 90, 90, 90, 90, 90, 90);
  const idx = [0, 1, 2, 3, 4, 5, 6, 7];

  it('mape: the MAPE with the level included', () => {
    expect(ufLoss(pred, obs, idx, 'mape')).toBeCloseTo((2 * 0.2 + 6 * 0.1) / 8, 12);
  });

  it('forma_e_nivel: the MAPE after the last six months\' factor, plus |ln k|', () => {
    // k = 100 / 90 over the last six months: they fit exactly; the first two read 120 x 10 / 9
    const k = 100 / 90;
    const shape = (2 * (120 * k - 100) / 100) / 8;
    expect(ufLoss(pred, obs, idx, 'forma_e_nivel')).toBeCloseTo(shape + Math.log(k), 12);
  });

  it('forma: the MAPE after the last six months\' factor alone, whatever the level', () => {
    const k = 100 / 90;
    const shape = (2 * (120 * k - 100) / 100) / 8;
    expect(ufLoss(pred, obs, idx, 'forma')).toBeCloseTo(shape, 12);
    expect(ufLoss(pred.map((v) => 0.8 * v), obs, idx, 'forma')).toBeCloseTo(shape, 12);
    expect(ufLoss(pred, obs, idx, 'forma_e_nivel') - ufLoss(pred, obs, idx, 'forma')).toBeCloseTo(Math.log(k), 12);
  });

  it('forma_e_nivel: a level moves only the |ln k| part, so a low level cannot hide high launch months', () => {
    // the path 0.8 x pred has the same shape after its factor (100 / 72), and its launch months,
    // 96 against 100, look nearly right to mape
    const k = 100 / 72;
    const shape = (2 * (120 * 100 / 90 - 100) / 100) / 8;
    const low = pred.map((v) => 0.8 * v);
    expect(ufLoss(low, obs, idx, 'forma_e_nivel')).toBeCloseTo(shape + Math.log(k), 12);
    expect(ufLoss(low, obs, idx, 'mape')).toBeCloseTo((2 * 0.04 + 6 * 0.28) / 8, 12);
  });
});

describe('aggregateUfLosses', () => {
  const perdas = [0.04, 0.11, 0.03, 0.06];

  it('media: the mean, every UF counting the same', () => {
    expect(aggregateUfLosses(perdas, 'media')).toBeCloseTo(0.24 / 4, 15);
  });

  it('pior: the worst UF, whatever the others do', () => {
    expect(aggregateUfLosses(perdas, 'pior')).toBe(0.11);
    expect(aggregateUfLosses([0.01, 0.11, 0.01, 0.01], 'pior')).toBe(0.11);
    expect(aggregateUfLosses([0.01, 0.11, 0.01, 0.01], 'media')).toBeLessThan(aggregateUfLosses(perdas, 'media'));
  });

  it('refuses an empty list (no UF, no loss)', () => {
    expect(() => aggregateUfLosses([], 'media')).toThrow(/at least one UF/);
    expect(() => aggregateUfLosses([], 'pior')).toThrow(/at least one UF/);
  });
});
