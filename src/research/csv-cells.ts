// One CSV line of the research tables (sweep, bands, sweep curves): a cell is quoted only when it
// must be (a comma, a quote or a line break), so R's read.csv and pandas read every table alike.
// The weekly rows have the same rule in src/findings/tidy-weekly-rows.ts.

/** A cell: null is empty, text as is, anything else as JSON (numbers, booleans, arrays). */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The cells joined with commas, ending in a newline. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\n`;
}
