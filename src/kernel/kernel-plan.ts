// What the kernel needs from a compiled plan (src/plan builds it; src/pool sends it to workers).
// Big per-person arrays are SharedArrayBuffer-backed so posting a task never copies them.
import type { Familia } from '../contract/types.js';

export interface KernelParams {
  e0: number; // exp(beta0)
  expo: number; // adocao: exp(beta_expo); recepcao: exp(beta_expo) * conversao_social
  wHh: number;
  wTurma: number;
  wEstab: number;
  wViz: number;
  wDig: number;
  homophily: number;
  spill: number;
  damp: number; // amortecimento_saturacao
  elogit: number; // exp(logit_lancamento); 0 = no launch mass
  /** adocao: launch impulse on exp(beta0), halving every meiaVida days (0 = none; docs/model.md). */
  impulso: number;
  meiaVida: number;
  period: number; // spreading days (>= 1)
  falseRecall: number;
  firstDay: number; // first campaign day
  recall: number[]; // per channel
}

export interface KernelPlan {
  id: string;
  familia: Familia;
  dias: number;
  /** adocao: day of the launch; the hazard runs from the next day on. */
  lancamentoDia: number;
  nChannels: number;
  nCells: number;
  /** [canal][dia 0..dias]: intensity of the plan (0 when the channel is off). */
  intensidade: Float32Array;
  params: KernelParams;
  /** m_i per person: the adoption hazard's factor; in reception, the social hazard's. */
  mult: Float32Array;
  /** recepcao: cell per person (with the audience bit), affinity [canal][cell], cumulative response shares [source][cell][3]. */
  cell?: Uint16Array;
  afinidade?: Float32Array;
  respostaAcum?: Float32Array;
  /**
   * recepcao from v2.0.0: each person's exposure propensity (assembly/reception.ts propensityOf):
   * the channels' multipliers by copula bin [canal][PROP_BINS], the copula's heaviness and own
   * parts [2][256] in bin units, and the byte of the person's hash each channel draws. Absent:
   * every user of a medium has the cell's hazard (older releases).
   */
  propensao?: { tabelas: Float32Array; partes: Float32Array; bytes: readonly number[] };
  /**
   * recepcao from v2.1.0: responses that follow exposure (assembly/reception.ts, "Responses that
   * follow exposure"): each base cell's share that does not reject and ceilings
   * [celulas][MEMORY_CELL], then each channel's memory decay over a gap of g days [canal][0..dias];
   * log2 K, 1 / n, and 1 / the social memory's half-life. Absent: one response at the first
   * exposure (older releases).
   */
  memoria?: { tabela: Float32Array; celulas: number; log2K: number; invHill: number; social: number };
  /**
   * adocao with a launch timing that differs by person (inclinacao_renda_lancamento,
   * inclinacao_renda_uf_lancamento; src/models/propensity.ts): each person's timing class (UF index
   * x INCOME_QUINTILES + national income quintile), and the factor of each class on the launch
   * odds and the impulse. Absent together when every person has the same timing (the kernel then
   * never reads them).
   */
  classe?: Uint8Array;
  fatorClasse?: Float64Array;
  /**
   * What the reduction of a task's state to counts reads in the kernel (assembly/reduce.ts):
   * the measures of the findings (the family's medidas, src/models/<familia>/), each person's cell of the
   * job's publication grid (of nGridCells) and audience membership (the ReduceSpec's publico).
   */
  nMeasures: number;
  nGridCells: number;
  gridCell: Uint16Array;
  audience: Uint8Array;
}

/** Income quintiles of the persons (PERSON_ATTRS.renda). */
export const INCOME_QUINTILES = 5;
/** Launch timing classes: the 27 UFs (UF_CODES) by income quintile; the kernel's P_TAB_INCOME has one entry per class. */
export const TIMING_CLASSES = 27 * INCOME_QUINTILES;

/** Shared control block of one simulate() call: [0] simulated days done (all tasks), [1] cancel flag. */
export const CONTROL_DAYS = 0;
export const CONTROL_CANCEL = 1;
