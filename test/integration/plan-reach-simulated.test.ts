// The expected reach a plan states (plano_grp.canais, src/models/recepcao/plan-reach.ts) is the
// simulation's: a v2.0.0 reception job on RR (TV and radio, two weeks, two replicas) counts per unit
// the audience's persons with 1+ contacts of each channel and of any (its frequency rows, the
// alcance_efetivo table's alcance_1); summed over the units, their share of the audience must equal
// the stated alcance within 4 Monte Carlo standard deviations. The bound of that deviation: the
// persons are independent given their cells and the replicas independent, so the share of R
// replicas of N persons has variance sum_k n_k r_k (1 - r_k) / (R N^2) <= r (1 - r) / (R N), r the
// audience's reach (the mixture's variance is at most the pooled Bernoulli's).
import { afterAll, describe, expect, it } from 'vitest';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { runSimulation } from '../../src/research/simulation.js';

const scenario = {
  versao_contrato: 3, release: 'v2.0.0', familia: 'recepcao', nome: 'alcance esperado',
  geografia: { ufs: ['RR'] }, publico: { idades: [[20, 59]] },
  canais: [
    { canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.12 },
    { canal: 'radio', dia_inicio: 3, dia_fim: 14, intensidade: 0.25 },
  ],
  mensagem: { stim_id: '5f2b8c0e9a4d4e6b8f1c2d3e4f5a6b7c', template_ver: '1', politica: 'saude-publica' },
  horizonte: { data_inicio: '2026-02-02', dias: 14 },
  replicas: 2, grupo_comparacao: 'alcance-esperado', kpis: ['alcance'],
};

afterAll(() => closePool());

describe('the stated reach is the simulated media reach (v2.0.0, RR)', () => {
  it('per channel and for any channel, within 4 Monte Carlo standard deviations', async () => {
    const sim = await runSimulation(scenario, { release: openRelease('v2.0.0'), threads: 2, somentePlano: true });
    const plano = sim.result.plano_grp!;
    const R = sim.result.replicas;
    const ones = sim.frequency({ raw: true }).filter((r) => r.frequencia === 1);
    expect(plano.canais!.map((c) => c.canal)).toEqual(['tv', 'radio', 'qualquer']);
    for (const stated of plano.canais!) {
      const rows = ones.filter((r) => r.canal === stated.canal);
      const N = rows.reduce((s, r) => s + r.publico!, 0);
      expect(N).toBe(plano.pessoas);
      const simulated = rows.reduce((s, r) => s + r.alcance!, 0) / N;
      const sd = Math.sqrt((stated.alcance * (1 - stated.alcance)) / (R * N));
      expect(Math.abs(simulated - stated.alcance), `${stated.canal}: simulated ${simulated.toFixed(5)}, stated ${stated.alcance}, sd <= ${sd.toFixed(5)}`)
        .toBeLessThan(4 * sd);
    }
    // the copula's shared heaviness is visible at this precision: treating the channels as
    // independent would miss any channel's simulated reach by far more than the tolerance
    const [tv, radio, any] = plano.canais!;
    const independent = 1 - (1 - tv.alcance) * (1 - radio.alcance);
    expect(independent - any.alcance).toBeGreaterThan(8 * Math.sqrt((any.alcance * (1 - any.alcance)) / (R * plano.pessoas)));
  }, 300_000);
});
