// The privacy rule of the spec, in one place. Every count that findings, per-tract events,
// comparisons and answers publish passes through this module:
//   - in each replica a published count is 0 or >= K (k = 5); a count of 1..4 is hidden
//     (menor_que_k);
//   - complementary suppression: along every margin (a set of cells whose sum is, or may be,
//     published), a single hidden cell could be recovered by subtraction, so the next smallest
//     non-zero published cell of that margin is hidden too (complementar), until no margin has
//     exactly one hidden cell;
//   - a cell hidden in any replica is null with its reason (menor_que_k wins over complementar);
//     otherwise n is the mean over replicas rounded half to even ("a zero and a five give 2").

export const K = 5;

/** Reason codes stored per cell. 0 = published. Order matters: a larger code never overrides menor_que_k. */
export const MOTIVO_PUBLICADO = 0;
export const MOTIVO_MENOR_QUE_K = 1;
export const MOTIVO_COMPLEMENTAR = 2;
export type MotivoPrivacidade = 'menor_que_k' | 'complementar';

export function motivoName(code: number): MotivoPrivacidade | null {
  if (code === MOTIVO_MENOR_QUE_K) return 'menor_que_k';
  if (code === MOTIVO_COMPLEMENTAR) return 'complementar';
  return null;
}

/**
 * Margins of a table in CSR form. Margin j is the cell set cells[start[j] .. start[j+1]); its
 * sum is published (or may be published by another table), so exactly one hidden cell in it
 * would be recoverable. When the total is itself a cell of the table, include it in the set:
 * total - sum(others) is the same single subtraction.
 */
export interface Margins {
  nCells: number;
  start: Uint32Array;
  cells: Uint32Array;
  /** Inverse index: margins of cell i are byCell[byCellStart[i] .. byCellStart[i+1]). */
  byCellStart: Uint32Array;
  byCell: Uint32Array;
}

export function buildMargins(nCells: number, margins: ReadonlyArray<ReadonlyArray<number>>): Margins {
  const start = new Uint32Array(margins.length + 1);
  let total = 0;
  margins.forEach((m, j) => {
    total += m.length;
    start[j + 1] = total;
  });
  const cells = new Uint32Array(total);
  const count = new Uint32Array(nCells + 1);
  margins.forEach((m, j) => {
    m.forEach((c, i) => {
      if (c < 0 || c >= nCells) throw new RangeError(`margin ${j} names cell ${c} outside 0..${nCells - 1}`);
      cells[start[j] + i] = c;
      count[c + 1]++;
    });
  });
  const byCellStart = new Uint32Array(nCells + 1);
  for (let i = 0; i < nCells; i++) byCellStart[i + 1] = byCellStart[i] + count[i + 1];
  const fill = byCellStart.slice(0, nCells);
  const byCell = new Uint32Array(total);
  margins.forEach((m, j) => {
    for (const c of m) byCell[fill[c]++] = j;
  });
  return { nCells, start, cells, byCellStart, byCell };
}

/**
 * One replica: writes into `out` the reason each cell is hidden (0 when published). `values`
 * are the replica's counts of the table's cells.
 */
export function suppressReplica(values: ArrayLike<number>, margins: Margins, out: Uint8Array, offset = 0): void {
  const n = margins.nCells;
  for (let i = 0; i < n; i++) {
    const v = values[offset + i];
    out[i] = v > 0 && v < K ? MOTIVO_MENOR_QUE_K : MOTIVO_PUBLICADO;
  }
  const nm = margins.start.length - 1;
  if (nm === 0) return;
  const hidden = new Uint32Array(nm);
  const queue: number[] = [];
  for (let j = 0; j < nm; j++) {
    let h = 0;
    for (let p = margins.start[j]; p < margins.start[j + 1]; p++) if (out[margins.cells[p]] !== 0) h++;
    hidden[j] = h;
    if (h === 1) queue.push(j);
  }
  while (queue.length > 0) {
    const j = queue.pop()!;
    if (hidden[j] !== 1) continue;
    // The next smallest published cell of the margin, non-zero first: a hidden zero would let
    // the sum of the two hidden cells (< k) give the small one away.
    let best = -1;
    let bestV = Infinity;
    let bestZero = -1;
    for (let p = margins.start[j]; p < margins.start[j + 1]; p++) {
      const c = margins.cells[p];
      if (out[c] !== 0) continue;
      const v = values[offset + c];
      if (v > 0 && v < bestV) {
        bestV = v;
        best = c;
      } else if (v <= 0 && bestZero < 0) bestZero = c;
    }
    if (best < 0) best = bestZero; // only with inconsistent totals; hiding something is still safer
    if (best < 0) continue; // a margin of one cell: nothing to subtract from
    out[best] = MOTIVO_COMPLEMENTAR;
    for (let p = margins.byCellStart[best]; p < margins.byCellStart[best + 1]; p++) {
      const m = margins.byCell[p];
      hidden[m]++;
      if (hidden[m] === 1) queue.push(m);
    }
  }
}

/** Folds one replica's reasons into the reasons over replicas (menor_que_k wins). */
export function mergeMotivos(acc: Uint8Array, replica: Uint8Array, accOffset = 0): void {
  for (let i = 0; i < replica.length; i++) {
    const r = replica[i];
    if (r === 0) continue;
    const a = acc[accOffset + i];
    if (a === 0 || r < a) acc[accOffset + i] = r;
  }
}

/** Mean of `replicas` integer counts whose sum is `sum`, rounded half to even. */
export function roundMean(sum: number, replicas: number): number {
  const q = Math.floor(sum / replicas);
  const twice = 2 * (sum - q * replicas);
  if (twice > replicas) return q + 1;
  if (twice === replicas) return q % 2 === 0 ? q : q + 1;
  return q;
}

export interface PublishedCell {
  n: number | null;
  motivo: MotivoPrivacidade | null;
}

/** The published value of one cell from its sum over replicas and its merged reason. */
export function publishCell(sum: number, replicas: number, motivo: number): PublishedCell {
  if (motivo !== MOTIVO_PUBLICADO) return { n: null, motivo: motivoName(motivo) };
  return { n: roundMean(sum, replicas), motivo: null };
}

/**
 * The whole rule on a small table: `replicas[r][i]` is the count of cell i in replica r and
 * `margins` lists the cell sets whose sums are published. Returns each cell's published value.
 * The streaming combiner uses suppressReplica / mergeMotivos / publishCell, the same steps.
 */
export function applyPrivacyRule(
  replicas: ReadonlyArray<ArrayLike<number>>,
  margins: ReadonlyArray<ReadonlyArray<number>> | Margins = [],
): PublishedCell[] {
  if (replicas.length === 0) throw new RangeError('applyPrivacyRule needs at least one replica');
  const n = replicas[0].length;
  const m = Array.isArray(margins) ? buildMargins(n, margins) : (margins as Margins);
  const motivo = new Uint8Array(n);
  const rep = new Uint8Array(n);
  const sums = new Float64Array(n);
  for (const values of replicas) {
    if (values.length !== n) throw new RangeError('every replica must have the same cells');
    suppressReplica(values, m, rep);
    mergeMotivos(motivo, rep);
    for (let i = 0; i < n; i++) sums[i] += values[i];
  }
  return Array.from({ length: n }, (_, i) => publishCell(sums[i], replicas.length, motivo[i]));
}

/**
 * Reason to withhold an aggregate (a sum over several cells, e.g. an answer over a territory)
 * whose parts may be published elsewhere: the sum itself is 1..4 (menor_que_k), or exactly one
 * part is 1..4, so the sum minus the other parts would give it away (complementar).
 * Parts are values[offset + i * stride] for i < count.
 */
export function aggregateMotivo(values: ArrayLike<number>, offset: number, count: number, stride: number): number {
  let total = 0;
  let small = 0;
  for (let i = 0; i < count; i++) {
    const v = values[offset + i * stride];
    total += v;
    if (v > 0 && v < K) small++;
  }
  if (total > 0 && total < K) return MOTIVO_MENOR_QUE_K;
  if (small === 1) return MOTIVO_COMPLEMENTAR;
  return MOTIVO_PUBLICADO;
}
