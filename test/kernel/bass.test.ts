// With one well-mixed layer, m = 1, no launch mass and no damping, the adoption model is the Bass
// model: the mean adopted share over replicas must follow the Bass ODE dF/dt = (p + q F)(1 - F)
// (p = exp(beta0), q = exp(beta_expo) * w) within 1 percentage point at every week.
// The daily synchronous update itself lags the ODE by up to 0.45 pp for these p, q (explicit
// step of one day); Monte Carlo error of the mean of 4 replicas of 100,000 is under 0.1 pp.
import { describe, expect, it } from 'vitest';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { runInThread, total } from '../fixtures/run-in-thread.js';
import { adoptionScenario, parameters } from '../fixtures/scenarios.js';

const P = 0.004;
const Q = 0.02;

/** Bass ODE by classical RK4 with step h (days), sampled at the end of each day. */
function bassOde(days: number, h = 0.05): number[] {
  const f = (F: number) => (P + Q * F) * (1 - F);
  const out = [0];
  let F = 0;
  const steps = Math.round(1 / h);
  for (let d = 1; d <= days; d++) {
    for (let s = 0; s < steps; s++) {
      const k1 = f(F);
      const k2 = f(F + (h / 2) * k1);
      const k3 = f(F + (h / 2) * k2);
      const k4 = f(F + h * k3);
      F += (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4);
    }
    out.push(F);
  }
  return out;
}

describe('Bass check', () => {
  it('mean adopted share follows the Bass ODE within 1 pp at every week (N = 100,000)', async () => {
    const pop = buildFixturePopulation({ persons: 100_000, householdSize: 1, groups: 'one', municipios: 1 });
    const weeks = 52;
    const scenario = adoptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: weeks * 7 }, replicas: 4 });
    const plan = compilePlanFor(scenario, pop, parameters({
      beta0: Math.log(P),
      beta_expo: Math.log(Q),
      logit_lancamento: -Infinity, // no launch mass
      amortecimento_saturacao: 0,
      gamma_celulas: 0,
      pesos_canais: { domicilio: 0, turma: 0, estabelecimento: 1, vizinhanca: 0, digital: 0 },
    }));
    const mean = new Float64Array(weeks);
    for (let r = 0; r < scenario.replicas; r++) {
      const c = await runInThread(plan, 'plano', r);
      for (let w = 0; w < weeks; w++) mean[w] += total(plan, c.serie, 'adotantes', w) / pop.nPersons / scenario.replicas;
    }
    // The launch (day 1) adopts nobody; the hazard runs from day 2, so week w ends after 7(w+1) - 1 days of it.
    const ode = bassOde(weeks * 7);
    let worst = 0;
    for (let w = 0; w < weeks; w++) worst = Math.max(worst, Math.abs(mean[w] - ode[7 * (w + 1) - 1]));
    expect(worst).toBeLessThan(0.01);
    // the curve really moved through the S shape
    expect(mean[3]).toBeLessThan(0.2);
    expect(mean[weeks - 1]).toBeGreaterThan(0.95);
  });
});
