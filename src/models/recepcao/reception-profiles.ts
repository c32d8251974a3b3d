// Reception profiles of the model (docs/model.md): media affinity by channel, recall, and the
// response model (multinomial logit of cell and source). These are MODELLED defaults stated by
// this project, not fitted to survey data: the release knows no message-specific coefficients
// yet, so every stim_id gets DEFAULT_RESPONSE (RESPONSE_BY_STIM is where known ones go).
import type { Canal } from '../../contract/types.js';
import { ageGroupOf } from '../../release/publication-grid.js';
import { PERSON_ATTRS, personAttr } from '../../release/types.js';

/** Reception cells: age group 7 x renda 5 x escolaridade 4 x internet 2 x urbano 2. */
export const BASE_CELLS = 7 * 5 * 4 * 2 * 2;
/** Kernel cells add the audience bit: cell = base * 2 + inAudience. */
export const KERNEL_CELLS = BASE_CELLS * 2;

export function receptionCell(age5: number, attrs: number, urbano: boolean): number {
  const ag = ageGroupOf(age5);
  const renda = personAttr(attrs, PERSON_ATTRS.renda);
  const esc = personAttr(attrs, PERSON_ATTRS.escolaridade);
  const net = personAttr(attrs, PERSON_ATTRS.internet);
  return (((ag * 5 + renda) * 4 + esc) * 2 + net) * 2 + (urbano ? 1 : 0);
}

export function decodeCell(base: number): { ag: number; renda: number; esc: number; net: number; urbano: number } {
  const urbano = base & 1;
  const net = (base >> 1) & 1;
  let r = base >> 2;
  const esc = r % 4;
  r = (r - esc) / 4;
  const renda = r % 5;
  return { ag: (r - renda) / 5, renda, esc, net, urbano };
}

/** Daily contact affinity of a channel for a cell (multiplies exp(beta0) * intensity). */
export function affinity(canal: Canal, base: number): number {
  const { ag, renda, net, urbano } = decodeCell(base);
  const child = ag === 0 ? 0.3 : 1; // children under 10 are counted at a third
  switch (canal) {
    case 'tv':
      return child * (0.55 + 0.07 * ag) * (1 - 0.05 * renda);
    case 'radio':
      return child * (0.25 + 0.05 * ag) * (urbano ? 1 : 1.5);
    case 'digital':
      return net ? child * Math.max(0.3, 1 - 0.1 * ag) * (0.85 + 0.05 * renda) : 0;
    case 'exterior':
      return child * (urbano ? 0.8 : 0.25) * (ag >= 2 && ag <= 5 ? 1 : 0.7);
  }
}


/** Probability that one media contact is remembered in a survey, by channel. */
export const RECALL: Record<Canal, number> = { tv: 0.6, radio: 0.45, digital: 0.35, exterior: 0.3 };
/** Probability of declaring an exposure that never happened (from the first campaign day on). */
export const FALSE_RECALL = 0.04;

/** Multinomial logit of the first exposure's response: utilities against ignora. */
export interface ResponseCoefficients {
  absorve: { intercepto: number; social: number; escolaridade: number; idade: number; internet: number };
  repassa: { intercepto: number; social: number; escolaridade: number; idade: number; internet: number };
  rejeita: { intercepto: number; social: number; escolaridade: number; idade: number; internet: number };
}

export const DEFAULT_RESPONSE: ResponseCoefficients = {
  absorve: { intercepto: -0.3, social: 0.4, escolaridade: 0.15, idade: 0.05, internet: 0 },
  repassa: { intercepto: -1.6, social: 0.6, escolaridade: 0.05, idade: -0.15, internet: 0.4 },
  rejeita: { intercepto: -2.0, social: -0.3, escolaridade: 0.1, idade: 0.05, internet: 0 },
};

/** Message-specific coefficients the release knows, by stim_id. None yet. */
export const RESPONSE_BY_STIM: Readonly<Record<string, ResponseCoefficients>> = {};

export function responseCoefficients(stimId: string | undefined): ResponseCoefficients {
  return (stimId !== undefined && RESPONSE_BY_STIM[stimId]) || DEFAULT_RESPONSE;
}

/** Cumulative shares [ignora, +absorve, +repassa] of a cell for a source (0 media, 1 social). */
export function responseCumulative(co: ResponseCoefficients, base: number, social: 0 | 1): [number, number, number] {
  const { ag, esc, net } = decodeCell(base);
  const u = (k: ResponseCoefficients['absorve']) =>
    Math.exp(k.intercepto + k.social * social + k.escolaridade * esc + k.idade * ag + k.internet * net);
  const a = u(co.absorve);
  const r = u(co.repassa);
  const j = u(co.rejeita);
  const z = 1 + a + r + j;
  return [1 / z, (1 + a) / z, (1 + a + r) / z];
}
