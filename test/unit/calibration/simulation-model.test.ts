import { describe, expect, it } from 'vitest';
import { roundDays, roundScenario, simulationModel, type SimulateFn } from '../../../calibration/simulation-model.js';
import { runCalibration } from '../../../calibration/run.js';
import { checkSeries } from '../../../calibration/series.js';
import type { ReplicaResult } from '../../../src/pool/replica-result.js';
import { adoptionShare, analyticRows, PIX, request, stubRelease } from './analytic.js';

const release = stubRelease();

/** A stand-in simulate(): the analytic curve reported as the kernel does (weekly cumulative counts per unit). */
const fakeSimulate: SimulateFn & { calls: Array<{ dias: number; replicas: number; grupo: string }> } = Object.assign(
  async (scenario: Parameters<SimulateFn>[0], opts: Parameters<SimulateFn>[1]) => {
    fakeSimulate.calls.push({ dias: scenario.horizonte.dias, replicas: scenario.replicas, grupo: scenario.grupo_comparacao });
    const muns = release.municipalities();
    const semanas = Math.ceil(scenario.horizonte.dias / 7);
    const out: ReplicaResult[] = [];
    for (let rep = 0; rep < scenario.replicas; rep++) {
      const serie = new Uint32Array(muns.length * semanas);
      muns.forEach((m, u) => {
        for (let w = 0; w < semanas; w++) {
          serie[u * semanas + w] = Math.round(m.populacao * adoptionShare(opts.parametros!, m.porte, Math.min(7 * (w + 1), scenario.horizonte.dias)));
        }
      });
      for (const variante of ['plano', 'sem_tv']) {
        out.push({
          variante, replica: rep, semanas, medidas: ['adotantes'], unidades: muns.map((m) => m.codigo), serie,
          seriePublico: serie, populacao: new Uint32Array(muns.length), publico: new Uint32Array(muns.length),
          grade: 'principal', celulas: new Uint32Array(0), celulasPopulacao: new Uint32Array(0), medidasCelulas: [], canais: [],
        });
      }
    }
    return { variantes: { plano: out.filter((r) => r.variante === 'plano'), sem_tv: out.filter((r) => r.variante === 'sem_tv') } };
  },
  { calls: [] as Array<{ dias: number; replicas: number; grupo: string }> },
);

describe('the simulation model adapter', () => {
  it('runs each round to the last holdout day at busca.replicas with the request\'s comparison group', async () => {
    const truth = { ...PIX, beta0: -5.5, logit_lancamento: -2.5 };
    const pedido = request({ busca: { metodo: 'grade', replicas: 2 } });
    fakeSimulate.calls.length = 0;
    const r = await runCalibration({ pedido, serie: analyticRows(truth) }, { release, model: simulationModel(fakeSimulate) });
    expect(fakeSimulate.calls.length).toBe(r.rodadas);
    expect(new Set(fakeSimulate.calls.map((c) => JSON.stringify(c)))).toEqual(new Set([JSON.stringify({ dias: 365, replicas: 2, grupo: 'calib-test' })]));
    // Weekly interpolation costs a little accuracy at month ends; the grid still lands on the truth.
    expect(r.parametros.map((p) => p.valor)).toEqual([-5.5, -2.5]);
    expect(r.veredito.resultado).toBe('aprovada');
  });

  it('cuts the horizon and the channel periods, and adds the series areas to geografia', () => {
    const pedido = request({
      cenario: {
        ...request().cenario, familia: 'recepcao', lancamento: null,
        geografia: { ufs: ['RR'], municipios: ['1400027'] },
        canais: [{ canal: 'tv', dia_inicio: 10, dia_fim: 400, intensidade: 0.5 }, { canal: 'radio', dia_inicio: 380, dia_fim: 390, intensidade: 0.5 }],
        horizonte: { data_inicio: '2021-01-01', dias: 500 },
      },
      serie: { declaracao: { versao_contrato: 1, granularidade: 'mes', medida: 'novos', unidade: 'area_ponderacao' } },
    });
    const series = checkSeries([{ periodo: 202101, area: '1400100002', valor: 1 }, { periodo: 202112, area: '1400100002', valor: 1 }], pedido, release);
    const dias = roundDays(pedido, 'mes');
    expect(dias).toBe(365);
    const s = roundScenario(pedido.cenario, dias, 1, series);
    expect(s.horizonte).toEqual({ data_inicio: '2021-01-01', dias: 365 });
    expect(s.canais).toEqual([{ canal: 'tv', dia_inicio: 10, dia_fim: 365, intensidade: 0.5 }]);
    expect(s.geografia).toEqual({ ufs: ['RR'], municipios: ['1400027', '1400100'], aps: ['1400100002'] });
  });
});
