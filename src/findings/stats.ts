// Monte Carlo summaries over replicas, shared by the findings readers.

/** Standard error of the mean over `replicas` values with this sum and sum of squares; null with one replica. */
export function standardError(sum: number, sumSq: number, replicas: number): number | null {
  if (replicas < 2) return null;
  const variance = Math.max(0, (sumSq - (sum * sum) / replicas) / (replicas - 1));
  return Math.sqrt(variance / replicas);
}

/** Presentation rounding of derived decimals (shares, errors, ratios): 6 significant digits. */
export function tidy(x: number | null): number | null {
  if (x === null || !Number.isFinite(x)) return null;
  if (x === 0) return 0;
  return Number(x.toPrecision(6));
}
