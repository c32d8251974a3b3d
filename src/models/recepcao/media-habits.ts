// Media habits (releases whose generator draws internet use jointly, v1.5.0 on): each reception
// cell's daily probability of using each medium, from published survey margins where they exist
// and stated assumptions where they do not. The kernel's affinity derives from it
// (reception-profiles.ts), so that a one-channel campaign at intensidade 1 reaches in one day the
// cell's daily-use probability. docs/model.md ("Media habits") says what is data and what is
// assumption; keep the two in sync.
import type { Canal } from '../../contract/types.js';
import { MANIFESTS, RECEPCAO_CONTATO_DIARIO } from '../../release/manifests.js';
import { RADIO_USUARIOS_KANTAR, TV_USUARIOS_PBM } from '../../population/media-users.js';
import { PERSON_ATTRS, personAttr } from '../../release/types.js';
import { affinity, decodeCell } from './reception-profiles.js';

/**
 * TV (Pesquisa Brasileira de Mídia 2015, Secom/IBOPE, fieldwork Nov 2014, persons 16+): 73% watch
 * every day; minutes per weekday 271 overall, 259 at 16-25, 316 at 65+, 287 up to the 4th grade,
 * 239 with higher education (data/br/midia/manchetes_pnad_tic_pbm.csv).
 */
export const TV_DIARIA_PBM = 0.73;
export const TV_MINUTOS_PBM = { total: 271, idade_16_25: 259, idade_65_mais: 316, ate_4a_serie: 287, superior: 239 } as const;
/** Radio: 30% listen every day (PBM 2015, persons 16+); no gradient by segment is in the data here. */
export const RADIO_DIARIA_PBM = 0.3;
/** Internet: 94.3% of internet users used it every day (PNAD TIC 2023). */
export const INTERNET_DIARIA_USUARIOS_PNAD = 0.943;
/**
 * Social networks: share of internet users who used them, by TIC age group 10-15, 16-24, 25-34,
 * 35-44, 45-59, 60+ (TIC Domicílios 2018, C5): 61, 88, 86, 77, 64, 52%.
 */
export const REDES_SOCIAIS_TIC_2018 = [0.61, 0.88, 0.86, 0.77, 0.64, 0.52] as const;
/**
 * Social-network share by publication age group (10-19 ... 60+): mean of the TIC groups a group
 * straddles (10-19: 10-15 and 16-24; 20-29: 16-24 and 25-34; 30-39: 25-34 and 35-44; 40-49: 35-44
 * and 45-59; 50-59: 45-59; 60+: 60+). Index 0 (under 10) unused.
 */
const REDES_SOCIAIS_POR_GRUPO = [0, (0.61 + 0.88) / 2, (0.88 + 0.86) / 2, (0.86 + 0.77) / 2, (0.77 + 0.64) / 2, 0.64, 0.52];
/** Age midpoints of the publication groups 10-19 ... 60+ (60+ taken at 70). */
const MEIO_GRUPO = [5, 15, 25, 35, 45, 55, 70];
/** Children under 10 are counted at a third of the 10-19 probability (assumption: no survey covers them). */
const FATOR_CRIANCA = 1 / 3;
/** Distance between the same cell of two consecutive age groups (reception-profiles.ts receptionCell). */
const PASSO_GRUPO = 5 * 4 * 2 * 2;

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * TV minutes by age, linear between the PBM's 16-25 (midpoint 20.5) and 65+ (midpoint 72) figures
 * and held at the ends (assumption on the shape; the two points are data).
 */
function tvMinutesByAge(ag: number): number {
  const t = Math.min(1, Math.max(0, (MEIO_GRUPO[ag] - 20.5) / (72 - 20.5)));
  return TV_MINUTOS_PBM.idade_16_25 + t * (TV_MINUTOS_PBM.idade_65_mais - TV_MINUTOS_PBM.idade_16_25);
}

/** TV minutes by escolaridade 0-3: the PBM's two ends, linear between (assumption on the middle levels). */
function tvMinutesBySchooling(esc: number): number {
  return TV_MINUTOS_PBM.ate_4a_serie + (esc / 3) * (TV_MINUTOS_PBM.superior - TV_MINUTOS_PBM.ate_4a_serie);
}

/**
 * The log-odds shift of daily TV viewing of a reception cell (persons 10+): the ratio of its age
 * group's and its schooling's TV minutes to the overall 271 (assumption: odds of daily viewing
 * proportional to time watched); exposure-habits.ts applies it to the meter's level too.
 */
export function tvOddsShift(base: number): number {
  const { ag, esc } = decodeCell(base);
  return Math.log(tvMinutesByAge(ag) / TV_MINUTOS_PBM.total) + Math.log(tvMinutesBySchooling(esc) / TV_MINUTOS_PBM.total);
}

/**
 * Daily-use probability of a medium for a reception cell (persons 10+; under 10 a third of 10-19).
 * TV: the PBM level, with the odds scaled by the ratio of the segment's TV minutes to the overall
 * 271 for age and for schooling (assumption: odds of daily viewing proportional to time watched).
 * Radio: the PBM level for everyone. Internet: users x the PNAD daily share. Digital (the channel):
 * daily internet users x the TIC share of users on social networks by age. Exterior: no survey;
 * the assumed affinity of reception-profiles.ts, unchanged, read as a one-day probability.
 */
export function dailyUse(medio: Canal | 'internet', base: number): number {
  if (medio === 'exterior') return 1 - Math.exp(-RECEPCAO_CONTATO_DIARIO * affinity('exterior', base));
  const { ag, net } = decodeCell(base);
  if (ag === 0) return FATOR_CRIANCA * dailyUse(medio, base + PASSO_GRUPO);
  switch (medio) {
    case 'tv':
      return expit(logit(TV_DIARIA_PBM) + tvOddsShift(base));
    case 'radio':
      return RADIO_DIARIA_PBM;
    case 'internet':
      return net * INTERNET_DIARIA_USUARIOS_PNAD;
    case 'digital':
      return net * INTERNET_DIARIA_USUARIOS_PNAD * REDES_SOCIAIS_POR_GRUPO[ag];
  }
}

/**
 * Whether a population's release takes its reception affinities from media habits (generator
 * `internet_conjunta`, v1.5.0 on); populations of older or unknown releases keep reception-profiles.ts.
 */
export function usesMediaHabits(release: string): boolean {
  return MANIFESTS.find((m) => m.versao === release)?.gerador.internet_conjunta === true;
}

/** Kernel habits: a person's TV-user flag + 2 x radio-user flag (PERSON_ATTRS tv, radio; generator 1.5.0). */
export const HABITOS = 4;

export function habitOf(attrs: number): number {
  return personAttr(attrs, PERSON_ATTRS.tv) | (personAttr(attrs, PERSON_ATTRS.radio) << 1);
}

/** Ceiling of a user's daily probability (the affinity -ln(1 - q) must stay finite). */
const MAX_DIARIO_USUARIO = 0.999;

/**
 * Daily use of a person of a reception cell with a habit: for TV and radio the cell's daily use
 * falls on the medium's users only (q / share of users, 0 for a non-user), so the mean over persons
 * stays the cell's q while a campaign of many days reaches about the users; digital (non-users of
 * the internet are 0 already) and exterior as the cell's.
 */
export function personDailyUse(canal: Canal, base: number, habit: number): number {
  if (canal === 'tv') return habit & 1 ? Math.min(MAX_DIARIO_USUARIO, dailyUse('tv', base) / TV_USUARIOS_PBM) : 0;
  if (canal === 'radio') return habit & 2 ? Math.min(MAX_DIARIO_USUARIO, dailyUse('radio', base) / RADIO_USUARIOS_KANTAR) : 0;
  return dailyUse(canal, base);
}

/**
 * The kernel affinity that makes the one-day contact probability at intensidade 1 equal the
 * person's daily use: 1 - exp(-c * a) = q, a = -ln(1 - q) / c, c the release's daily contact scale exp(beta0).
 */
export function habitAffinity(canal: Canal, base: number, habit: number): number {
  return -Math.log(1 - personDailyUse(canal, base, habit)) / RECEPCAO_CONTATO_DIARIO;
}
