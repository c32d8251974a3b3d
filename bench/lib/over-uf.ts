// The kernel benches' cut of an example scenario (bench/kernel.ts, bench/kernel-ab.ts): one UF,
// a number of days, each channel's period cut at the last day.
import type { Scenario } from '../../src/contract/types.js';
import type { UfCode } from '../../src/release/types.js';

/** The scenario over `uf` and `dias` days, its channel periods cut at the last day. */
export function overUf(scenario: Scenario, uf: UfCode, dias: number): Scenario {
  const sc = { ...scenario, geografia: { ufs: [uf] }, horizonte: { ...scenario.horizonte, dias } } as Scenario;
  if (sc.canais) sc.canais = sc.canais.map((c) => ({ ...c, dia_inicio: Math.min(c.dia_inicio, dias), dia_fim: Math.min(c.dia_fim, dias) }));
  return sc;
}
