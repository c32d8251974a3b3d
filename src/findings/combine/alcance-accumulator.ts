// The alcance block (reception, plano only): the audience's contacts with each channel (and with
// any), its members reached by it at least 1 .. 10 times, and those each channel can reach at all.
import { ABI } from '../../kernel/abi.js';
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
    const F = ABI.FREQ_COLS;
    if (r.frequencia.length !== U * (Kc + 1) * F || r.alcancavel.length !== U * Kc) fail('frequencia or alcancavel has the wrong size');
    const sums = (this.sums ??= { freq: new ReplicaSums(U * (Kc + 1) * F), reach: new ReplicaSums(U * Kc) });
    // Contacts, reached >= f and reachable are not sums of one another: the k rule alone.
    sums.freq.add(r.frequencia, noMargins(r.frequencia.length));
    sums.reach.add(r.alcancavel, noMargins(r.alcancavel.length));
  }

  /** The block, or null when no reception replica came (adoption jobs). */
  finish(): AlcanceBlock | null {
    const a = this.sums;
    if (!a) return null;
    return {
      canais: this.layout.canais,
      colunas: ABI.FREQ_COLS,
      soma: a.freq.soma, somaQuad: a.freq.somaQuad, motivo: a.freq.motivo,
      alcancavelSoma: a.reach.soma, alcancavelSomaQuad: a.reach.somaQuad, alcancavelMotivo: a.reach.motivo,
    };
  }
}
