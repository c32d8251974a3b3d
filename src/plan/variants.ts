// Variants of a plan (DESIGN 4) with their channel multipliers: names and order come from
// src/contract/variants.ts (variantNames), which the quote and the answer contract also read.
import { ELASTICITY_STEP, scenarioChannels, variantNames } from '../contract/variants.js';
import type { Scenario } from '../contract/types.js';

export interface PlanVariant {
  nome: string;
  /** Multiplier of each channel's intensity, in plan channel order: 0 for sem_<c>, 1 - ELASTICITY_STEP for menos10_<c>. */
  escala: number[];
}

export function planVariants(scenario: Scenario): PlanVariant[] {
  const canais = scenarioChannels(scenario);
  return variantNames(scenario).map((nome) => ({
    nome,
    escala: canais.map((c) => (nome === `sem_${c}` ? 0 : nome === `menos10_${c}` ? 1 - ELASTICITY_STEP : 1)),
  }));
}
