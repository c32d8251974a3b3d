// Responses that follow exposure (v2.1.0 on; docs/model.md, "Responses that follow exposure"):
// adding a channel, or raising its intensity, never lowers the expected alcance, absorve or
// repassa. Judged over replicas with common random numbers, in RR and AP, for every channel: the
// paired differences plano - sem_<c> (the channel added) and plano - menos10_<c> (its intensity
// raised by a tenth) of each KPI at the horizon, summed over the municipalities, must not fall
// below -3 of their Monte Carlo standard errors (a one-sided check; with 6 replicas a true zero
// falls there about 2% of the time per comparison, a real loss of absorption would sit far below).
// Before v2.1.0 the first exposure fixed the response and a channel could lower absorve (issue 57).
import { afterAll, describe, expect, it } from 'vitest';
import { compilePlan } from '../../src/plan/compile-plan.js';
import { createPool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { simulate } from '../../src/simulate.js';
import { canal, receptionScenario } from '../fixtures/scenarios.js';

const KPIS = ['alcance', 'absorve', 'repassa'] as const;
const REPLICAS = 6;
const LIMITE_Z = -3;

const pool = createPool({ threads: 2 });
afterAll(() => pool.close());

describe('v2.1.0: more exposure never lowers alcance, absorve or repassa', () => {
  for (const uf of ['RR', 'AP'] as const) {
    it(`${uf}: every channel added, and every channel's intensity raised, within ${LIMITE_Z} standard errors of no loss`, async () => {
      // the example's light campaign (examples/recepcao-rr.json) over 3 weeks, every channel on from day 1
      const scenario = receptionScenario({
        release: 'v2.1.0', geografia: { ufs: [uf] }, replicas: REPLICAS, publico: { idades: [[20, 59]] },
        canais: [canal('tv', 1, 21, 0.02), canal('radio', 1, 21, 0.01), canal('digital', 1, 21, 0.01), canal('exterior', 1, 21, 0.01)],
        horizonte: { data_inicio: '2026-02-02', dias: 21 }, grupo_comparacao: 'monotonia', kpis: [...KPIS],
      });
      const plan = await compilePlan(scenario, openRelease('v2.1.0'));
      const run = await simulate(scenario, { plan, pool });
      const last = plan.semanas - 1;
      const M = plan.medidas.length;
      // per replica, the KPI at the horizon summed over the units
      const totals = (variante: string, kpi: string) => run.variantes[variante].map((r) => {
        const m = plan.medidas.indexOf(kpi as never);
        let s = 0;
        for (let u = 0; u < plan.unidades.unidades.length; u++) s += r.serie[(u * plan.semanas + last) * M + m];
        return s;
      });
      const misses: string[] = [];
      let positive = 0;
      for (const c of plan.canais) {
        for (const kpi of KPIS) {
          const p = totals('plano', kpi);
          for (const fewer of [`sem_${c}`, `menos10_${c}`]) {
            const d = totals(fewer, kpi).map((x, k) => p[k] - x);
            const mean = d.reduce((a, b) => a + b, 0) / d.length;
            const se = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (d.length - 1) / d.length);
            if (mean < LIMITE_Z * se || (se === 0 && mean < 0)) misses.push(`${fewer} ${kpi}: ${mean.toFixed(1)} (se ${se.toFixed(1)})`);
            if (mean > 0) positive++;
          }
        }
      }
      expect(misses).toEqual([]);
      // the check has something to judge: most differences are gains (at these intensities every
      // channel adds reach; a tenth more of a light channel may add next to nothing)
      expect(positive).toBeGreaterThan(plan.canais.length * KPIS.length);
    });
  }
});
