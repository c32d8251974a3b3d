// Series rows from a file, as people send them: JSON (an array of rows, or {"serie": [...]}) or
// CSV whose first line names the columns (series.ts), separated by `,` or by `;` (what a
// spreadsheet set to Portuguese writes). The separator is the one the header line uses more.
// With `;`, a decimal comma in a numeric cell (12,5) is read as a decimal point; no thousands
// separators. Quoted cells, a UTF-8 byte-order mark, CRLF and blank lines are accepted
// (csv-parse). Each row keeps its line in the file, so a refusal of a row
// (field `serie[<row>]...`) can name the line a person can find (locateSeriesError).

import { readFile } from 'node:fs/promises';
import { parse, CsvError } from 'csv-parse/sync';
import { contractError, ServiceError } from '../src/errors.js';
import { AXIS_SIZES } from './series.js';

export type Separator = ',' | ';';

/** Rows and, for CSV, the file line of each row (1-based; the header is line 1 or later). */
export interface SeriesFile {
  rows: Array<Record<string, unknown>>;
  lines: number[] | null;
}

/** Columns whose cells are numbers; municipio, area and canal stay strings. */
const NUMERIC_COLUMNS = new Set(['periodo', 'valor', ...Object.keys(AXIS_SIZES)]);

/** The separator of a CSV: the one of `,` and `;` its first non-blank line uses more (`,` on a tie). */
export function detectSeparator(text: string): Separator {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Parses the CSV form of a series; `source` names the file in messages. */
export function parseSeriesCsv(text: string, source = 'the CSV'): SeriesFile {
  const separator = detectSeparator(text);
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, { delimiter: separator, columns: true, bom: true, skip_empty_lines: true, trim: true, info: true });
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    const reason = e.code === 'CSV_RECORD_INCONSISTENT_COLUMNS'
      ? `${(e.record as unknown[] | undefined)?.length ?? 'a different number of'} cells where the header has ${(e.columns as unknown[] | undefined)?.length ?? 'another number'} (separator '${separator}')`
      : e.message.replace(/\s+(on|at) line \d+\.?$/, '');
    throw contractError('series_row_malformed', `serie[${Number(e.records)}]`, `${source} line ${Number(e.lines)}: ${reason}`);
  }
  const rows = records.map(({ record }) => {
    const row: Record<string, unknown> = {};
    for (const [column, cell] of Object.entries(record)) {
      const plain = separator === ';' && /^-?\d+,\d+$/.test(cell) ? cell.replace(',', '.') : cell;
      row[column] = NUMERIC_COLUMNS.has(column) && plain !== '' && Number.isFinite(Number(plain)) ? Number(plain) : cell;
    }
    return row;
  });
  return { rows, lines: records.map(({ info }) => info.lines) };
}

/** Reads series rows from a .json file (or any file starting with `[` or `{`), else as CSV. */
export async function readSeriesFile(path: string): Promise<SeriesFile> {
  const text = await readFile(path, 'utf8');
  if (!/\.json$/i.test(path) && !/^\uFEFF?\s*[[{]/.test(text)) return parseSeriesCsv(text, path);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw contractError('series_row_malformed', 'serie', `${path}: not valid JSON (${(e as Error).message})`);
  }
  const rows = Array.isArray(data) ? data : (data as { serie?: unknown } | null)?.serie;
  if (!Array.isArray(rows)) throw contractError('series_missing', 'serie', `${path}: expected an array of rows or {"serie": [...]}`);
  return { rows: rows as Array<Record<string, unknown>>, lines: null };
}

/**
 * A refusal of a CSV row with the file's line in its message (`serie.csv line 7: valor must be
 * a number`); anything else unchanged.
 */
export function locateSeriesError(e: unknown, path: string, file: SeriesFile): unknown {
  const row = e instanceof ServiceError ? /^serie\[(\d+)\]/.exec(e.field ?? '') : null;
  const line = row && file.lines ? file.lines[Number(row[1])] : undefined;
  if (!(e instanceof ServiceError) || line === undefined) return e;
  return new ServiceError(e.code, `${path} line ${line}: ${e.message}`, { contractCode: e.contractCode, field: e.field, extra: e.extra });
}
