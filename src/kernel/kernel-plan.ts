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
  /**
   * adocao: inclinacao_renda_lancamento. A person of income quintile q has launch odds and impulse
   * times exp(inclinacaoRenda * (q - 2)); 0 = none (the kernel then never reads the quintiles).
   */
  inclinacaoRenda: number;
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
  /** adocao with inclinacaoRenda != 0: each person's national income quintile (0-4). */
  renda?: Uint8Array;
}

/** Income quintiles of the persons (PERSON_ATTRS.renda); the kernel's P_TAB_INCOME has one entry per quintile. */
export const INCOME_QUINTILES = 5;
/** The quintile whose factor is 1 (the middle one), so the slope moves timing around the middle of the income ranking. */
export const INCOME_MIDDLE = 2;

/** Shared control block of one simulate() call: [0] simulated days done (all tasks), [1] cancel flag. */
export const CONTROL_DAYS = 0;
export const CONTROL_CANCEL = 1;
