// The respostas block: per variant and answer-contract question, the counts of the question's
// territorial units per week and their denominators, with the territory totals per replica.
import type { ReplicaResult } from '../../pool/replica-result.js';
import type { RespostaBlock } from '../job-result.js';
import { aggregateMotivo, buildMargins, type Margins } from '../privacy.js';
import { fail, sameList } from './combine-checks.js';
import { ReplicaSums } from './replica-sums.js';

interface RespostaSums {
  unidades: string[];
  counts: ReplicaSums;
  margens: Margins;
  totalPorReplica: Float64Array;
  motivoTotal: Uint8Array;
  base: ReplicaSums;
  margensBase: Margins;
  baseTotal: number;
  motivoBaseTotal: number;
}

export class RespostasAccumulator {
  /** Per variant (order of first arrival), per respostas key. */
  private readonly variants = new Map<string, Map<string, RespostaSums>>();

  constructor(private readonly semanas: number, private readonly replicas: number) {}

  add(r: ReplicaResult): void {
    const W = this.semanas;
    let byKey = this.variants.get(r.variante);
    if (!byKey) {
      byKey = new Map();
      this.variants.set(r.variante, byKey);
    }
    for (const [key, q] of Object.entries(r.respostas ?? {})) {
      const U = q.unidades.length;
      if (q.contagens.length !== U * W || q.base.length !== U) fail(`respostas.${key} has the wrong size`);
      let s = byKey.get(key);
      if (!s) {
        // Per week, the units of the territory add up to the answer's total.
        const margins: number[][] = [];
        for (let w = 0; w < W; w++) margins.push(Array.from({ length: U }, (_, u) => u * W + w));
        s = {
          unidades: [...q.unidades],
          counts: new ReplicaSums(U * W),
          margens: buildMargins(U * W, margins),
          totalPorReplica: new Float64Array(this.replicas * W),
          motivoTotal: new Uint8Array(W),
          base: new ReplicaSums(U, false),
          margensBase: buildMargins(U, [Array.from({ length: U }, (_, u) => u)]),
          baseTotal: 0,
          motivoBaseTotal: 0,
        };
        byKey.set(key, s);
      } else if (!sameList(s.unidades, q.unidades)) fail(`respostas.${key} units differ between replicas`);
      s.counts.add(q.contagens, s.margens);
      for (let w = 0; w < W; w++) {
        let t = 0;
        for (let u = 0; u < U; u++) t += q.contagens[u * W + w];
        s.totalPorReplica[r.replica * W + w] = t;
        const m = aggregateMotivo(q.contagens, w, U, W);
        if (m !== 0 && (s.motivoTotal[w] === 0 || m < s.motivoTotal[w])) s.motivoTotal[w] = m;
      }
      s.base.add(q.base, s.margensBase);
      let bt = 0;
      for (let u = 0; u < U; u++) bt += q.base[u];
      s.baseTotal += bt;
      const mb = aggregateMotivo(q.base, 0, U, 1);
      if (mb !== 0 && (s.motivoBaseTotal === 0 || mb < s.motivoBaseTotal)) s.motivoBaseTotal = mb;
    }
  }

  finish(): Record<string, Record<string, RespostaBlock>> {
    const out: Record<string, Record<string, RespostaBlock>> = {};
    for (const [name, byKey] of this.variants) {
      if (byKey.size === 0) continue;
      out[name] = {};
      for (const [key, q] of byKey) {
        out[name][key] = {
          unidades: q.unidades, semanas: this.semanas,
          soma: q.counts.soma, somaQuad: q.counts.somaQuad, motivo: q.counts.motivo,
          totalPorReplica: q.totalPorReplica, motivoTotal: q.motivoTotal,
          base: q.base.soma, motivoBase: q.base.motivo, baseTotal: q.baseTotal, motivoBaseTotal: q.motivoBaseTotal,
        };
      }
    }
    return out;
  }
}
