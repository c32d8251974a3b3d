import { describe, expect, it } from 'vitest';
import { bassBasis, bassShare, fitBass } from '../../../calibration/bass.js';
import { forecastBass, forecastPersistence, type BaselineInput } from '../../../calibration/baselines.js';
import { periodDays, periodsBetween } from '../../../calibration/periods.js';

const months = periodsBetween(202101, 202112, 'mes');
const spans = months.map((m) => periodDays(m, 'mes', '2021-01-01'));

/** A block's monthly values of a Bass curve (per day p, q; market m). */
const bassSeries = (p: number, q: number, m: number, medida: 'novos' | 'acumulado') =>
  spans.map((s) => m * bassBasis(p, q, s, medida));

const near = (got: number, want: number, rel: number) =>
  expect(Math.abs(got - want) / want, `${got} vs ${want}`).toBeLessThan(rel);

describe('Bass baseline', () => {
  it('has the textbook curve: F(0) = 0, F -> 1, inflection at ln(q/p) / (p + q)', () => {
    const [p, q] = [0.002, 0.03];
    expect(bassShare(p, q, 0)).toBe(0);
    expect(bassShare(p, q, 5000)).toBeCloseTo(1, 12);
    // At the peak of adoption F = (q - p) / 2q.
    expect(bassShare(p, q, Math.log(q / p) / (p + q))).toBeCloseTo((q - p) / (2 * q), 12);
  });

  it('recovers known p, q and m from a monthly cumulative series', () => {
    const fit = fitBass({ values: [bassSeries(0.002, 0.03, 50_000, 'acumulado')], spans, medida: 'acumulado' });
    near(fit.p, 0.002, 0.01);
    near(fit.q, 0.03, 0.01);
    near(fit.m[0], 50_000, 0.01);
  });

  it('recovers p and q shared by blocks of different sizes, from new adopters per month, with gaps', () => {
    const small = bassSeries(0.004, 0.015, 2_000, 'novos');
    small[3] = NaN; // no row that month
    const fit = fitBass({ values: [bassSeries(0.004, 0.015, 400_000, 'novos'), small], spans, medida: 'novos' });
    near(fit.p, 0.004, 0.01);
    near(fit.q, 0.015, 0.01);
    near(fit.m[0], 400_000, 0.01);
    near(fit.m[1], 2_000, 0.01);
  });
});

describe('baseline forecasts on the series layout', () => {
  // 3 blocks x 12 months; window Jan-Aug (0-7), holdout Sep-Dec (8-11).
  const layout = { nBlocks: 3, nPeriods: 12 };
  const observed = new Float64Array(36).fill(NaN);
  bassSeries(0.002, 0.03, 10_000, 'acumulado').forEach((v, t) => { observed[t] = v; });
  bassSeries(0.002, 0.03, 500, 'acumulado').forEach((v, t) => { if (t !== 7) observed[12 + t] = v; });
  const input: BaselineInput = {
    observed, layout, medida: 'acumulado', spans, blocks: [0, 1, 2],
    janela: [0, 1, 2, 3, 4, 5, 6, 7], holdout: [8, 9, 10, 11],
  };

  it('persistence carries each block\'s last window value forward; a block with none forecasts 0', () => {
    const f = forecastPersistence(input);
    expect([...f.subarray(8, 12)]).toEqual(Array(4).fill(observed[7]));
    expect([...f.subarray(20, 24)]).toEqual(Array(4).fill(observed[12 + 6])); // August missing: July's value
    expect([...f.subarray(32, 36)]).toEqual([0, 0, 0, 0]);
    expect(Number.isNaN(f[0])).toBe(true); // the window is not forecast
  });

  it('Bass extrapolates the fitted curve into the holdout', () => {
    const { forecast, fit } = forecastBass(input);
    near(fit.q, 0.03, 0.01);
    for (const t of input.holdout) near(forecast[t], observed[t], 0.01); // block 0's true holdout values
    expect(fit.m[2]).toBe(0);
  });
});
