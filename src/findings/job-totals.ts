// A job's totals at the horizon, per variant and KPI, summed over the units whose count the privacy
// rule published (the short summary `campaign-sim simulate` prints). A hidden unit is left out of
// the sum and counted instead: adding its count in would let it be recovered by subtraction.

import { variantNames } from '../contract/variants.js';
import type { JobResult } from './job-result.js';
import { publishCell } from './privacy.js';

export interface VariantTotals {
  /** Per KPI: the sum of the published unit totals (each the rounded mean over replicas). */
  medidas: Record<string, number>;
  /** Per KPI: units whose total is hidden (left out of `medidas`); absent when none is. */
  escondidas?: Record<string, number>;
}

export interface JobTotals {
  /** Persons of the published units (denominators of the saturacao total rows). */
  populacao: number;
  /** Per variant, in plan order (plano, sem_<c>, menos10_<c>, ...). */
  variantes: Record<string, VariantTotals>;
}

export function jobTotals(result: JobResult): JobTotals {
  const R = result.replicas;
  const U = result.unidades.length;
  const { medidas, linhas, populacao: pop, motivoPopulacao } = result.saturacao;
  const M = medidas.length;
  let populacao = 0;
  for (let u = 0; u < U; u++) populacao += publishCell(pop[u * linhas], R, motivoPopulacao[u * linhas]).n ?? 0;
  const variantes: Record<string, VariantTotals> = {};
  for (const nome of variantNames(result.cenario).filter((v) => result.totais[v])) {
    const t = result.totais[nome];
    const out: VariantTotals = { medidas: {} };
    medidas.forEach((m, k) => {
      let total = 0;
      let hidden = 0;
      for (let u = 0; u < U; u++) {
        let sum = 0;
        for (let r = 0; r < R; r++) sum += t.porReplica[(r * U + u) * M + k];
        const n = publishCell(sum, R, t.motivo[u * M + k]).n;
        if (n === null) hidden++;
        else total += n;
      }
      out.medidas[m] = total;
      if (hidden > 0) (out.escondidas ??= {})[m] = hidden;
    });
    variantes[nome] = out;
  }
  return { populacao, variantes };
}
