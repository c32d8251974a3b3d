// Variants of a plan (DESIGN 4): `plano` always; with two or more channels also, per channel in
// the order digital, tv, radio, exterior, `sem_<c>` (channel removed) and `menos10_<c>` (its
// intensity x 0.9). src/plan compiles exactly these; the quote counts them.

import { CANAIS, type Canal, type Scenario } from './types.js';

/** Distinct channels of a scenario, in the catalogue order (digital, tv, radio, exterior). */
export function scenarioChannels(scenario: Pick<Scenario, 'canais'>): Canal[] {
  const used = new Set((scenario.canais ?? []).map((p) => p.canal));
  return CANAIS.filter((c) => used.has(c));
}

/** Names of the plan's variants: ['plano'] or ['plano', 'sem_<c>', 'menos10_<c>', ...]. */
export function variantNames(scenario: Pick<Scenario, 'canais'>): string[] {
  const channels = scenarioChannels(scenario);
  if (channels.length < 2) return ['plano'];
  return ['plano', ...channels.flatMap((c) => [`sem_${c}`, `menos10_${c}`])];
}
