// The findings tables in-process (Simulation.findings()): every row, paged by offset and limite
// with no cap (the service's 1,000-row limite, findings-tables.ts, is for HTTP answers), typed per
// table. `raw: true` builds the same tables from a copy of the result whose privacy reasons are
// all cleared, so every count is the rounded mean as simulated; each raw row is publicavel: false.
import { ServiceError } from '../errors.js';
import type { FindingsRow } from './findings-rows.js';
import { isFindingsTable, tableBody, unknownTable, type FindingsTableName } from './findings-tables.js';
import type { JobResult } from './job-result.js';
import { releaseNotes, type Premissa } from './premises.js';
import type { Fonte } from '../release/types.js';
import { namesOf, selectUnits } from './units.js';

export interface FindingsPageQuery {
  /** Only these municipalities (7-digit codes); default the targeted ones. */
  municipio?: readonly string[];
  /** Rows to skip (default 0). */
  offset?: number;
  /** Rows to return after offset (default: all). */
  limite?: number;
  /** Unsuppressed counts, every row publicavel: false: for exploration on one's own machine, never to publish. */
  raw?: boolean;
}

export interface FindingsPage<T extends FindingsTableName> {
  tabela: T;
  colunas: string[];
  descricao: Record<string, string>;
  municipios: Record<string, string>;
  linhas: FindingsRow<T>[];
  /** Rows of the table for the kept units (all pages). */
  total: number;
  offset: number;
  publicavel: boolean;
  /** What each column rests on, and the release's aviso and fontes (as the findings route serves them). */
  premissas: Premissa[];
  aviso: string;
  fontes: Fonte[];
}

/** A copy of the result with every privacy reason cleared (the typed arrays of counts are shared). */
export function unsuppressedResult(result: JobResult): JobResult {
  const cleared = (a: Uint8Array) => new Uint8Array(a.length);
  const totais: JobResult['totais'] = {};
  for (const [v, t] of Object.entries(result.totais)) totais[v] = { ...t, motivo: cleared(t.motivo) };
  const a = result.alcance;
  return {
    ...result,
    saturacao: { ...result.saturacao, motivo: cleared(result.saturacao.motivo), motivoPopulacao: cleared(result.saturacao.motivoPopulacao) },
    totais,
    alcance: a && { ...a, motivo: cleared(a.motivo), alcancavelMotivo: cleared(a.alcancavelMotivo) },
  };
}

function checkCount(v: number | undefined, field: string, min: number): void {
  if (v !== undefined && (!Number.isInteger(v) || v < min)) {
    throw new ServiceError('invalid_request', `${field} must be an integer of at least ${min}`, { field });
  }
}

export function findingsPage<T extends FindingsTableName>(result: JobResult, tabela: T, query: FindingsPageQuery = {}): FindingsPage<T> {
  if (!isFindingsTable(tabela)) throw unknownTable(tabela);
  checkCount(query.offset, 'offset', 0);
  checkCount(query.limite, 'limite', 1);
  const offset = query.offset ?? 0;
  const source = query.raw ? unsuppressedResult(result) : result;
  const units = tabela === 'veredito' ? selectUnits(source) : selectUnits(source, query.municipio);
  const body = tableBody(source, tabela, units, query.limite === undefined ? Infinity : offset + query.limite);
  const publicavel = !query.raw;
  const linhas = body.linhas.slice(offset).map((r) => ({ ...r, publicavel }) as unknown as FindingsRow<T>);
  return {
    tabela,
    colunas: [...body.colunas, 'publicavel'],
    descricao: { ...body.descricao, publicavel: 'false quando a linha traz contagens sem a regra de privacidade (raw): nunca publicar' },
    municipios: namesOf(result, linhas.map((r) => ('municipio' in r ? r.municipio : undefined)).filter((c): c is string => c !== undefined)),
    linhas,
    total: body.total,
    offset,
    publicavel,
    premissas: body.premissas,
    ...releaseNotes(result),
  };
}
