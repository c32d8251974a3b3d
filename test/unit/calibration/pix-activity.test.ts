// The activity share a(t) of the Pix case (calibration/pix/pix-activity.ts): the bounded form of
// cases from v2.1.0 never reaches 1, for any window's fit and any month up to 2100, while the
// log-linear form of the cases before is the curve they recorded (it crosses 1 after 2034).
import { describe, expect, it } from 'vitest';
import { activityAt, fitActivity } from '../../../calibration/pix/pix-activity.js';
import { loadPixSeries, seriesUpTo } from '../../../calibration/pix/pix-series.js';
import { readPixCase } from '../../../src/release/pix-case-file.js';
import type { ActivityCurve } from '../../../src/release/pix-case-file.js';

const series = loadPixSeries();
const monthsTo2100 = Array.from({ length: (2100 - 2020) * 12 + 2 }, (_, k) => {
  const m = 10 + k; // 2020-11 is k = 0
  return (2020 + Math.floor(m / 12)) * 100 + (m % 12) + 1;
});

describe('the bounded a(t) (logit_log)', () => {
  it('stays below 1 (and above 0) every month up to 2100, for every window end the case fits', () => {
    for (const fim of [202104, 202112, 202206, 202212]) {
      const c = fitActivity(seriesUpTo(series, fim), fim, 'logit_log');
      expect(c.forma).toBe('logit_log');
      for (const mes of monthsTo2100) {
        const a = activityAt(c, mes);
        expect(a, `${fim} ${mes}`).toBeLessThan(1);
        expect(a).toBeGreaterThan(0);
      }
    }
  });

  it('stays below 1 by construction, whatever its coefficients', () => {
    for (const [a_1, b] of [[5, 3], [40, 40], [-3, 10], [0, 1e3]]) {
      const c: ActivityCurve = { forma: 'logit_log', a_lancamento: 0.25, a_1, b, ajuste: { inicio: 202011, fim: 202212 }, rmse: 0 };
      for (const mes of monthsTo2100) expect(activityAt(c, mes)).toBeLessThanOrEqual(1);
    }
  });

  it('follows the observed ratio in its window as closely as the log-linear line', () => {
    const fim = 202212;
    const bounded = fitActivity(seriesUpTo(series, fim), fim, 'logit_log');
    const line = fitActivity(seriesUpTo(series, fim), fim);
    expect(bounded.a_lancamento).toBe(line.a_lancamento);
    expect(bounded.rmse).toBeLessThan(1.5 * line.rmse);
    expect(activityAt(bounded, 202212)).toBeGreaterThan(0.7);
  });
});

describe('the log-linear a(t) of the cases before v2.1.0', () => {
  it('is the curve v1.9.0 recorded, with no form field', () => {
    const c = readPixCase('v1.9.0')!;
    expect(fitActivity(seriesUpTo(series, 202212), 202212)).toEqual(c.ajuste.observacao.atividade);
    expect(c.ajuste.observacao.atividade.forma).toBeUndefined();
  });

  it('crosses 1 before 2100 (why the bounded form exists)', () => {
    const line = fitActivity(seriesUpTo(series, 202212), 202212);
    expect(monthsTo2100.some((m) => activityAt(line, m) > 1)).toBe(true);
  });
});
