// Per-tract events (GET /v1/jobs/{job_id}/setores): one row per tract and week of one
// municipality, with n or null and the reason. Two rules hide a number:
//  - the privacy rule (privacy.ts, applied per replica when the result was combined):
//    menor_que_k, complementar;
//  - the diagnosis cutoff 0.50 on the tract error (src/tracts/tract-error-cutoff.ts):
//    sem_populacao_sintetica (the tract has no synthetic resident), erro_nao_medido (the error
//    of the tract's synthetic residents was not measured: no IBGE count of that ground in this
//    data version), erro_acima_do_corte (tract error above 0.50).
// Tract error of a count n, root sum of squares of two relative errors:
//  - the population error: the city diagnosis's measured error of the tract's synthetic
//    residents against what IBGE counted there (src/tracts/synthetic-tract-rows.ts), stored with
//    the result when it was combined; the count scales with the residents it is drawn from;
//  - the sampling error: the tract's P synthetic persons are a sample drawn from the model; n of
//    them with an event estimate a share p = n / P whose binomial relative standard error is
//    sqrt((1 - p) / (p P)) = sqrt(1/n - 1/P), evaluated at the published n (the rounded mean
//    over replicas); 0 for n = 0.
// Documented in docs/findings.md.

import { CORTE_ERRO, MOTIVOS_CORTE } from '../tracts/tract-error-cutoff.js';
import { contractError, ServiceError } from '../errors.js';
import type { JobResult } from './job-result.js';
import { motivoName, publishCell } from './privacy.js';
import { tidy } from './stats.js';

export { CORTE_ERRO };
export const MOTIVOS_SETOR = ['menor_que_k', 'complementar', ...MOTIVOS_CORTE] as const;
export type MotivoSetor = (typeof MOTIVOS_SETOR)[number];
/** Rows per response when the caller gives no limit (the route has no paging). */
export const LIMITE_SETORES_PADRAO = 20000;

export interface TractEventsQuery {
  municipio: string;
  semana?: number;
  tipo?: string;
  limite?: number;
}

export interface TractRow {
  setor: string;
  semana: number;
  n: number | null;
  /** Relative error of the tract count (see above); null whenever n is null (with P it would give n back). */
  erro: number | null;
  motivo: MotivoSetor | null;
}

export interface TractEvents {
  municipio: string;
  semanas: number;
  tipos: string[];
  tipo: string;
  semana: number | null;
  corte_erro: number;
  linhas: TractRow[];
  motivos: Record<MotivoSetor, number>;
  total: number;
  truncado: boolean;
}

/** Binomial relative error of a modelled count n among P synthetic persons; 0 for n = 0. */
export function samplingError(n: number, populacao: number): number {
  if (n <= 0) return 0;
  return Math.sqrt(Math.max(0, 1 / n - 1 / populacao));
}

/** Tract error of a count n among P synthetic persons whose measured population error is e. */
export function tractError(n: number, populacao: number, erroPopulacao: number): number {
  return Math.hypot(erroPopulacao, samplingError(n, populacao));
}

export function buildTractEvents(result: JobResult, query: TractEventsQuery): TractEvents {
  const s = result.setores;
  if (!s) throw new ServiceError('tract_output_absent', 'this job did not publish per-tract events: its scenario lacked saida_por_setor true');
  const tipo = query.tipo ?? s.tipos[0];
  const t = s.tipos.indexOf(tipo);
  if (t < 0) throw contractError('tract_type_unknown', 'tipo', `tipo must be one of ${s.tipos.join(', ')} (this job's event types)`);
  const semana = query.semana ?? null;
  if (semana !== null && (!Number.isInteger(semana) || semana < 1 || semana > s.semanas)) {
    throw contractError('tract_week_beyond_horizon', 'semana', `semana must be an integer from 1 to ${s.semanas} (the job's horizon in weeks)`);
  }
  const limite = query.limite ?? LIMITE_SETORES_PADRAO;
  const W = s.semanas;
  const T = s.tipos.length;
  const R = result.replicas;
  const motivos = Object.fromEntries(MOTIVOS_SETOR.map((m) => [m, 0])) as Record<MotivoSetor, number>;
  const linhas: TractRow[] = [];
  let total = 0;
  s.setores.forEach((setor, i) => {
    if (setor.slice(0, 7) !== query.municipio) return;
    const P = s.populacao[i];
    const eP = s.erroPopulacao?.[i] ?? NaN;
    for (let w = semana === null ? 0 : semana - 1; w < (semana === null ? W : semana); w++) {
      const idx = (i * W + w) * T + t;
      const cell = publishCell(s.soma[idx], R, s.motivo[idx]);
      let row: TractRow;
      if (cell.n === null) row = { setor, semana: w + 1, n: null, erro: null, motivo: motivoName(s.motivo[idx]) };
      else if (P === 0) row = { setor, semana: w + 1, n: null, erro: null, motivo: 'sem_populacao_sintetica' };
      else if (P < 0 || Number.isNaN(eP)) row = { setor, semana: w + 1, n: null, erro: null, motivo: 'erro_nao_medido' };
      else {
        const e = tractError(cell.n, P, eP);
        row = e > CORTE_ERRO
          ? { setor, semana: w + 1, n: null, erro: null, motivo: 'erro_acima_do_corte' }
          : { setor, semana: w + 1, n: cell.n, erro: tidy(e), motivo: null };
      }
      if (row.motivo) motivos[row.motivo]++;
      total++;
      if (linhas.length < limite) linhas.push(row);
    }
  });
  return {
    municipio: query.municipio, semanas: W, tipos: [...s.tipos], tipo, semana, corte_erro: CORTE_ERRO,
    linhas, motivos, total, truncado: total > linhas.length,
  };
}
