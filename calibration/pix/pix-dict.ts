// The Pix model's latent state against its direct observable (issue 60, comparacoes.dict): the
// model's adopters are persons with a Pix key; the Banco Central's DICT counts them nationally
// (users_pf, pix-series.ts chavesPf). The model's national key holders at a month end are the sum
// over the UFs of c_u g_u(t) A_u(t): its adopters on the scale of the payers (coverage and eligible
// factor, pix-model.ts predictPayers without a(t)), with no local factor and no assimilation.
// a(t) is fitted as national payers / DICT (pix-activity.ts), so in sample a model that matches the
// UFs' payers matches DICT up to its local factors: the months after a fit's window are the test.
import type { UfCode } from '../../src/release/types.js';
import type { AdoptersByUf } from './pix-model.js';

/** The model's national key holders at each of the first `n` month ends of `ad`. */
export function nationalKeyHolders(
  ad: AdoptersByUf, ufs: readonly UfCode[], cobertura: Record<UfCode, number>, populacao: Partial<Record<UfCode, ArrayLike<number>>>, n: number,
): Float64Array {
  const out = new Float64Array(n);
  for (const uf of ufs) for (let j = 0; j < n; j++) out[j] += cobertura[uf] * populacao[uf]![j] * ad[uf]![j];
  return out;
}
