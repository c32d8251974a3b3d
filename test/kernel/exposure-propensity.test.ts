// The exposure propensity in the kernel (v2.0.0, issue 56): each person's multiplier is the
// channel's table at the copula bin of the person's hash (assembly/reception.ts propensityOf).
// On RR's whole population the kernel's media frequencies must be those the plan's own numbers
// give: for an audience member of cell k, P(K >= f) averaged over the bins with their masses, K
// binomial over the days with p = 1 - exp(-a_k T_j e0 I). A draw of bins off its masses, or a
// table off its bins, moves the counts by many standard deviations (with the channel's own byte
// read as the heaviness too, TV's contacts came out 124 standard deviations off). The GRPs' numerator (the contacts) is
// checked the same way; the reduction's per-person count is test/kernel/reduce-counts.test.ts's.
import { describe, expect, it } from 'vitest';
import { ABI } from '../../src/kernel/abi.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { compilePlan } from '../../src/plan/compile-plan.js';
import { binMass } from '../../src/models/recepcao/exposure-habits.js';
import { openRelease } from '../../src/release/release.js';
import { runInThread } from '../fixtures/run-in-thread.js';

const DIAS = 7;
const INTENSIDADE = 0.2;

/** P(K >= f) for f = 0 .. 10 (10: 10 or more) of K ~ Binomial(n, p). */
function tail(n: number, p: number): Float64Array {
  const pmf = new Float64Array(n + 1);
  pmf[0] = 1;
  for (let d = 0; d < n; d++) for (let j = d + 1; j >= 0; j--) pmf[j] = pmf[j] * (1 - p) + (j > 0 ? pmf[j - 1] * p : 0);
  const out = new Float64Array(ABI.FREQ_COLS);
  for (let f = 0; f < ABI.FREQ_COLS; f++) for (let j = f; j <= n; j++) out[f] += pmf[j];
  return out;
}

describe('exposure propensity (v2.0.0)', () => {
  for (const canal of ['tv', 'radio', 'exterior'] as const) {
    it(`${canal}: the kernel's reach 1+ .. 10+ and contacts over RR are those of the cells' levels, the bins' masses and the tables`, async () => {
      const scenario = validateScenario({
        versao_contrato: 3, release: 'v2.0.0', familia: 'recepcao', nome: 'propensao', geografia: { ufs: ['RR'] },
        publico: { idades: [[15, 79]] },
        canais: [{ canal, dia_inicio: 1, dia_fim: DIAS, intensidade: INTENSIDADE }],
        mensagem: { stim_id: '5f2b8c0e9a4d4e6b8f1c2d3e4f5a6b7c', template_ver: '1', politica: 'saude-publica' },
        horizonte: { data_inicio: '2026-02-02', dias: DIAS }, replicas: 1, grupo_comparacao: `propensao-${canal}`, kpis: ['alcance'],
      });
      const plan = await compilePlan(scenario, openRelease('v2.0.0'), {});
      const k = plan.kernel;
      const prop = k.propensao!;
      expect(prop).toBeDefined();
      const mass = binMass(prop.partes);
      const got = await runInThread(plan, 'plano', 0);
      // the channel's row summed over the units
      const F = ABI.FREQ_COLS;
      const U = got.frequencia!.length / (2 * F);
      const kernel = new Float64Array(F);
      for (let u = 0; u < U; u++) for (let f = 0; f < F; f++) kernel[f] += got.frequencia![u * 2 * F + f];
      // expected: persons by cell, then each cell's mixture over the bins
      const byCell = new Map<number, number>();
      for (let i = 0; i < k.cell!.length; i++) if (k.audience[i]) byCell.set(k.cell![i], (byCell.get(k.cell![i]) ?? 0) + 1);
      const mean = new Float64Array(F);
      const variance = new Float64Array(F);
      let mixed = 0;
      for (const [cell, n] of byCell) {
        const a = k.afinidade![cell];
        if (a === 0) continue;
        const q = new Float64Array(F);
        let m1 = 0;
        let m2 = 0;
        for (let j = 0; j < mass.length; j++) {
          if (mass[j] === 0) continue;
          const p = -Math.expm1(-Math.fround(a * prop.tabelas[j]) * k.params.e0 * INTENSIDADE);
          const t = tail(DIAS, p);
          for (let f = 1; f < F; f++) q[f] += mass[j] * t[f];
          m1 += mass[j] * DIAS * p;
          m2 += mass[j] * (DIAS * p * (1 - p) + (DIAS * p) ** 2);
        }
        for (let f = 1; f < F; f++) { mean[f] += n * q[f]; variance[f] += n * q[f] * (1 - q[f]); }
        mean[0] += n * m1;
        variance[0] += n * (m2 - m1 * m1);
        mixed += n;
      }
      expect(mixed).toBeGreaterThan(100_000);
      for (let f = 0; f < F; f++) {
        // past the days, none (a contact a day at most)
        if (f > DIAS) { expect(kernel[f]).toBe(0); continue; }
        const z = (kernel[f] - mean[f]) / Math.sqrt(variance[f]);
        expect(Math.abs(z), `${canal} ${f === 0 ? 'contacts' : `${f}+`}: kernel ${kernel[f]}, expected ${mean[f].toFixed(0)}`).toBeLessThan(5);
      }
      // over-dispersed: the reach at 3+ is well under the 1+ (a homogeneous audience at this weight would be close to it)
      expect(kernel[3] / kernel[1]).toBeLessThan(0.9);
    }, 120_000);
  }
});
