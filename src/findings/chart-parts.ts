// The pieces every hand-written SVG chart of the project shares (the weekly curves,
// curves-chart.ts; the sensitivity bars, src/research/sensitivity-chart.ts): the palette, XML
// escaping, round axis steps and short axis numbers. A change here moves the golden chart's bytes
// (test/baselines/weekly-curves-small.svg).

/** Tableau 10: distinguishable, and readable by most colour-blind people. */
export const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A round step near max/4 (1, 2 or 5 times a power of ten), so the axis has 4 or 5 plain ticks. */
export function tickStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((f) => f * p).find((s) => s >= raw)!;
}

/** 1500 -> 1.5k, 2000000 -> 2M: short axis labels. */
export function compactNumber(n: number): string {
  const [d, suffix] = n >= 1e6 ? [1e6, 'M'] : n >= 1e3 ? [1e3, 'k'] : [1, ''];
  return `${Number((n / d).toFixed(2))}${suffix}`;
}

/** A coordinate to one decimal: short SVG, the same bytes for the same chart. */
export const fixed = (x: number) => x.toFixed(1);
