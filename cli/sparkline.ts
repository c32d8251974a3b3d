// A curve in one line of block characters, for the terminal summary of `campaign-sim simulate`.

const BLOCKS = '▁▂▃▄▅▆▇█';

/** One block per value, scaled to `max` (pass one max to several curves to compare them by eye). */
export function sparkline(values: readonly number[], max = Math.max(0, ...values)): string {
  return values.map((v) => BLOCKS[max <= 0 ? 0 : Math.min(BLOCKS.length - 1, Math.max(0, Math.round((v / max) * (BLOCKS.length - 1))))]).join('');
}
