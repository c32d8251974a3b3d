// Hand-built ReplicaResults for the findings tests: the caller gives the grid cells at the
// horizon; the weekly series and totals are derived so that the kernel's invariants hold
// (cells add up to serie's last week; audience cells to seriePublico's).
import type { Medida, Scenario } from '../../../src/contract/types.js';
import type { ReplicaResult } from '../../../src/pool/replica-result.js';
import { gridCellCount, type Grade } from '../../../src/release/publication-grid.js';
import { adoptionScenario } from '../../fixtures/scenarios.js';

export interface ReplicaSpec {
  variante?: string;
  replica: number;
  unidades: string[];
  semanas: number;
  medidas: Medida[];
  grade?: Grade;
  /** Count of measure m in cell c of unit u at the horizon. */
  cell: (u: number, c: number, m: number) => number;
  /** Persons in cell c of unit u. */
  pop: (u: number, c: number) => number;
  /** Cells in the audience (default: all). */
  audiencia?: (c: number) => boolean;
  canais?: string[];
  frequencia?: number[];
  alcancavel?: number[];
  setores?: string[];
  tipos?: string[];
  porSetor?: number[];
  respostas?: ReplicaResult['respostas'];
}

export function buildReplica(s: ReplicaSpec): ReplicaResult {
  const grade = s.grade ?? 'etaria';
  const C = gridCellCount(grade);
  const U = s.unidades.length;
  const W = s.semanas;
  const M = s.medidas.length;
  const aud = s.audiencia ?? (() => true);
  const celulas = new Uint32Array(U * C * M);
  const celulasPopulacao = new Uint32Array(U * C);
  const serie = new Uint32Array(U * W * M);
  const seriePublico = new Uint32Array(U * W * M);
  const populacao = new Uint32Array(U);
  const publico = new Uint32Array(U);
  for (let u = 0; u < U; u++) {
    for (let c = 0; c < C; c++) {
      const p = s.pop(u, c);
      celulasPopulacao[u * C + c] = p;
      populacao[u] += p;
      if (aud(c)) publico[u] += p;
      for (let m = 0; m < M; m++) {
        const x = s.cell(u, c, m);
        celulas[(u * C + c) * M + m] = x;
        // Cumulative weekly series: the horizon value reached linearly.
        for (let w = 0; w < W; w++) {
          const v = w === W - 1 ? x : Math.floor((x * (w + 1)) / W);
          serie[(u * W + w) * M + m] += v;
          if (aud(c)) seriePublico[(u * W + w) * M + m] += v;
        }
      }
    }
  }
  return {
    variante: s.variante ?? 'plano',
    replica: s.replica,
    semanas: W,
    medidas: s.medidas,
    unidades: s.unidades,
    serie, seriePublico, populacao, publico,
    grade, celulas, celulasPopulacao, medidasCelulas: s.medidas,
    canais: s.canais ?? [],
    frequencia: s.frequencia ? Uint32Array.from(s.frequencia) : undefined,
    alcancavel: s.alcancavel ? Uint32Array.from(s.alcancavel) : undefined,
    setores: s.setores,
    tipos: s.tipos,
    porSetor: s.porSetor ? Uint32Array.from(s.porSetor) : undefined,
    respostas: s.respostas,
  };
}

/** An adoption job of 21 days in comparison group g1 (the findings tests' default). */
export function scenario(over: Partial<Scenario> = {}): Scenario {
  return adoptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 21 }, grupo_comparacao: 'g1', ...over });
}

/** Etaria cell index of a 5-year band and sex (0 masculino, 1 feminino). */
export const etaria = (faixa: number, sexo: number) => faixa * 2 + sexo;
