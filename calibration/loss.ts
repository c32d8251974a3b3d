// Loss of a calibration: mean MAPE per block (spec "Calibration result": perda_janela is the
// mean MAPE per block of the chosen candidate in the window). Within a block the absolute
// percentage errors of its periods are averaged; blocks are then averaged with equal weight, so a
// large municipality does not drown the small ones. A period whose observed value is 0 has no
// percentage error and is left out; a block with no usable period is left out.

export interface SeriesLayout {
  nBlocks: number;
  nPeriods: number;
}

/**
 * Mean over the chosen blocks of each block's mean absolute percentage error over the chosen
 * periods. Returns NaN when no (block, period) pair has a positive observed value.
 */
export function meanBlockMape(
  observed: Float64Array,
  model: Float64Array,
  layout: SeriesLayout,
  blocks: readonly number[],
  periods: readonly number[],
): number {
  let sum = 0;
  let nBlocks = 0;
  for (const b of blocks) {
    let s = 0;
    let n = 0;
    for (const p of periods) {
      const i = b * layout.nPeriods + p;
      const o = observed[i];
      if (!(o > 0)) continue; // NaN (no row) or zero
      s += Math.abs(model[i] - o) / o;
      n++;
    }
    if (n > 0) {
      sum += s / n;
      nBlocks++;
    }
  }
  return nBlocks > 0 ? sum / nBlocks : NaN;
}

/** A loss or MAPE as the result reports it: 6 decimals, null when not finite. */
export function reportLoss(l: number): number | null {
  return Number.isFinite(l) ? Number(l.toFixed(6)) : null;
}
