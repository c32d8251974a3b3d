// Modelled education, income, internet use, school attendance and employment of persons. Every
// constant here is either a published figure from data/br (named next to it) or an assumption
// stated as such; docs/population.md lists them. Keep the two in sync.
import { loadAgeSex, loadAtlas, loadMunicipalities, loadUfSocio } from '../release/data-files.js';
import { AGE_BANDS, type Municipality } from '../release/types.js';

/** Standard normal CDF (Abramowitz-Stegun 26.2.17, |error| < 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989422804014327 * Math.exp((-x * x) / 2);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x > 0 ? 1 - p : p;
}

/** Inverse standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const pl = 0.02425;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - pl) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));
const clampP = (p: number) => Math.min(0.995, Math.max(0.005, p));

/**
 * National shares of adults 25+ with at least each level, 2023 (fatos_nacionais.csv, PNAD
 * Contínua): fundamental completo or more = 100 - 6.0 - 27.1 = 66.9%; medio completo or more = 54.5%;
 * superior completo = 19.7%.
 */
export const EDUCATION_TARGETS_25PLUS_2023 = [0.669, 0.545, 0.197] as const;
/** Assumed logit slope per 5-year band of age (older adults less schooled), per level. */
const EDUCATION_AGE_SLOPE = [0.22, 0.22, 0.12] as const;
/** Levels of ages 15-19 and 20-24 relative to 25-29 (assumption: schooling still under way). */
const EDUCATION_YOUNG = { b15: [0.75, 0.25, 0], b20: [1, 0.9, 0.25] } as const;

/** Correlation of a person's education latent and its household's income latent (assumption). */
export const EDUCATION_INCOME_CORRELATION = 0.5;

export interface SocioModel {
  /** Per municipality (code): P(level >= k) for k=1..3 by age band, Float64Array(17*3). */
  educationAtLeast: Map<string, Float64Array>;
  /** Logit shifts fitted so the national 25+ shares match EDUCATION_TARGETS_25PLUS_2023. */
  educationShift: number[];
  /** Log-normal household income per capita per municipality: mu and sigma of log(R$/month). */
  incomeMu: Map<string, number>;
  incomeSigma: Map<string, number>;
  /** National quintile cut-offs (R$/month) of household income per capita over persons. */
  incomeCutoffs: number[];
}

function ageShares(m: Municipality): Float64Array {
  const raw = loadAgeSex().get(m.codigo);
  if (!raw) throw new Error(`campaign-sim: no sex x age estimates for ${m.codigo}`);
  const out = new Float64Array(AGE_BANDS);
  let tot = 0;
  for (let s = 0; s < 2; s++) for (let b = 0; b < AGE_BANDS; b++) { out[b] += raw[s * AGE_BANDS + b]; tot += raw[s * AGE_BANDS + b]; }
  for (let b = 0; b < AGE_BANDS; b++) out[b] /= tot;
  return out;
}

function bisect(f: (x: number) => number, lo: number, hi: number): number {
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < 0) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

let cache: SocioModel | undefined;

/** The national model (fitted once per process over all 5,570 municipalities; data only, no seed). */
export function socioModel(): SocioModel {
  if (cache) return cache;
  const muns = loadMunicipalities();
  const atlas = loadAtlas();
  const ufSocio = loadUfSocio();
  const shares = muns.map(ageShares);

  // Education: logit(P_k | m, b>=25) = logit(atlas share_k) + shift_k - slope_k * (b - 9).
  // Flat typed arrays: this fit runs over 5,570 x 12 cells per bisection step.
  const nM = muns.length;
  const base = new Float64Array(nM * 3);
  const adults = new Float64Array(nM * AGE_BANDS);
  let den = 0;
  muns.forEach((m, i) => {
    const a = atlas.get(m.codigo)!;
    base[i * 3] = logit(clampP(a.pFund / 100));
    base[i * 3 + 1] = logit(clampP(a.pMed / 100));
    base[i * 3 + 2] = logit(clampP(a.pSuper / 100));
    for (let b = 5; b < AGE_BANDS; b++) { adults[i * AGE_BANDS + b] = m.populacao * shares[i][b]; den += adults[i * AGE_BANDS + b]; }
  });
  const shift: number[] = [];
  for (let k = 0; k < 3; k++) {
    const slope = EDUCATION_AGE_SLOPE[k];
    shift.push(bisect((sh) => {
      let num = 0;
      for (let i = 0; i < nM; i++) {
        const l = base[i * 3 + k] + sh;
        for (let b = 5; b < AGE_BANDS; b++) num += adults[i * AGE_BANDS + b] * expit(l - slope * (b - 9));
      }
      return num / den - EDUCATION_TARGETS_25PLUS_2023[k];
    }, -10, 10));
  }
  const educationAtLeast = new Map<string, Float64Array>();
  muns.forEach((m, i) => {
    const p = new Float64Array(AGE_BANDS * 3);
    for (let b = 5; b < AGE_BANDS; b++) {
      let prev = 1;
      for (let k = 0; k < 3; k++) {
        prev = Math.min(prev, expit(base[i * 3 + k] + shift[k] - EDUCATION_AGE_SLOPE[k] * (b - 9)));
        p[b * 3 + k] = prev;
      }
    }
    for (let k = 0; k < 3; k++) {
      p[3 * 3 + k] = EDUCATION_YOUNG.b15[k] * p[5 * 3 + k];
      p[4 * 3 + k] = EDUCATION_YOUNG.b20[k] * p[5 * 3 + k];
    }
    educationAtLeast.set(m.codigo, p);
  });

  // Income: log-normal per municipality; mean = Atlas rdpc 2010 x UF (2023 / 2010); Gini likewise.
  const incomeMu = new Map<string, number>();
  const incomeSigma = new Map<string, number>();
  for (const m of muns) {
    const a = atlas.get(m.codigo)!;
    const u = ufSocio.get(m.uf)!;
    const mean = a.rdpc * (u.rdpc2023 / u.rdpc2010);
    const gini = Math.min(0.8, Math.max(0.2, a.gini * (u.gini / u.gini2010)));
    const sigma = Math.SQRT2 * normalQuantile((gini + 1) / 2);
    incomeSigma.set(m.codigo, sigma);
    incomeMu.set(m.codigo, Math.log(mean) - (sigma * sigma) / 2);
  }
  const totalPop = muns.reduce((s, m) => s + m.populacao, 0);
  const muArr = Float64Array.from(muns, (m) => incomeMu.get(m.codigo)!);
  const sigArr = Float64Array.from(muns, (m) => incomeSigma.get(m.codigo)!);
  const popArr = Float64Array.from(muns, (m) => m.populacao);
  const incomeCutoffs = [0.2, 0.4, 0.6, 0.8].map((q) =>
    Math.exp(bisect((lc) => {
      let f = 0;
      for (let i = 0; i < nM; i++) f += popArr[i] * normalCdf((lc - muArr[i]) / sigArr[i]);
      return f / totalPop - q;
    }, 0, 15)),
  );
  cache = { educationAtLeast, educationShift: shift, incomeMu, incomeSigma, incomeCutoffs };
  return cache;
}

/**
 * Internet use in the last 3 months by 5-year band (PNAD TIC 2023, fatos_nacionais.csv):
 * 10-13 84.2%, 14-19 to 40-49 at least 93.4% (25-29 96.3%), 50-59 88%, 60+ 66%. Band 10-14 mixes
 * 10-13 and 14 (0.8*84.2 + 0.2*93.4). PNAD TIC does not cover ages under 10: 0-4 are set to 0 and
 * 5-9 to 50% (assumption).
 */
export const INTERNET_BY_BAND = [0, 0.5, 0.86, 0.934, 0.95, 0.963, 0.95, 0.94, 0.934, 0.934, 0.88, 0.88, 0.66, 0.66, 0.66, 0.66, 0.66];
/** Urban / rural factors: 89.6% and 76.6% against 88.0% nationally (PNAD TIC 2023). */
export const INTERNET_URBAN_FACTOR = [76.6 / 88.0, 89.6 / 88.0] as const;
/** Regional factors (PNAD TIC 2023: CO 91.4, SE 89.9, S 89.2, N 85.3, NE 84.2 against 88.0). */
export const INTERNET_REGION_FACTOR: Record<string, number> = {
  'Centro-Oeste': 91.4 / 88, Sudeste: 89.9 / 88, Sul: 89.2 / 88, Norte: 85.3 / 88, Nordeste: 84.2 / 88,
};

/**
 * Share of each band attending school at ages ~6-17 (assumption near the PNAD attendance rates):
 * 5-9 holds ages 6-9 in 4 of its 5 years, 15-19 holds 15-17 (about 90% attending) and some 18-19.
 */
export const SCHOOL_BY_BAND = [0, 0.78, 0.97, 0.67];
/** Maximum pupils per class (turma). */
export const CLASS_MAX = 35;
/** Pupils per school aimed at (assumption; schools group contiguous tracts). */
export const SCHOOL_TARGET_PUPILS = 400;

/**
 * Employment rate by band for ages 18-64 (assumption near the PNAD Contínua 2023 occupation levels,
 * about 57% of 14+; men ~68%, women ~48%); band 15-19 counts only non-pupils, band 60-64 is the last.
 */
export const WORK_BY_BAND = [0, 0, 0, 0.2, 0.62, 0.76, 0.76, 0.76, 0.72, 0.7, 0.66, 0.6, 0.4];
export const WORK_SEX_FACTOR = [1.17, 0.83] as const;
/** Heavy-tailed establishment sizes: discrete Pareto with this exponent, capped (assumption). */
export const ESTABLISHMENT_PARETO_ALPHA = 1.2;
export const ESTABLISHMENT_MAX = 5000;
/** Largest share of a municipality's workers commuting to another municipality (gravity model). */
export const COMMUTE_MAX_SHARE = 0.3;
/** Minimum distance in the gravity model, km (keeps neighbouring seats from dominating). */
export const GRAVITY_MIN_KM = 10;

/**
 * Household sizes (1..7), approximating the 2022 Census distribution of private households
 * (mean 2.79 persons); assumption, not in data/br. Generators before 1.2.0 only: from 1.2.0 the
 * households are the Census's own (census-households.ts).
 */
export const HOUSEHOLD_SIZE_SHARES = [0.189, 0.276, 0.241, 0.179, 0.074, 0.026, 0.015];
