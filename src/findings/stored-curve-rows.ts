// Dated rows of the weekly curves a stored result keeps (JobResult.curvas: per variant and KPI,
// each week's sum over the units of the published counts, mean over replicas), for
// `campaign-sim export resultado.json --curvas`: the only week-by-week figures a stored result has,
// since it keeps each unit's count per replica at the horizon only (horizon-rows.ts).
import type { JobResult } from './job-result.js';
import { weekEndDate } from './tidy-weekly-rows.js';

export const STORED_CURVE_COLUMNS = ['data', 'semana', 'variante', 'medida', 'valor', 'celulas_escondidas_na_curva'] as const;

export interface StoredCurveRow {
  data: string;
  semana: number;
  variante: string;
  medida: string;
  /** Persons: the sum over the units of the published counts, mean over replicas (hidden cells left out). */
  valor: number;
  /** Unit x week x replica cells the privacy rule hid anywhere in this curve (left out of every valor). */
  celulas_escondidas_na_curva: number;
}

/** The rows, or undefined for a result stored without curves (before 2026-11-24). */
export function storedCurveRows(result: JobResult): StoredCurveRow[] | undefined {
  return result.curvas?.flatMap((c) => c.valores.map((valor, w) => ({
    data: weekEndDate(result.cenario.horizonte, w + 1), semana: w + 1, variante: c.variante, medida: c.medida, valor,
    celulas_escondidas_na_curva: c.escondidas,
  })));
}

/** CSV lines, header first, each ending in a newline (names and numbers only: no quoting needed). */
export function* storedCurveCsvLines(rows: Iterable<StoredCurveRow>): Generator<string> {
  yield `${STORED_CURVE_COLUMNS.join(',')}\n`;
  for (const r of rows) yield `${STORED_CURVE_COLUMNS.map((c) => r[c]).join(',')}\n`;
}
