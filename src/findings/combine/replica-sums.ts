// Sums over replicas of a block's cells: the sum, the sum of squares (Monte Carlo errors) and,
// per cell, the privacy reason over replicas (the rule itself runs in ../privacy.ts, replica by
// replica, over the margins the block names).
import { buildMargins, mergeMotivos, suppressReplica, type Margins } from '../privacy.js';

export class ReplicaSums {
  readonly soma: Float64Array;
  readonly somaQuad: Float64Array;
  readonly motivo: Uint8Array;
  private readonly scratch: Uint8Array;
  constructor(readonly n: number, withSquares = true) {
    this.soma = new Float64Array(n);
    this.somaQuad = withSquares ? new Float64Array(n) : new Float64Array(0);
    this.motivo = new Uint8Array(n);
    this.scratch = new Uint8Array(n);
  }
  /** One replica's values of cells offset..offset+margins.nCells, suppressed over `margins`. */
  add(values: ArrayLike<number>, margins: Margins, offset = 0): void {
    const n = margins.nCells;
    const rep = this.scratch.subarray(0, n);
    suppressReplica(values, margins, rep);
    mergeMotivos(this.motivo, rep, offset);
    const sq = this.somaQuad.length > 0;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      this.soma[offset + i] += v;
      if (sq) this.somaQuad[offset + i] += v * v;
    }
  }
}

const emptyMargins = new Map<number, Margins>();
/** Cells with no margin between them: the k rule alone. */
export function noMargins(n: number): Margins {
  let m = emptyMargins.get(n);
  if (!m) {
    m = buildMargins(n, []);
    emptyMargins.set(n, m);
  }
  return m;
}
