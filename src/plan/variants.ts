// Variants of a plan (DESIGN 4): 'plano'; with two or more channels also sem_<c> (c removed:
// contribution) and menos10_<c> (c's intensity x 0.9: elasticity), per channel in plan order.
import type { Canal, Scenario } from '../contract/types.js';

export interface PlanVariant {
  nome: string;
  /** Multiplier of each channel's intensity, in plan channel order. */
  escala: number[];
}

/** Channels of the scenario in order of first appearance. */
export function planChannels(scenario: Scenario): Canal[] {
  return [...new Set((scenario.canais ?? []).map((p) => p.canal))];
}

export function planVariants(canais: readonly Canal[]): PlanVariant[] {
  const ones = canais.map(() => 1);
  const out: PlanVariant[] = [{ nome: 'plano', escala: ones }];
  if (canais.length < 2) return out;
  canais.forEach((c, k) => {
    out.push({ nome: `sem_${c}`, escala: ones.map((v, j) => (j === k ? 0 : v)) });
    out.push({ nome: `menos10_${c}`, escala: ones.map((v, j) => (j === k ? 0.9 : v)) });
  });
  return out;
}
