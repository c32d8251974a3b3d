// A findings table as the job page shows it (views/job.eta): Portuguese headers with the column's
// meaning as a description (not only in a tooltip), municipality names beside their codes, numbers
// in pt-BR (counts whole, shares as percents) and code values in words (result-words.ts). The rows
// are the findings page's (src/findings/findings-page.ts), a page at a time.
import type { FindingsPage } from '../../src/findings/findings-page.js';
import type { FindingsTableName } from '../../src/findings/index.js';
import { cellWords, RESULT_WORDS } from './result-words.js';

export interface ViewColumn { codigo: string; titulo: string; descricao: string }
export interface ViewCell { texto: string; numero: boolean; codigo: string | null }
export interface FindingsTableView { colunas: ViewColumn[]; linhas: ViewCell[][] }

/** The published rows' columns: publicavel is always true on the console (never raw), so not shown. */
export const shownColumns = (colunas: readonly string[]) => colunas.filter((c) => c !== 'publicavel');

export function findingsTableView(page: FindingsPage<FindingsTableName>): FindingsTableView {
  const colunas = shownColumns(page.colunas);
  return {
    colunas: colunas.map((c) => ({ codigo: c, titulo: RESULT_WORDS.coluna(c), descricao: RESULT_WORDS.daApi(page.descricao[c] ?? '') })),
    linhas: page.linhas.map((r) => {
      const row = r as unknown as Record<string, unknown>;
      return colunas.map((c) => {
        const v = row[c];
        // a municipality by its name, the code beside it
        if (c === 'municipio' && typeof v === 'string') return { texto: page.municipios[v] ?? v, numero: false, codigo: v };
        return { texto: cellWords(c, row), numero: typeof v === 'number', codigo: null };
      });
    }),
  };
}
