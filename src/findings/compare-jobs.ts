// GET /v1/jobs/compare: two concluded simulations side by side. Only what the findings tables
// publish is read (the same builders, so the same privacy rule); rows are paired by their key
// columns and every difference is b minus a.

import { ServiceError } from '../errors.js';
import { DATA_TABLES, checkLimite, tableBody, type Cell, type DataTableName, type Row } from './findings-tables.js';
import { asJobResult, FORMATO_RESULTADO, type EncodedJobResult, type JobResult } from './job-result.js';
import { namesOf, selectUnits, targetedMunicipalities } from './units.js';
import { computeVerdict, type VereditoSimulacao } from './veredito.js';

/** What the store knows of a job (the service passes its job row: id, nome, tipo). */
export interface ComparedJobMeta {
  id?: string;
  job_id?: string;
  nome?: string | null;
  /** simulacao or calibracao; a calibration cannot be compared. */
  tipo?: string;
}

export interface ComparedJob {
  job: ComparedJobMeta;
  result: JobResult | EncodedJobResult | unknown;
}

export interface CompareQuery {
  municipio?: string[];
  limite?: number;
  offset?: number;
}

export interface ComparedSide {
  job_id: string | null;
  nome: string | null;
  release: string;
  familia: string;
  horizonte: { data_inicio: string; dias: number };
  grupo_comparacao: string;
  grade: string;
  veredito: VereditoSimulacao;
}

export interface ComparedRow {
  [key: string]: Cell | Record<string, number | null> | null;
}

export interface ComparedTable {
  chaves: string[];
  valores: string[];
  linhas: ComparedRow[];
  total: number;
  truncado: boolean;
}

export interface Comparison {
  a: ComparedSide;
  b: ComparedSide;
  mesmo_grupo_comparacao: boolean;
  municipios: Record<string, string>;
  tabelas: Record<DataTableName, ComparedTable>;
}

/** Key columns (besides the unit columns) and main numbers of each table. */
const PAIRING: Record<DataTableName, { chaves: string[]; valores: string[] }> = {
  saturacao: { chaves: ['medida', 'eixo', 'valor'], valores: ['n', 'parte'] },
  alcance_efetivo: { chaves: ['canal'], valores: ['alcance_efetivo', 'parte_efetiva'] },
  alcance_potencial: { chaves: ['canal'], valores: ['alcancavel', 'parte'] },
  contribuicao: { chaves: ['medida', 'canal'], valores: ['contribuicao', 'contribuicao_relativa'] },
  elasticidade: { chaves: ['medida', 'canal'], valores: ['elasticidade'] },
};

function simulationResult(side: ComparedJob, label: 'a' | 'b'): JobResult {
  const id = side.job.job_id ?? side.job.id ?? label;
  const r = side.result as { formato?: unknown; cenario?: unknown } | null;
  if ((side.job.tipo !== undefined && side.job.tipo !== 'simulacao') || r === null || typeof r !== 'object' || r.formato !== FORMATO_RESULTADO || !r.cenario) {
    throw new ServiceError('not_a_simulation', `job ${id} is not a simulation (a calibration cannot be compared)`);
  }
  return asJobResult(side.result as JobResult | EncodedJobResult);
}

function sideOf(job: ComparedJobMeta, result: JobResult, units: number[]): ComparedSide {
  const c = result.cenario;
  return {
    job_id: job.job_id ?? job.id ?? null,
    nome: job.nome ?? c.nome ?? null,
    release: result.release,
    familia: c.familia,
    horizonte: { data_inicio: c.horizonte.data_inicio, dias: c.horizonte.dias },
    grupo_comparacao: c.grupo_comparacao,
    grade: result.grade,
    veredito: computeVerdict(result, units),
  };
}

function pick(row: Row | undefined, valores: string[]): Record<string, number | null> | null {
  if (!row) return null;
  const out: Record<string, number | null> = {};
  for (const v of valores) out[v] = typeof row[v] === 'number' ? (row[v] as number) : null;
  return out;
}

function pairTable(ra: JobResult, rb: JobResult, ua: number[], ub: number[], tabela: DataTableName): ComparedRow[] {
  const ba = tableBody(ra, tabela, ua);
  const bb = tableBody(rb, tabela, ub);
  const unitKeys = ['municipio', ...(ba.colunas.includes('area_ponderacao') || bb.colunas.includes('area_ponderacao') ? ['area_ponderacao'] : [])];
  const chaves = [...unitKeys, ...PAIRING[tabela].chaves];
  const { valores } = PAIRING[tabela];
  const keyOf = (r: Row) => JSON.stringify(chaves.map((k) => r[k] ?? null));
  const rows = new Map<string, { keyRow: Row; a?: Row; b?: Row }>();
  for (const r of ba.linhas) rows.set(keyOf(r), { keyRow: r, a: r });
  for (const r of bb.linhas) {
    const k = keyOf(r);
    const e = rows.get(k);
    if (e) e.b = r;
    else rows.set(k, { keyRow: r, b: r });
  }
  const out: ComparedRow[] = [];
  for (const { keyRow, a, b } of rows.values()) {
    const row: ComparedRow = {};
    for (const k of chaves) row[k] = keyRow[k] ?? null;
    const va = pick(a, valores);
    const vb = pick(b, valores);
    row.a = va;
    row.b = vb;
    if (va && vb) {
      const d: Record<string, number | null> = {};
      for (const v of valores) d[v] = va[v] !== null && vb[v] !== null ? Number(((vb[v] as number) - (va[v] as number)).toPrecision(12)) : null;
      row.diferenca = d;
    } else row.diferenca = null;
    out.push(row);
  }
  return out;
}

export function compareJobs(a: ComparedJob, b: ComparedJob, query: CompareQuery = {}): Comparison {
  const ra = simulationResult(a, 'a');
  const rb = simulationResult(b, 'b');
  if (ra.release !== rb.release) {
    throw new ServiceError('release_mismatch', `the two jobs ran on different releases (${ra.release} and ${rb.release})`);
  }
  const limite = checkLimite(query.limite);
  const offset = query.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw new ServiceError('invalid_request', 'offset must be an integer >= 0', { field: 'offset' });
  const filtro = query.municipio && query.municipio.length > 0
    ? query.municipio
    : [...new Set([...targetedMunicipalities(ra), ...targetedMunicipalities(rb)])];
  const ua = selectUnits(ra, filtro);
  const ub = selectUnits(rb, filtro);
  const tabelas = {} as Record<DataTableName, ComparedTable>;
  for (const t of DATA_TABLES) {
    const all = pairTable(ra, rb, ua, ub, t);
    const page = all.slice(offset, offset + limite);
    const unitKeys = all.some((r) => r.area_ponderacao !== undefined) ? ['municipio', 'area_ponderacao'] : ['municipio'];
    tabelas[t] = {
      chaves: [...unitKeys, ...PAIRING[t].chaves],
      valores: PAIRING[t].valores,
      linhas: page,
      total: all.length,
      truncado: offset + page.length < all.length,
    };
  }
  const names = { ...namesOf(ra, ua.map((u) => ra.unidades[u].slice(0, 7))), ...namesOf(rb, ub.map((u) => rb.unidades[u].slice(0, 7))) };
  // Each verdict is the job's own, over its targeted municipalities, whatever the filter: the
  // one its findings serve.
  return {
    a: sideOf(a.job, ra, selectUnits(ra)),
    b: sideOf(b.job, rb, selectUnits(rb)),
    mesmo_grupo_comparacao: ra.cenario.grupo_comparacao === rb.cenario.grupo_comparacao,
    municipios: Object.fromEntries(Object.entries(names).sort(([x], [y]) => x.localeCompare(y))),
    tabelas,
  };
}
