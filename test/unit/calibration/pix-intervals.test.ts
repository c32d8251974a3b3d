// The Pix case's intervals (calibration/pix/pix-intervals.ts) on synthetic series whose error is
// known: a forecast obs x (1 + e), e ~ N(0, s^2) per month, has an expected MAPE of s sqrt(2/pi);
// the Monte Carlo t-interval over R draws must cover it about 90% of the time, and the paired
// bootstrap's interval must cover a known difference of mean errors about as often, and say which
// forecast is better when one clearly is. A deterministic forecast's months bootstrap must give the
// exact interval where it is known (two units), the normal one for a mean of many, and cover a
// known MAPE about 90% of the time.
import { describe, expect, it } from 'vitest';
import {
  absolutePercentageErrors, lossDifferential, monteCarloInterval, monthsBootstrapOfMapes, pairedBootstrap, studentT95, unitBootstrap,
} from '../../../calibration/pix/pix-intervals.js';
import { Rng } from '../../../src/release/random.js';

const rng = new Rng(60, 1, 2);
const MONTHS = 12;
const obs = [Float64Array.from({ length: MONTHS }, (_, j) => 1e6 * (1 + 0.05 * j))];
const idx = Array.from({ length: MONTHS }, (_, j) => j);
/** One draw of a forecast with relative error sd `s` and its MAPE. */
const forecast = (s: number) => [Float64Array.from(obs[0], (v) => v * (1 + s * rng.normal()))];
const mapeOf = (f: Float64Array[]) => idx.reduce((t, j) => t + Math.abs(f[0][j] - obs[0][j]) / obs[0][j], 0) / MONTHS;

describe('monteCarloInterval', () => {
  it('gives the mean, the sd and the range of the draws', () => {
    const r = monteCarloInterval([1, 2, 3, 4]);
    expect(r.media).toBe(2.5);
    expect(r.dp).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(r.faixa).toEqual([1, 4]);
    expect(r.intervalo[1] - r.media).toBeCloseTo(studentT95(3) * r.dp / 2, 12);
  });

  it('covers the known expected MAPE in about 90% of repetitions (8 draws each)', () => {
    const s = 0.03, truth = s * Math.sqrt(2 / Math.PI);
    let covered = 0;
    const reps = 600;
    for (let k = 0; k < reps; k++) {
      const { intervalo } = monteCarloInterval(Array.from({ length: 8 }, () => mapeOf(forecast(s))));
      if (intervalo[0] <= truth && truth <= intervalo[1]) covered++;
    }
    expect(covered / reps).toBeGreaterThan(0.85);
    expect(covered / reps).toBeLessThan(0.95);
  });
});

describe('pairedBootstrap', () => {
  it('the differential of a forecast against itself is 0 every month', () => {
    const f = forecast(0.02);
    expect(Array.from(lossDifferential(f, f, obs, idx))).toEqual(new Array(MONTHS).fill(0));
  });

  it('says a forecast with half the error is better, with an interval below 0', () => {
    const draws = Array.from({ length: 8 }, () => lossDifferential(forecast(0.01), forecast(0.04), obs, idx));
    const r = pairedBootstrap(draws);
    expect(r.diferenca).toBeLessThan(0);
    expect(r.intervalo[1]).toBeLessThan(0);
    expect(r.parte_nao_melhor).toBeLessThan(0.01);
    expect(r).toMatchObject({ meses: MONTHS, sorteios: 8 });
  });

  it('covers the known difference of mean errors in about 90% of repetitions (one draw: the bootstrap over months alone), and is reproducible', () => {
    // independent months: the expected differential is (0.02 - 0.03) sqrt(2/pi)
    const truth = (0.02 - 0.03) * Math.sqrt(2 / Math.PI);
    const coverage = (R: number) => {
      let covered = 0;
      const reps = 300;
      for (let k = 0; k < reps; k++) {
        const r = pairedBootstrap(Array.from({ length: R }, () => lossDifferential(forecast(0.02), forecast(0.03), obs, idx)), 1000);
        if (r.intervalo[0] <= truth && truth <= r.intervalo[1]) covered++;
      }
      return covered / reps;
    };
    // a percentile bootstrap on 12 months is somewhat narrow: it under-covers a little
    const one = coverage(1);
    expect(one).toBeGreaterThan(0.8);
    expect(one).toBeLessThan(0.95);
    // several draws: each resample takes one draw, so the interval holds a single run's noise too
    // (wider than the mean's); here the draws' noise is the months' own, so it over-covers
    expect(coverage(4)).toBeGreaterThan(0.9);
    const draws = [lossDifferential(forecast(0.02), forecast(0.03), obs, idx)];
    expect(pairedBootstrap(draws)).toEqual(pairedBootstrap(draws));
  });
});

describe('unitBootstrap', () => {
  const meanOf = (x: ArrayLike<number>) => (u: Int32Array) => u.reduce((t, i) => t + x[i], 0) / u.length;

  it('of the mean of two units 0 and 1 gives [0, 1] (resampled means 0, 1/2, 1 with chances 1/4, 1/2, 1/4)', () => {
    expect(unitBootstrap(2, meanOf([0, 1]))).toEqual([0, 1]);
  });

  it('of units all equal gives the point', () => {
    expect(unitBootstrap(30, meanOf(new Array(30).fill(0.25)))).toEqual([0.25, 0.25]);
  });

  it('of the mean of many units gives the normal interval, mean +- 1.645 sd / sqrt n, and is reproducible', () => {
    const r = new Rng(60, 2, 3);
    const n = 400;
    const x = Float64Array.from({ length: n }, () => 5 + 2 * r.normal());
    const mean = x.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
    const [lo, hi] = unitBootstrap(n, meanOf(x));
    const half = 1.645 * sd / Math.sqrt(n);
    expect((lo + hi) / 2).toBeCloseTo(mean, 1);
    expect((hi - lo) / 2 / half).toBeGreaterThan(0.92);
    expect((hi - lo) / 2 / half).toBeLessThan(1.08);
    expect(unitBootstrap(n, meanOf(x))).toEqual([lo, hi]);
  });
});

describe('monthsBootstrapOfMapes', () => {
  it('the APEs\' mean over the months is the MAPE', () => {
    const f = forecast(0.03)[0];
    expect(absolutePercentageErrors(f, obs[0], idx).reduce((a, b) => a + b, 0) / MONTHS).toBeCloseTo(mapeOf([f]), 15);
  });

  it('draws the same months in every unit: two equal units never differ', () => {
    const e = absolutePercentageErrors(forecast(0.03)[0], obs[0], idx);
    expect(monthsBootstrapOfMapes([e, Float64Array.from(e)], (v) => v[0] - v[1])).toEqual([0, 0]);
  });

  it('covers the known expected MAPE of a deterministic forecast in about 90% of repetitions', () => {
    const s = 0.03, truth = s * Math.sqrt(2 / Math.PI);
    let covered = 0;
    const reps = 300;
    for (let k = 0; k < reps; k++) {
      const [lo, hi] = monthsBootstrapOfMapes([absolutePercentageErrors(forecast(s)[0], obs[0], idx)], (v) => v[0], 1000);
      if (lo <= truth && truth <= hi) covered++;
    }
    // a percentile bootstrap on 12 months under-covers a little, as pairedBootstrap's
    expect(covered / reps).toBeGreaterThan(0.8);
    expect(covered / reps).toBeLessThan(0.95);
  });

  it('gives the median and the worst of units their intervals around the observed ones', () => {
    const e = [0.01, 0.02, 0.03, 0.04, 0.05].map((s) => absolutePercentageErrors(forecast(s)[0], obs[0], idx));
    const mapes = e.map((x) => x.reduce((a, b) => a + b, 0) / MONTHS);
    const worst = monthsBootstrapOfMapes(e, (v) => Math.max(...v));
    expect(worst[0]).toBeLessThanOrEqual(Math.max(...mapes));
    expect(worst[1]).toBeGreaterThanOrEqual(Math.max(...mapes));
    expect(worst[0]).toBeGreaterThan(Math.min(...mapes));
  });
});
