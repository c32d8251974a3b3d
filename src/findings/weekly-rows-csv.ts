// The CSV form of the weekly rows (weekly-rows.ts): a header line, then one line per row; a count
// the privacy rule hides is an empty cell (NA to R and pandas). No cell needs quoting: variants,
// codes and measures are letters, digits and underscores.
import { ServiceError } from '../errors.js';
import type { Medida } from '../contract/types.js';
import type { WeeklyRow } from './weekly-rows.js';

export const WEEKLY_CSV_HEADER = 'variante,replica,municipio,semana,medida,valor';

/** The CSV lines, header first, each ending in a newline (for writing a large file as a stream). */
export function* weeklyCsvLines(rows: Iterable<WeeklyRow>): Generator<string> {
  yield `${WEEKLY_CSV_HEADER}\n`;
  for (const r of rows) yield `${r.variante},${r.replica},${r.municipio},${r.semana},${r.medida},${r.valor ?? ''}\n`;
}

export function formatWeeklyCsv(rows: Iterable<WeeklyRow>): string {
  return [...weeklyCsvLines(rows)].join('');
}

/** Rows of a CSV weeklyCsvLines wrote; `source` names the file in messages. */
export function parseWeeklyCsv(text: string, source = 'the CSV'): WeeklyRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0].trim() !== WEEKLY_CSV_HEADER) {
    throw new ServiceError('invalid_request', `${source}: the first line must be ${WEEKLY_CSV_HEADER} (campaign-sim simulate --csv writes it)`);
  }
  const rows: WeeklyRow[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || line.trim() === '') return;
    const cells = line.split(',');
    const replica = Number(cells[1]);
    const semana = Number(cells[3]);
    const valor = cells[5] === '' ? null : Number(cells[5]);
    if (cells.length !== 6 || !Number.isInteger(replica) || !Number.isInteger(semana) || semana < 1 || (valor !== null && !Number.isFinite(valor))) {
      throw new ServiceError('invalid_request', `${source} line ${i + 1}: expected ${WEEKLY_CSV_HEADER} with whole replica and semana and a number or nothing in valor`);
    }
    rows.push({ variante: cells[0], replica, municipio: cells[2], semana, medida: cells[4] as Medida, valor });
  });
  return rows;
}
