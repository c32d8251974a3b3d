// The alcance block (reception, plano only): audience members reached by each channel (and by
// any) at least once and at least 3 times, and those each channel can reach at all.
import type { ReplicaResult } from '../../pool/replica-result.js';
import type { AlcanceBlock } from '../job-result.js';
import { fail } from './combine-checks.js';
import type { ReplicaLayout } from './replica-layout.js';
import { noMargins, ReplicaSums } from './replica-sums.js';

export class AlcanceAccumulator {
  private sums: { freq: ReplicaSums; reach: ReplicaSums } | null = null;

  constructor(private readonly layout: ReplicaLayout) {}

  add(r: ReplicaResult): void {
    if (!r.frequencia || !r.alcancavel) fail(`reception replica ${r.variante}/${r.replica} lacks frequencia or alcancavel`);
    const U = this.layout.unidades.length;
    const Kc = this.layout.canais.length;
    if (r.frequencia.length !== U * (Kc + 1) * 2 || r.alcancavel.length !== U * Kc) fail('frequencia or alcancavel has the wrong size');
    const sums = (this.sums ??= { freq: new ReplicaSums(U * (Kc + 1) * 2), reach: new ReplicaSums(U * Kc) });
    // Reached >= 1, >= 3 and reachable are not sums of one another: the k rule alone.
    sums.freq.add(r.frequencia, noMargins(r.frequencia.length));
    sums.reach.add(r.alcancavel, noMargins(r.alcancavel.length));
  }

  /** The block, or null when no reception replica came (adoption jobs). */
  finish(): AlcanceBlock | null {
    const a = this.sums;
    if (!a) return null;
    return {
      canais: this.layout.canais,
      soma: a.freq.soma, somaQuad: a.freq.somaQuad, motivo: a.freq.motivo,
      alcancavelSoma: a.reach.soma, alcancavelSomaQuad: a.reach.somaQuad, alcancavelMotivo: a.reach.motivo,
    };
  }
}
