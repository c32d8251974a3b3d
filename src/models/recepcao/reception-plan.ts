// Reception's part of a compiled plan: each person's reception cell (with the audience bit and,
// from v1.5.0, the TV and radio habit: media-habits.ts; from v2.0.0 the TV household and region,
// with each person's exposure propensity: exposure-habits.ts), each channel's affinity by cell, the
// response shares by cell and source (reception-profiles.ts), and the cell propensity m_i that
// scales the social hazard.
import type { FamilyKernelPlan, FamilyPlanInput } from '../model-family.js';
import { adoptionMultipliers } from '../propensity.js';
import type { Canal } from '../../contract/types.js';
import { exposureCase } from '../../release/exposure-case-file.js';
import { exposureAffinity, exposureHabits, HABITOS_EXPOSICAO, propensityTables, usesExposure } from './exposure-habits.js';
import { HABITOS, habitAffinity, habitOf, usesMediaHabits } from './media-habits.js';
import { responseMemory } from './response-memory.js';
import {
  BASE_CELLS, FALSE_RECALL, KERNEL_CELLS, RECALL, affinity, receptionCell, responseCoefficients, responseCumulative,
} from './reception-profiles.js';
import { sharedBuffer } from '../../platform/shared-buffer.js';

export function compileReception({ scenario, pop, parametros: p, canais, publico }: FamilyPlanInput): FamilyKernelPlan {
  const exposicao = usesExposure(pop.release) ? exposureCase(pop.release) : null;
  const habitos = exposicao ? HABITOS_EXPOSICAO : usesMediaHabits(pop.release) ? HABITOS : 1;
  const nCells = KERNEL_CELLS * habitos;
  const nC = canais.length;
  const cell = new Uint16Array(sharedBuffer(Math.max(1, pop.nPersons) * 2), 0, pop.nPersons);
  const habitsOf = exposicao ? exposureHabits(pop) : null;
  for (let h = 0; h < pop.nHouseholds; h++) {
    const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const habito = (habitsOf ? habitsOf[i] : habitos > 1 ? habitOf(pop.attrs[i]) : 0) * BASE_CELLS;
      cell[i] = (habito + receptionCell(pop.age5[i], pop.attrs[i], urbano)) * 2 + publico[i];
    }
  }
  const afinidade = new Float32Array(nC * nCells);
  const affinityOf = (c: Canal, b: number, h: number) =>
    exposicao ? exposureAffinity(exposicao, c, b, h) : habitos > 1 ? habitAffinity(c, b, h) : affinity(c, b);
  canais.forEach((c, k) => {
    for (let h = 0; h < habitos; h++) {
      for (let b = 0; b < BASE_CELLS; b++) afinidade[k * nCells + (h * BASE_CELLS + b) * 2 + 1] = affinityOf(c, b, h);
    }
  });
  const co = responseCoefficients(scenario.mensagem?.stim_id);
  const respostaAcum = new Float32Array(2 * nCells * 3);
  for (const src of [0, 1] as const) {
    for (let k = 0; k < nCells; k++) respostaAcum.set(responseCumulative(co, (k >> 1) % BASE_CELLS, src), (src * nCells + k) * 3);
  }
  const memoria = responseMemory(pop.release, p, co, canais, scenario.horizonte.dias);
  return {
    nCells,
    // the same cell propensity scales the social hazard; deslocamento_porte is an adoption
    // parameter and is not applied here
    mult: adoptionMultipliers(pop, { ...p, deslocamento_porte: [] }),
    cell,
    afinidade,
    respostaAcum,
    ...(exposicao ? { propensao: propensityTables(exposicao, canais) } : {}),
    ...(memoria ? { memoria } : {}),
    params: { expo: Math.exp(p.beta_expo) * p.conversao_social, impulso: 0, falseRecall: FALSE_RECALL, recall: canais.map((c) => RECALL[c]) },
  };
}
