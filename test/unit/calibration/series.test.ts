import { describe, expect, it } from 'vitest';
import { checkSeries } from '../../../calibration/series.js';
import { ServiceError } from '../../../src/errors.js';
import { request, stubRelease } from './analytic.js';

const release = stubRelease();

function refusal(rows: unknown, pedido = request()): { code?: string; field?: string } {
  try {
    checkSeries(rows, pedido, release);
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    const s = e as ServiceError;
    expect(s.status).toBe(422);
    expect(s.code).toBe('invalid_request');
    return { code: s.contractCode, field: s.field };
  }
  throw new Error('expected a refusal');
}

const ok = [
  { periodo: 202101, municipio: '1400100', valor: 10 },
  { periodo: 202110, municipio: '1400100', valor: 30 },
  { periodo: 202105, municipio: '1400027', valor: 5 },
];

describe('series intake', () => {
  it('lays rows out by block and period, NaN where no row', () => {
    const s = checkSeries(ok, request(), release);
    expect(s.blocks.map((b) => b.key)).toEqual(['1400027', '1400100']);
    expect(s.periods.length).toBe(12);
    expect(s.observed[1 * 12 + 0]).toBe(10);
    expect(s.observed[1 * 12 + 9]).toBe(30);
    expect(s.observed[0 * 12 + 4]).toBe(5);
    expect(Number.isNaN(s.observed[0])).toBe(true);
  });

  it('keys blocks by the declared axes', () => {
    const pedido = request({ serie: { declaracao: { versao_contrato: 1, granularidade: 'mes', medida: 'novos', eixos: ['sexo'] } } });
    const s = checkSeries([
      { periodo: 202101, municipio: '1400100', sexo: 0, valor: 1 },
      { periodo: 202101, municipio: '1400100', sexo: 1, valor: 2 },
      { periodo: 202112, municipio: '1400100', sexo: 1, valor: 2 },
    ], pedido, release);
    expect(s.blocks.map((b) => b.key)).toEqual(['1400100|sexo=0', '1400100|sexo=1']);
    expect(refusal([{ periodo: 202101, municipio: '1400100', sexo: 2, valor: 1 }], pedido))
      .toEqual({ code: 'series_axis_value_unknown', field: 'serie[0].sexo' });
    expect(refusal([{ periodo: 202101, municipio: '1400100', valor: 1 }], pedido))
      .toEqual({ code: 'series_row_malformed', field: 'serie[0].sexo' });
  });

  it('refuses bad rows with a coded field', () => {
    expect(refusal([])).toEqual({ code: 'series_missing', field: 'serie' });
    expect(refusal(null)).toEqual({ code: 'series_missing', field: 'serie' });
    expect(refusal([...ok, { periodo: 202101, municipio: '3550308', valor: 1 }]))
      .toEqual({ code: 'series_municipality_unknown', field: 'serie[3].municipio' });
    expect(refusal([...ok, { periodo: 202201, municipio: '1400100', valor: 1 }]))
      .toEqual({ code: 'series_period_outside', field: 'serie[3].periodo' });
    expect(refusal([...ok, { periodo: 202101, municipio: '1400100', valor: 3 }]))
      .toEqual({ code: 'series_duplicate_key', field: 'serie[3]' });
    expect(refusal([...ok, { periodo: 202102, municipio: '1400100', valor: -1 }]))
      .toEqual({ code: 'series_negative_value', field: 'serie[3].valor' });
    expect(refusal([{ periodo: 202101, valor: 1 }])).toEqual({ code: 'series_row_malformed', field: 'serie[0].municipio' });
    expect(refusal([{ periodo: '202101', municipio: '1400100', valor: 1 }])).toEqual({ code: 'series_row_malformed', field: 'serie[0].periodo' });
    expect(refusal([{ periodo: 202113, municipio: '1400100', valor: 1 }])).toEqual({ code: 'series_row_malformed', field: 'serie[0].periodo' });
    expect(refusal([{ periodo: 202101, municipio: 1400100, valor: 1 }])).toEqual({ code: 'series_row_malformed', field: 'serie[0].municipio' });
    expect(refusal([{ periodo: 202101, municipio: '1400100', valor: 1, extra: 2 }])).toEqual({ code: 'series_row_malformed', field: 'serie[0].extra' });
    expect(refusal([{ periodo: 202101, area: '1400100001', valor: 1 }])).toEqual({ code: 'series_unit_mismatch', field: 'serie[0].area' });
    expect(refusal([ok[0]])).toEqual({ code: 'series_window_uncovered', field: 'holdout' });
    expect(refusal(Array.from({ length: 150_001 }, () => ok[0]))).toEqual({ code: 'series_too_long', field: 'serie' });
  });

  it('checks weighting areas against the release', () => {
    const pedido = request({ serie: { declaracao: { versao_contrato: 1, granularidade: 'mes', medida: 'novos', unidade: 'area_ponderacao' } } });
    const s = checkSeries([
      { periodo: 202101, area: '1400100001', valor: 1 },
      { periodo: 202111, area: '1400100002', valor: 1 },
    ], pedido, release);
    expect(s.blocks.map((b) => [b.unidade, b.municipio])).toEqual([['1400100001', '1400100'], ['1400100002', '1400100']]);
    expect(refusal([{ periodo: 202101, area: '1400100009', valor: 1 }], pedido)).toEqual({ code: 'series_municipality_unknown', field: 'serie[0].area' });
  });
});
