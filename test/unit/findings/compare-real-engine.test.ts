// compareJobs on real runs (RR, adoption, 1 replica, 14 days): with the same comparison group
// the random numbers are shared, so the same plan gives zero differences everywhere and any
// difference comes from the plans; another group changes the numbers of the same plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../../../src/contract/types.js';
import { combineOptionsFromRelease, combineReplicas, compareJobs, type JobResult } from '../../../src/findings/index.js';
import { closePool } from '../../../src/pool/pool.js';
import { openRelease } from '../../../src/release/release.js';
import type { Release } from '../../../src/release/types.js';
import { simulate } from '../../../src/simulate.js';

let release: Release;
const base: Scenario = {
  versao_contrato: 3, release: 'v1.0.0', familia: 'adocao', geografia: { ufs: ['RR'] },
  lancamento: { dia: 1, cenario_base: 'pix' }, horizonte: { data_inicio: '2021-01-04', dias: 14 },
  replicas: 1, grupo_comparacao: 'comparar-a', kpis: ['adotantes'],
};

async function run(s: Scenario): Promise<JobResult> {
  const sim = await simulate(s, { release, threads: 2 });
  return combineReplicas(s, Object.values(sim.variantes).flat(), combineOptionsFromRelease(release));
}

const side = (id: string, result: JobResult) => ({ job: { id, tipo: 'simulacao' }, result });
const diffs = (c: ReturnType<typeof compareJobs>) =>
  c.tabelas.saturacao.linhas.map((r) => (r.diferenca as Record<string, number | null> | null)?.n).filter((x): x is number => typeof x === 'number');

beforeAll(() => {
  release = openRelease('v1.0.0');
});
afterAll(async () => {
  await closePool();
});

describe('compareJobs on the real engine', () => {
  it('same group, same plan: every difference is zero; another group: the same plan differs', async () => {
    const a = await run(base);
    const again = await run({ ...base, nome: 'a de novo' });
    const other = await run({ ...base, grupo_comparacao: 'comparar-b' });
    const same = compareJobs(side('a', a), side('a2', again), { limite: 1000 });
    expect(same.mesmo_grupo_comparacao).toBe(true);
    expect(same.b.nome).toBe('a de novo');
    expect(diffs(same).length).toBeGreaterThan(50);
    expect(diffs(same).every((d) => d === 0)).toBe(true);
    const cross = compareJobs(side('a', a), side('b', other), { limite: 1000 });
    expect(cross.mesmo_grupo_comparacao).toBe(false);
    expect(diffs(cross).some((d) => d !== 0)).toBe(true);
  });

  it('same group, another plan: the difference is the plan\'s effect', async () => {
    const a = await run(base);
    const later = await run({ ...base, lancamento: { dia: 8, cenario_base: 'pix' } });
    const c = compareJobs(side('a', a), side('late', later), { municipio: ['1400100'], limite: 1000 });
    expect(c.mesmo_grupo_comparacao).toBe(true);
    const total = c.tabelas.saturacao.linhas.find((r) => r.eixo === 'total')!;
    // launching a week later leaves fewer adopters at the horizon
    expect((total.diferenca as Record<string, number>).n).toBeLessThan(0);
  });
});
