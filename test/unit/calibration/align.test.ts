import { describe, expect, it } from 'vitest';
import { alignReplicaResults, cumulativeAtDay } from '../../../calibration/align.js';
import { checkSeries } from '../../../calibration/series.js';
import type { ReplicaResult } from '../../../src/pool/replica-result.js';
import { request, stubRelease } from './analytic.js';

/** A replica of 2 units over 4 weeks (26 days), 1 measure, cumulative weekly counts. */
function replica(weekly: number[][], cells?: (u: number, c: number) => number): ReplicaResult {
  const nC = 1400;
  return {
    variante: 'plano', replica: 0, semanas: 4, medidas: ['adotantes'], unidades: ['1400027', '1400100'],
    serie: Uint32Array.from(weekly.flat()), seriePublico: new Uint32Array(8), populacao: new Uint32Array(2), publico: new Uint32Array(2),
    grade: 'principal', celulas: Uint32Array.from({ length: 2 * nC }, (_, i) => (cells ? cells(Math.floor(i / nC), i % nC) : 0)),
    celulasPopulacao: new Uint32Array(2 * nC), medidasCelulas: ['adotantes'], canais: [],
  };
}

describe('alignment of model output to the series', () => {
  it('interpolates cumulative counts linearly between week ends', () => {
    const w = Float64Array.from([70, 140, 210, 250]); // last week: days 22..26
    expect(cumulativeAtDay(w, 26, 0)).toBe(0);
    expect(cumulativeAtDay(w, 26, 7)).toBe(70);
    expect(cumulativeAtDay(w, 26, 10)).toBe(100);
    expect(cumulativeAtDay(w, 26, 24)).toBeCloseTo(210 + 40 * 3 / 5, 12);
    expect(cumulativeAtDay(w, 26, 40)).toBe(250);
  });

  it('averages replicas, takes increments for novos and scales blocks by their horizon cell share', () => {
    const pedido = request({
      cenario: { ...request().cenario, horizonte: { data_inicio: '2021-01-01', dias: 26 } },
      serie: { declaracao: { versao_contrato: 1, granularidade: 'dia', medida: 'novos', eixos: ['sexo'] } },
      janela: { inicio: 20210101, fim: 20210114 },
      holdout: { inicio: 20210115, fim: 20210126 },
    });
    const series = checkSeries([
      { periodo: 20210110, municipio: '1400100', sexo: 1, valor: 5 },
      { periodo: 20210120, municipio: '1400100', sexo: 1, valor: 5 },
    ], pedido, stubRelease());
    // Cell index: sexo is the second axis (7 x 2 x 5 x 4 x 5), so sexo = floor(c / 100) % 2.
    const cells = (u: number, c: number) => (u === 1 && c === 0 ? 30 : u === 1 && c === 100 ? 10 : 0);
    const a = replica([[0, 0, 0, 0], [70, 140, 210, 250]], cells);
    const b = replica([[0, 0, 0, 0], [70, 140, 210, 250]].map((u) => u.map((v) => v * 3)), cells);
    const out = alignReplicaResults([a, b], series, { dataInicio: '2021-01-01', dias: 26, medida: 'adotantes' });
    // mean weekly: 140, 280, ...: 20 a day in week 2; sexo=1 holds 10 of 40 at the horizon.
    expect(out[9]).toBeCloseTo(20 * 0.25, 12);
    expect(out.length).toBe(26);
  });

  it('reads the daily series exactly when every replica carries it', () => {
    const pedido = request({
      cenario: { ...request().cenario, horizonte: { data_inicio: '2021-01-01', dias: 26 } },
      serie: { declaracao: { versao_contrato: 1, granularidade: 'dia', medida: 'novos' } },
      janela: { inicio: 20210101, fim: 20210114 },
      holdout: { inicio: 20210115, fim: 20210126 },
    });
    const series = checkSeries([
      { periodo: 20210110, municipio: '1400100', valor: 5 },
      { periodo: 20210120, municipio: '1400100', valor: 5 },
    ], pedido, stubRelease());
    // Unit 1 adopts on day 10 only (30 persons), unit 0 never: weekly counts alone would spread it over week 2.
    const daily = (k: number) => Uint32Array.from({ length: 2 * 26 }, (_, i) => (i >= 26 && i - 26 >= 9 ? 30 * k : 0));
    const a = { ...replica([[0, 0, 0, 0], [0, 30, 30, 30]]), serieDiaria: daily(1) };
    const b = { ...replica([[0, 0, 0, 0], [0, 90, 90, 90]]), serieDiaria: daily(3) };
    const out = alignReplicaResults([a, b], series, { dataInicio: '2021-01-01', dias: 26, medida: 'adotantes' });
    expect(out[9]).toBe(60); // day 10: all of the mean (30 + 90) / 2
    expect(out[8]).toBe(0);
    expect(out[10]).toBe(0);
    expect(out.length).toBe(26);
    // Without the daily series the same replicas give the weekly interpolation (60 / 7 a day in week 2).
    const weeklyOnly = alignReplicaResults([replica([[0, 0, 0, 0], [0, 30, 30, 30]]), replica([[0, 0, 0, 0], [0, 90, 90, 90]])], series, { dataInicio: '2021-01-01', dias: 26, medida: 'adotantes' });
    expect(weeklyOnly[9]).toBeCloseTo(60 / 7, 12);
  });
});
