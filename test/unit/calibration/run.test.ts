import { describe, expect, it } from 'vitest';
import { calibratedParameters, runCalibration } from '../../../calibration/run.js';
import { countRounds } from '../../../calibration/parameters.js';
import type { ModelFactory } from '../../../calibration/run.js';
import { analyticModel, analyticRows, PIX, request, stubRelease } from './analytic.js';

const release = stubRelease();
const truth = { ...PIX, beta0: -5.5, logit_lancamento: -2.5 };
// Differs from the base only in beta0, so a calibration that frees beta0 alone can fit exactly.
const truthBeta0 = { ...PIX, beta0: -5.5 };

/** A model that returns the observed series times (1 + g(x)): its window loss is exactly g(x). */
const surfaceModel = (g: (x: number[]) => number): ModelFactory => ({ series }) => async (x) =>
  series.observed.map((o) => (Number.isFinite(o) ? o : 0) * (1 + g(x)));

describe('runCalibration on an analytic model', () => {
  it('grade: recovers the parameters, makes exactly the quoted rounds and approves', async () => {
    const pedido = request();
    const progress: Array<[number, number]> = [];
    const r = await runCalibration({ pedido, serie: analyticRows(truth) }, {
      release, model: analyticModel(), onProgress: (d, t) => progress.push([d, t]),
    });
    const rounds = countRounds(pedido, release);
    expect(rounds).toBe(9 * 9 + 2 * 2 + 1);
    expect(progress.at(-1)).toEqual([rounds, rounds]);
    expect(progress.length).toBe(rounds + 1);
    expect(r.rodadas).toBe(rounds);
    expect(r.busca.avaliados).toBe(81);
    expect(r.parametros.map((p) => [p.parametro, p.valor])).toEqual([['beta0', -5.5], ['logit_lancamento', -2.5]]);
    expect(r.busca.perda_janela).toBeLessThan(0.01);
    expect(r.veredito.resultado).toBe('aprovada');
    expect(r.parametros_modelo.beta0).toBe(-5.5);
    expect(calibratedParameters(r)).toEqual(r.parametros_modelo);
  });

  it('aleatoria and sequencial: recover within a tenth of the range, deterministically', async () => {
    for (const metodo of ['aleatoria', 'sequencial'] as const) {
      const pedido = request({
        parametros: { beta0: { min: -7, max: -3 }, logit_lancamento: { min: -5, max: -1 } },
        busca: { metodo, candidatos: 40 },
      });
      const body = { pedido, serie: analyticRows(truth) };
      const r = await runCalibration(body, { release, model: analyticModel() });
      expect(r.rodadas).toBe(40 + 4 + 1);
      expect(Math.abs(r.parametros[0].valor - -5.5), `${metodo} ${JSON.stringify(r.parametros)}`).toBeLessThan(0.4);
      expect(Math.abs(r.parametros[1].valor - -2.5), `${metodo} ${JSON.stringify(r.parametros)}`).toBeLessThan(0.4);
      expect(r.veredito.resultado).toBe('aprovada');
      const again = await runCalibration(body, { release, model: analyticModel() });
      expect(again).toEqual(r);
    }
  });

  it('a series whose curve changes after the window fails the holdout', async () => {
    const serie = analyticRows(truth, { medida: 'novos', after: { day: 243, beta0: -3.5 } });
    const pedido = request({ serie: { declaracao: { versao_contrato: 1, granularidade: 'mes', medida: 'novos' } } });
    const r = await runCalibration({ pedido, serie }, { release, model: analyticModel() });
    expect(r.busca.perda_janela).toBeLessThan(0.02);
    expect(r.veredito.resultado).toBe('reprovada');
    expect(r.veredito.metricas.mape_holdout.passou).toBe(false);
    expect(r.veredito.motivos[0]).toMatch(/holdout/);
  });

  it('reports beta0 and a size-stratum shift as a group, and an unused parameter as fixed', async () => {
    const codes = ['1400175', '1400308', '1400027']; // all in the 10k-20k stratum
    const pedido = request({
      cenario: { ...request().cenario, geografia: { ufs: ['RR'], municipios: codes } },
      parametros: {
        beta0: { min: -7, max: -4, passo: 0.5 },
        amortecimento_saturacao: { min: 0, max: 1, passo: 0.5 },
        deslocamento_porte: { min: -1, max: 1, passo: 0.5 },
      },
    });
    const r = await runCalibration({ pedido, serie: analyticRows(truthBeta0, { codes }) }, { release, model: analyticModel() });
    expect(r.identificabilidade.fixados.map((f) => f.parametro)).toEqual(['amortecimento_saturacao']);
    expect(r.identificabilidade.grupos.map((g) => g.parametros)).toEqual([['beta0', 'deslocamento_porte[10k_20k]']]);
    // Flat everywhere: back at the starting point the last round loses nothing, so it is kept there.
    expect(r.parametros_modelo.amortecimento_saturacao).toBe(PIX.amortecimento_saturacao);
    expect(r.identificabilidade.fixados[0].motivo).toMatch(/back at the starting point: re-scored there/);
  });

  it('holds out units of the platform deterministically and judges them', async () => {
    const pedido = request({ holdout_espacial: { metodo: 'plataforma' } });
    const r = await runCalibration({ pedido, serie: analyticRows(truth) }, { release, model: analyticModel() });
    expect(r.holdout_espacial.unidades.length).toBe(2); // 20% of 12 units
    expect(r.veredito.metricas.mape_holdout_espacial.valor).toBeLessThan(0.01);
    expect(r.veredito.resultado).toBe('aprovada');
  });

  it('returns the best candidate evaluated when a locally flat parameter is bad at its distant starting point', async () => {
    // logit_lancamento (start -3, the release's value) is flat on [-5, -4], where the optimum
    // lies, and costly above: one step from the best candidate sees nothing, the start is 200 points worse.
    const g = (x: number[]) => 0.02 + 0.05 * Math.abs(x[0] + 5.5) + 2 * Math.max(0, x[1] + 4);
    const r = await runCalibration({ pedido: request(), serie: analyticRows(truth) }, { release, model: surfaceModel(g) });
    expect(r.busca.perda_janela).toBeCloseTo(0.02, 6);
    expect(r.parametros_modelo.logit_lancamento).toBe(-5);
    expect(r.parametros.map((p) => [p.parametro, p.valor])).toEqual([['beta0', -5.5]]);
    expect(r.identificabilidade.fixados).toEqual([expect.objectContaining({ parametro: 'logit_lancamento', valor: -5 })]);
    expect(r.identificabilidade.fixados[0].motivo).toMatch(/does not see it.*held at its value in the best candidate: back at the starting point -3 the window loss is 202%/);
    // The last round tried the starting point and was not kept.
    expect(r.busca.historico.at(-1)).toMatchObject({ papel: 'reavaliacao', parametros: { beta0: -5.5, logit_lancamento: -3 }, perda_janela: 2.02, escolhida: false });
    expect(r.veredito.metricas.mape_janela.valor).toBeCloseTo(0.02, 6);
  });

  it('busca.historico lists every round with its parameters, role and window loss; the chosen one is the minimum', async () => {
    for (const metodo of ['grade', 'sequencial'] as const) {
      const pedido = metodo === 'grade' ? request() : request({
        parametros: { beta0: { min: -7, max: -3 }, logit_lancamento: { min: -5, max: -1 } },
        busca: { metodo, candidatos: 20 },
      });
      const r = await runCalibration({ pedido, serie: analyticRows(truth) }, { release, model: analyticModel() });
      const h = r.busca.historico;
      expect(h.length).toBe(r.rodadas);
      expect(h.map((e) => e.rodada)).toEqual(h.map((_, i) => i + 1));
      expect(h.map((e) => e.papel)).toEqual([
        ...Array(r.busca.avaliados).fill('busca'), ...Array(4).fill('identificabilidade'), 'reavaliacao',
      ]);
      for (const e of h) expect(Object.keys(e.parametros)).toEqual(['beta0', 'logit_lancamento']);
      const chosen = h.filter((e) => e.escolhida);
      expect(chosen).toHaveLength(1);
      expect(chosen[0].perda_janela).toBe(Math.min(...h.map((e) => e.perda_janela!)));
      expect(chosen[0].perda_janela).toBe(r.busca.perda_janela);
      expect(r.parametros.map((p) => [p.parametro, p.valor])).toEqual(Object.entries(chosen[0].parametros));
    }
  });

  it('a model that forecasts the holdout worse than persistence is reprovada, within the MAPE limit or not', async () => {
    // Adoption stops after the window (August): the last cumulative count carried forward is
    // exact, while the model keeps growing.
    const rows = analyticRows(truth);
    const august = new Map(rows.filter((row) => row.periodo === 202108).map((row) => [row.municipio, row.valor]));
    const serie = rows.map((row) => ((row.periodo as number) > 202108 ? { ...row, valor: august.get(row.municipio) } : row));
    const r = await runCalibration({ pedido: request(), serie }, { release, model: analyticModel() });
    expect(r.busca.perda_janela).toBeLessThan(0.01);
    const m = r.veredito.metricas;
    expect(m.mape_holdout.passou).toBe(true);
    expect(m.mape_holdout_persistencia).toEqual({ valor: 0, limite: null, passou: false });
    expect(r.veredito.resultado).toBe('reprovada');
    expect(r.veredito.motivos).toContainEqual(expect.stringMatching(/not below the persistence baseline/));
  });
});
