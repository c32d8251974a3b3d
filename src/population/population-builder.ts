// Builds the synthetic population of one UF from the real data and the release seed. Typed arrays
// only (no per-person objects). Persons are numbered municipality -> tract -> household -> member,
// so households are contiguous; from generator 1.2.0 (`domicilios_censo`) the households are the
// 2022 Census's (census-households.ts). See docs/population.md for every modelled element and its source.
import { placeCensusHouseholds } from './census-households.js';
import { loadAgeSex, loadRace, macroRegionOf } from '../release/data-files.js';
import { distanceKm } from '../release/geometry.js';
import { incomeClass, internetCell, schoolingClass, type InternetAssignment } from './internet-model.js';
import { RADIO_USUARIOS_KANTAR, TV_USUARIOS_PBM } from './media-users.js';
import { largestRemainder, munKey, Rng, STREAM } from '../release/random.js';
import {
  CLASS_MAX, COMMUTE_MAX_SHARE, EDUCATION_INCOME_CORRELATION, ESTABLISHMENT_MAX, ESTABLISHMENT_PARETO_ALPHA,
  GRAVITY_MIN_KM, HOUSEHOLD_SIZE_SHARES, INTERNET_BY_BAND, INTERNET_REGION_FACTOR, INTERNET_URBAN_FACTOR,
  normalCdf, SCHOOL_BY_BAND, SCHOOL_TARGET_PUPILS, socioModel, WORK_BY_BAND, WORK_SEX_FACTOR,
} from './socio-model.js';
import { AGE_BANDS, PERSON_ATTRS, type BuildProgress, type Municipality, type TractLayout, type UfCode } from '../release/types.js';

/** The stored population of one UF; indices are local to the UF. Each typed array is a section of population-file.ts. */
export interface UfPopulation {
  release: string;
  uf: UfCode;
  seed: number;
  municipios: string[];
  munPop: Uint32Array;
  tractCodes: string[];
  tractMun: Uint16Array;
  tractUrban: Uint8Array;
  tractAp: Int32Array;
  tractLat: Float32Array;
  tractLon: Float32Array;
  aps: string[];
  apMun: Uint16Array;
  hhStart: Uint32Array;
  hhTract: Uint32Array;
  age5: Uint8Array;
  attrs: Uint16Array;
  group: Uint32Array;
  nTurmas: number;
  groupMun: Uint16Array;
  /**
   * Generator 1.2.0 (`domicilios_censo`): residents of collective dwellings per tract. They are the
   * tract's last ranges, one person each; the other ranges are occupied private households.
   */
  tractCollective?: Uint32Array;
}

/**
 * Race order from highest to lowest mean household income (2022 Census / PNAD: amarela, branca,
 * parda, preta, indigena): households with a higher income latent draw first from the
 * municipality's exact race counts, so race correlates with income (modelled).
 */
const RACE_INCOME_ORDER = [2, 0, 3, 1, 4];
/** Correlation of the household race-ordering key with its income latent (assumption). */
const RACE_INCOME_CORRELATION = 0.5;
/** Share of persons whose race is swapped with a random resident (mixed households; assumption). */
const RACE_SWAP_SHARE = 0.15;
const NO_DEST = 0xffff;

const yieldNow = () => new Promise<void>((r) => setImmediate(r));

/** Gravity weights pop_j / max(d_ij, 10 km)^2 between municipalities of the list, as cumulative rows. */
export function gravityTable(muns: Municipality[]): { cum: Float64Array; outward: Float64Array } {
  const n = muns.length;
  const cum = new Float64Array(n * n);
  const outward = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let j = 0; j < n; j++) {
      if (j !== i) {
        const d = Math.max(GRAVITY_MIN_KM, distanceKm(muns[i].lat, muns[i].lon, muns[j].lat, muns[j].lon));
        acc += muns[j].populacao / (d * d);
      }
      cum[i * n + j] = acc;
    }
    outward[i] = acc;
  }
  return { cum, outward };
}

/**
 * Share of a municipality's workers who commute out: COMMUTE_MAX_SHARE * G / (G + S), with G the
 * gravity mass of the other municipalities and S = pop / (10 km)^2 its own (same internal distance
 * for all, so a small town far from any city keeps its workers and a suburb sends many out).
 */
export function commuteShare(m: Municipality, outward: number): number {
  const self = m.populacao / (GRAVITY_MIN_KM * GRAVITY_MIN_KM);
  return COMMUTE_MAX_SHARE * (outward / (outward + self));
}

/** Index j with cum[j-1] <= u*total < cum[j] in one row of a cumulative table. */
export function sampleRow(cum: Float64Array, row: number, n: number, u: number): number {
  const target = u * cum[row * n + n - 1];
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[row * n + mid] > target) hi = mid; else lo = mid + 1;
  }
  return lo;
}

/** Mutable state of one UF build; one class so every helper sees one monomorphic shape. */
class UfBuildState {
  hh = 0;
  person = 0;
  tractBase = 0;
  nTurmas = 0;
  turmaMun: Uint16Array;
  hhStart: Uint32Array;
  hhTract: Uint32Array;
  readonly age5: Uint8Array;
  readonly attrs: Uint16Array;
  readonly group: Uint32Array;
  readonly workDest: Uint16Array;

  constructor(readonly seed: number, readonly N: number, readonly tractUrban: Uint8Array) {
    this.age5 = new Uint8Array(N);
    this.attrs = new Uint16Array(N);
    this.group = new Uint32Array(N).fill(0xffffffff);
    this.workDest = new Uint16Array(N).fill(NO_DEST);
    // Upper bounds, trimmed at the end.
    this.hhStart = new Uint32Array(N + 1);
    this.hhTract = new Uint32Array(N);
    this.turmaMun = new Uint16Array(Math.max(16, Math.ceil(N / 8)));
  }
}

const SIZE_CUM = (() => {
  const c = new Float64Array(HOUSEHOLD_SIZE_SHARES.length);
  let acc = 0;
  HOUSEHOLD_SIZE_SHARES.forEach((x, i) => { acc += x; c[i] = acc; });
  return c;
})();

/**
 * Households of each tract (generators before 1.2.0; census-households.ts from 1.2.0): sizes drawn
 * from the national shares, the last one of a tract cut to fit its residents. Returns H.
 */
function placeHouseholds(st: UfBuildState, L: TractLayout, rng: Rng): number {
  const hBase = st.hh;
  const total = SIZE_CUM[SIZE_CUM.length - 1];
  const { hhStart, hhTract } = st;
  let hh = st.hh, person = st.person;
  for (let t = 0; t < L.n; t++) {
    let left = L.pop[t];
    while (left > 0) {
      const u = rng.next() * total;
      let s = 1;
      while (s < SIZE_CUM.length && u >= SIZE_CUM[s - 1]) s++;
      if (s > left) s = left;
      hhStart[hh] = person;
      hhTract[hh] = st.tractBase + t;
      hh++;
      person += s;
      left -= s;
    }
  }
  hhStart[hh] = person;
  st.hh = hh;
  st.person = person;
  return hh - hBase;
}

/**
 * Sex x age cell (sex*17 + band) of each person of the municipality (generators before 1.2.0):
 * exact counts, reference persons adults (20+; the oldest young ones only if adults run out),
 * other members shuffled.
 */
function dealSexAge(cells: Int32Array, hhStart: Uint32Array, hBase: number, H: number, pBase: number, P: number, rng: Rng): Uint8Array {
  let nAd = 0;
  for (let s = 0; s < 2; s++) for (let b = 4; b < AGE_BANDS; b++) nAd += cells[s * AGE_BANDS + b];
  const adults = new Uint8Array(nAd);
  const young = new Uint8Array(P - nAd);
  let ia = 0, iy = 0;
  for (let c = 0; c < 2 * AGE_BANDS; c++) {
    const adult = c % AGE_BANDS >= 4;
    for (let k = 0; k < cells[c]; k++) if (adult) adults[ia++] = c; else young[iy++] = c;
  }
  rng.shuffle(adults);
  rng.shuffle(young);
  const cellOf = new Uint8Array(P);
  const others = new Uint8Array(Math.max(0, P - H));
  let o = 0;
  let youngFrom = 0;
  if (H > nAd) {
    young.sort((a, b) => (b % AGE_BANDS) - (a % AGE_BANDS));
    youngFrom = H - nAd;
  }
  for (let k = H; k < nAd; k++) others[o++] = adults[k];
  for (let k = youngFrom; k < young.length; k++) others[o++] = young[k];
  rng.shuffle(others);
  o = 0;
  for (let h = 0; h < H; h++) {
    const a = hhStart[hBase + h] - pBase;
    const b = hhStart[hBase + h + 1] - pBase;
    cellOf[a] = h < nAd ? adults[h] : young[h - nAd];
    for (let p = a + 1; p < b; p++) cellOf[p] = others[o++];
  }
  return cellOf;
}

/**
 * Tract effects on the household income latent (generator 1.1.0, `efeitos_setor`): per tract
 * e_t = eta_t + s_t with eta_t ~ N(0, 1) and s_t = +delta (1 - u) for urban, -delta u for rural
 * tracts (u the municipality's urban share of residents), so the shift averages 0 over residents.
 * The household latent is (rho e_t + sqrt(1 - rho^2) eps) / sqrt(1 + rho^2 delta^2 u (1 - u)):
 * unit variance, mean 0, so the municipality's income distribution is kept while tracts differ.
 */
const TRACT_EFFECT_RHO = 0.45;
const TRACT_EFFECT_URBAN_DELTA = 1.2;

function tractEffects(L: TractLayout, rng: Rng): { effect: Float64Array; norm: number } {
  let urbanPop = 0, pop = 0;
  for (let t = 0; t < L.n; t++) { pop += L.pop[t]; if (L.urban[t] === 1) urbanPop += L.pop[t]; }
  const u = pop > 0 ? urbanPop / pop : 0;
  const d = TRACT_EFFECT_URBAN_DELTA;
  const effect = new Float64Array(L.n);
  for (let t = 0; t < L.n; t++) effect[t] = rng.normal() + (L.urban[t] === 1 ? d * (1 - u) : -d * u);
  return { effect, norm: Math.sqrt(1 + TRACT_EFFECT_RHO * TRACT_EFFECT_RHO * d * d * u * (1 - u)) };
}

/**
 * Household income latents and the household order for dealing races (descending correlated key).
 * `tract` (generator 1.1.0) adds the tract effect of each household's tract.
 */
function incomeLatents(
  H: number, rng: Rng, tract: { effect: Float64Array; norm: number; hhTract: Uint32Array; hBase: number; tractBase: number } | null,
): { zH: Float64Array; order: Uint32Array } {
  const rho = RACE_INCOME_CORRELATION, rho2 = Math.sqrt(1 - rho * rho);
  const rt = TRACT_EFFECT_RHO, rt2 = Math.sqrt(1 - rt * rt);
  const zH = new Float64Array(H);
  const bins = new Uint16Array(H);
  const BINS = 4096;
  const binStart = new Uint32Array(BINS + 1);
  for (let h = 0; h < H; h++) {
    zH[h] = rng.normal();
    if (tract) zH[h] = (rt * tract.effect[tract.hhTract[tract.hBase + h] - tract.tractBase] + rt2 * zH[h]) / tract.norm;
    const b = Math.min(BINS - 1, Math.floor(normalCdf(rho * zH[h] + rho2 * rng.normal()) * BINS));
    bins[h] = BINS - 1 - b;
    binStart[bins[h] + 1]++;
  }
  for (let b = 0; b < BINS; b++) binStart[b + 1] += binStart[b];
  const order = new Uint32Array(H);
  for (let h = 0; h < H; h++) order[binStart[bins[h]]++] = h;
  return { zH, order };
}

/** Race of each person: exact counts dealt in household income order, then partly swapped. */
function dealRace(raceCounts: Int32Array, hhStart: Uint32Array, hBase: number, order: Uint32Array, pBase: number, P: number, rng: Rng): Uint8Array {
  const seq = new Uint8Array(P);
  let q = 0;
  for (const r of RACE_INCOME_ORDER) for (let k = 0; k < raceCounts[r]; k++) seq[q++] = r;
  const raceOf = new Uint8Array(P);
  q = 0;
  for (let k = 0; k < order.length; k++) {
    const h = order[k];
    for (let p = hhStart[hBase + h]; p < hhStart[hBase + h + 1]; p++) raceOf[p - pBase] = seq[q++];
  }
  const swaps = Math.floor(RACE_SWAP_SHARE * P);
  for (let k = 0; k < swaps; k++) {
    const i = rng.int(P), j = rng.int(P);
    const t = raceOf[i]; raceOf[i] = raceOf[j]; raceOf[j] = t;
  }
  return raceOf;
}

interface MunicipalModel {
  edu: Float64Array;
  mu: number;
  sigma: number;
  logCut: number[];
  regionF: number;
  /** Index into MACRO_REGIOES (generator 1.5.0's internet model). */
  region: number;
  commute: number;
  mi: number;
  gravity: { cum: Float64Array; outward: Float64Array };
  nM: number;
}

/** Age, packed attributes, pupils (returned) and workers' municipality of work of one municipality. */
function assignPersons(
  st: UfBuildState, hBase: number, H: number, pBase: number, cellOf: Uint8Array, raceOf: Uint8Array, zH: Float64Array,
  mm: MunicipalModel, key: number, internetModel?: InternetAssignment, tvUsers?: BuildOptions['tvUsers'],
): Uint32Array {
  const { sexo, raca, escolaridade, renda, internet, tv, radio } = PERSON_ATTRS;
  const { hhStart, hhTract, tractUrban, age5, attrs, workDest } = st;
  const rhoE = EDUCATION_INCOME_CORRELATION, rhoE2 = Math.sqrt(1 - rhoE * rhoE);
  const rngE = new Rng(st.seed, STREAM.education, key);
  const rngN = new Rng(st.seed, STREAM.internet, key);
  const rngS = new Rng(st.seed, STREAM.school, key);
  const rngW = new Rng(st.seed, STREAM.work, key);
  // Generator 1.5.0 only: its own stream, so every other draw stays v1.4.0's.
  const rngM = internetModel ? new Rng(st.seed, STREAM.mediaUsers, key) : null;
  const edu = mm.edu;
  const students = new Uint32Array(hhStart[hBase + H] - pBase);
  let nStu = 0;
  for (let h = 0; h < H; h++) {
    const z = zH[h];
    const lz = mm.mu + mm.sigma * z;
    let bracket = 0;
    while (bracket < 4 && lz > mm.logCut[bracket]) bracket++;
    const urban = tractUrban[hhTract[hBase + h]];
    const netF = INTERNET_URBAN_FACTOR[urban] * mm.regionF;
    // Generator 1.5.0: the household's family income class, shared by its members.
    const incomeCls = internetModel ? incomeClass(lz, hhStart[hBase + h + 1] - hhStart[hBase + h]) : 0;
    for (let p = hhStart[hBase + h]; p < hhStart[hBase + h + 1]; p++) {
      const c = cellOf[p - pBase];
      const band = c % AGE_BANDS;
      const sex = c >= AGE_BANDS ? 1 : 0;
      let level = 0;
      const e = normalCdf(rhoE * z + rhoE2 * rngE.normal());
      if (band >= 3) {
        const o = band * 3;
        level = (e > 1 - edu[o] ? 1 : 0) + (e > 1 - edu[o + 1] ? 1 : 0) + (e > 1 - edu[o + 2] ? 1 : 0);
      }
      const u = rngN.next();
      let net: number;
      if (internetModel && band >= 2) {
        // Generator 1.5.0: the joint model for ages 10+ (internet-model.ts); same draw, new probability.
        const cell = internetCell(band, schoolingClass(band, level, e, edu[band * 3]), incomeCls, urban, mm.region);
        if (internetModel.counts) internetModel.counts[cell * 10 + sex * 5 + raceOf[p - pBase]]++;
        net = u < internetModel.p[cell] ? 1 : 0;
      } else net = u < Math.min(0.99, INTERNET_BY_BAND[band] * netF) ? 1 : 0;
      age5[p] = band;
      attrs[p] = (sex << sexo.shift) | (raceOf[p - pBase] << raca.shift) | (level << escolaridade.shift) |
        (bracket << renda.shift) | (net << internet.shift);
      // tvUsers (v2.0.0 on): the TV households' share of the tract's area, same draw
      if (rngM) attrs[p] |= ((rngM.next() < (tvUsers ? tvUsers[urban] : TV_USUARIOS_PBM) ? 1 : 0) << tv.shift) | ((rngM.next() < RADIO_USUARIOS_KANTAR ? 1 : 0) << radio.shift);
      const us = rngS.next();
      const uw = rngW.next();
      if (band <= 3 && us < SCHOOL_BY_BAND[band]) students[nStu++] = p;
      else if (band >= 3 && band < WORK_BY_BAND.length && uw < Math.min(0.95, WORK_BY_BAND[band] * WORK_SEX_FACTOR[sex])) {
        workDest[p] = rngW.next() < mm.commute ? sampleRow(mm.gravity.cum, mm.mi, mm.nM, rngW.next()) : mm.mi;
      }
    }
  }
  return students.subarray(0, nStu);
}

/** Schools: contiguous runs of pupils (persons are in tract order), classes of <= 35 by band. */
function assignClasses(st: UfBuildState, students: Uint32Array, mi: number): void {
  const { age5, group } = st;
  const nStu = students.length;
  const nSchools = Math.max(1, Math.round(nStu / SCHOOL_TARGET_PUPILS));
  const count = new Int32Array(4), first = new Int32Array(4), classes = new Int32Array(4), seen = new Int32Array(4);
  for (let s = 0; s < nSchools; s++) {
    const a = Math.floor((s * nStu) / nSchools), b = Math.floor(((s + 1) * nStu) / nSchools);
    count.fill(0);
    seen.fill(0);
    for (let k = a; k < b; k++) count[age5[students[k]]]++;
    for (let band = 1; band <= 3; band++) {
      classes[band] = Math.ceil(count[band] / CLASS_MAX);
      first[band] = st.nTurmas;
      if (st.nTurmas + classes[band] > st.turmaMun.length) {
        const g = new Uint16Array(st.turmaMun.length * 2);
        g.set(st.turmaMun);
        st.turmaMun = g;
      }
      st.turmaMun.fill(mi, st.nTurmas, st.nTurmas + classes[band]);
      st.nTurmas += classes[band];
    }
    for (let k = a; k < b; k++) {
      const p = students[k];
      const band = age5[p];
      group[p] = first[band] + Math.floor((seen[band]++ * classes[band]) / count[band]);
    }
  }
}

/**
 * Establishments: per municipality of work, its workers (residents and commuters) in random
 * order, cut into heavy-tailed sizes. Group ids follow the classes. Returns their municipalities.
 */
function formEstablishments(st: UfBuildState, muns: Municipality[]): Uint16Array {
  const nM = muns.length;
  const { workDest, group, N } = st;
  const perDest = new Uint32Array(nM + 1);
  for (let p = 0; p < N; p++) if (workDest[p] !== NO_DEST) perDest[workDest[p] + 1]++;
  for (let j = 0; j < nM; j++) perDest[j + 1] += perDest[j];
  const nWorkers = perDest[nM];
  const workers = new Uint32Array(nWorkers);
  const fill = perDest.slice(0, nM);
  for (let p = 0; p < N; p++) if (workDest[p] !== NO_DEST) workers[fill[workDest[p]]++] = p;
  const estMun = new Uint16Array(Math.max(1, nWorkers));
  let nEst = 0;
  for (let j = 0; j < nM; j++) {
    const rng = new Rng(st.seed, STREAM.establishment, munKey(muns[j].codigo));
    rng.shuffle(workers, perDest[j], perDest[j + 1]);
    let k = perDest[j];
    while (k < perDest[j + 1]) {
      const size = Math.min(ESTABLISHMENT_MAX, Math.floor((1 - rng.next()) ** (-1 / ESTABLISHMENT_PARETO_ALPHA)));
      const end = Math.min(perDest[j + 1], k + size);
      const g = st.nTurmas + nEst;
      for (; k < end; k++) group[workers[k]] = g;
      estMun[nEst++] = j;
    }
  }
  return estMun.subarray(0, nEst);
}

/** Generator switches: tract effects (1.1.0), Census households (1.2.0), the joint internet model (1.5.0). */
export interface BuildOptions {
  tractEffects?: boolean;
  censusHouseholds?: boolean;
  internet?: InternetAssignment;
  /** Generator tv_por_area (v2.0.0 on): the share of persons in TV households [rural, urban] (else TV_USUARIOS_PBM everywhere). */
  tvUsers?: readonly [number, number];
}

export async function buildUfPopulation(
  release: string,
  seed: number,
  uf: UfCode,
  muns: Municipality[],
  layoutOf: (code: string) => TractLayout,
  onProgress?: (p: BuildProgress) => void,
  opts: BuildOptions = {},
): Promise<UfPopulation> {
  const nM = muns.length;
  const model = socioModel();
  const ageSex = loadAgeSex();
  const raceData = loadRace();
  const layouts: TractLayout[] = [];
  for (const m of muns) {
    layouts.push(layoutOf(m.codigo));
    onProgress?.({ uf, stage: 'tracts', done: layouts.length, total: nM });
  }

  let N = 0, nT = 0, nAp = 0;
  for (let i = 0; i < nM; i++) { N += muns[i].populacao; nT += layouts[i].n; nAp += layouts[i].aps.length; }

  const tractCodes = new Array<string>(nT);
  const tractMun = new Uint16Array(nT);
  const tractUrban = new Uint8Array(nT);
  const tractAp = new Int32Array(nT);
  const tractLat = new Float32Array(nT);
  const tractLon = new Float32Array(nT);
  const aps: string[] = [];
  const apMun = new Uint16Array(nAp);
  const munPop = new Uint32Array(nM);
  {
    let t = 0;
    for (let i = 0; i < nM; i++) {
      const L = layouts[i];
      const apBase = aps.length;
      for (const a of L.aps) { apMun[aps.length] = i; aps.push(a); }
      for (let k = 0; k < L.n; k++, t++) {
        tractCodes[t] = L.codes[k];
        tractMun[t] = i;
        tractUrban[t] = L.urban[k];
        tractAp[t] = L.apIndex[k] >= 0 ? apBase + L.apIndex[k] : -1;
        tractLat[t] = L.lat[k];
        tractLon[t] = L.lon[k];
      }
      munPop[i] = muns[i].populacao;
    }
  }

  const st = new UfBuildState(seed, N, tractUrban);
  const gravity = gravityTable(muns);
  const logCut = model.incomeCutoffs.map(Math.log);
  const region = macroRegionOf(uf);
  let lastYield = performance.now();
  for (let mi = 0; mi < nM; mi++) {
    const m = muns[mi];
    const L = layouts[mi];
    const key = munKey(m.codigo);
    const P = m.populacao;
    const pBase = st.person;
    const hBase = st.hh;
    const cells = largestRemainder(ageSex.get(m.codigo)!, P);
    let H: number, cellOf: Uint8Array;
    if (opts.censusHouseholds) ({ ranges: H, cellOf } = placeCensusHouseholds(st, L, m.codigo, cells, seed, key));
    else {
      const rngH = new Rng(seed, STREAM.household, key);
      H = placeHouseholds(st, L, rngH);
      cellOf = dealSexAge(cells, st.hhStart, hBase, H, pBase, P, rngH);
    }
    const tract = opts.tractEffects
      ? { ...tractEffects(L, new Rng(seed, STREAM.tractEffect, key)), hhTract: st.hhTract, hBase, tractBase: st.tractBase }
      : null;
    const { zH, order } = incomeLatents(H, new Rng(seed, STREAM.income, key), tract);
    const raceOf = dealRace(largestRemainder(raceData.get(m.codigo)!, P), st.hhStart, hBase, order, pBase, P, new Rng(seed, STREAM.race, key));
    const students = assignPersons(st, hBase, H, pBase, cellOf, raceOf, zH, {
      edu: model.educationAtLeast.get(m.codigo)!, mu: model.incomeMu.get(m.codigo)!, sigma: model.incomeSigma.get(m.codigo)!,
      logCut, regionF: INTERNET_REGION_FACTOR[m.regiao] ?? 1, region,
      commute: commuteShare(m, gravity.outward[mi]), mi, gravity, nM,
    }, key, opts.internet, opts.tvUsers);
    assignClasses(st, students, mi);
    st.tractBase += L.n;
    onProgress?.({ uf, stage: 'persons', done: mi + 1, total: nM });
    if (performance.now() - lastYield > 100) { await yieldNow(); lastYield = performance.now(); }
  }
  const estMun = formEstablishments(st, muns);
  onProgress?.({ uf, stage: 'groups', done: nM, total: nM });

  const groupMun = new Uint16Array(st.nTurmas + estMun.length);
  groupMun.set(st.turmaMun.subarray(0, st.nTurmas));
  groupMun.set(estMun, st.nTurmas);
  const built: UfPopulation = {
    release, uf, seed, municipios: muns.map((m) => m.codigo), munPop, tractCodes, tractMun, tractUrban, tractAp,
    tractLat, tractLon, aps, apMun, hhStart: st.hhStart.slice(0, st.hh + 1), hhTract: st.hhTract.slice(0, st.hh),
    age5: st.age5, attrs: st.attrs, group: st.group, nTurmas: st.nTurmas, groupMun,
  };
  if (opts.censusHouseholds) {
    built.tractCollective = new Uint32Array(nT);
    let t = 0;
    for (const L of layouts) for (let k = 0; k < L.n; k++) built.tractCollective[t++] = L.collective![k];
  }
  return built;
}
