// The log-trend reference (calibration/log-trend.ts) against fits computed by hand, and as a
// client calibration's baseline (baselines.ts): fitted on the window's last 12 months only.
import { describe, expect, it } from 'vitest';
import { forecastLogTrend, type BaselineInput } from '../../../calibration/baselines.js';
import { fitLogTrend, logTrendAt, logTrendPeriods, periodMiddle } from '../../../calibration/log-trend.js';
import { periodDays, periodsBetween } from '../../../calibration/periods.js';

describe('fitLogTrend', () => {
  it('is the least-squares line of y on ln t, as computed by hand', () => {
    // ln t = 0, 1, 2 and y = 1, 3, 4: mean x 1, mean y 8/3, Sxy = (-1)(-5/3) + 0 + (1)(4/3) = 3,
    // Sxx = 2, so b = 3/2 and a = 8/3 - 3/2 = 7/6; at ln t = 3: 7/6 + 9/2 = 17/3.
    const f = fitLogTrend([1, Math.E, Math.E ** 2], [1, 3, 4])!;
    expect(f.b).toBeCloseTo(1.5, 12);
    expect(f.a).toBeCloseTo(7 / 6, 12);
    expect(logTrendAt(f, Math.E ** 3)).toBeCloseTo(17 / 3, 12);
  });

  it('is flat through one point, absent without points, and never forecasts a negative count', () => {
    expect(fitLogTrend([10], [4])).toEqual({ a: 4, b: 0 });
    expect(fitLogTrend([], [])).toBeNull();
    expect(logTrendAt({ a: 1, b: -1 }, Math.E ** 2)).toBe(0);
  });

  it('reads the middle of a period from the start of day 1', () => {
    expect(periodMiddle([1, 30])).toBe(15);
    expect(periodMiddle([31, 61])).toBe(45.5);
  });
});

describe('log-trend baseline', () => {
  // 14 months of window (2021-01 .. 2022-02) and 3 of holdout, days counted from 2021-01-01.
  const months = periodsBetween(202101, 202205, 'mes');
  const spans = months.map((m) => periodDays(m, 'mes', '2021-01-01'));
  const janela = months.map((_, i) => i).slice(0, 14);
  const holdout = [14, 15, 16];
  const a = 1000, b = 250;
  const curve = (p: number) => a + b * Math.log(periodMiddle(spans[p]));

  it('fits the last 12 months of the window (365 days back from its last day), not the earlier ones', () => {
    expect(logTrendPeriods(janela, spans)).toEqual(janela.slice(2));
    // the first two months are far off the curve: a fit that read them would miss it
    const observed = Float64Array.from(months, (_, p) => (p < 2 ? 9 * curve(p) : curve(p)));
    const input: BaselineInput = {
      observed, layout: { nBlocks: 1, nPeriods: months.length }, medida: 'acumulado', spans, blocks: [0], janela, holdout,
    };
    const f = forecastLogTrend(input);
    for (const h of holdout) expect(f[h]).toBeCloseTo(curve(h), 8);
    for (const p of janela) expect(f[p]).toBeNaN();
  });

  it('fits each block on its own, skips its missing months, and forecasts 0 for a block with none', () => {
    const n = months.length;
    const observed = new Float64Array(3 * n).fill(NaN);
    for (let p = 0; p < n; p++) { observed[p] = curve(p); observed[n + p] = 2 * curve(p); }
    observed[n + 5] = NaN;
    const f = forecastLogTrend({ observed, layout: { nBlocks: 3, nPeriods: n }, medida: 'acumulado', spans, blocks: [0, 1, 2], janela, holdout });
    expect(f[16]).toBeCloseTo(curve(16), 8);
    expect(f[n + 16]).toBeCloseTo(2 * curve(16), 8);
    expect(f[2 * n + 16]).toBe(0);
  });
});
