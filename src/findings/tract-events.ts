// Per-tract events (GET /v1/jobs/{job_id}/setores): one row per tract and week of one
// municipality, with n or null and the reason. Two rules hide a number:
//  - the privacy rule (privacy.ts, applied per replica when the result was combined):
//    menor_que_k, complementar;
//  - the tract error of the synthetic population against the diagnosis cutoff 0.50:
//    sem_populacao_sintetica (the tract has no synthetic resident), erro_nao_medido (the
//    tract's synthetic population was not known when the result was combined),
//    erro_acima_do_corte (relative error above 0.50).
// Tract error: the synthetic population of a tract is a sample of P persons drawn from the
// model; a count n of them with an event estimates a share p = n / P whose binomial relative
// standard error is sqrt((1 - p) / (p P)) = sqrt(1/n - 1/P). It is evaluated at the published
// n (the rounded mean over replicas). A zero count has no relative error and is published as 0.
// Documented in docs/findings.md.

import { contractError, ServiceError } from '../errors.js';
import type { JobResult } from './job-result.js';
import { motivoName, publishCell } from './privacy.js';
import { tidy } from './stats.js';

export const CORTE_ERRO = 0.5;
export const MOTIVOS_SETOR = ['menor_que_k', 'complementar', 'erro_acima_do_corte', 'erro_nao_medido', 'sem_populacao_sintetica'] as const;
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

/** Relative error of a modelled count n among P synthetic persons; 0 for n = 0. */
export function tractError(n: number, populacao: number): number {
  if (n <= 0) return 0;
  return Math.sqrt(Math.max(0, 1 / n - 1 / populacao));
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
    for (let w = semana === null ? 0 : semana - 1; w < (semana === null ? W : semana); w++) {
      const idx = (i * W + w) * T + t;
      const cell = publishCell(s.soma[idx], R, s.motivo[idx]);
      let row: TractRow;
      if (cell.n === null) row = { setor, semana: w + 1, n: null, erro: null, motivo: motivoName(s.motivo[idx]) };
      else if (P === 0) row = { setor, semana: w + 1, n: null, erro: null, motivo: 'sem_populacao_sintetica' };
      else if (P < 0) row = { setor, semana: w + 1, n: null, erro: null, motivo: 'erro_nao_medido' };
      else {
        const e = tractError(cell.n, P);
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
