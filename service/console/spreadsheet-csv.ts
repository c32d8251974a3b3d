// A findings table as a CSV that Brazilian Excel and LibreOffice open in columns (docs/console.md,
// "Downloads"): `;` between fields, `,` for decimals, no thousands separator (so every number stays
// a number), UTF-8 with a byte-order mark (else Excel reads the accents as Latin-1), CRLF line
// ends; headers in Portuguese, the municipality's name beside its code, code values in words
// (result-words.ts). The standard CSV (`,` and `.`, the columns' codes) stays for code.
import { stringify } from 'csv-stringify/sync';
import type { FindingsPage } from '../../src/findings/findings-page.js';
import type { FindingsTableName } from '../../src/findings/index.js';
import { shownColumns } from './findings-table-view.js';
import { cellWords, RESULT_WORDS } from './result-words.js';

/** Shares are kept as numbers from 0 to 1 (a spreadsheet computes with them): the header says so. */
const SHARES = new Set(['parte', 'parte_efetiva', 'contribuicao_relativa']);
const number = new Intl.NumberFormat('pt-BR', { useGrouping: false, maximumFractionDigits: 12 });

export function spreadsheetCsv(page: FindingsPage<FindingsTableName>): string {
  const colunas = shownColumns(page.colunas);
  const header = colunas.flatMap((c) => {
    if (c === 'municipio') return ['Código do município (IBGE)', 'Município'];
    return [`${RESULT_WORDS.coluna(c)}${SHARES.has(c) ? ' (de 0 a 1)' : ''}`];
  });
  const rows = page.linhas.map((r) => {
    const row = r as unknown as Record<string, unknown>;
    return colunas.flatMap((c) => {
      const v = row[c];
      if (c === 'municipio') return [String(v), page.municipios[String(v)] ?? ''];
      if (v === null || v === undefined) return [''];
      return [typeof v === 'number' ? number.format(v) : cellWords(c, row)];
    });
  });
  return stringify([header, ...rows], { delimiter: ';', bom: true, record_delimiter: 'windows' });
}
