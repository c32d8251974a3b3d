// The Pix case's intervals (calibration/pix/pix-intervals.ts) on synthetic series whose error is
// known: a forecast obs x (1 + e), e ~ N(0, s^2) per month, has an expected MAPE of s sqrt(2/pi);
// the Monte Carlo t-interval over R draws must cover it about 90% of the time, and the paired
// bootstrap's interval must cover a known difference of mean errors about as often, and say which
// forecast is better when one clearly is.
import { describe, expect, it } from 'vitest';
import { lossDifferential, monteCarloInterval, pairedBootstrap, studentT95 } from '../../../calibration/pix/pix-intervals.js';
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
