// The researcher's weekly rows (Simulation.weekly(), `campaign-sim simulate --csv`): the published
// weekly rows (weekly-rows.ts) with what a reader needs beside the week index: the calendar date of
// the week's last day, the municipality's name and UF, and whether the row may be published. Raw
// rows ({ raw: true }, counts the privacy rule did not see) are all `publicavel: false`. The CSV
// form quotes a cell only when it must (a name with a comma or a quote), so R and pandas read it.
import { parse } from 'csv-parse/sync';
import { ufOfMunicipality } from '../contract/scenario-rules.js';
import type { Medida } from '../contract/types.js';
import type { UfCode } from '../release/types.js';
import { ServiceError } from '../errors.js';
import type { WeeklyRow } from './weekly-rows.js';

/** The column every tidy row (these, and the frequency rows of frequency-rows.ts) ends with. */
export interface PublishableRow {
  /** false for raw rows (unsuppressed counts): never to be published. */
  publicavel: boolean;
}

export interface TidyWeeklyRow extends PublishableRow {
  /** ISO date (YYYY-MM-DD) of the week's last simulated day (the last week may be shorter than 7 days). */
  data: string;
  /** 7-digit IBGE code of the municipality. */
  municipio: string;
  /** Its name in the release; null when the release does not know the code. */
  municipio_nome: string | null;
  uf: UfCode | null;
  /** 10-digit weighting-area code when the scenario lists aps, else null. */
  area_ponderacao: string | null;
  variante: string;
  /** 1-based. */
  replica: number;
  /** 1-based week index. */
  semana: number;
  medida: Medida;
  /** Persons with the event by the end of the week; null when the privacy rule hides the count. */
  valor: number | null;
}

export const TIDY_WEEKLY_COLUMNS = [
  'data', 'municipio', 'municipio_nome', 'uf', 'area_ponderacao', 'variante', 'replica', 'semana', 'medida', 'valor', 'publicavel',
] as const satisfies ReadonlyArray<keyof TidyWeeklyRow>;
export const TIDY_WEEKLY_CSV_HEADER = TIDY_WEEKLY_COLUMNS.join(',');

/** What dates and names the rows: the scenario's horizon and the release's municipality names. */
export interface TidyContext {
  horizonte: { data_inicio: string; dias: number };
  municipios: Readonly<Record<string, string>>;
  publicavel: boolean;
}

/** ISO date of the last day of week `semana` (1-based) of a horizon. */
export function weekEndDate(horizonte: TidyContext['horizonte'], semana: number): string {
  const day = Math.min(semana * 7, horizonte.dias) - 1;
  const d = new Date(`${horizonte.data_inicio}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + day);
  return d.toISOString().slice(0, 10);
}

export function* tidyWeeklyRows(rows: Iterable<WeeklyRow>, ctx: TidyContext): Generator<TidyWeeklyRow> {
  const dates: string[] = [];
  for (const r of rows) {
    const municipio = r.municipio.slice(0, 7);
    yield {
      data: (dates[r.semana] ??= weekEndDate(ctx.horizonte, r.semana)),
      municipio,
      municipio_nome: ctx.municipios[municipio] ?? null,
      uf: ufOfMunicipality(municipio) ?? null,
      area_ponderacao: r.municipio.length > 7 ? r.municipio : null,
      variante: r.variante, replica: r.replica, semana: r.semana, medida: r.medida, valor: r.valor,
      publicavel: ctx.publicavel,
    };
  }
}

/** A CSV cell, quoted only when it must be. */
function csvCell(v: string | number | boolean | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV lines of tidy rows under `columns`, header first, each ending in a newline (a country-wide job is written as a stream). */
export function* csvLines<C extends string>(columns: readonly C[], rows: Iterable<Record<C, string | number | boolean | null>>): Generator<string> {
  yield `${columns.join(',')}\n`;
  for (const r of rows) yield `${columns.map((c) => csvCell(r[c])).join(',')}\n`;
}

/** The CSV lines of the weekly rows, header first. */
export function tidyCsvLines(rows: Iterable<TidyWeeklyRow>): Generator<string> {
  return csvLines(TIDY_WEEKLY_COLUMNS, rows);
}

/** JSON Lines: one row object a line. */
export function* tidyJsonLines(rows: Iterable<TidyWeeklyRow>): Generator<string> {
  for (const r of rows) yield `${JSON.stringify(r)}\n`;
}

/** Rows of a CSV tidyCsvLines wrote; `source` names the file in messages. */
export function parseTidyCsv(text: string, source = 'the CSV'): TidyWeeklyRow[] {
  const records = parse(text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return records.map((c, i) => {
    const replica = Number(c.replica);
    const semana = Number(c.semana);
    const valor = c.valor === '' ? null : Number(c.valor);
    if (!Number.isInteger(replica) || !Number.isInteger(semana) || semana < 1 || (valor !== null && !Number.isFinite(valor))) {
      throw new ServiceError('invalid_request', `${source} line ${i + 2}: expected ${TIDY_WEEKLY_CSV_HEADER} with whole replica and semana and a number or nothing in valor`);
    }
    return {
      data: c.data, municipio: c.municipio, municipio_nome: c.municipio_nome || null, uf: (c.uf || null) as UfCode | null,
      area_ponderacao: c.area_ponderacao || null, variante: c.variante, replica, semana, medida: c.medida as Medida, valor,
      publicavel: c.publicavel === 'true',
    };
  });
}
