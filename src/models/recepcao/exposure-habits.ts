// Media habits with exposure propensity (releases whose manifest sets recepcao_exposicao, v2.0.0
// on; issue 56, docs/experiments/media-exposure.md): heavy and light users. Each person's contact
// hazard on a channel is the cell's level times a persistent multiplier M of mean 1 drawn once per
// replica (assembly/reception.ts propensityOf), M ~ Gamma(k) with the channel's k fitted to two
// windows of the same medium (data/releases/<release>/caso-exposicao.json). The cell's level is
// set so that its one-day reach at intensidade 1 is the daily share the data give:
//   TV: Kantar's meter (persons 4+ in TV households watching open TV in a day), with PBM's odds by
//     age and schooling (media-habits.ts) and by region (minutes by region); only persons in TV
//     households (PERSON_ATTRS.tv, 95.1% urban, 88.5% rural) are reached;
//   radio: PBM's daily listening by region, everyone a potential listener (the gamma leaves the
//     30-day non-listeners: Kantar's 83%);
//   exterior: the assumed level of reception-profiles.ts, with the fitted spread of São Paulo's
//     street furniture;
//   digital: as media-habits.ts (no second window in the data: homogeneous, M = 1).
// The levels follow these closed forms for the gamma: a one-day reach q needs the mean daily hazard
// k ((1 - q)^(-1/k) - 1) (exposure-reach.ts gammaHazardForReach).
import type { Canal } from '../../contract/types.js';
import { ABI } from '../../kernel/abi.js';
import type { KernelPlan } from '../../kernel/kernel-plan.js';
import { normalQuantile } from '../../population/socio-model.js';
import { macroRegionOf } from '../../release/data-files.js';
import type { ExposureCase } from '../../release/exposure-case-file.js';
import { MANIFESTS, RECEPCAO_CONTATO_DIARIO } from '../../release/manifests.js';
import { MACRO_REGIOES, PERSON_ATTRS, type Population, personAttr } from '../../release/types.js';
import { gammaHazardForReach } from './exposure-reach.js';
import { gammaP, gammaPInverse } from './gamma-functions.js';
import { dailyUse, tvOddsShift } from './media-habits.js';
import { decodeCell } from './reception-profiles.js';

/** Whether a release's reception draws each person's exposure propensity (manifest `recepcao_exposicao`, v2.0.0 on). */
export function usesExposure(release: string): boolean {
  return MANIFESTS.find((m) => m.versao === release)?.recepcao_exposicao === true;
}

/** Kernel habits of an exposure release: TV household flag + 2 x macro-region (MACRO_REGIOES order). */
export const HABITOS_EXPOSICAO = 2 * MACRO_REGIOES.length;

/** Each person's habit: PERSON_ATTRS.tv + 2 x the macro-region of the person's UF. */
export function exposureHabits(pop: Population): Uint8Array {
  const regionOfUf = pop.ufs.map(macroRegionOf);
  const out = new Uint8Array(pop.nPersons);
  for (let h = 0; h < pop.nHouseholds; h++) {
    const r = regionOfUf[pop.munUf[pop.tractMun[pop.hhTract[h]]]];
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) out[i] = personAttr(pop.attrs[i], PERSON_ATTRS.tv) | (r << 1);
  }
  return out;
}

/** Children under 10 are counted at a third of the 10-19 daily share (the assumption of media-habits.ts). */
const FATOR_CRIANCA = 1 / 3;
/** Distance between the same cell of two consecutive age groups (reception-profiles.ts receptionCell). */
const PASSO_GRUPO = 5 * 4 * 2 * 2;
const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

/** A channel's one-day reach at intensidade 1 for a reception cell and habit (0: never reached). */
export function exposureDailyReach(caso: ExposureCase, canal: Canal, base: number, habit: number): number {
  const regiao = MACRO_REGIOES[habit >> 1];
  const { ag } = decodeCell(base);
  if (ag === 0 && canal !== 'digital' && canal !== 'exterior') return FATOR_CRIANCA * exposureDailyReach(caso, canal, base + PASSO_GRUPO, habit);
  switch (canal) {
    case 'tv':
      if (!(habit & 1)) return 0;
      return expit(logit(caso.tv.diaria_medidor) + tvOddsShift(base) + Math.log(caso.tv.fator_odds_regiao[regiao]));
    case 'radio':
      return caso.radio.diaria_regiao[regiao];
    case 'digital':
    case 'exterior':
      return dailyUse(canal, base);
  }
}

/** The channel's propensity shape k, or null where every user is the same (digital). */
function shapeOf(caso: ExposureCase, canal: Canal): number | null {
  return canal === 'digital' ? null : caso[canal].forma;
}

/** The kernel affinity of a cell and habit: its mean daily hazard at intensidade 1 over exp(beta0). */
export function exposureAffinity(caso: ExposureCase, canal: Canal, base: number, habit: number): number {
  const q = Math.min(0.999, exposureDailyReach(caso, canal, base, habit));
  if (q <= 0) return 0;
  const k = shapeOf(caso, canal);
  return (k === null ? -Math.log1p(-q) : gammaHazardForReach(k, q)) / RECEPCAO_CONTATO_DIARIO;
}

/**
 * The copula's parts in bin units (KernelPlan.propensao.partes): the person's heaviness byte u gives
 * (sqrt(rho) N[u] + Z_RANGE) x scale, a channel's own byte u gives sqrt(1 - rho) N[u] x scale,
 * N[u] the normal quantile at (u + 0.5) / 256.
 */
export function copulaParts(rho: number): Float32Array {
  const scale = ABI.PROP_BINS / (2 * Z_RANGE);
  const partes = new Float32Array(2 * 256);
  for (let u = 0; u < 256; u++) {
    const n = normalQuantile((u + 0.5) / 256);
    partes[u] = (Math.sqrt(rho) * n + Z_RANGE) * scale;
    partes[256 + u] = Math.sqrt(1 - rho) * n * scale;
  }
  return partes;
}

/** Each bin's probability: the share of the 65,536 byte pairs the kernel's f32 sum puts in it (assembly/reception.ts propensityOf). */
export function binMass(partes: Float32Array): Float64Array {
  const B = ABI.PROP_BINS;
  const mass = new Float64Array(B);
  for (let u0 = 0; u0 < 256; u0++) {
    for (let u1 = 0; u1 < 256; u1++) {
      const z = Math.fround(partes[u0] + partes[256 + u1]);
      mass[Math.min(Math.max(Math.trunc(z), 0), B - 1)] += 1 / 65536;
    }
  }
  return mass;
}

/** Half-width of the copula variable's range, in standard deviations: the bins span [-4, 4). */
const Z_RANGE = 4;
/** The fixed byte of each canal in a person's propensity hash (0 is the heaviness): the same draw whatever the scenario's order. */
const CANAL_BYTE: Record<Canal, number> = { tv: 1, radio: 2, digital: 3, exterior: 4 };

/**
 * The kernel's propensity tables for the plan's channels (KernelPlan.propensao): the copula's
 * parts in bin units, and per channel the gamma's conditional mean over each bin's quantile range,
 * the bins' probabilities counted over the 65,536 pairs of bytes in the kernel's own f32
 * arithmetic, so the multiplier's mean is 1 and its distribution the gamma coarsened to the bins.
 */
export function propensityTables(caso: ExposureCase, canais: readonly Canal[]): NonNullable<KernelPlan['propensao']> {
  const B = ABI.PROP_BINS;
  const partes = copulaParts(caso.peso_midia);
  const mass = binMass(partes);
  const tabelas = new Float32Array(canais.length * B).fill(1);
  canais.forEach((canal, c) => {
    const k = shapeOf(caso, canal);
    if (k === null) return;
    // E[M; M <= x] for M ~ Gamma(k, rate k) is P(k + 1, k x): the bins' exposure masses
    let below = 0;
    let upperPrev = 0;
    for (let j = 0; j < B; j++) {
      if (mass[j] === 0) continue;
      below += mass[j];
      const upper = below >= 1 - 1e-12 ? 1 : gammaP(k + 1, gammaPInverse(k, below));
      tabelas[c * B + j] = (upper - upperPrev) / mass[j];
      upperPrev = upper;
    }
  });
  return { tabelas, partes, bytes: canais.map((c) => CANAL_BYTE[c]) };
}
