// The roofline's compute roof counts a task's hazard updates from its final state
// (bench/lib/kernel-operations.ts: the days a reception's social pass ran from the first exposures
// and responses, the persons left from the exposure days). Here the same counts observed day by
// day on a small run: before each day the persons left and, for reception, whether any spreader
// is counted (the kernel's own test for running the social pass).
import { describe, expect, it } from 'vitest';
import { adoptionOperations, receptionOperations } from '../../bench/lib/kernel-operations.js';
import { ABI } from '../../src/kernel/abi.js';
import { KernelInstance } from '../../src/kernel/instance.js';
import { replicaKey } from '../../src/kernel/rng-key.js';
import { modelFor } from '../../src/models/model-registry.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { adoptionScenario, parameters, receptionScenario } from '../fixtures/scenarios.js';

const pop = buildFixturePopulation({ persons: 6_000, municipios: 2, tractsPerMunicipality: 4, seed: 'kernel-operations' });

describe('the hazard updates counted from a task\'s final state are those observed day by day', () => {
  it('reception', async () => {
    const plan = compilePlanFor(receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 21 } }), pop, parameters());
    const kp = plan.kernelPopulation;
    const n = kp.nPersons;
    const k = await KernelInstance.create();
    k.begin(modelFor(plan.familia).kernel, kp, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, 0));
    const s = k.layout!.slots;
    let updates = 0;
    let socialDays = 0;
    for (let d = 1; d <= plan.kernel.dias; d++) {
      const sday = new Uint16Array(k.memory.buffer, s[ABI.P_SDAY], n);
      const spreaders = new Int32Array(k.memory.buffer, s[ABI.P_CNT_DIG], kp.nDig + 1).some((c) => c !== 0);
      if (spreaders) {
        socialDays++;
        for (const x of sday) updates += Number(x === 0);
      }
      k.stepDay(modelFor(plan.familia).kernel, plan.kernel, d);
    }
    const st = k.state();
    const kk = plan.kernel;
    const ops = receptionOperations(
      { dias: kk.dias, nChannels: kk.nChannels, nCells: kk.nCells, cell: kk.cell!, afinidade: kk.afinidade!, expo: kk.params.expo, period: kk.params.period },
      { dayA: st.dayA, sday: st.sday!, resp: st.resp!, freq: st.freq! },
    );
    // some days with spreaders and some without, as the run's days go
    expect(socialDays).toBeGreaterThan(3);
    expect(socialDays).toBeLessThan(kk.dias);
    expect(ops.dias_sociais).toBe(socialDays);
    expect(ops.riscos).toBe(updates);
  });

  it('adoption', async () => {
    const plan = compilePlanFor(adoptionScenario({ lancamento: { dia: 3, cenario_base: 'pix' }, horizonte: { data_inicio: '2026-01-05', dias: 20 } }), pop, parameters({ beta0: Math.log(0.05) }));
    const k = await KernelInstance.create();
    k.begin(modelFor(plan.familia).kernel, plan.kernelPopulation, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, 0));
    let updates = 0;
    for (let d = 1; d <= plan.kernel.dias; d++) {
      if (d > plan.kernel.lancamentoDia) for (const x of k.state().dayA) updates += Number(x === 0);
      k.stepDay(modelFor(plan.familia).kernel, plan.kernel, d);
    }
    const ops = adoptionOperations(k.state().dayA, plan.kernel.lancamentoDia, plan.kernel.dias);
    expect(ops.riscos).toBe(updates);
    // persons adopt along the run: fewer updates than every person on every day after the launch
    expect(updates).toBeLessThan(plan.kernelPopulation.nPersons * (plan.kernel.dias - 3));
    expect(ops.sorteios_lancamento).toBe(plan.kernelPopulation.nPersons);
  });
});
