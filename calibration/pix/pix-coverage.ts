// Observation model of the Pix case, part 4: who is counted. The model's persons are the 2022
// Census residents; the payers are counted by the payment system among everyone it holds an
// address for, and the Census counted fewer people than the trend-based estimates for the same
// year: the Ministry of Health's 2022 mid-year estimates (DataSUS / RIPSA, POPSBR22, projected
// from the 2010 Census; data/br/populacao_sexo_idade5_2022.csv) sum to 210.9 M against the
// Census's 203.1 M, and the gap differs by UF (MT 1.7%, SC 2.5%, SP 3.0%, AP 8.4%, RO 9.7%).
// The coverage factor of a UF is that ratio, c_u = estimate / Census over its municipalities:
// predicted payers read c_u x a(t) x adopters. It is data, not a fit (no parameter), it is the
// same for every month, and the cross-section target reads it (it is part of the observation,
// unlike the local factors of pix-local-factor.ts). Decided after the first fits' residuals by
// UF (docs/model.md, "Who is counted"), which is why the docs say so.
import { loadAgeSex, loadMunicipalities } from '../../src/release/data-files.js';
import type { UfCode } from '../../src/release/types.js';

/** c_u per UF: 2022 mid-year estimate / 2022 Census residents, over the Census's municipalities. */
export function censusCoverage(): Record<UfCode, number> {
  const estimates = loadAgeSex();
  const census = new Map<UfCode, number>(), estimated = new Map<UfCode, number>();
  for (const m of loadMunicipalities()) {
    const e = estimates.get(m.codigo);
    if (!e) throw new Error(`campaign-sim: municipality ${m.codigo} has no 2022 estimate in populacao_sexo_idade5_2022.csv`);
    census.set(m.uf, (census.get(m.uf) ?? 0) + m.populacao);
    estimated.set(m.uf, (estimated.get(m.uf) ?? 0) + e.reduce((a, b) => a + b, 0));
  }
  return Object.fromEntries([...census].map(([uf, c]) => [uf, estimated.get(uf)! / c])) as Record<UfCode, number>;
}
