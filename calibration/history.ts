// The record of every round of a calibration (busca.historico; the spec's busca keys metodo,
// avaliados and perda_janela are unchanged): which point each round ran, why, and its window
// loss, so a reader can check that the chosen point is the best one evaluated.

import type { Dimension } from './parameters.js';
import { reportLoss } from './loss.js';

/** Why a round ran: a search candidate, an identifiability perturbation, or the last round (final-round.ts). */
export type PapelRodada = 'busca' | 'identificabilidade' | 'reavaliacao';

export interface RodadaHistorico {
  /** 1-based, in the order run. */
  rodada: number;
  papel: PapelRodada;
  /** Every free dimension's value, named as `parametros` names them (beta0, pesos_canais[digital], ...). */
  parametros: Record<string, number>;
  /** Mean MAPE per block in the window (training units); null when no period was comparable. */
  perda_janela: number | null;
  /** True for the one round whose point the calibration returns. */
  escolhida: boolean;
}

export function historyEntry(dims: Dimension[], rodada: number, papel: PapelRodada, x: number[], loss: number): RodadaHistorico {
  return {
    rodada,
    papel,
    parametros: Object.fromEntries(dims.map((d, i) => [d.nome, x[i]])),
    perda_janela: reportLoss(loss),
    escolhida: false,
  };
}
