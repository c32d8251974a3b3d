// The totais block: per variant, each unit's horizon count of each KPI in every replica (paired
// Monte Carlo errors between variants that share random numbers), with the privacy reason.
import type { ReplicaResult } from '../../pool/replica-result.js';
import type { SaturacaoBlock, TotaisBlock } from '../job-result.js';
import type { KeptMeasures, ReplicaLayout } from './replica-layout.js';
import { noMargins, ReplicaSums } from './replica-sums.js';

export class TotaisAccumulator {
  /** Per variant, in order of first arrival; `reasons` applies the k rule to variants other than plano. */
  private readonly variants = new Map<string, { block: TotaisBlock; reasons: ReplicaSums }>();

  constructor(private readonly layout: ReplicaLayout, private readonly kept: KeptMeasures, private readonly replicas: number) {}

  add(r: ReplicaResult): void {
    const l = this.layout;
    const { medidas, medIdx } = this.kept;
    const U = l.unidades.length;
    const M = medidas.length;
    const nMed = l.medidas.length;
    let v = this.variants.get(r.variante);
    if (!v) {
      v = { block: { porReplica: new Uint32Array(this.replicas * U * M), motivo: new Uint8Array(U * M) }, reasons: new ReplicaSums(U * M, false) };
      this.variants.set(r.variante, v);
    }
    const tot = new Float64Array(U * M);
    for (let u = 0; u < U; u++) {
      const last = (u * l.semanas + l.semanas - 1) * nMed;
      for (let m = 0; m < M; m++) tot[u * M + m] = r.serie[last + medIdx[m]];
    }
    v.block.porReplica.set(tot, r.replica * U * M);
    v.reasons.add(tot, noMargins(U * M));
  }

  finish(saturacao: SaturacaoBlock): Record<string, TotaisBlock> {
    const U = this.layout.unidades.length;
    const M = this.kept.medidas.length;
    const L = saturacao.linhas;
    const out: Record<string, TotaisBlock> = {};
    for (const [name, v] of this.variants) {
      if (name === 'plano') {
        // The plano totals are the saturacao total rows: one status for one published number.
        for (let u = 0; u < U; u++) for (let m = 0; m < M; m++) v.block.motivo[u * M + m] = saturacao.motivo[u * L * M + m];
      } else v.block.motivo.set(v.reasons.motivo);
      out[name] = v.block;
    }
    return out;
  }
}
