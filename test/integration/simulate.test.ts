// simulate() through the Piscina pool (worker loaded from dist/: run `npx tsc -p tsconfig.json`
// first; `npm test` does): bit-identical at 1 and 2 threads, cancellable, and on the real release.
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { simulate } from '../../src/simulate.js';
import type { ReplicaResult } from '../../src/pool/replica-result.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { adoptionScenario, parameters, receptionScenario } from '../fixtures/scenarios.js';

const one = createPool({ threads: 1 });
const two = createPool({ threads: 2 });
afterAll(async () => {
  await one.close();
  await two.close();
});

const pop = buildFixturePopulation({ persons: 30_000, municipios: 2, tractsPerMunicipality: 10 });
const bytes = (r: ReplicaResult) =>
  [r.serie, r.seriePublico, r.celulas, r.celulasPopulacao, r.frequencia!].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')).join('|');

describe('simulate', () => {
  it('is bit-identical with 1 and 2 threads, for every variant and replica', async () => {
    const sc = receptionScenario({ replicas: 3, canais: receptionScenario().canais!.slice(0, 2) });
    const a = await simulate(sc, { population: pop, parametros: parameters(), pool: one });
    const b = await simulate(sc, { population: pop, parametros: parameters(), pool: two });
    expect(Object.keys(a.variantes)).toEqual(['plano', 'sem_tv', 'menos10_tv', 'sem_digital', 'menos10_digital']);
    expect(a.threads).toBe(1);
    expect(b.threads).toBe(2);
    for (const [v, rs] of Object.entries(a.variantes)) {
      expect(rs).toHaveLength(3);
      rs.forEach((r, k) => {
        expect(r.variante).toBe(v);
        expect(r.replica).toBe(k);
        expect(bytes(b.variantes[v][k])).toBe(bytes(r));
      });
    }
    expect(a.pessoa_dias).toBe(30_000 * 42 * 5 * 3);
  });

  it('reports progress up to replicas x variants x days and can be cancelled', async () => {
    const seen: number[] = [];
    const sc = adoptionScenario({ replicas: 2 });
    const r = await simulate(sc, { population: pop, parametros: parameters(), pool: two, onProgress: (p) => seen.push(p.feitos / p.total) });
    expect(seen[seen.length - 1]).toBe(1);
    expect(r.variantes.plano).toHaveLength(2);

    const ctl = new AbortController();
    ctl.abort();
    await expect(simulate(sc, { population: pop, parametros: parameters(), pool: two, signal: ctl.signal })).rejects.toThrow(/abort/i);
    const big = buildFixturePopulation({ persons: 400_000, municipios: 2 });
    const late = new AbortController();
    const run = simulate(adoptionScenario({ replicas: 8, horizonte: { data_inicio: '2026-01-05', dias: 2000 } }), {
      population: big, parametros: parameters(), pool: two, signal: late.signal,
      onProgress: (p) => { if (p.feitos > 0) late.abort(); },
    });
    await expect(run).rejects.toThrow(/abort/i);
    // the pool still works after a cancelled job
    const again = await simulate(sc, { population: pop, parametros: parameters(), pool: two });
    expect(again.variantes.plano[0].serie.length).toBeGreaterThan(0);
  });

  it('runs a real release UF (RR) with the release parameters and answers questions', async () => {
    const release = openRelease('v1.0.0');
    const sc = adoptionScenario({
      replicas: 1,
      horizonte: { data_inicio: '2026-01-05', dias: 21 },
      geografia: { ufs: ['RR'], municipios: ['1400100'] },
      saida_por_setor: true,
      contrato_de_resposta: {
        versao: 1,
        perguntas: [{ id: 'q1', forma: 'quantos', medida: 'adotantes', publico: { sexo: [1] }, territorio: { municipios: ['1400100'] }, semana: 3 }],
      },
    });
    const r = await simulate(sc, { release, pool: two });
    const plano = r.variantes.plano[0];
    expect(r.unidades).toEqual(['1400100']);
    const pop = plano.populacao[0];
    expect(pop).toBeGreaterThan(100_000); // Boa Vista
    const adopted = plano.serie[(0 * r.semanas + 2) * r.medidas.length];
    expect(adopted).toBeGreaterThan(0);
    expect(adopted).toBeLessThan(pop);
    // per tract: the tracts of Boa Vista, summing to the unit's count
    expect(plano.setores!.every((s) => s.startsWith('1400100'))).toBe(true);
    let tracts = 0;
    for (let s = 0; s < plano.setores!.length; s++) tracts += plano.porSetor![(s * r.semanas + 2) * r.medidas.length];
    expect(tracts).toBe(adopted);
    // the question: women of Boa Vista, cumulative by week
    const q = plano.respostas!.q1;
    expect(q.unidades).toEqual(['1400100']);
    expect(q.base[0]).toBeGreaterThan(0.4 * pop);
    expect(q.base[0]).toBeLessThan(0.6 * pop);
    expect(q.contagens[2]).toBeGreaterThan(0);
    expect(q.contagens[2]).toBeLessThan(adopted);
    expect(q.contagens[1]).toBeLessThanOrEqual(q.contagens[2]);
  });
});
