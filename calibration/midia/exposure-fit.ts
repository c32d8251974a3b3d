// The exposure fit of issue 56 (docs/experiments/media-exposure.md, which fixed the fitted and
// held-out margins before this ran): per channel the spread k of the gamma propensity
// (src/models/recepcao/exposure-propensity.ts) from two windows of the same medium, its level from the
// daily shares the model already uses, the regional and area gradients the data give, and every
// margin scored: fitted ones within EXPOSICAO_LIMITES_PP.ajuste, held-out ones reported against
// EXPOSICAO_LIMITES_PP.fora_da_amostra with the reason for any miss. A pure function of
// data/br (exposure-habits.ts). The log-beta alternative is fitted to the same pairs and reported
// beside the held-out margins, a sensitivity that chooses nothing.
import { PROPENSITY_BINS, propensityTable } from '../../src/models/recepcao/exposure-propensity.js';
import {
  betaLaplace, frequency, gammaHazardForReach, gammaReach, hazardForGrp, homogeneousExposure, jointReach, nbdReach,
  reachAtLeast, type Exposure,
} from '../../src/models/recepcao/exposure-reach.js';
import { MACRO_REGIOES } from '../../src/release/types.js';
import { type ExposureHabits, type HabitFigure, type Regiao, readExposureHabits } from './exposure-habits.js';

/** Limits in percentage points: fitted margins, held-out ones. */
export const EXPOSICAO_LIMITES_PP = { ajuste: 3, fora_da_amostra: 5 } as const;

/**
 * Correlation of the copula's media heaviness between channels: an assumption, no Brazilian
 * figure of duplication between media being in the data (docs/experiments/media-exposure.md).
 */
export const PESO_MIDIA_RHO = { padrao: 0.3, minimo: 0, maximo: 0.5 } as const;

export interface ExposureMargin {
  id: string;
  canal: 'tv' | 'radio' | 'exterior';
  uso: 'ajuste' | 'fora_da_amostra';
  fonte: string;
  medida: string;
  /** As published (percent, or impacts for exterior/impactos). */
  publicado: number;
  /** What the model is compared with: the published value, or it shifted to the model's level (radio/regiao). */
  comparado_com: number;
  modelo: number;
  erro_pp: number;
  limite_pp: number;
  passou: boolean;
  /**
   * The error of the homogeneous model among users (v1.5.0 to v1.9.0) on the same margin, where it
   * gives one, and of the log-beta propensity fitted to the same pairs (held-out margins, a
   * sensitivity): each against the published value compared at its own level (the same rule).
   */
  erro_homogeneo_pp?: number;
  erro_beta_pp?: number;
  /** Why a margin misses its limit (written after the fit, from what the data say). */
  motivo?: string;
}

/** A channel's gamma fit to two windows: shape k and the users' mean daily hazard at the figures' level. */
export interface PairFit {
  forma: number;
  nivel: number;
}

/** The log-beta alternative: the daily probability at the figures' level ~ Beta(alfa, beta). */
export interface BetaFit {
  alfa: number;
  beta: number;
}

/** 1+, 3+ and 3+/1+ of a plan at equal GRPs: the fitted agent form against the homogeneous model among users. */
export interface GrpPoint {
  canal: 'tv' | 'radio';
  dias: number;
  grp: number;
  propensao: { alcance_1: number; alcance_3: number; razao_3_1: number };
  homogeneo: { alcance_1: number; alcance_3: number; razao_3_1: number };
}

export interface ExposureFit {
  tv: {
    forma: number;
    /** k with the 2024 universe (658,194 per point) instead of 2023's. */
    forma_universo_2024: number;
    /** Mean daily hazard of persons in TV households at the meter's level (Kantar), and the one-day reach it gives (the releases' TV level). */
    nivel_medidor: number;
    diaria_medidor: number;
    /** Persons 4+ with TV in the 15 metros (millions; 100 points of 2023). */
    universo_milhoes: number;
    /** Share of persons in households with TV by area (PNAD TIC 2023) and the urban weight that gives PNAD's national share. */
    usuarios: { urbana: number; rural: number; brasil: number; peso_urbano: number };
    /** Daily viewing among users at the survey's level (PBM 2014's 73% / users) and its mean daily hazard. */
    diaria_usuarios: number;
    nivel_pbm: number;
    /** Minutes among viewers by region (South and Centre-West solved to keep 271 nationally) and the factor on the odds of daily viewing. */
    minutos_regiao: Record<Regiao, number>;
    fator_odds_regiao: Record<Regiao, number>;
  };
  radio: {
    forma: number;
    /** Mean daily hazard at the metro level of Kantar (49.8% daily). */
    nivel_metros: number;
    /** Daily listening by region (South the PBM's; the others the household-radio gradient, shifted to 30% nationally). */
    diaria_regiao: Record<Regiao, number>;
    deslocamento_logit_regioes: number;
    /** Per Kantar 2022 market: its 30-day reach and the daily listening it implies at radio's k. */
    mercados: Array<{ mercado: string; alcance_30: number; diaria: number; nivel: number }>;
  };
  exterior: {
    forma: number;
    /** The shape Rio's own pair would give (held out: reported to explain its miss, not used). */
    forma_rio: number;
    /** Impacts a week per person of the São Paulo street-furniture inventory, and its daily reach (contact days). */
    impactos_semana_sp: number;
    alcance_diario_sp: number;
  };
  peso_midia: typeof PESO_MIDIA_RHO & {
    /** TV x radio duplication (persons reached by both / the product of the reaches) at a week of 100 GRPs each, by rho. */
    duplicacao_100grp_7dias: Array<{ rho: number; duplicacao: number }>;
  };
  beta: { tv: BetaFit; radio: BetaFit };
  curvas: GrpPoint[];
  margens: ExposureMargin[];
  veredito: { ajuste: 'passou' | 'reprovado'; fora_da_amostra: { passaram: number; total: number } };
}

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));
const round = (x: number, d: number) => Number(x.toFixed(d));

/** Bisection on an increasing function of x over [lo, hi] (ln x when geometric). */
function solve(f: (x: number) => number, target: number, lo: number, hi: number, geometric = false): number {
  if (!(f(lo) <= target && f(hi) >= target)) throw new Error(`campaign-sim: no solution in [${lo}, ${hi}] for ${target}`);
  for (let i = 0; i < 200; i++) {
    const mid = geometric ? Math.sqrt(lo * hi) : (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return geometric ? Math.sqrt(lo * hi) : (lo + hi) / 2;
}

/**
 * The gamma spread k and level a with one-day reach r1 and `dias`-day reach rD among the figure's
 * persons: a = a(k) from r1, then k where the D-day reach meets rD (it grows with k, up to the
 * homogeneous 1 - (1 - r1)^D).
 */
export function fitGammaPair(r1: number, rD: number, dias: number): PairFit {
  const level = (k: number) => gammaHazardForReach(k, r1);
  const forma = solve((k) => gammaReach(k, 1, dias * level(k)), rD, 1e-3, 1e3, true);
  return { forma, nivel: level(forma) };
}

/** The log-beta alternative to the same pair: mean alfa/(alfa+beta) = r1, then alfa+beta where the D-day reach meets rD. */
export function fitBetaPair(r1: number, rD: number, dias: number): BetaFit {
  const n = solve((s) => 1 - betaLaplace(r1 * s, (1 - r1) * s, dias), rD, 1e-3, 1e4, true);
  return { alfa: r1 * n, beta: (1 - r1) * n };
}

/** The beta's scale of hazard (its days at the fit's level) with one-day reach q. */
function betaScaleForReach(b: BetaFit, q: number): number {
  return solve((t) => 1 - betaLaplace(b.alfa, b.beta, t), q, 0, 1e3);
}

/** NBD shape k of an impacts count with weekly reach `alcance` and `impactos` a week per person reached. */
export function fitNbd(alcance: number, impactos: number): number {
  return solve((k) => nbdReach(k, alcance * impactos), alcance, 1e-4, 1e3, true);
}

/** The NBD reach r with r = nbdReach(k, r x impactos): the reach a given number of impacts per person reached implies (its nonzero root). */
function nbdReachForImpacts(k: number, impactos: number): number {
  return solve((r) => r - nbdReach(k, r * impactos), 0, 1e-6, 1 - 1e-12);
}

/** Mean over regions weighted by persons 15+. */
function regionalMean(w: Record<Regiao, number>, x: (r: Regiao) => number): number {
  let s = 0, n = 0;
  for (const r of MACRO_REGIOES) { s += w[r] * x(r); n += w[r]; }
  return s / n;
}

/**
 * Reasons of the held-out misses, by margin id: written after the fit was run, from what the data
 * hold (a test requires one for every miss).
 */
const MOTIVOS: Record<string, string> = {
  'exterior/rio':
    'One spread does not carry from one city\'s inventory to another\'s: Rio\'s street furniture gives its fewer persons reached ' +
    'twice São Paulo\'s impacts (173 against 86 a week, 55% against 59% reached), an NBD of shape 0.12 against São Paulo\'s 0.15. ' +
    'Each figure is one consortium\'s whole inventory in one city: how concentrated outdoor exposure is depends on where the faces ' +
    'stand and who passes them, which no national figure here measures.',
};

function margin(
  id: string, canal: ExposureMargin['canal'], uso: ExposureMargin['uso'], f: HabitFigure, modelo: number,
  extra: { comparado_com?: number; homogeneo?: number; beta?: number } = {},
  /** What the homogeneous and beta models are compared with, when not comparado_com (their own level's shift). */
  alternativas: { homogeneo?: number; beta?: number } = {},
): ExposureMargin {
  const comparado = extra.comparado_com ?? f.valor;
  const limite = EXPOSICAO_LIMITES_PP[uso];
  const erro = modelo - comparado;
  const passou = Math.abs(erro) <= limite;
  return {
    id, canal, uso, fonte: f.fonte, medida: f.medida, publicado: f.valor, comparado_com: round(comparado, 2), modelo: round(modelo, 2),
    erro_pp: round(erro, 2), limite_pp: limite, passou,
    ...(extra.homogeneo === undefined ? {} : { erro_homogeneo_pp: round(extra.homogeneo - (alternativas.homogeneo ?? comparado), 2) }),
    ...(extra.beta === undefined ? {} : { erro_beta_pp: round(extra.beta - (alternativas.beta ?? comparado), 2) }),
    ...(passou || !MOTIVOS[id] ? {} : { motivo: MOTIVOS[id] }),
  };
}

const pct = (x: number) => 100 * x;

/** 1+, 3+ at `grp` GRPs over `dias` days of a constant daily hazard. */
function atGrp(e: Exposure, dias: number, grp: number): GrpPoint['propensao'] {
  const h = hazardForGrp(e, dias, grp);
  const r = reachAtLeast(frequency(e, new Float64Array(dias).fill(h)));
  return { alcance_1: round(pct(r[1]), 2), alcance_3: round(pct(r[3]), 2), razao_3_1: round(r[3] / r[1], 3) };
}

export function fitExposure(habits: ExposureHabits = readExposureHabits()): ExposureFit {
  const w = habits.pessoas_15mais;
  const margens: ExposureMargin[] = [];

  // TV: spread from the meter's day and week among persons with TV, level from the PBM.
  const tvH = habits.tv;
  const universo = (tvH.ponto_2023.valor * 100) / 1e6;
  const tvDia = tvH.dia_milhoes.valor / universo;
  const tvSemana = tvH.semana_milhoes.valor / universo;
  const tv = fitGammaPair(tvDia, tvSemana, 7);
  const universo2024 = (tvH.ponto_2024.valor * 100) / 1e6;
  const tv2024 = fitGammaPair(tvH.dia_milhoes.valor / universo2024, tvH.semana_milhoes.valor / universo2024, 7);
  const tvBeta = fitBetaPair(tvDia, tvSemana, 7);
  const uUrb = tvH.domicilios.Urbana.valor / 100;
  const uRur = tvH.domicilios.Rural.valor / 100;
  const uBr = tvH.domicilios.Brasil.valor / 100;
  const pesoUrbano = (uBr - uRur) / (uUrb - uRur);
  const diariaUsuarios = tvH.diaria.valor / 100 / uBr;
  const metered = (what: string) => ({ ...tvH.dia_milhoes, medida: `${what} (of ${round(universo, 4)} M persons 4+ with TV, 2023 universe)` });
  margens.push(
    margin('tv/dia', 'tv', 'ajuste', { ...metered('watched open TV in a day'), valor: round(pct(tvDia), 2) }, pct(gammaReach(tv.forma, 1, tv.nivel))),
    margin('tv/semana', 'tv', 'ajuste', { ...metered('watched open TV in a week'), fonte: tvH.semana_milhoes.fonte, valor: round(pct(tvSemana), 2) },
      pct(gammaReach(tv.forma, 1, 7 * tv.nivel))),
    margin('tv/usuarios/urbana', 'tv', 'ajuste', tvH.domicilios.Urbana, pct(uUrb)),
    margin('tv/usuarios/rural', 'tv', 'ajuste', tvH.domicilios.Rural, pct(uRur)),
  );
  // TV minutes by region: South and Centre-West (not published) share the value that keeps the national mean.
  const known: Array<'Sudeste' | 'Nordeste' | 'Norte'> = ['Sudeste', 'Nordeste', 'Norte'];
  const wKnown = known.reduce((s, r) => s + w[r], 0);
  const wRest = w.Sul + w['Centro-Oeste'];
  const minutosResto = ((wKnown + wRest) * tvH.minutos.Brasil!.valor - known.reduce((s, r) => s + w[r] * tvH.minutos[r]!.valor, 0)) / wRest;
  const minutos = Object.fromEntries(MACRO_REGIOES.map((r) => [r, round(tvH.minutos[r]?.valor ?? minutosResto, 2)])) as Record<Regiao, number>;
  const fatorOdds = Object.fromEntries(MACRO_REGIOES.map((r) => [r, round(minutos[r] / tvH.minutos.Brasil!.valor, 4)])) as Record<Regiao, number>;

  // TV held out.
  const tvAno = uBr * gammaReach(tv.forma, 1, 365 * tv.nivel);
  const tvAnoBeta = uBr * (1 - betaLaplace(tvBeta.alfa, tvBeta.beta, 365));
  const usuariosV19 = 0.95;
  const diariaV19 = tvH.diaria.valor / 100;
  margens.push(
    margin('tv/ano', 'tv', 'fora_da_amostra', tvH.linear_ano, pct(tvAno),
      { homogeneo: pct(usuariosV19 * (1 - (1 - diariaV19 / usuariosV19) ** 365)), beta: pct(tvAnoBeta) }),
    margin('tv/usuarios', 'tv', 'fora_da_amostra', tvH.assiste, pct(uBr), { homogeneo: pct(usuariosV19) }),
    margin('tv/diaria_usuarios', 'tv', 'fora_da_amostra', tvH.diaria_espectadores_2016, pct(diariaUsuarios), { homogeneo: pct(diariaV19 / usuariosV19) }),
  );

  // Radio: spread from Kantar's metro pair, levels from the PBM by region.
  const rH = habits.radio;
  const r30 = rH.alcance_30.valor / 100;
  const r1 = (rH.diarios_dos_ouvintes.valor / 100) * r30;
  const radio = fitGammaPair(r1, r30, 30);
  const radioBeta = fitBetaPair(r1, r30, 30);
  margens.push(
    margin('radio/30dias', 'radio', 'ajuste', rH.alcance_30, pct(gammaReach(radio.forma, 1, 30 * radio.nivel))),
    margin('radio/dia', 'radio', 'ajuste', { ...rH.diarios_dos_ouvintes, valor: round(pct(r1), 2), medida: 'pct listening daily (3 in 5 of the 30-day listeners)' },
      pct(gammaReach(radio.forma, 1, radio.nivel))),
  );
  const qSul = rH.diaria_sul.valor / 100;
  const qBr = rH.diaria.valor / 100;
  const dailyOf = (s: number) => (r: Regiao) => (r === 'Sul' ? qSul : expit(s + logit(rH.domicilios[r].valor / 100)));
  const shift = solve((s) => regionalMean(w, dailyOf(s)), qBr, -10, 10);
  const diariaRegiao = Object.fromEntries(MACRO_REGIOES.map((r) => [r, dailyOf(shift)(r)])) as Record<Regiao, number>;
  margens.push(
    margin('radio/diaria/Brasil', 'radio', 'ajuste', rH.diaria, pct(regionalMean(w, (r) => diariaRegiao[r]))),
    margin('radio/diaria/Sul', 'radio', 'ajuste', rH.diaria_sul, pct(diariaRegiao.Sul)),
  );
  const mercados = rH.mercados_2022.map((m) => {
    const nivel = solve((a) => gammaReach(radio.forma, 1, 30 * a), m.valor / 100, 0, 100);
    margens.push(margin(`radio/mercado/${m.mercado}`, 'radio', 'ajuste', m, pct(gammaReach(radio.forma, 1, 30 * nivel))));
    return { mercado: m.mercado, alcance_30: m.valor, diaria: round(pct(gammaReach(radio.forma, 1, nivel)), 2), nivel: round(nivel, 6) };
  });

  // Radio held out.
  const usersV19 = r30; // v1.5.0 to v1.9.0: radio users 83%, the day's use on them
  margens.push(margin('radio/7dias', 'radio', 'fora_da_amostra', rH.alcance_7, pct(gammaReach(radio.forma, 1, 7 * radio.nivel)), {
    homogeneo: pct(usersV19 * (1 - (1 - r1 / usersV19) ** 7)), beta: pct(1 - betaLaplace(radioBeta.alfa, radioBeta.beta, 7)),
  }));
  const reach30 = (q: number) => gammaReach(radio.forma, 1, 30 * gammaHazardForReach(radio.forma, q));
  const reach30Beta = (q: number) => 1 - betaLaplace(radioBeta.alfa, radioBeta.beta, 30 * betaScaleForReach(radioBeta, q));
  const reach30V19 = usersV19 * (1 - (1 - qBr / usersV19) ** 30);
  const national30 = regionalMean(w, (r) => reach30(diariaRegiao[r]));
  const national30Beta = regionalMean(w, (r) => reach30Beta(diariaRegiao[r]));
  for (const [r, f] of Object.entries(rH.regioes_2019) as Array<[Regiao, HabitFigure]>) {
    // The beta and the homogeneous model are compared after the shift by their own national reach, as the gamma is.
    const shifted = (national: number) => pct(expit(logit(f.valor / 100) + logit(national) - logit(rH.total_2019.valor / 100)));
    margens.push(margin(`radio/regiao/${r}`, 'radio', 'fora_da_amostra', f, pct(reach30(diariaRegiao[r])),
      { comparado_com: shifted(national30), homogeneo: pct(reach30V19), beta: pct(reach30Beta(diariaRegiao[r])) },
      { homogeneo: shifted(reach30V19), beta: shifted(national30Beta) }));
  }
  margens.push(margin('radio/diaria/2016', 'radio', 'fora_da_amostra',
    { ...rH.ouve_2016, valor: rH.ouve_2016.valor / 2, medida: `${rH.ouve_2016.medida}: half of ${rH.ouve_2016.valor}% daily` },
    pct(regionalMean(w, (r) => diariaRegiao[r])), { homogeneo: pct(qBr) }));

  // Out-of-home: NBD of weekly impacts from São Paulo's street furniture; Rio held out.
  const oH = habits.exterior;
  const ooh = fitNbd(oH.sp.alcance.valor / 100, oH.sp.impactos.valor);
  const mSp = (oH.sp.alcance.valor / 100) * oH.sp.impactos.valor;
  const spReach = nbdReach(ooh, mSp);
  margens.push(
    margin('exterior/semana', 'exterior', 'ajuste', oH.sp.alcance, pct(spReach)),
    margin('exterior/impactos', 'exterior', 'ajuste', oH.sp.impactos, mSp / spReach),
    margin('exterior/rio', 'exterior', 'fora_da_amostra', oH.rio.alcance, pct(nbdReachForImpacts(ooh, oH.rio.impactos.valor))),
  );

  // Reach at equal GRPs, and TV x radio duplication by rho.
  const tvTable: Exposure = { usuarios: uBr, multiplicadores: propensityTable(tv.forma, PROPENSITY_BINS) };
  const radioTable: Exposure = { usuarios: 1, multiplicadores: propensityTable(radio.forma, PROPENSITY_BINS) };
  const curvas: GrpPoint[] = [];
  for (const [canal, e, h] of [['tv', tvTable, homogeneousExposure(usuariosV19)], ['radio', radioTable, homogeneousExposure(usersV19)]] as const) {
    for (const [dias, grps] of [[7, [50, 100, 300]], [28, [50, 100, 300, 1000]]] as const) for (const g of grps) curvas.push({ canal, dias, grp: g, propensao: atGrp(e, dias, g), homogeneo: atGrp(h, dias, g) });
  }
  const week = (e: Exposure) => new Float64Array(7).fill(hazardForGrp(e, 7, 100));
  const [hTv, hRadio] = [week(tvTable), week(radioTable)];
  const duplicacao = [PESO_MIDIA_RHO.minimo, PESO_MIDIA_RHO.padrao, PESO_MIDIA_RHO.maximo].map((rho) => ({
    rho,
    duplicacao: round(jointReach(tvTable, hTv, radioTable, hRadio, rho) /
      ((1 - frequency(tvTable, hTv, 1)[0]) * (1 - frequency(radioTable, hRadio, 1)[0])), 4),
  }));

  const fora = margens.filter((m) => m.uso === 'fora_da_amostra');
  return {
    tv: {
      forma: round(tv.forma, 6), forma_universo_2024: round(tv2024.forma, 6), nivel_medidor: round(tv.nivel, 6), diaria_medidor: round(gammaReach(tv.forma, 1, tv.nivel), 4), universo_milhoes: round(universo, 4),
      usuarios: { urbana: uUrb, rural: uRur, brasil: uBr, peso_urbano: round(pesoUrbano, 4) },
      diaria_usuarios: round(diariaUsuarios, 4), nivel_pbm: round(gammaHazardForReach(tv.forma, diariaUsuarios), 6),
      minutos_regiao: minutos, fator_odds_regiao: fatorOdds,
    },
    radio: {
      forma: round(radio.forma, 6), nivel_metros: round(radio.nivel, 6),
      diaria_regiao: Object.fromEntries(MACRO_REGIOES.map((r) => [r, round(diariaRegiao[r], 4)])) as Record<Regiao, number>,
      deslocamento_logit_regioes: round(shift, 6), mercados,
    },
    exterior: { forma: round(ooh, 6), forma_rio: round(fitNbd(oH.rio.alcance.valor / 100, oH.rio.impactos.valor), 6), impactos_semana_sp: round(mSp, 2), alcance_diario_sp: round(nbdReach(ooh, mSp / 7), 4) },
    peso_midia: { ...PESO_MIDIA_RHO, duplicacao_100grp_7dias: duplicacao },
    beta: { tv: { alfa: round(tvBeta.alfa, 6), beta: round(tvBeta.beta, 6) }, radio: { alfa: round(radioBeta.alfa, 6), beta: round(radioBeta.beta, 6) } },
    curvas,
    margens,
    veredito: {
      ajuste: margens.every((m) => m.uso !== 'ajuste' || m.passou) ? 'passou' : 'reprovado',
      fora_da_amostra: { passaram: fora.filter((m) => m.passou).length, total: fora.length },
    },
  };
}
