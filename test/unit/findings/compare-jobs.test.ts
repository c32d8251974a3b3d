import { describe, expect, it } from 'vitest';
import { compareJobs, combineReplicas, computeVerdict, encodeJobResult, type JobResult } from '../../../src/findings/index.js';
import { selectUnits } from '../../../src/findings/units.js';
import type { ServiceError } from '../../../src/errors.js';
import { buildReplica, etaria, scenario } from './build-replica.js';

/** An adoption job whose adopters in 20-24 men are `men[r]` per replica (20-24 women fixed at 30). */
function job(men: number[], over: Parameters<typeof scenario>[0] = {}, unidades = ['1400100', '1400027']): JobResult {
  const reps = men.map((m, r) => buildReplica({
    replica: r, unidades, semanas: 2, medidas: ['adotantes'],
    cell: (u, c) => (u === 0 && c === etaria(4, 0) ? m : u === 0 && c === etaria(4, 1) ? 30 : 0),
    pop: () => 100,
  }));
  return combineReplicas(scenario(over), reps, { nomeMunicipio: (c) => ({ '1400100': 'Boa Vista', '1400027': 'Amajari' })[c] });
}

const sideA = { job: { id: 'aaaaaaaa-0000-4000-8000-000000000001', nome: 'A', tipo: 'simulacao' }, result: job([20, 24]) };

function errorOf(f: () => unknown): ServiceError {
  try {
    f();
  } catch (e) {
    return e as ServiceError;
  }
  throw new Error('no error');
}

describe('compareJobs', () => {
  it('same comparison group: pairs rows by key, b - a, and says the differences come from the plans', () => {
    const b = { job: { id: 'bbbbbbbb-0000-4000-8000-000000000002', nome: 'B', tipo: 'simulacao' }, result: job([40, 44]) };
    const c = compareJobs(sideA, b, { limite: 1000 });
    expect(c.mesmo_grupo_comparacao).toBe(true);
    expect(c.a).toMatchObject({ job_id: sideA.job.id, nome: 'A', release: 'v1.0.0', familia: 'adocao', horizonte: { data_inicio: '2026-01-05', dias: 21 }, grupo_comparacao: 'g1', grade: 'etaria' });
    // each verdict is the job's own, the one its findings serve, with or without a filter
    expect(c.a.veredito).toEqual(computeVerdict(sideA.result, selectUnits(sideA.result)));
    expect(compareJobs(sideA, b, { limite: 1000, municipio: ['1400100'] }).a.veredito).toEqual(c.a.veredito);
    // totals 50 and 54: standard error 2, 3.8% of 52 (<= 5%); the hand-set Pix parameters of
    // v1.0.0 are not calibrated, so the numbers are stable but only indicative
    expect(c.a.veredito.resultado).toBe('indicativo');
    expect(c.a.veredito.calibracao).toBe('nao_calibrado');

    expect(c.municipios).toEqual({ '1400027': 'Amajari', '1400100': 'Boa Vista' });
    const sat = c.tabelas.saturacao;
    expect(sat.chaves).toEqual(['municipio', 'medida', 'eixo', 'valor']);
    expect(sat.valores).toEqual(['n', 'parte']);
    expect(sat.total).toBe(40);
    const total = sat.linhas.find((r) => r.municipio === '1400100' && r.eixo === 'total')!;
    // a: 50, 54 -> 52; b: 70, 74 -> 72
    expect(total.a).toEqual({ n: 52, parte: Number((52 / 3400).toPrecision(6)) });
    expect(total.b).toEqual({ n: 72, parte: Number((72 / 3400).toPrecision(6)) });
    expect((total.diferenca as Record<string, number>).n).toBe(20);
    const women = sat.linhas.find((r) => r.municipio === '1400100' && r.eixo === 'sexo' && r.valor === 'feminino')!;
    expect((women.diferenca as Record<string, number>).n).toBe(0);
    // adoption jobs have no reception tables: they come back empty
    expect(c.tabelas.alcance_efetivo).toMatchObject({ linhas: [], total: 0, truncado: false });
    expect(Object.keys(c.tabelas)).toEqual(['saturacao', 'alcance_efetivo', 'alcance_potencial', 'contribuicao', 'elasticidade']);
  });

  it('different comparison groups are flagged', () => {
    const b = { job: { id: 'b', tipo: 'simulacao' }, result: job([20, 24], { grupo_comparacao: 'outro' }) };
    expect(compareJobs(sideA, b).mesmo_grupo_comparacao).toBe(false);
  });

  it('a row only one job has gets null on the other side and no difference', () => {
    const b = { job: { id: 'b', tipo: 'simulacao' }, result: job([20, 24], {}, ['1400100']) };
    const c = compareJobs(sideA, b, { limite: 1000 });
    expect(c.tabelas.saturacao.total).toBe(40);
    const only = c.tabelas.saturacao.linhas.find((r) => r.municipio === '1400027' && r.eixo === 'total')!;
    expect(only.a).toEqual({ n: 0, parte: 0 });
    expect(only.b).toBeNull();
    expect(only.diferenca).toBeNull();
    const both = c.tabelas.saturacao.linhas.find((r) => r.municipio === '1400100' && r.eixo === 'total')!;
    expect((both.diferenca as Record<string, number>).n).toBe(0);
  });

  it('pages with limite and offset', () => {
    const b = { job: { id: 'b', tipo: 'simulacao' }, result: encodeJobResult(job([40, 44])) };
    const c = compareJobs(sideA, b, { limite: 15, offset: 30 });
    expect(c.tabelas.saturacao.linhas).toHaveLength(10);
    expect(c.tabelas.saturacao.truncado).toBe(false);
    const c2 = compareJobs(sideA, b, { limite: 15, offset: 0 });
    expect(c2.tabelas.saturacao.truncado).toBe(true);
    expect(c2.tabelas.saturacao.linhas[0]).toMatchObject({ municipio: '1400100', eixo: 'total' });
  });

  it('refuses different releases and calibrations', () => {
    const other = { job: { id: 'b', tipo: 'simulacao' }, result: job([20, 24], { release: 'v1.1.0' }) };
    const e1 = errorOf(() => compareJobs(sideA, other));
    expect([e1.code, e1.status]).toEqual(['release_mismatch', 422]);
    const calib = { job: { id: 'c', tipo: 'calibracao' }, result: { veredito: {} } };
    const e2 = errorOf(() => compareJobs(sideA, calib));
    expect([e2.code, e2.status]).toEqual(['not_a_simulation', 422]);
    const e3 = errorOf(() => compareJobs({ job: { id: 'c' }, result: { veredito: {} } }, sideA));
    expect(e3.code).toBe('not_a_simulation');
  });
});
