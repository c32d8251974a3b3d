// What one (replica, variant) task returns from a worker: counts only, never agent state.
// Produced by src/pool/kernel-thread.ts from the kernel's counters; read by src/findings (combine
// over replicas, privacy rule, tables, answers). Keep both sides in sync with this file.
//
// All counts are cumulative persons: "how many persons had the event by the end of week w"
// (weeks are 7-day blocks from day 1; the last week may be shorter). Typed arrays are
// row-major in the order their comment gives and are transferred, not copied.

import type { Medida } from '../contract/types.js';
import type { Grade } from '../release/publication-grid.js';

export interface ReplicaResult {
  variante: string; // 'plano', 'sem_<canal>', 'menos10_<canal>'
  replica: number; // 0-based
  semanas: number;
  /** Measures in the order of the measure axis of every array below. */
  medidas: Medida[];
  /** Units of the job: municipality codes, or weighting-area codes when the scenario lists aps. */
  unidades: string[];

  /** [unidade][semana][medida]: persons with the event, whole population of the unit. */
  serie: Uint32Array;
  /** [unidade][semana][medida]: the same, restricted to the audience (publico). */
  seriePublico: Uint32Array;
  /** [unidade]: persons; and [unidade]: persons in the audience. */
  populacao: Uint32Array;
  publico: Uint32Array;

  /**
   * Grid cells at the horizon: [unidade][celula][medidasCelulas] over the job's publication grid
   * (src/release/publication-grid.ts). Counted for the plano variant only (the findings publish
   * its saturacao block alone), for the scenario's KPI measures (simulate's `celulas`: 'todas' for
   * every measure); other variants carry empty celulas and celulasPopulacao.
   */
  grade: Grade;
  celulas: Uint32Array;
  /** The measures of celulas's last axis, in the order of `medidas`. */
  medidasCelulas: Medida[];
  /** [unidade][celula]: persons in the cell (denominators); empty with celulas. */
  celulasPopulacao: Uint32Array;

  /**
   * Reception only: media contacts inside the audience, per channel in `canais` order plus a
   * last "any channel" entry: [unidade][canal+1][2] = persons reached >= 1 time, >= 3 times.
   */
  canais: string[];
  frequencia?: Uint32Array;
  /** Reception only: [unidade][canal]: audience members the channel can reach at all (affinity > 0 on some campaign day). */
  alcancavel?: Uint32Array;

  /** saida_por_setor only: [setor][semana][tipo] over `setores` (tract codes) and `tipos`. */
  setores?: string[];
  tipos?: string[];
  porSetor?: Uint32Array;

  /** Calibration rounds only (ReduceSpec.diario): [unidade][dia][medida], persons with the event by the end of each simulated day. */
  serieDiaria?: Uint32Array;

  /** Answer contract: per plain question id (and per comparison's inner question), [territorial unit][semana] counts and [territorial unit] denominators. */
  respostas?: Record<string, { unidades: string[]; contagens: Uint32Array; base: Uint32Array }>;
}
