import { describe, expect, it } from 'vitest';
import { answerQuestions, combineReplicas, encodeJobResult, decodeJobResult, type JobResult } from '../../../src/findings/index.js';
import type { ContratoDeResposta } from '../../../src/contract/types.js';
import type { ReplicaResult } from '../../../src/pool/replica-result.js';
import { buildReplica, scenario } from './build-replica.js';

type Resp = NonNullable<ReplicaResult['respostas']>;
const block = (unidades: string[], porUnidade: number[][], base: number[]) => ({
  unidades, contagens: Uint32Array.from(porUnidade.flat()), base: Uint32Array.from(base),
});
const MUN = ['1400100', '1400027', '1400050'];
const SETORES = ['140010005000001', '140010005000002'];

// Per replica: the question data of the plano variant and of sem_tv.
function respostas(r: number, variante: string): Resp {
  const two = r === 0 ? [[10, 30, 60], [0, 20, 40]] : [[12, 34, 64], [0, 22, 44]];
  const three = r === 0 ? [[10, 30, 60], [0, 20, 40], [0, 0, 3]] : [[12, 34, 64], [0, 22, 44], [0, 0, 5]];
  if (variante === 'sem_tv') {
    return { cmp: block(['1400100'], [r === 0 ? [5, 20, 40] : [6, 24, 46]], [100]) };
  }
  return {
    q1: block(MUN.slice(0, 2), two, [100, 100]),
    q7: block(MUN.slice(0, 2), two, [100, 100]),
    q2: block(MUN.slice(0, 2), two, [100, 100]),
    q2b: block(MUN.slice(0, 2), two, [100, 100]),
    q3: block(MUN, three, [100, 100, 50]),
    q3b: block(MUN, three, [100, 100, 50]),
    q4: block(MUN, three, [100, 100, 50]),
    q6: block(['1400100'], [[3, 10, 20]], [100]),
    cmp: block(['1400100'], [two[0]], [100]),
    // tracts: A has 0 and 5 (mean 2.5 -> 2 among 1000 persons: error above the cutoff), B 50
    qs: block(SETORES, [[r === 0 ? 0 : 5], [50]].map((x) => [...x, x[0], x[0]]), [1000, 100]),
    qt: block(SETORES, [[40, 40, 40], [50, 50, 50]], [1000, 100]),
  };
}

const territorio = { municipios: MUN.slice(0, 2) };
const contrato: ContratoDeResposta = {
  versao: 1,
  perguntas: [
    { id: 'q1', forma: 'quantos', medida: 'adotantes', territorio, semana: 2 },
    { id: 'q2', forma: 'quando', medida: 'adotantes', territorio, parte: 0.5 },
    { id: 'q2b', forma: 'quando', medida: 'adotantes', territorio, parte: 0.9 },
    { id: 'q3', forma: 'onde', medida: 'adotantes', territorio: { municipios: MUN }, semana: 3, ordem: 'maior' },
    { id: 'q3b', forma: 'onde', medida: 'adotantes', territorio: { municipios: MUN }, semana: 2, ordem: 'menor' },
    { id: 'q4', forma: 'quantos', medida: 'adotantes', territorio: { municipios: MUN }, semana: 3 },
    { id: 'q6', forma: 'quantos', medida: 'adotantes', territorio: { municipios: ['1400100'] }, semana: 1 },
    { id: 'q7', forma: 'quantos', medida: 'adotantes', territorio, semana: 1 },
    { id: 'qs', forma: 'onde', medida: 'adotantes', territorio: { setores: SETORES }, semana: 1 },
    { id: 'qt', forma: 'quantos', medida: 'adotantes', territorio: { setores: SETORES }, semana: 1 },
    { id: 'cmp', forma: 'comparar', variantes: ['plano', 'sem_tv'], pergunta: { id: 'cmp-q', forma: 'quantos', medida: 'adotantes', territorio: { municipios: ['1400100'] }, semana: 3 } },
  ],
};

/** The measured population error of each listed tract (the release's, src/findings/release-lookups.ts). */
const MEASURED: Record<string, number> = { [SETORES[0]]: 0.1, [SETORES[1]]: 0.2 };

function answerJob(erroSetor: (codigo: string) => number = (c) => MEASURED[c]): JobResult {
  const reps = [];
  for (const variante of ['plano', 'sem_tv']) {
    for (const r of [0, 1]) {
      reps.push(buildReplica({
        variante, replica: r, unidades: MUN, semanas: 3, medidas: ['adotantes'], cell: () => 0, pop: () => 1,
        respostas: respostas(r, variante),
      }));
    }
  }
  return combineReplicas(scenario({ contrato_de_resposta: contrato }), reps, {
    erroTerritorio: (t) => ('setores' in t ? Float64Array.from(t.setores, erroSetor) : Float64Array.of(NaN)),
  });
}

describe('answers', () => {
  const result = answerJob();
  const out = answerQuestions(contrato, result);
  const get = (id: string) => out.respostas.find((a) => a.id === id)!;

  it('quantos: the rounded mean count at the week, its base, share and error', () => {
    expect(get('q1')).toMatchObject({ forma: 'quantos', semana: 2, n: 53, base: 200, parte: 0.265, erro_padrao: 3, retida: false, motivo: null });
    expect((get('q1') as { texto: string }).texto).toContain('semana 2');
  });

  it('quantos is withheld when the total is 1..4 in a replica, or when one unit alone is (complementar)', () => {
    expect(get('q6')).toMatchObject({ retida: true, motivo: 'menor_que_k', n: null });
    expect(get('q4')).toMatchObject({ retida: true, motivo: 'complementar', n: null });
    expect((get('q4') as { texto: string }).texto).toMatch(/complementar/);
    // week 1 totals 10 and 12: the zero unit is published, nothing to hide
    expect(get('q7')).toMatchObject({ retida: false, n: 11 });
  });

  it('quando: first week the mean reaches the share, with the spread over replicas', () => {
    expect(get('q2')).toMatchObject({ forma: 'quando', parte: 0.5, semana: 3, semana_min: 3, semana_max: 3, n: 104, base: 200, retida: false });
    expect(get('q2b')).toMatchObject({ semana: null, retida: false, motivo: 'nao_alcancada' });
  });

  it('onde: units ranked by share, hidden ones last with their reasons', () => {
    const q3 = get('q3') as Extract<ReturnType<typeof get>, { forma: 'onde' }>;
    expect(q3.ranking).toEqual([
      { unidade: '1400100', posicao: 1, n: 62, base: 100, parte: 0.62, motivo: null },
      // 40 is the next smallest of week 3 in replica 0, where 3 alone was hidden
      { unidade: '1400027', posicao: null, n: null, base: null, parte: null, motivo: 'complementar' },
      { unidade: '1400050', posicao: null, n: null, base: null, parte: null, motivo: 'menor_que_k' },
    ]);
    const q3b = get('q3b') as typeof q3;
    expect(q3b.ordem).toBe('menor');
    expect(q3b.ranking.map((x) => [x.unidade, x.posicao, x.parte])).toEqual([
      ['1400050', 1, 0], ['1400027', 2, 0.21], ['1400100', 3, 0.32],
    ]);
  });

  it('onde over tracts applies the tract error cutoff of /setores', () => {
    const qs = get('qs') as Extract<ReturnType<typeof get>, { forma: 'onde' }>;
    expect(qs.ranking).toEqual([
      { unidade: SETORES[1], posicao: 1, n: 50, base: 100, parte: 0.5, motivo: null },
      { unidade: SETORES[0], posicao: null, n: null, base: null, parte: null, motivo: 'erro_acima_do_corte' },
    ]);
  });

  it('a tract territory meets the cutoff on its population error joined with the sampling error; not measured: erro_nao_medido', () => {
    // 90 of 1100 persons: sampling error 0.1; population error of the territory: the larger, 0.2
    expect(get('qt')).toMatchObject({ retida: false, n: 90 });
    const far = answerQuestions(contrato, answerJob((c) => (c === SETORES[0] ? 0.6 : 0.2)));
    expect(far.respostas.find((a) => a.id === 'qt')).toMatchObject({ retida: true, motivo: 'erro_acima_do_corte' });
    const unmeasured = answerQuestions(contrato, answerJob((c) => (c === SETORES[0] ? NaN : 0.2)));
    expect(unmeasured.respostas.find((a) => a.id === 'qt')).toMatchObject({ retida: true, motivo: 'erro_nao_medido' });
    const qs = unmeasured.respostas.find((a) => a.id === 'qs') as Extract<ReturnType<typeof get>, { forma: 'onde' }>;
    expect(qs.ranking.find((u) => u.unidade === SETORES[0])).toMatchObject({ n: null, motivo: 'erro_nao_medido' });
    expect(qs.ranking.find((u) => u.unidade === SETORES[1])).toMatchObject({ n: 50, motivo: null });
    // a result stored before the population error was kept: every tract answer is erro_nao_medido
    const old = answerJob();
    for (const blocks of Object.values(old.respostas)) for (const b of Object.values(blocks)) delete b.erroPopulacao;
    expect(answerQuestions(contrato, old).respostas.find((a) => a.id === 'qt')).toMatchObject({ retida: true, motivo: 'erro_nao_medido' });
  });

  it('comparar: the inner question in both variants and b - a with a paired error', () => {
    const c = get('cmp') as Extract<ReturnType<typeof get>, { forma: 'comparar' }>;
    expect(c.variantes).toEqual(['plano', 'sem_tv']);
    expect(c.a).toMatchObject({ n: 62 });
    expect(c.b).toMatchObject({ n: 43 });
    expect(c.diferenca).toBe(-19);
    expect(c.erro_padrao).toBe(1);
    expect(c.retida).toBe(false);
  });

  it('every answer repeats the territory and audience its question asked (comparar: its inner question\'s)', () => {
    expect(get('q1')).toMatchObject({ territorio, publico: null, semana: 2 });
    expect(get('qs')).toMatchObject({ territorio: { setores: SETORES } });
    expect(get('cmp')).toMatchObject({ territorio: { municipios: ['1400100'] }, a: { territorio: { municipios: ['1400100'] }, semana: 3 } });
    const withPublic = answerQuestions({ versao: 1, perguntas: [{ id: 'q1', forma: 'quantos', medida: 'adotantes', territorio, semana: 2, publico: { sexo: [1] } }] }, result);
    expect(withPublic.respostas[0].publico).toEqual({ sexo: [1] });
  });

  it('a question the job did not compute is withheld as sem_resultado; the default contract is the scenario one', () => {
    const other = answerQuestions({ versao: 1, perguntas: [{ id: 'zz', forma: 'quantos', medida: 'adotantes', territorio, semana: 1 }] }, result);
    expect(other.respostas[0]).toMatchObject({ retida: true, motivo: 'sem_resultado' });
    const fromStored = answerQuestions(null, decodeJobResult(JSON.parse(JSON.stringify(encodeJobResult(result)))));
    expect(fromStored).toEqual(out);
  });
});
