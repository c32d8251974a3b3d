// Variants of a plan (DESIGN 4): `plano` always; with two or more channels also, per channel in
// order of first appearance in canais, `sem_<c>` (channel removed) and `menos10_<c>` (its
// intensity x 0.9). The same names and order as src/plan/variants.ts (planVariants), which
// compiles them; the quote counts them and the answer contract's comparisons name them.

import type { Canal, Scenario } from './types.js';

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
