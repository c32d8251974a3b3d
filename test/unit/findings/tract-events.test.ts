import { describe, expect, it } from 'vitest';
import { buildTractEvents, combineReplicas, samplingError, tractError, type JobResult } from '../../../src/findings/index.js';
import { ServiceError } from '../../../src/errors.js';
import { buildReplica, scenario } from './build-replica.js';

const SET = [
  '140010005000001', '140010005000002', '140010005000003', '140010005000004', '140010005000005', '140010005000006', '140002705000001',
  '140010005000007', '140010005000008',
];
const POP: Record<string, number | undefined> = {
  [SET[0]]: 500, [SET[1]]: 400, [SET[2]]: 300, [SET[3]]: 0, [SET[4]]: undefined, [SET[5]]: 1000, [SET[6]]: 200, [SET[7]]: 600, [SET[8]]: 700,
};
// measured error of the tract's synthetic residents (the diagnosis's); NaN: not measured
const ERRO: Record<string, number | undefined> = {
  [SET[0]]: 0.3, [SET[1]]: 0.01, [SET[2]]: 0, [SET[3]]: 0, [SET[4]]: 0, [SET[5]]: 0.02, [SET[6]]: 0.1, [SET[7]]: 0.6, [SET[8]]: NaN,
};
// [setor] -> [week 1, week 2] per replica
const COUNTS: number[][][] = [
  [[10, 40], [2, 20], [5, 8], [0, 0], [7, 7], [0, 10], [9, 9], [50, 50], [50, 50]],
  [[10, 44], [6, 20], [5, 8], [0, 0], [7, 7], [5, 10], [9, 9], [50, 50], [50, 50]],
];

function tractJob(): JobResult {
  const reps = COUNTS.map((bySetor, r) => buildReplica({
    replica: r, unidades: ['1400100', '1400027'], semanas: 2, medidas: ['adotantes'],
    cell: () => 0, pop: () => 10,
    setores: SET, tipos: ['adocao', 'outro'],
    porSetor: bySetor.flatMap((weeks) => weeks.flatMap((x) => [x, 0])),
  }));
  return combineReplicas(scenario({ saida_por_setor: true }), reps, { populacaoSetor: (c) => POP[c], erroSetor: (c) => ERRO[c] });
}

describe('per-tract events', () => {
  const result = tractJob();

  it('gives each tract and week n or null with its reason', () => {
    const t = buildTractEvents(result, { municipio: '1400100' });
    expect(t).toMatchObject({ municipio: '1400100', semanas: 2, tipos: ['adocao', 'outro'], tipo: 'adocao', semana: null, corte_erro: 0.5, total: 16, truncado: false });
    const at = (i: number, semana: number) => t.linhas.find((r) => r.setor === SET[i] && r.semana === semana)!;
    expect(at(0, 1)).toEqual({ setor: SET[0], semana: 1, n: 10, erro: Number(Math.hypot(0.3, samplingError(10, 500)).toPrecision(6)), motivo: null });
    expect(at(0, 2)).toMatchObject({ n: 42, motivo: null });
    expect(at(1, 1)).toMatchObject({ n: null, motivo: 'menor_que_k' });
    expect(at(1, 2)).toMatchObject({ n: 20, motivo: null });
    // 5 is the smallest published tract of the municipality-week where only tract 1 was hidden
    expect(at(2, 1)).toMatchObject({ n: null, motivo: 'complementar' });
    expect(at(2, 2)).toMatchObject({ n: 8 });
    expect(at(3, 1)).toMatchObject({ n: null, motivo: 'sem_populacao_sintetica' });
    expect(at(4, 2)).toMatchObject({ n: null, motivo: 'erro_nao_medido' });
    // 0 and 5: mean 2.5 rounds to 2; sqrt(1/2 - 1/1000) > 0.5
    expect(at(5, 1)).toMatchObject({ n: null, erro: null, motivo: 'erro_acima_do_corte' });
    expect(at(5, 2)).toMatchObject({ n: 10, motivo: null });
    // the population error alone (0.6) is above the cutoff; one not measured hides the count too
    expect(at(7, 1)).toMatchObject({ n: null, erro: null, motivo: 'erro_acima_do_corte' });
    expect(at(8, 1)).toMatchObject({ n: null, erro: null, motivo: 'erro_nao_medido' });
    expect(t.motivos).toEqual({ menor_que_k: 1, complementar: 1, erro_acima_do_corte: 3, erro_nao_medido: 4, sem_populacao_sintetica: 2 });
  });

  it('the tract error joins the measured population error and the binomial error sqrt(1/n - 1/P)', () => {
    expect(samplingError(4, 100)).toBeCloseTo(Math.sqrt(0.25 - 0.01), 12);
    expect(samplingError(0, 100)).toBe(0);
    expect(samplingError(50, 50)).toBe(0);
    expect(tractError(4, 100, 0.3)).toBeCloseTo(Math.sqrt(0.09 + 0.25 - 0.01), 12);
    expect(tractError(0, 100, 0.2)).toBe(0.2);
  });

  it('reads every tract of a result stored without measured errors as erro_nao_medido', () => {
    const old = tractJob();
    delete old.setores!.erroPopulacao;
    const t = buildTractEvents(old, { municipio: '1400100', semana: 2 });
    expect(t.linhas.filter((r) => r.motivo === null)).toEqual([]);
  });

  it('filters a week and a type, and truncates', () => {
    const w2 = buildTractEvents(result, { municipio: '1400100', semana: 2 });
    expect(w2.semana).toBe(2);
    expect(w2.linhas.every((r) => r.semana === 2)).toBe(true);
    expect(w2.total).toBe(8);
    const other = buildTractEvents(result, { municipio: '1400027', tipo: 'outro' });
    expect(other.linhas.map((r) => r.n)).toEqual([0, 0]);
    const cut = buildTractEvents(result, { municipio: '1400100', limite: 3 });
    expect(cut.linhas).toHaveLength(3);
    expect(cut.total).toBe(16);
    expect(cut.truncado).toBe(true);
    expect(() => buildTractEvents(result, { municipio: '1400100', tipo: 'nada' })).toThrow(/tipo must be one of adocao, outro/);
    expect(() => buildTractEvents(result, { municipio: '1400100', semana: 3 })).toThrow(ServiceError);
  });

  it('a job without saida_por_setor gives tract_output_absent', () => {
    const plain = combineReplicas(scenario({ replicas: 1 }), [buildReplica({ replica: 0, unidades: ['1400100'], semanas: 1, medidas: ['adotantes'], cell: () => 0, pop: () => 1 })]);
    try {
      buildTractEvents(plain, { municipio: '1400100' });
      expect.unreachable();
    } catch (e) {
      expect((e as ServiceError).code).toBe('tract_output_absent');
      expect((e as ServiceError).status).toBe(422);
    }
  });
});
