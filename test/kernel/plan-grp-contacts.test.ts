// The GRPs a plan states (src/models/recepcao/plan-grp.ts planGrp, the quote's and the job's
// plano_grp) are the kernel's mean contacts: on RR (v2.0.0), each person's contacts per channel
// counted plainly from the task's state (KernelState.freq), summed over the audience, per 100 of
// it, equal each channel's stated GRPs within a tolerance from their variance: persons are
// independent given their cells, and a person's contacts K given the multiplier M are a sum of
// daily Bernoullis p_d(M), so Var K = E[sum p_d (1 - p_d)] + Var(sum p_d) over the bins.
import { describe, expect, it } from 'vitest';
import type { Canal } from '../../src/contract/types.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { binMass } from '../../src/models/recepcao/exposure-habits.js';
import { planGrp } from '../../src/models/recepcao/plan-grp.js';
import { compilePlan } from '../../src/plan/compile-plan.js';
import { openRelease } from '../../src/release/release.js';
import { runInThread, threadInstance } from '../fixtures/run-in-thread.js';

const DIAS = 10;

describe('the stated GRPs are the kernel mean contacts (v2.0.0, RR)', () => {
  it('per channel, with two periods of one channel and an audience by ages and renda', async () => {
    const scenario = validateScenario({
      versao_contrato: 3, release: 'v2.0.0', familia: 'recepcao', nome: 'grp', geografia: { ufs: ['RR'] },
      publico: { idades: [[20, null]], faixas_renda: [0, 1, 2, 3] },
      canais: [
        { canal: 'tv', dia_inicio: 1, dia_fim: 6, intensidade: 0.08 },
        { canal: 'tv', dia_inicio: 7, dia_fim: 10, intensidade: 0.3 },
        { canal: 'radio', dia_inicio: 2, dia_fim: 8, intensidade: 0.2 },
        { canal: 'digital', dia_inicio: 1, dia_fim: 10, intensidade: 0.05 },
        { canal: 'exterior', dia_inicio: 4, dia_fim: 10, intensidade: 0.5 },
      ],
      mensagem: { stim_id: '5f2b8c0e9a4d4e6b8f1c2d3e4f5a6b7c', template_ver: '1', politica: 'saude-publica' },
      horizonte: { data_inicio: '2026-02-02', dias: DIAS }, replicas: 1, grupo_comparacao: 'grp-contatos', kpis: ['alcance'],
    });
    const stated = planGrp(scenario);
    if ('motivo' in stated) throw new Error(stated.motivo);
    const plan = await compilePlan(scenario, openRelease('v2.0.0'), {});
    const k = plan.kernel;
    const nC = k.nChannels;
    await runInThread(plan, 'plano', 0);
    const st = (await threadInstance()).state();
    let audience = 0;
    for (let i = 0; i < k.audience.length; i++) audience += k.audience[i];
    expect(stated.pessoas).toBe(audience);

    const prop = k.propensao!;
    const mass = binMass(prop.partes);
    plan.canais.forEach((canal: Canal, c) => {
      // the plain count
      let contacts = 0;
      for (let i = 0; i < k.audience.length; i++) if (k.audience[i]) contacts += st.freq![i * nC + c];
      // the variance of the sum, by cell
      const byCell = new Map<number, number>();
      for (let i = 0; i < k.cell!.length; i++) if (k.audience[i]) byCell.set(k.cell![i], (byCell.get(k.cell![i]) ?? 0) + 1);
      const row = k.intensidade.subarray(c * (DIAS + 1), (c + 1) * (DIAS + 1));
      let variance = 0;
      for (const [cell, n] of byCell) {
        const a = k.afinidade![c * k.nCells + cell];
        if (a === 0) continue;
        let m1 = 0;
        let m2 = 0;
        let within = 0;
        for (let j = 0; j < mass.length; j++) {
          if (mass[j] === 0) continue;
          let s = 0;
          let v = 0;
          for (let d = 1; d <= DIAS; d++) {
            const p = -Math.expm1(-Math.fround(a * prop.tabelas[c * mass.length + j]) * k.params.e0 * row[d]);
            s += p;
            v += p * (1 - p);
          }
          m1 += mass[j] * s;
          m2 += mass[j] * s * s;
          within += mass[j] * v;
        }
        variance += n * (within + m2 - m1 * m1);
      }
      const want = stated.periodos.filter((p) => p.canal === canal).reduce((s, p) => s + p.grp, 0);
      const got = (100 * contacts) / audience;
      const sd = (100 * Math.sqrt(variance)) / audience;
      expect(Math.abs(got - want), `${canal}: kernel ${got.toFixed(3)} GRPs, stated ${want.toFixed(3)}, sd ${sd.toFixed(4)}`).toBeLessThan(4 * sd);
      expect(want).toBeGreaterThan(20 * sd);
    });
  }, 120_000);
});
