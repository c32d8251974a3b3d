// sensitivity() on a tiny population whose ranking is known by construction (issue 57): reception
// in São Luiz (RR, about 7,300 persons), two weeks, one replica, the plan alone. beta0, the media
// contact hazard, over a wide interval must rank first on alcance; deslocamento_capital shifts
// only the persons of the UF's capital, so outside Boa Vista it has no effect at all and, with
// common random numbers, every elementary effect is exactly 0: last, mu* = 0, sigma = 0. Then the
// refusals, before anything runs, and every numeric parameter the schema gives the family accepted
// generically (a release's new parameters join without code here).
import { afterAll, describe, expect, it } from 'vitest';
import { MODEL_PARAMETERS_SCHEMA, PARAMETER_FAMILIES } from '../../src/contract/model-parameters.js';
import type { JsonSchema } from '../../src/contract/scenario-schema.js';
import { ServiceError } from '../../src/errors.js';
import { closePool } from '../../src/pool/pool.js';
import { sensitivity, sensitivityCsv, type SensitivityRanges } from '../../src/research/sensitivity.js';
import { sensitivitySvg } from '../../src/research/sensitivity-chart.js';
import { receptionScenario, canal } from '../fixtures/scenarios.js';

const SAO_LUIZ = '1400605';
const scenario = receptionScenario({
  release: 'v2.0.0', geografia: { ufs: ['RR'], municipios: [SAO_LUIZ] }, replicas: 1,
  canais: [canal('tv', 1, 14, 0.3), canal('radio', 1, 14, 0.3)],
  horizonte: { data_inicio: '2026-01-05', dias: 14 }, grupo_comparacao: 'sensibilidade', kpis: ['alcance', 'repassa'],
});
const faixas: SensitivityRanges = { deslocamento_capital: [-1, 1], beta0: [-4, -1], 'pesos_canais.vizinhanca': [0.2, 0.4] };

afterAll(() => closePool());

describe('a Morris screening with a known ranking', async () => {
  const { linhas, pontos, metodo } = await sensitivity(scenario, faixas, { metodo: 'morris', trajetorias: 4, threads: 2 });
  const row = (kpi: string, parametro: string) => linhas.find((r) => r.kpi === kpi && r.parametro === parametro)!;

  it('runs trajectories x (parameters + 1) points of the plan, one row per parameter and KPI', () => {
    expect(metodo).toBe('morris');
    expect(new Set(pontos.map((p) => p.ponto)).size).toBe(4 * 4);
    expect(new Set(pontos.map((p) => p.variante))).toEqual(new Set(['plano']));
    expect(linhas).toHaveLength(3 * 2);
    expect(linhas.map((r) => r.posto)).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it('ranks the dominant parameter first and the one without effect last, at exactly 0', () => {
    expect(row('alcance', 'beta0')).toMatchObject({ posto: 1, minimo: -4, maximo: -1, pontos: 16 });
    expect(row('alcance', 'beta0').mu_estrela!).toBeGreaterThan(0.1 * row('alcance', 'beta0').media_kpi);
    for (const kpi of ['alcance', 'repassa']) {
      expect(row(kpi, 'deslocamento_capital')).toMatchObject({ posto: 3, mu_estrela: 0, mu: 0, sigma: 0, src: null, prcc: null });
      expect(row(kpi, 'pesos_canais.vizinhanca').mu_estrela!).toBeGreaterThan(0);
    }
  });

  it('writes the rows as CSV and draws them', () => {
    const csv = sensitivityCsv(linhas).split('\n');
    expect(csv[0]).toBe('parametro,variante,kpi,metodo,posto,minimo,maximo,pontos,media_kpi,mu_estrela,mu,sigma,src,prcc,r2');
    expect(csv[1]).toMatch(/^beta0,plano,alcance,morris,1,-4,-1,16,/);
    const svg = sensitivitySvg(linhas);
    expect(svg.match(/<g class="painel"/g)).toHaveLength(2);
    expect(svg).toContain('1. beta0');
  });
});

describe('a Latin hypercube with the same ranking', async () => {
  const { linhas } = await sensitivity(scenario, faixas, { metodo: 'hipercubo_latino', amostras: 12, threads: 2 });

  it('gives beta0 the largest partial rank correlation on alcance, positive', () => {
    const alcance = linhas.filter((r) => r.kpi === 'alcance');
    expect(alcance[0]).toMatchObject({ parametro: 'beta0', posto: 1, mu_estrela: null, pontos: 12 });
    expect(alcance[0].prcc!).toBeGreaterThan(0.9);
    expect(alcance[0].src!).toBeGreaterThan(0.5);
    expect(alcance[0].r2!).toBeGreaterThan(0.5);
  });
});

/** The refusal `run` throws: its contract_code, field and message. */
async function refusal(run: Promise<unknown>): Promise<{ code?: string; field?: string; message: string }> {
  const e = await run.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(ServiceError);
  const s = e as ServiceError;
  return { code: s.contractCode, field: s.field, message: s.message };
}

describe('refusals, before any run', () => {
  it('refuses an unknown parameter, one of another family, lo >= hi, an end outside the range and too few runs', async () => {
    expect(await refusal(sensitivity(scenario, { semente: [0, 1] }))).toMatchObject({ code: 'unknown_field', field: 'semente' });
    expect(await refusal(sensitivity(scenario, { amortecimento_saturacao: [0, 1] }))).toMatchObject({ code: 'parameter_not_allowed' });
    expect(await refusal(sensitivity(scenario, { beta0: [-1, -1] }))).toMatchObject({ code: 'parameter_range', field: 'beta0', message: 'beta0: lo -1 must be below hi -1' });
    expect(await refusal(sensitivity(scenario, { conversao_social: [-0.5, 0.5] }))).toMatchObject({ code: 'parameter_range', field: 'conversao_social' });
    expect(await refusal(sensitivity(scenario, { 'pesos_canais.digital': [0, 'x' as never] }))).toMatchObject({ code: 'wrong_type' });
    expect(await refusal(sensitivity(scenario, { beta0: [-2, -1] }, { trajetorias: 1 }))).toMatchObject({ code: 'wrong_type', message: expect.stringMatching(/trajetorias, a whole number from 2/) });
    expect(await refusal(sensitivity(scenario, { beta0: [-2, -1] }, { metodo: 'hipercubo_latino', amostras: 3 }))).toMatchObject({ code: 'wrong_type', field: 'amostras' });
    expect(await refusal(sensitivity(scenario, {}))).toMatchObject({ code: 'missing_field' });
  });

  it('takes every numeric parameter the schema gives the family, read from the schema', async () => {
    const props = MODEL_PARAMETERS_SCHEMA.properties as Record<string, JsonSchema>;
    const inside = (node: JsonSchema): [number, number] => {
      const { minimum: lo, maximum: hi, exclusiveMinimum: gt } = node as Record<string, number | undefined>;
      const from = lo ?? (gt !== undefined ? gt + 0.1 : hi !== undefined ? hi - 1 : -1);
      return [from, hi ?? from + 1];
    };
    const ranges: Record<string, [number, number]> = {};
    for (const [name, node] of Object.entries(props)) {
      if (!PARAMETER_FAMILIES[name as keyof typeof PARAMETER_FAMILIES].includes('recepcao')) continue;
      if (node.type === 'number') ranges[name] = inside(node);
      if (node.type === 'object' && node.required === undefined) {
        for (const [member, m] of Object.entries(node.properties as Record<string, JsonSchema>)) if (m.type === 'number') ranges[`${name}.${member}`] = inside(m);
      }
    }
    expect(Object.keys(ranges)).toEqual(expect.arrayContaining(['beta0', 'conversao_social', 'pesos_canais.digital']));
    // too few runs is checked after every name and interval: reaching it means all were taken
    const r = await refusal(sensitivity(scenario, ranges, { metodo: 'hipercubo_latino', amostras: 1 }));
    expect(r).toMatchObject({ field: 'amostras' });
  });
});
