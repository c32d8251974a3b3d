// The answer contract against its scenario.
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import { fixture, refusal } from './helpers.js';

const Q = 'contrato_de_resposta.perguntas';
const detail = (doc: unknown) => refusal(() => validateScenario(doc)).toEnvelope().detail;
const withQuestions = (base: string, perguntas: unknown[], patch: Record<string, unknown> = {}) =>
  ({ ...fixture(base), ...patch, contrato_de_resposta: { versao: 1, perguntas } });
const q = (extra: Record<string, unknown>) => ({ id: 'q', forma: 'quantos', medida: 'alcance', territorio: { municipios: ['1400100'] }, semana: 1, ...extra });

describe('answer contract', () => {
  it('measures per family', () => {
    expect(() => validateScenario(withQuestions('valid-adocao-min', [q({ medida: 'adocao' }), q({ id: 'b', medida: 'adotantes' })]))).not.toThrow();
    expect(detail(withQuestions('valid-adocao-min', [q({ medida: 'exposta_social' })]))).toMatchObject({ contract_code: 'question_measure_unknown', field: `${Q}[0].medida` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ medida: 'adocao' })]))).toMatchObject({ contract_code: 'question_measure_unknown' });
    expect(detail(withQuestions('valid-recepcao-min', [q({ medida: 'vendas' })]))).toMatchObject({ contract_code: 'question_measure_unknown' });
  });

  it('public axes follow the job grid: etaria has faixa_etaria_5 and sexo only', () => {
    const etaria = { publico: { idades: [[15, 19]] } };
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [q({ publico: { faixa_etaria_5: [3, 16], sexo: [1] } })], etaria))).not.toThrow();
    expect(detail(withQuestions('valid-recepcao-min', [q({ publico: { sexo: [1], grupo_idade: [1] } })], etaria)))
      .toMatchObject({ contract_code: 'question_public_axis_refused', field: `${Q}[0].publico.grupo_idade` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ publico: { idade: [1] } })]))).toMatchObject({ contract_code: 'question_public_axis_refused', field: `${Q}[0].publico.idade` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ publico: { faixa_etaria_5: [17] } })], etaria))).toMatchObject({ contract_code: 'question_public_value_unknown', field: `${Q}[0].publico.faixa_etaria_5[0]` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ publico: { escolaridade: [4] } })]))).toMatchObject({ contract_code: 'question_public_value_unknown' });
    expect(detail(withQuestions('valid-recepcao-min', [q({ publico: { raca: [1, 1] } })]))).toMatchObject({ contract_code: 'duplicate_value', field: `${Q}[0].publico.raca[1]` });
  });

  it('per-tract questions (setores, or ponto with raio_m) need saida_por_setor true and take no publico', () => {
    const tract = q({ territorio: { setores: ['140010005000001'] } });
    expect(detail(withQuestions('valid-recepcao-min', [tract]))).toMatchObject({ contract_code: 'question_territory_needs_tract_output', field: `${Q}[0].territorio` });
    expect(detail(withQuestions('valid-recepcao-min', [tract], { saida_por_setor: false }))).toMatchObject({ contract_code: 'question_territory_needs_tract_output' });
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [tract], { saida_por_setor: true }))).not.toThrow();
    // a municipality question needs neither
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [q({ publico: { sexo: [0] } })]))).not.toThrow();
  });

  it('territory: exactly one form, codes of the right length, inside the scenario UFs, radius 50 to 50000 m', () => {
    const bad: Array<[unknown, string]> = [
      [{}, `${Q}[0].territorio`],
      [{ municipios: ['140010'] }, `${Q}[0].territorio.municipios[0]`],
      [{ municipios: [] }, `${Q}[0].territorio.municipios`],
      [{ setores: ['1400100050'] }, `${Q}[0].territorio.setores[0]`],
      [{ ponto: [-60.6, 2.8] }, `${Q}[0].territorio.raio_m`],
      [{ ponto: [-60.6, 2.8], raio_m: 49 }, `${Q}[0].territorio.raio_m`],
      [{ ponto: [-60.6, 2.8], raio_m: 50001 }, `${Q}[0].territorio.raio_m`],
      [{ ponto: [-260, 2.8], raio_m: 500 }, `${Q}[0].territorio.ponto[0]`],
      [{ municipios: ['1200401'] }, `${Q}[0].territorio.municipios[0]`],
      [{ bairros: ['x'] }, `${Q}[0].territorio`],
    ];
    for (const [territorio, field] of bad) {
      expect(detail(withQuestions('valid-recepcao-min', [q({ territorio })], { saida_por_setor: true })), JSON.stringify(territorio))
        .toMatchObject({ contract_code: 'question_territory_malformed', field });
    }
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [q({ territorio: { ponto: [-60.6, 2.8], raio_m: 50 } })], { saida_por_setor: true }))).not.toThrow();
  });

  it('territory codes must exist in the release (municipality, census tract)', () => {
    expect(detail(withQuestions('valid-recepcao-min', [q({ territorio: { municipios: ['1400100', '1499999'] } })])))
      .toMatchObject({ contract_code: 'question_territory_malformed', field: `${Q}[0].territorio.municipios[1]` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ territorio: { setores: ['140010005999999'] } })], { saida_por_setor: true })))
      .toMatchObject({ contract_code: 'question_territory_malformed', field: `${Q}[0].territorio.setores[0]` });
    const cmp = { id: 'c', forma: 'comparar', variantes: ['plano', 'sem_tv'], pergunta: q({ territorio: { municipios: ['1499999'] } }) };
    const two = { canais: [{ canal: 'digital', dia_inicio: 1, dia_fim: 7, intensidade: 1 }, { canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 1 }] };
    expect(detail(withQuestions('valid-recepcao-min', [cmp], two))).toMatchObject({ field: `${Q}[0].pergunta.territorio.municipios[0]` });
  });

  it('weeks: 28 days have 4 weeks, 29 days have 5', () => {
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [q({ semana: 4 })]))).not.toThrow();
    expect(detail(withQuestions('valid-recepcao-min', [q({ semana: 5 })]))).toMatchObject({ contract_code: 'question_week_beyond_horizon', field: `${Q}[0].semana` });
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [q({ semana: 5 })], { horizonte: { data_inicio: '2025-03-01', dias: 29 } }))).not.toThrow();
    expect(detail(withQuestions('valid-recepcao-min', [q({ semana: 0 })]))).toMatchObject({ contract_code: 'question_moment_malformed' });
  });

  it('moment: parte for quando, semana for quantos and onde; parte in (0, 1]', () => {
    expect(detail(withQuestions('valid-recepcao-min', [q({ forma: 'onde', semana: undefined })]))).toMatchObject({ contract_code: 'question_moment_malformed', field: `${Q}[0].semana` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ parte: 0.5 })]))).toMatchObject({ contract_code: 'question_moment_malformed', field: `${Q}[0].parte` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ forma: 'quando', semana: undefined, parte: 0 })]))).toMatchObject({ contract_code: 'question_share_range' });
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [q({ forma: 'quando', semana: undefined, parte: 1 })]))).not.toThrow();
  });

  it('comparisons: two distinct variant names of the plan; no nesting', () => {
    const two = { canais: [{ canal: 'digital', dia_inicio: 1, dia_fim: 7, intensidade: 1 }, { canal: 'exterior', dia_inicio: 1, dia_fim: 7, intensidade: 1 }] };
    const cmp = (variantes: unknown) => ({ id: 'c', forma: 'comparar', variantes, pergunta: q({}) });
    expect(() => validateScenario(withQuestions('valid-recepcao-min', [cmp(['menos10_exterior', 'sem_digital'])], two))).not.toThrow();
    expect(detail(withQuestions('valid-recepcao-min', [cmp(['plano', 'plano'])], two))).toMatchObject({ contract_code: 'question_variants_malformed' });
    expect(detail(withQuestions('valid-recepcao-min', [cmp(['plano'])], two))).toMatchObject({ contract_code: 'question_variants_malformed', field: `${Q}[0].variantes` });
    // one channel: the plan has plano only
    expect(detail(withQuestions('valid-recepcao-min', [cmp(['plano', 'sem_digital'])]))).toMatchObject({ contract_code: 'question_variants_malformed', field: `${Q}[0].variantes[1]` });
    // the inner question is checked like a plain one
    expect(detail(withQuestions('valid-recepcao-min', [{ ...cmp(['plano', 'sem_digital']), pergunta: q({ medida: 'adocao' }) }], two)))
      .toMatchObject({ contract_code: 'question_measure_unknown', field: `${Q}[0].pergunta.medida` });
  });

  it('question ids are unique within the contract; versao and size limits', () => {
    expect(detail(withQuestions('valid-recepcao-min', [q({}), q({})]))).toMatchObject({ contract_code: 'duplicate_value', field: `${Q}[1].id` });
    expect(detail(withQuestions('valid-recepcao-min', [q({ id: 'a'.repeat(41) })]))).toMatchObject({ contract_code: 'question_id_malformed' });
    expect(() => validateScenario(withQuestions('valid-recepcao-min', Array.from({ length: 20 }, (_, i) => q({ id: `q${i}` }))))).not.toThrow();
    expect(() => validateScenario({ ...fixture('valid-recepcao-min'), contrato_de_resposta: null })).not.toThrow();
  });
});
