// Minimal CSV reader for the data files of data/br (RFC 4180 quoting, one header line).
import { host } from '../platform/host.js';

/** Splits one CSV line; a quoted field may hold the separator and doubled quotes. */
export function splitCsvLine(line: string, sep = ','): string[] {
  if (!line.includes('"')) return line.split(sep);
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') { cur += '"'; i++; } else quoted = false;
      } else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Reads a CSV file of the package (its path from the package root: 'data/br/estados.csv') into its header and rows of strings. */
export function readCsv(file: string, sep = ','): { header: string[]; rows: string[][] } {
  const text = host.packageText(file).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = splitCsvLine(lines[0], sep);
  const rows = new Array<string[]>(lines.length - 1);
  for (let i = 1; i < lines.length; i++) rows[i - 1] = splitCsvLine(lines[i], sep);
  return { header, rows };
}

/** Index of each named column; throws naming the file when one is missing. */
export function columns<K extends string>(header: string[], names: readonly K[], file: string): Record<K, number> {
  const idx = {} as Record<K, number>;
  for (const n of names) {
    const i = header.indexOf(n);
    if (i < 0) throw new Error(`campaign-sim: column ${n} missing in ${file}`);
    idx[n] = i;
  }
  return idx;
}
