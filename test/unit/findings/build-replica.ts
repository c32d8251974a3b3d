// Hand-built ReplicaResults for the findings tests: the caller gives the grid cells at the
// horizon; the weekly series and totals are derived so that the kernel's invariants hold
// (cells add up to serie's last week; audience cells to seriePublico's).
import { ABI } from '../../../src/kernel/abi.js';
import type { Medida, Scenario } from '../../../src/contract/types.js';
import { combineReplicas, type JobResult } from '../../../src/findings/index.js';
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
  /** Per unit and channel (then any), persons reached >= 1 and >= 3 times (laid out by frequencyRows). */
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
    frequencia: s.frequencia ? frequencyRows(s.frequencia) : undefined,
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

/** [women, men] reached per replica of each variant of receptionJob. */
export type ReceptionReach = Record<'plano' | 'sem_tv' | 'sem_radio' | 'menos10_tv' | 'menos10_radio', Array<[number, number]>>;

const DEFAULT_REACH: ReceptionReach = {
  plano: [[50, 20], [60, 20]],
  sem_tv: [[30, 10], [36, 12]],
  sem_radio: [[45, 20], [55, 20]],
  menos10_tv: [[48, 19], [57, 20]],
  menos10_radio: [[50, 20], [59, 20]],
};

/**
 * A reception job's scenario and replicas (Boa Vista): audience women, channels tv and radio, all
 * five variants, 2 replicas by default; `reach` gives the alcance counts of each variant (by
 * default TV adds about 31 persons).
 */
export function receptionReplicas(replicas = 2, reach: ReceptionReach = DEFAULT_REACH): { cenario: Scenario; replicas: ReplicaResult[] } {
  const cenario = scenario({
    familia: 'recepcao', lancamento: undefined, kpis: ['alcance'], publico: { sexos: ['feminino'] },
    canais: [
      { canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.5 },
      { canal: 'radio', dia_inicio: 1, dia_fim: 14, intensidade: 0.3 },
    ],
    mensagem: { stim_id: 'a'.repeat(32), template_ver: '1', politica: 'p' },
    replicas,
  });
  const freq = [
    [40, 20, 10, 3, 45, 22], // tv >=1, >=3, radio >=1, >=3, any >=1, >=3
    [44, 24, 12, 6, 50, 28],
  ];
  const reps: ReplicaResult[] = [];
  for (const [variante, rr] of Object.entries(reach)) {
    for (let r = 0; r < replicas; r++) {
      const [f, m] = rr[r];
      reps.push(buildReplica({
        variante, replica: r, unidades: ['1400100'], semanas: 2, medidas: ['alcance'],
        cell: (_u, c) => (c === etaria(4, 1) ? f : c === etaria(4, 0) ? m : 0),
        pop: () => 100,
        audiencia: (c) => c % 2 === 1,
        canais: ['tv', 'radio'],
        frequencia: freq[r], alcancavel: [1500, 800],
      }));
    }
  }
  return { cenario, replicas: reps };
}

/**
 * Pairs [>= 1, >= 3] as the reduction's rows (ABI.FREQ_COLS: contacts, then reached >= 1 .. >= 10
 * times): >= 2 taken as >= 3, >= 4 on as 0, and contacts 1 for each person reached plus 2 for
 * each reached 3 times.
 */
function frequencyRows(pairs: readonly number[]): Uint32Array {
  const F = ABI.FREQ_COLS;
  const out = new Uint32Array((pairs.length / 2) * F);
  for (let row = 0; row < pairs.length / 2; row++) {
    const [one, three] = [pairs[row * 2], pairs[row * 2 + 1]];
    out.set([one + 2 * three, one, three, three], row * F);
  }
  return out;
}

/** receptionReplicas combined into the stored result. */
export function receptionJob(replicas = 2, reach: ReceptionReach = DEFAULT_REACH): JobResult {
  const r = receptionReplicas(replicas, reach);
  return combineReplicas(r.cenario, r.replicas, { nomeMunicipio: (c) => (c === '1400100' ? 'Boa Vista' : undefined) });
}
