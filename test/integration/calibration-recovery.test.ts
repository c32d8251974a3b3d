// Calibration on the real model (RR, ~640k persons): recover known parameters with each search
// method, match the quote's rounds, repeat bit for bit at another thread count, fail the holdout
// when the series changes regime, and report cancelling parameters as a group. Kept small:
// 1 replica, 56 days (daily series: window days 1-42, holdout days 43-56), about 100 rounds of
// well under a second each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRelease } from '../../src/release/release.js';
import { closePool } from '../../src/pool/pool.js';
import { quoteCalibration } from '../../calibration/quote.js';
import { validateCalibrationRequest } from '../../calibration/validate-request.js';
import type { CalibrationRequest, Scenario } from '../../src/contract/types.js';
import type { Release } from '../../src/release/types.js';
import { engineSimulate } from '../../calibration/engine.js';
import { runCalibration } from '../../calibration/run.js';
import { simulationModel } from '../../calibration/simulation-model.js';
import { checkSeries } from '../../calibration/series.js';
import { countRounds, freeDimensions } from '../../calibration/parameters.js';
import { periodsBetween } from '../../calibration/periods.js';
import { calibrationPeriods, calibrationRequest, type CalibrationRequestOverrides } from '../fixtures/scenarios.js';

const THREADS = 2;
let release: Release;
let codes: string[];

const cenario = (over: Partial<Scenario> = {}): Partial<Scenario> => ({ horizonte: { data_inicio: '2021-01-01', dias: 56 }, grupo_comparacao: 'calibracao-rr', ...over });

const pedido = (over: CalibrationRequestOverrides = {}): CalibrationRequest => calibrationRequest({
  ...calibrationPeriods('dia', [20210101, 20210211], [20210212, 20210225]),
  parametros: { beta0: { min: -6.5, max: -5.5, passo: 0.5 }, beta_expo: { min: -4, max: -3, passo: 0.5 } },
  ...over,
  cenario: cenario(over.cenario),
});

const TRUTH = [-6, -3.5]; // beta0, beta_expo

/**
 * Rows made by the model itself at known values of the request's free dimensions, with the
 * same comparison group, so the calibration can reproduce them exactly at the truth.
 */
async function seriesAt(p: CalibrationRequest, x: number[], unitCodes = codes): Promise<Array<Record<string, unknown>>> {
  const days = periodsBetween(20210101, 20210225, 'dia');
  const skeleton = unitCodes.flatMap((municipio) => days.map((periodo) => ({ periodo, municipio, valor: 1 })));
  const series = checkSeries(skeleton, p, release);
  const dims = freeDimensions(p, release);
  const out = await (await simulationModel(engineSimulate)({ pedido: p, release, series, dims, threads: THREADS }))(x);
  return series.blocks.flatMap((b, i) => series.periods.map((periodo, j) => ({
    periodo, municipio: b.unidade, valor: Math.round(out[i * series.periods.length + j]),
  })));
}

const calibrate = (p: CalibrationRequest, serie: Array<Record<string, unknown>>, threads = THREADS) =>
  runCalibration(validateCalibrationRequest({ pedido: p, serie, serie_sha256: null }, release), {
    release, threads, model: simulationModel(engineSimulate),
  });

beforeAll(async () => {
  release = openRelease('v1.0.0');
  await release.population(['RR']);
  codes = release.municipalities('RR').map((m) => m.codigo);
});

afterAll(async () => {
  await closePool();
});

describe('calibration on the real model (RR)', () => {
  it('grade recovers beta0 and beta_expo exactly, makes the quoted rounds and approves', async () => {
    const p = pedido();
    const serie = await seriesAt(p, TRUTH);
    const body = validateCalibrationRequest({ pedido: p, serie, serie_sha256: null }, release);
    const progress: number[] = [];
    const r = await runCalibration(body, { release, threads: THREADS, model: simulationModel(engineSimulate), onProgress: (d) => progress.push(d) });
    expect(r.busca.avaliados).toBe(9);
    expect(r.rodadas).toBe(9 + 2 * 2 + 1);
    expect(r.rodadas).toBe(quoteCalibration(body, release).rodadas);
    expect(r.rodadas).toBe(countRounds(p, release));
    expect(progress.at(-1)).toBe(r.rodadas);
    expect(r.parametros.map((x) => [x.parametro, x.valor])).toEqual([['beta0', -6], ['beta_expo', -3.5]]);
    expect(r.busca.perda_janela).toBeLessThan(0.001); // rounding of the series to whole persons
    expect(r.identificabilidade).toMatchObject({ livres: ['beta0', 'beta_expo'], fixados: [], grupos: [] });
    expect(r.veredito.resultado).toBe('aprovada');
    expect(r.parametros_modelo).toMatchObject({ beta0: -6, beta_expo: -3.5 });
  });

  it('aleatoria recovers beta_expo within 0.2 (a tenth of its range) and approves', async () => {
    const p = pedido({ parametros: { beta_expo: { min: -4.5, max: -2.5 } }, busca: { metodo: 'aleatoria', candidatos: 10, replicas: 1 } });
    const r = await calibrate(p, await seriesAt(p, [-3.5]));
    expect(r.rodadas).toBe(10 + 2 + 1);
    expect(Math.abs(r.parametros[0].valor - -3.5), `beta_expo ${r.parametros[0].valor}`).toBeLessThan(0.2);
    expect(r.veredito.resultado).toBe('aprovada');
  });

  it('sequencial recovers beta0 and beta_expo within 0.25 (an eighth of their ranges); the verdict weighs the baselines', async () => {
    const p = pedido({
      parametros: { beta0: { min: -7, max: -5 }, beta_expo: { min: -4.5, max: -2.5 } },
      busca: { metodo: 'sequencial', candidatos: 20, replicas: 1 },
    });
    const r = await calibrate(p, await seriesAt(p, TRUTH));
    expect(r.rodadas).toBe(20 + 4 + 1);
    expect(Math.abs(r.parametros[0].valor - TRUTH[0]), `beta0 ${r.parametros[0].valor}`).toBeLessThan(0.25);
    expect(Math.abs(r.parametros[1].valor - TRUTH[1]), `beta_expo ${r.parametros[1].valor}`).toBeLessThan(0.25);
    // Within the limit and far better than persistence; but a point this close to the truth (not
    // on it: the search found -5.92, -3.59) can still forecast a smooth 14-day continuation worse
    // than a Bass curve fitted on the window (4.3% against 1.7% when measured) or the log-trend, and then it is reprovada.
    const m = r.veredito.metricas;
    expect(m.mape_holdout.passou).toBe(true);
    expect(m.mape_holdout_persistencia.passou).toBe(true);
    const beaten = m.mape_holdout_bass.passou && m.mape_holdout_tendencia_log.passou;
    expect(r.veredito.resultado, JSON.stringify(r.veredito)).toBe(beaten ? 'aprovada' : 'reprovada');
  });

  it('is bit-identical when repeated with the same comparison group, at 1 or 2 threads', async () => {
    const p = pedido({ parametros: { beta0: { min: -7, max: -5 } }, busca: { metodo: 'aleatoria', candidatos: 3, replicas: 1 } });
    const serie = await seriesAt(p, [-6]);
    const a = await calibrate(p, serie, 2);
    const b = await calibrate(p, serie, 1);
    expect(b).toEqual(a);
  });

  it('fails the holdout when the series comes from other parameters after the window', async () => {
    const p = pedido();
    const inWindow = await seriesAt(p, TRUTH);
    const later = await seriesAt(p, [-5, -3]);
    const serie = [...inWindow.filter((r) => (r.periodo as number) <= 20210211), ...later.filter((r) => (r.periodo as number) > 20210211)];
    const r = await calibrate(p, serie);
    expect(r.parametros.map((x) => x.valor)).toEqual(TRUTH);
    expect(r.veredito.resultado).toBe('reprovada');
    expect(r.veredito.metricas.mape_holdout.passou).toBe(false);
  });

  it('reports beta0 and the size-stratum shift as a group when only the base hazard acts', async () => {
    // Launch and word of mouth pinned off (min = max: held, reported in fixados), so the hazard is
    // exp(beta0 + deslocamento_porte[porte] + cell term): beta0 and the shift of the series'
    // stratum cancel along beta0 + shift = constant.
    const byPorte = new Map<number, string[]>();
    for (const m of release.municipalities('RR')) byPorte.set(m.porte, [...(byPorte.get(m.porte) ?? []), m.codigo]);
    const stratum = [...byPorte.values()].sort((a, b) => b.length - a.length)[0];
    const p = pedido({
      cenario: cenario({ geografia: { ufs: ['RR'], municipios: stratum } }),
      parametros: {
        beta0: { min: -6, max: -5, passo: 0.5 },
        logit_lancamento: { min: -12, max: -12, passo: 1 },
        beta_expo: { min: -12, max: -12, passo: 1 },
        deslocamento_porte: { min: -0.5, max: 0.5, passo: 0.5 },
      },
    });
    const dims = freeDimensions(p, release);
    expect(dims.map((d) => d.nome)).toHaveLength(4);
    const r = await calibrate(p, await seriesAt(p, [-5.5, -12, -12, 0], stratum));
    expect(r.rodadas).toBe(9 + 8 + 1);
    expect(r.identificabilidade.fixados.map((f) => f.parametro).sort()).toEqual(['beta_expo', 'logit_lancamento']);
    expect(r.identificabilidade.grupos.map((g) => g.parametros)).toEqual([['beta0', dims[3].nome]]);
    expect(r.identificabilidade.grupos[0].correlacao).toBeLessThan(-0.9);
  });

  it('calibrates a series by municipality and sex (blocks scaled by the horizon cell shares)', async () => {
    const p = pedido({
      cenario: cenario({ horizonte: { data_inicio: '2021-01-01', dias: 21 } }),
      serie: { declaracao: { versao_contrato: 1, granularidade: 'dia', medida: 'novos', eixos: ['sexo'] } },
      janela: { inicio: 20210101, fim: 20210114 },
      holdout: { inicio: 20210115, fim: 20210121 },
      parametros: { beta_expo: { min: -4, max: -3, passo: 0.5 } },
    });
    const days = periodsBetween(20210101, 20210121, 'dia');
    const skeleton = codes.slice(0, 4).flatMap((municipio) => [0, 1].flatMap((sexo) => days.map((periodo) => ({ periodo, municipio, sexo, valor: 1 }))));
    const series = checkSeries(skeleton, p, release);
    const out = await (await simulationModel(engineSimulate)({ pedido: p, release, series, dims: freeDimensions(p, release), threads: THREADS }))([-3.5]);
    // Women and men of a municipality split its curve by their shares of its adopters at the horizon.
    const n = series.periods.length;
    const total = (b: number) => out.slice(b * n, (b + 1) * n).reduce((a, v) => a + v, 0);
    expect(total(0) + total(1)).toBeGreaterThan(0);
    expect(Math.abs(total(0) / (total(0) + total(1)) - 0.5)).toBeLessThan(0.1);
    const serie = series.blocks.flatMap((b, i) => series.periods.map((periodo, j) => ({ periodo, municipio: b.unidade, sexo: b.eixos.sexo, valor: out[i * n + j] })));
    const r = await calibrate(p, serie);
    expect(r.parametros.map((x) => x.valor)).toEqual([-3.5]);
    expect(r.busca.perda_janela).toBe(0);
    expect(r.veredito.resultado).toBe('aprovada');
  });
});
