// Observation model of the Pix case, part 3: where people pay. The series counts payers in the
// UF where their account is registered or where they pay; the model counts residents where they
// live. Some UFs take in payers from outside (DF from the Entorno of GO, AP from the islands of
// PA, RO from the south of AM, RR from Venezuela, none of them residents in the 2022 Census),
// others give them away: after the adoption fit, each UF keeps a ratio of observed to predicted
// payers that no shared parameter explains (docs/model.md, "The Pix case").
//
// The local factor k_u of a UF is that ratio, measured AFTER the adoption fit (so the adoption
// parameters still have to explain the levels across UFs by themselves, and the cross-section
// target is read without it): the geometric mean of observed / predicted payers over the last
// LOCAL_FACTOR_MONTHS months of the window. Predictions then read k_u x a(t) x adopters. Recent
// months, because the ratio drifts slowly (RR 0.94 to 0.87 over 2022 in the first fit) and a
// forecast starts from where the UF is. A UF that was never seen (spatial holdout) has k = 1.

/** Months at the end of the window over which k_u is measured. */
export const LOCAL_FACTOR_MONTHS = 6;

/** k_u of one UF from its observed and predicted payers; `janela` are the indices of the window's months, ascending. */
export function localFactor(obs: ArrayLike<number>, pred: ArrayLike<number>, janela: readonly number[]): number {
  if (janela.length < LOCAL_FACTOR_MONTHS) throw new Error(`localFactor: the window has fewer than ${LOCAL_FACTOR_MONTHS} months`);
  let s = 0;
  for (const j of janela.slice(-LOCAL_FACTOR_MONTHS)) s += Math.log(obs[j] / pred[j]);
  return Math.exp(s / LOCAL_FACTOR_MONTHS);
}
