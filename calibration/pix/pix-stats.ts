// Summaries of the Pix case's scores: the median across UFs, Spearman's rank correlation, and the
// small least-squares fits of the municipal cross-section.

export function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function ranks(v: readonly number[]): number[] {
  const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(v.length);
  for (let k = 0; k < order.length;) {
    let j = k;
    while (j + 1 < order.length && order[j + 1][0] === order[k][0]) j++;
    for (let t = k; t <= j; t++) r[order[t][1]] = (k + j) / 2;
    k = j + 1;
  }
  return r;
}

/** Spearman rank correlation (Pearson on ranks, ties averaged). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a), rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((x, y) => x + y, 0) / n, mb = rb.reduce((x, y) => x + y, 0) / n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) { sab += (ra[i] - ma) * (rb[i] - mb); saa += (ra[i] - ma) ** 2; sbb += (rb[i] - mb) ** 2; }
  return sab / Math.sqrt(saa * sbb);
}

/** Least squares of y on the columns of X (normal equations, Gaussian elimination; a few columns). */
export function leastSquares(X: number[][], y: number[]): number[] {
  const k = X[0].length;
  const A = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  X.forEach((row, i) => {
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < k; b++) A[a][b] += row[a] * row[b];
      A[a][k] += row[a] * y[i];
    }
  });
  for (let p = 0; p < k; p++) {
    let best = p;
    for (let r = p + 1; r < k; r++) if (Math.abs(A[r][p]) > Math.abs(A[best][p])) best = r;
    [A[p], A[best]] = [A[best], A[p]];
    for (let r = 0; r < k; r++) {
      if (r === p) continue;
      const f = A[r][p] / A[p][p];
      for (let c = p; c <= k; c++) A[r][c] -= f * A[p][c];
    }
  }
  return A.map((row, p) => row[k] / row[p]);
}

/**
 * Least squares of y on x with one intercept per group (a UF): x and y centred within each group,
 * then leastSquares; the group intercepts are not returned (the callers set each UF's level from
 * its totals). Used by the municipal term (pix-municipal.ts) and bench/pix-municipal-ceiling.ts.
 */
export function fitWithinGroups<G>(rows: ReadonlyArray<{ grupo: G; x: readonly number[]; y: number }>): number[] {
  const k = rows[0].x.length;
  const sums = new Map<G, { n: number; y: number; x: number[] }>();
  for (const r of rows) {
    const s = sums.get(r.grupo) ?? { n: 0, y: 0, x: new Array<number>(k).fill(0) };
    s.n++; s.y += r.y; r.x.forEach((v, j) => { s.x[j] += v; });
    sums.set(r.grupo, s);
  }
  return leastSquares(
    rows.map((r) => { const s = sums.get(r.grupo)!; return r.x.map((v, j) => v - s.x[j] / s.n); }),
    rows.map((r) => r.y - sums.get(r.grupo)!.y / sums.get(r.grupo)!.n),
  );
}
