// The Pix case's two ways of leaving the window (calibration/pix/pix-forecast.ts), by hand.
import { describe, expect, it } from 'vitest';
import { forecastUf, type UfForecastInput } from '../../../calibration/pix/pix-forecast.js';

describe('forecastUf', () => {
  // 8 months from 2020-11, a constant activity of 0.5, coverage and eligible factor 1; the window
  // is the first 6 months, observed at 1.1 x the model's payers; 1,000 persons aged 15+.
  const adopters = Float64Array.of(100, 150, 200, 250, 300, 350, 400, 450);
  const meses = [202011, 202012, 202101, 202102, 202103, 202104, 202105, 202106];
  const input: UfForecastInput = {
    adopters, meses, cobertura: 1, populacao: new Float64Array(8).fill(1),
    activity: { a_lancamento: 0.5, a_1: 0.5, b: 0, ajuste: { inicio: 202011, fim: 202104 }, rmse: 0 },
    visto: Float64Array.from(adopters.subarray(0, 6), (a) => 1.1 * 0.5 * a), elegiveis: 1000, metodo: 'fator_local',
  };

  it('fator_local: the model times the window\'s last months\' ratio', () => {
    const f = forecastUf(input);
    expect(f.fator_local).toBeCloseTo(1.1, 12);
    expect(f.pagadores[6]).toBeCloseTo(220, 9);
    expect(f.pagadores[7]).toBeCloseTo(247.5, 9);
  });

  it('assimilacao: starts from the adopters the last observed month implies, with the model\'s hazard on those left', () => {
    const f = forecastUf({ ...input, metodo: 'assimilacao' });
    // observed 192.5 payers in 2021-04 -> 385 adopters; the model's 350 had 650 left, of whom 50
    // adopt by 2021-05 (1/13): 385 + 615 / 13 adopters, half of them paying
    expect(f.pagadores[6]).toBeCloseTo(0.5 * (385 + 615 / 13), 9);
    expect(f.pagadores[7]).toBeCloseTo(0.5 * (385 + 615 * 100 / 650), 9);
    // in sample it reads as fator_local
    expect(Array.from(f.pagadores.subarray(0, 6))).toEqual(Array.from(forecastUf(input).pagadores.subarray(0, 6)));
  });

  it('assimilacao: a UF observed past its eligible persons stays where it was observed', () => {
    const f = forecastUf({ ...input, metodo: 'assimilacao', elegiveis: 360 });
    expect(f.pagadores[7]).toBeCloseTo(192.5, 9);
  });
});
