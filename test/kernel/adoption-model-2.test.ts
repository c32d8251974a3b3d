// Adoption model 2 (release v1.2.0 on, docs/model.md): eligibility age, fixed standardisation of
// the cell score, the fading launch impulse and its timing by income and by the UF's income, on a
// 30,000-person fixture (in RR).
import { describe, expect, it } from 'vitest';
import { replicaKey } from '../../src/kernel/rng-key.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import { propensityMoments } from '../../src/models/propensity.js';
import { PERSON_ATTRS, personAttr, type ModelParameters } from '../../src/release/types.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { hashState, runOnInstance, threadInstance } from '../fixtures/run-in-thread.js';
import { adoptionScenario, parameters } from '../fixtures/scenarios.js';

const pop = buildFixturePopulation({ persons: 30_000, municipios: 3, tractsPerMunicipality: 12 });
const scenario = adoptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 60 } });

async function adoptionDays(p: ModelParameters): Promise<{ dayA: Uint16Array; hash: string }> {
  const k = await threadInstance();
  const plan = compilePlanFor(scenario, pop, p);
  runOnInstance(k, plan.kernelPopulation, plan.kernel, [], replicaKey(plan.grupoComparacao, 0));
  const st = k.state();
  return { dayA: st.dayA.slice(), hash: hashState(st) };
}

describe('adoption model 2', () => {
  it('at neutral settings it is model 1, bit for bit', async () => {
    const p1 = parameters();
    const neutral = parameters({
      idade_minima_adocao: 0, impulso_lancamento: 0, meia_vida_impulso_dias: 30,
      pesos_escore: { escolaridade: 0.5, renda: 0.3, internet: 0.8, idade: 0.2 },
      padronizacao_celulas: propensityMoments(pop, p1),
    });
    expect((await adoptionDays(neutral)).hash).toBe((await adoptionDays(p1)).hash);
  });

  it('persons under idade_minima_adocao never adopt, at launch or later', async () => {
    const { dayA } = await adoptionDays(parameters({ idade_minima_adocao: 15, logit_lancamento: 0 }));
    let young = 0, youngAdopted = 0, oldAdopted = 0;
    for (let i = 0; i < pop.nPersons; i++) {
      if (pop.age5[i] < 3) { young++; if (dayA[i] !== 0) youngAdopted++; } else if (dayA[i] !== 0) oldAdopted++;
    }
    expect(young).toBeGreaterThan(1000);
    expect(youngAdopted).toBe(0);
    expect(oldAdopted).toBeGreaterThan(1000);
  });

  it('the launch impulse only brings adoptions forward (same thresholds, more hazard), most in the first days', async () => {
    const base = parameters({ beta0: Math.log(0.002), beta_expo: Math.log(0.01) });
    const without = (await adoptionDays(base)).dayA;
    const withImpulse = (await adoptionDays({ ...base, impulso_lancamento: 4, meia_vida_impulso_dias: 10 })).dayA;
    let earlier = 0, firstWeeks = 0, firstWeeksBase = 0;
    for (let i = 0; i < pop.nPersons; i++) {
      if (without[i] !== 0) expect(withImpulse[i]).not.toBe(0);
      if (without[i] !== 0 && withImpulse[i] !== 0) expect(withImpulse[i]).toBeLessThanOrEqual(without[i]);
      if (withImpulse[i] !== 0 && (without[i] === 0 || withImpulse[i] < without[i])) earlier++;
      if (withImpulse[i] > 1 && withImpulse[i] <= 15) firstWeeks++;
      if (without[i] > 1 && without[i] <= 15) firstWeeksBase++;
    }
    expect(earlier).toBeGreaterThan(100);
    // 1 + 4 * 2^(-k/10) averages about 3.6 over days 2..15: far more adoptions than without
    expect(firstWeeks).toBeGreaterThan(2 * firstWeeksBase);
  });

  describe('timing by income (inclinacao_renda_lancamento)', () => {
    const base = parameters({ beta0: Math.log(0.002), beta_expo: Math.log(0.01), logit_lancamento: -2, impulso_lancamento: 3, meia_vida_impulso_dias: 10 });
    const quintile = (i: number) => personAttr(pop.attrs[i], PERSON_ATTRS.renda);

    /** Share of each income quintile adopted by day `day`. */
    function adoptedBy(dayA: Uint16Array, day: number): number[] {
      const n = [0, 0, 0, 0, 0], a = [0, 0, 0, 0, 0];
      for (let i = 0; i < pop.nPersons; i++) {
        n[quintile(i)]++;
        if (dayA[i] !== 0 && dayA[i] <= day) a[quintile(i)]++;
      }
      expect(Math.min(...n)).toBeGreaterThan(1000);
      return a.map((x, q) => x / n[q]);
    }

    it('at 0 it is the model without it, bit for bit', async () => {
      expect((await adoptionDays({ ...base, inclinacao_renda_lancamento: 0 })).hash).toBe((await adoptionDays(base)).hash);
      expect((await adoptionDays({ ...base, inclinacao_renda_lancamento: 0.3 })).hash).not.toBe((await adoptionDays(base)).hash);
    });

    it('a positive slope brings the richer quintiles forward and holds the poorer back in the launch weeks; they catch up later', async () => {
      const neutral = (await adoptionDays(base)).dayA;
      const slope = (await adoptionDays({ ...base, inclinacao_renda_lancamento: 0.5 })).dayA;
      const early0 = adoptedBy(neutral, 15), early1 = adoptedBy(slope, 15);
      expect(early1[4]).toBeGreaterThan(early0[4] + 0.02);
      expect(early1[0]).toBeLessThan(early0[0] - 0.02);
      // the gap between the richest and the poorest quintile is wider in the launch weeks than by the horizon's end
      const late0 = adoptedBy(neutral, 60), late1 = adoptedBy(slope, 60);
      expect((early1[4] - early1[0]) - (early0[4] - early0[0])).toBeGreaterThan((late1[4] - late1[0]) - (late0[4] - late0[0]));
      // the launch day alone: richer persons take more of the launch mass
      const launch0 = adoptedBy(neutral, 1), launch1 = adoptedBy(slope, 1);
      expect(launch1[4]).toBeGreaterThan(launch0[4]);
      expect(launch1[0]).toBeLessThan(launch0[0]);
    });
  });

  describe("timing by the UF's income (inclinacao_renda_uf_lancamento)", () => {
    const base = parameters({ beta0: Math.log(0.002), beta_expo: Math.log(0.01), logit_lancamento: -2, impulso_lancamento: 3, meia_vida_impulso_dias: 10 });
    const adoptedBy = (dayA: Uint16Array, day: number) => dayA.reduce((n, d) => n + (d !== 0 && d <= day ? 1 : 0), 0);

    it('at 0 it is the model without it, bit for bit, with or without the timing by income', async () => {
      expect((await adoptionDays({ ...base, inclinacao_renda_uf_lancamento: 0 })).hash).toBe((await adoptionDays(base)).hash);
      const renda = { ...base, inclinacao_renda_lancamento: 0.3 };
      expect((await adoptionDays({ ...renda, inclinacao_renda_uf_lancamento: 0 })).hash).toBe((await adoptionDays(renda)).hash);
      expect((await adoptionDays({ ...base, inclinacao_renda_uf_lancamento: 0.5 })).hash).not.toBe((await adoptionDays(base)).hash);
    });

    it('a positive slope holds a UF poorer than Brazil back at the launch (RR: 1,425 against 1,893 R$ a month); it catches up later', async () => {
      const neutral = (await adoptionDays(base)).dayA;
      const later = (await adoptionDays({ ...base, inclinacao_renda_uf_lancamento: 2 })).dayA;
      // the launch odds and the impulse times (1425 / 1893)^2 = 0.57
      expect(adoptedBy(later, 1)).toBeLessThan(0.7 * adoptedBy(neutral, 1));
      expect(adoptedBy(later, 15)).toBeLessThan(adoptedBy(neutral, 15));
      const gap = (day: number) => (adoptedBy(neutral, day) - adoptedBy(later, day)) / adoptedBy(neutral, day);
      expect(gap(60)).toBeLessThan(gap(15));
      // a UF richer than Brazil goes the other way
      expect(adoptedBy((await adoptionDays({ ...base, inclinacao_renda_uf_lancamento: -2 })).dayA, 1)).toBeGreaterThan(adoptedBy(neutral, 1));
    });
  });
});
