// Behaviour of the kernels on a 30,000-person fixture: common random numbers, variants,
// monotonicity and the audience rule (DESIGN 4).
import { describe, expect, it } from 'vitest';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { runInThread, total } from '../fixtures/run-in-thread.js';
import { adoptionScenario, parameters, receptionScenario } from '../fixtures/scenarios.js';

const pop = buildFixturePopulation({ persons: 30_000, municipios: 3, tractsPerMunicipality: 12 });
const N = pop.nPersons;
const same = (a: Uint32Array, b: Uint32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('common random numbers', () => {
  it('the same grupo_comparacao gives identical plano results, also from a separately compiled plan', async () => {
    const a = compilePlanFor(receptionScenario(), pop, parameters());
    const b = compilePlanFor(receptionScenario({ nome: 'outro job' }), pop, parameters());
    for (const r of [0, 1]) {
      const x = await runInThread(a, 'plano', r);
      const y = await runInThread(b, 'plano', r);
      expect(same(x.serie, y.serie)).toBe(true);
      expect(same(x.celulas, y.celulas)).toBe(true);
      expect(same(x.frequencia!, y.frequencia!)).toBe(true);
    }
  });

  it('a different grupo_comparacao or replica gives different draws', async () => {
    const p = compilePlanFor(receptionScenario(), pop, parameters());
    const x = await runInThread(p, 'plano', 0);
    const y = await runInThread(p, 'plano', 0, 'outro-grupo');
    const z = await runInThread(p, 'plano', 1);
    expect(same(x.serie, y.serie)).toBe(false);
    expect(same(x.serie, z.serie)).toBe(false);
    // ...but the same model: totals agree within Monte Carlo error
    expect(Math.abs(total(p, x.serie, 'alcance') - total(p, y.serie, 'alcance'))).toBeLessThan(0.02 * N);
  });

  it('sem_<c> never exceeds plano in media reach (each replica, unit and week)', async () => {
    const p = compilePlanFor(receptionScenario(), pop, parameters());
    expect(p.variantes.map((v) => v.nome)).toEqual([
      'plano', 'sem_tv', 'menos10_tv', 'sem_digital', 'menos10_digital', 'sem_radio', 'menos10_radio', 'sem_exterior', 'menos10_exterior',
    ]);
    const m = p.medidas.indexOf('exposta_midia_medida');
    for (const r of [0, 1]) {
      const plano = await runInThread(p, 'plano', r);
      for (const v of p.variantes.slice(1)) {
        const c = await runInThread(p, v.nome, r);
        for (let k = m; k < c.serie.length; k += p.medidas.length) expect(c.serie[k]).toBeLessThanOrEqual(plano.serie[k]);
      }
    }
  });

  it('without word of mouth, sem_<c> never exceeds plano in reach (alcance), every replica', async () => {
    const p = compilePlanFor(receptionScenario(), pop, parameters({ conversao_social: 0 }));
    const m = p.medidas.indexOf('alcance');
    for (const r of [0, 1, 2]) {
      const plano = await runInThread(p, 'plano', r);
      for (const v of p.variantes.filter((x) => x.nome.startsWith('sem_'))) {
        const c = await runInThread(p, v.nome, r);
        for (let k = m; k < c.serie.length; k += p.medidas.length) expect(c.serie[k]).toBeLessThanOrEqual(plano.serie[k]);
        expect(total(p, c.serie, 'alcance')).toBeLessThan(total(p, plano.serie, 'alcance'));
      }
    }
  });
});

describe('monotonicity (means over 3 replicas; tolerance 0.2% of the population)', () => {
  const tol = 0.002 * N;
  const mean = async (plan: ReturnType<typeof compilePlanFor>, medida: string, semana?: number) => {
    let s = 0;
    for (const r of [0, 1, 2]) s += total(plan, (await runInThread(plan, 'plano', r)).serie, medida, semana);
    return s / 3;
  };

  it('higher intensity never lowers mean reach', async () => {
    const scaled = (f: number) =>
      receptionScenario({ canais: receptionScenario().canais!.map((c) => ({ ...c, intensidade: Math.min(1, c.intensidade * f) })) });
    let last = -1;
    for (const f of [0.25, 0.5, 1, 1.25]) {
      const p = compilePlanFor(scaled(f), pop, parameters());
      const v = await mean(p, 'alcance');
      expect(v).toBeGreaterThanOrEqual(last - tol);
      last = v;
    }
    expect(last).toBeGreaterThan(0.2 * N);
  });

  it('beta_expo up never lowers mean adoption at any week', async () => {
    const weeks = 8;
    let prev: number[] | undefined;
    for (const q of [0.05, 0.1, 0.2, 0.4]) {
      const p = compilePlanFor(adoptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: weeks * 7 } }), pop, parameters({ beta0: Math.log(0.002), beta_expo: Math.log(q), amortecimento_saturacao: 0.3 }));
      const cur: number[] = [];
      for (let w = 0; w < weeks; w++) cur.push(await mean(p, 'adotantes', w));
      if (prev) cur.forEach((v, w) => expect(v).toBeGreaterThanOrEqual(prev![w] - tol));
      prev = cur;
    }
    expect(prev![weeks - 1]).toBeGreaterThan(0.1 * N);
  });
});

describe('audience', () => {
  it('media exposure happens only inside publico; social exposure also reaches outside', async () => {
    const sc = receptionScenario({ publico: { sexos: ['feminino'], idades: [[20, 39]] } });
    const p = compilePlanFor(sc, pop, parameters({ conversao_social: 1, beta_expo: Math.log(1) }));
    const c = await runInThread(p, 'plano', 0);
    const media = total(p, c.serie, 'exposta_midia_medida');
    expect(media).toBeGreaterThan(0);
    expect(total(p, c.seriePublico, 'exposta_midia_medida')).toBe(media);
    const social = total(p, c.serie, 'exposta_social');
    const socialInside = total(p, c.seriePublico, 'exposta_social');
    expect(social - socialInside).toBeGreaterThan(0);
    // audience size is what the mask says, and reachable/frequency counts stay inside it
    const inAudience = c.publico.reduce((s, x) => s + x, 0);
    expect(inAudience).toBeGreaterThan(0.05 * N);
    expect(inAudience).toBeLessThan(0.2 * N);
    const nC = p.canais.length;
    for (let u = 0; u < p.unidades.unidades.length; u++) {
      for (let k = 0; k <= nC; k++) expect(c.frequencia![(u * (nC + 1) + k) * 2]).toBeLessThanOrEqual(c.publico[u]);
      for (let k = 0; k < nC; k++) expect(c.alcancavel![u * nC + k]).toBeLessThanOrEqual(c.publico[u]);
    }
  });

  it('alcancavel counts the audience members with affinity > 0 for each channel the variant keeps (none for sem_<c>)', async () => {
    const sc = receptionScenario({ publico: { sexos: ['feminino'] } });
    const p = compilePlanFor(sc, pop, parameters());
    const nC = p.canais.length;
    const K = p.kernel.nCells;
    const U = p.unidades.unidades.length;
    // reference straight from the plan's arrays, person by person
    const expected = (escala: readonly number[]) => {
      const ref = new Uint32Array(U * nC);
      const kp = p.kernelPopulation;
      for (let h = 0; h < kp.nHouseholds; h++) {
        const u = p.reduce.unidadeDoSetor[kp.hhTract[h]];
        if (u < 0) continue;
        for (let i = kp.hhStart[h]; i < kp.hhStart[h + 1]; i++) {
          if (!p.reduce.publico[i]) continue;
          for (let c = 0; c < nC; c++) if (escala[c] > 0 && p.kernel.afinidade![c * K + p.kernel.cell![i]] > 0) ref[u * nC + c]++;
        }
      }
      return ref;
    };
    const plano = await runInThread(p, 'plano', 0);
    expect(Array.from(plano.alcancavel!)).toEqual(Array.from(expected(p.variantes[0].escala)));
    expect(plano.alcancavel!.some((x) => x > 0)).toBe(true);
    const sem = p.variantes.find((v) => v.nome.startsWith('sem_'))!;
    const gone = sem.escala.indexOf(0);
    const semCounts = await runInThread(p, sem.nome, 0);
    expect(Array.from(semCounts.alcancavel!)).toEqual(Array.from(expected(sem.escala)));
    for (let u = 0; u < U; u++) {
      for (let c = 0; c < nC; c++) expect(semCounts.alcancavel![u * nC + c]).toBe(c === gone ? 0 : plano.alcancavel![u * nC + c]);
    }
  });

  it('counts are cumulative and consistent: responses sum to reach; ambas <= each source', async () => {
    const p = compilePlanFor(receptionScenario(), pop, parameters());
    const c = await runInThread(p, 'plano', 0);
    for (let w = 1; w < p.semanas; w++) expect(total(p, c.serie, 'alcance', w)).toBeGreaterThanOrEqual(total(p, c.serie, 'alcance', w - 1));
    const resp = ['ignora', 'absorve', 'repassa', 'rejeita'].reduce((s, m) => s + total(p, c.serie, m), 0);
    expect(resp).toBe(total(p, c.serie, 'alcance'));
    const ambas = total(p, c.serie, 'exposta_midia_ambas');
    expect(ambas).toBeLessThanOrEqual(total(p, c.serie, 'exposta_social'));
    expect(ambas).toBeLessThanOrEqual(total(p, c.serie, 'exposta_midia_medida'));
    expect(total(p, c.serie, 'alcance')).toBe(total(p, c.serie, 'exposta_social') + total(p, c.serie, 'exposta_midia_medida') - ambas);
    expect(c.populacao.reduce((s, x) => s + x, 0)).toBe(N);
  });
});
