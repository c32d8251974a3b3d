// Macro-region of each UF (IBGE): 0 Norte, 1 Nordeste, 2 Sudeste, 3 Sul, 4 Centro-Oeste.
import type { UfCode } from '../release/types.js';

const REGION: Record<UfCode, number> = {
  AC: 0, AM: 0, AP: 0, PA: 0, RO: 0, RR: 0, TO: 0,
  AL: 1, BA: 1, CE: 1, MA: 1, PB: 1, PE: 1, PI: 1, RN: 1, SE: 1,
  ES: 2, MG: 2, RJ: 2, SP: 2,
  PR: 3, RS: 3, SC: 3,
  DF: 4, GO: 4, MS: 4, MT: 4,
};

export function regionOfUf(uf: UfCode): number {
  return REGION[uf];
}
