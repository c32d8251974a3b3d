// Variants of a plan (DESIGN 4): `plano` always; with two or more channels also, per channel in
// order of first appearance in canais, `sem_<c>` (channel removed) and `menos10_<c>` (its
// intensity cut by ELASTICITY_STEP). src/plan/variants.ts (planVariants) compiles these names in
// this order; the quote counts them, the answer contract's comparisons name them and the
// elasticity table divides by the same step.

import type { Canal, Scenario } from './types.js';

/** Relative cut of a channel's intensity in its menos10_<c> variant (10%). */
export const ELASTICITY_STEP = 0.1;

/** Distinct channels of a scenario, in order of first appearance. */
export function scenarioChannels(scenario: Pick<Scenario, 'canais'>): Canal[] {
  return [...new Set((scenario.canais ?? []).map((p) => p.canal))];
}

/** Names of the plan's variants: ['plano'] or ['plano', 'sem_<c>', 'menos10_<c>', ...]. */
export function variantNames(scenario: Pick<Scenario, 'canais'>): string[] {
  const channels = scenarioChannels(scenario);
  if (channels.length < 2) return ['plano'];
  return ['plano', ...channels.flatMap((c) => [`sem_${c}`, `menos10_${c}`])];
}
