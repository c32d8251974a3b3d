// Builds the synthetic population of one UF from the real data and the release seed. Typed arrays
// only (no per-person objects). Persons are numbered municipality -> tract -> household -> member,
// so households are contiguous. See docs/population.md for every modelled element and its source.
import { AGE_BANDS, loadAgeSex, loadRace } from './data-files.js';
import { distanceKm } from './geometry.js';
import { largestRemainder, munKey, Rng, STREAM } from './random.js';
import {
  CLASS_MAX, COMMUTE_MAX_SHARE, EDUCATION_INCOME_CORRELATION, ESTABLISHMENT_MAX, ESTABLISHMENT_PARETO_ALPHA,
  GRAVITY_MIN_KM, HOUSEHOLD_SIZE_SHARES, INTERNET_BY_BAND, INTERNET_REGION_FACTOR, INTERNET_URBAN_FACTOR,
  normalCdf, SCHOOL_BY_BAND, SCHOOL_TARGET_PUPILS, socioModel, WORK_BY_BAND, WORK_SEX_FACTOR,
} from './socio-model.js';
import type { TractLayout } from './tracts.js';
import { PERSON_ATTRS, type BuildProgress, type Municipality, type UfCode } from './types.js';

/** The stored population of one UF; indices are local to the UF. Keep in sync with population-file.ts. */
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

export async function buildUfPopulation(
  release: string,
  seed: number,
  uf: UfCode,
  muns: Municipality[],
  layoutOf: (code: string) => TractLayout,
  onProgress?: (p: BuildProgress) => void,
): Promise<UfPopulation> {
  const nM = muns.length;
  const model = socioModel();
  const ageSex = loadAgeSex();
  const raceData = loadRace();
  const layouts = muns.map((m) => layoutOf(m.codigo));
  onProgress?.({ uf, stage: 'tracts', done: nM, total: nM });

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

  const age5 = new Uint8Array(N);
  const attrs = new Uint16Array(N);
  const group = new Uint32Array(N).fill(0xffffffff);
  const workDest = new Uint16Array(N).fill(NO_DEST);
  // Upper bounds, trimmed at the end.
  let hhStart = new Uint32Array(N + 1);
  let hhTract = new Uint32Array(N);
  let turmaMun = new Uint16Array(Math.max(16, Math.ceil(N / 8)));
  let nTurmas = 0;

  const gravity = gravityTable(muns);
  const sizeCum = new Float64Array(HOUSEHOLD_SIZE_SHARES.length);
  HOUSEHOLD_SIZE_SHARES.reduce((acc, s, i) => (sizeCum[i] = acc + s), 0);
  const sizeTotal = sizeCum[sizeCum.length - 1];
  const rhoE = EDUCATION_INCOME_CORRELATION, rhoE2 = Math.sqrt(1 - rhoE * rhoE);
  const rhoR = RACE_INCOME_CORRELATION, rhoR2 = Math.sqrt(1 - rhoR * rhoR);
  const logCut = model.incomeCutoffs.map(Math.log);
  const { sexo, raca, escolaridade, renda, internet } = PERSON_ATTRS;

  let person = 0, hh = 0, tractBase = 0;
  let lastYield = performance.now();
  for (let mi = 0; mi < nM; mi++) {
    const m = muns[mi];
    const L = layouts[mi];
    const key = munKey(m.codigo);
    const P = m.populacao;
    const pBase = person;
    const hBase = hh;

    // Households: sizes drawn per tract, the last one of a tract truncated to fit its residents.
    const rngH = new Rng(seed, STREAM.household, key);
    for (let t = 0; t < L.n; t++) {
      let left = L.pop[t];
      while (left > 0) {
        const u = rngH.next() * sizeTotal;
        let s = 1;
        while (s < sizeCum.length && u >= sizeCum[s - 1]) s++;
        s = Math.min(s, left);
        hhStart[hh] = person;
        hhTract[hh] = tractBase + t;
        hh++;
        person += s;
        left -= s;
      }
    }
    hhStart[hh] = person;
    const H = hh - hBase;

    // Sex x age cells: the municipality's shares scaled to its Census total (exact counts).
    const cells = largestRemainder(ageSex.get(m.codigo)!, P);
    let nAd = 0;
    for (let s = 0; s < 2; s++) for (let b = 4; b < AGE_BANDS; b++) nAd += cells[s * AGE_BANDS + b];
    const adults = new Uint8Array(nAd);
    const young = new Uint8Array(P - nAd);
    {
      let ia = 0, iy = 0;
      for (let c = 0; c < 2 * AGE_BANDS; c++) {
        const adult = c % AGE_BANDS >= 4;
        for (let k = 0; k < cells[c]; k++) if (adult) adults[ia++] = c; else young[iy++] = c;
      }
    }
    rngH.shuffle(adults);
    rngH.shuffle(young);
    // Reference persons are adults (20+); only if adults run out the oldest young ones stand in.
    const cellOf = new Uint8Array(P);
    {
      const others = new Uint8Array(P - H);
      let o = 0;
      let youngFrom = 0;
      if (H > nAd) {
        young.sort((a, b) => (b % AGE_BANDS) - (a % AGE_BANDS));
        youngFrom = H - nAd;
      }
      for (let k = H; k < nAd; k++) others[o++] = adults[k];
      for (let k = youngFrom; k < young.length; k++) others[o++] = young[k];
      rngH.shuffle(others);
      o = 0;
      for (let h = 0; h < H; h++) {
        const a = hhStart[hBase + h] - pBase;
        const b = hhStart[hBase + h + 1] - pBase;
        cellOf[a] = h < nAd ? adults[h] : young[h - nAd];
        for (let p = a + 1; p < b; p++) cellOf[p] = others[o++];
      }
    }

    // Household latent (income) and race ordering key.
    const rngI = new Rng(seed, STREAM.income, key);
    const zH = new Float64Array(H);
    const bins = new Uint16Array(H);
    const BINS = 4096;
    const binCount = new Uint32Array(BINS + 1);
    for (let h = 0; h < H; h++) {
      zH[h] = rngI.normal();
      const b = Math.min(BINS - 1, Math.floor(normalCdf(rhoR * zH[h] + rhoR2 * rngI.normal()) * BINS));
      bins[h] = BINS - 1 - b; // descending key
      binCount[bins[h] + 1]++;
    }
    for (let b = 0; b < BINS; b++) binCount[b + 1] += binCount[b];
    const hhOrder = new Uint32Array(H);
    for (let h = 0; h < H; h++) hhOrder[binCount[bins[h]]++] = h;

    // Race: exact Census counts, dealt in income order, then partly swapped.
    const raceCounts = largestRemainder(raceData.get(m.codigo)!, P);
    const raceOf = new Uint8Array(P);
    {
      const seq = new Uint8Array(P);
      let q = 0;
      for (const r of RACE_INCOME_ORDER) for (let k = 0; k < raceCounts[r]; k++) seq[q++] = r;
      q = 0;
      for (let k = 0; k < H; k++) {
        const h = hhOrder[k];
        for (let p = hhStart[hBase + h]; p < hhStart[hBase + h + 1]; p++) raceOf[p - pBase] = seq[q++];
      }
      const rngR = new Rng(seed, STREAM.race, key);
      const swaps = Math.floor(RACE_SWAP_SHARE * P);
      for (let k = 0; k < swaps; k++) {
        const i = rngR.int(P), j = rngR.int(P);
        const t = raceOf[i]; raceOf[i] = raceOf[j]; raceOf[j] = t;
      }
    }

    // Person attributes.
    const edu = model.educationAtLeast.get(m.codigo)!;
    const mu = model.incomeMu.get(m.codigo)!;
    const sigma = model.incomeSigma.get(m.codigo)!;
    const regionF = INTERNET_REGION_FACTOR[m.regiao] ?? 1;
    const rngE = new Rng(seed, STREAM.education, key);
    const rngN = new Rng(seed, STREAM.internet, key);
    const rngS = new Rng(seed, STREAM.school, key);
    const rngW = new Rng(seed, STREAM.work, key);
    const commute = commuteShare(m, gravity.outward[mi]);
    const students: number[] = [];
    for (let h = 0; h < H; h++) {
      const z = zH[h];
      const lz = mu + sigma * z;
      let bracket = 0;
      while (bracket < 4 && lz > logCut[bracket]) bracket++;
      const urban = tractUrban[hhTract[hBase + h]];
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
        const net = rngN.next() < Math.min(0.99, INTERNET_BY_BAND[band] * INTERNET_URBAN_FACTOR[urban] * regionF) ? 1 : 0;
        age5[p] = band;
        attrs[p] = (sex << sexo.shift) | (raceOf[p - pBase] << raca.shift) | (level << escolaridade.shift) |
          (bracket << renda.shift) | (net << internet.shift);
        const us = rngS.next();
        const uw = rngW.next();
        if (band <= 3 && us < SCHOOL_BY_BAND[band]) students.push(p);
        else if (band >= 3 && band < WORK_BY_BAND.length && uw < Math.min(0.95, WORK_BY_BAND[band] * WORK_SEX_FACTOR[sex])) {
          workDest[p] = rngW.next() < commute ? sampleRow(gravity.cum, mi, nM, rngW.next()) : mi;
        }
      }
    }

    // Schools: contiguous runs of pupils (persons are in tract order), classes of <= 35 by band.
    const nStu = students.length;
    const nSchools = Math.max(1, Math.round(nStu / SCHOOL_TARGET_PUPILS));
    for (let s = 0; s < nSchools; s++) {
      const a = Math.floor((s * nStu) / nSchools), b = Math.floor(((s + 1) * nStu) / nSchools);
      const count = [0, 0, 0, 0];
      for (let k = a; k < b; k++) count[age5[students[k]]]++;
      const first = [0, 0, 0, 0], classes = [0, 0, 0, 0], seen = [0, 0, 0, 0];
      for (let band = 1; band <= 3; band++) {
        classes[band] = Math.ceil(count[band] / CLASS_MAX);
        first[band] = nTurmas;
        if (nTurmas + classes[band] > turmaMun.length) {
          const g = new Uint16Array(turmaMun.length * 2);
          g.set(turmaMun);
          turmaMun = g;
        }
        turmaMun.fill(mi, nTurmas, nTurmas + classes[band]);
        nTurmas += classes[band];
      }
      for (let k = a; k < b; k++) {
        const p = students[k];
        const band = age5[p];
        group[p] = first[band] + Math.floor((seen[band]++ * classes[band]) / count[band]);
      }
    }

    tractBase += L.n;
    onProgress?.({ uf, stage: 'persons', done: mi + 1, total: nM });
    if (performance.now() - lastYield > 100) { await yieldNow(); lastYield = performance.now(); }
  }

  // Establishments: per municipality of work, its workers (residents and commuters) in random
  // order, cut into heavy-tailed sizes. Group ids follow the turmas.
  const perDest = new Uint32Array(nM + 1);
  for (let p = 0; p < N; p++) if (workDest[p] !== NO_DEST) perDest[workDest[p] + 1]++;
  for (let j = 0; j < nM; j++) perDest[j + 1] += perDest[j];
  const nWorkers = perDest[nM];
  const workers = new Uint32Array(nWorkers);
  {
    const fill = perDest.slice(0, nM);
    for (let p = 0; p < N; p++) if (workDest[p] !== NO_DEST) workers[fill[workDest[p]]++] = p;
  }
  const estMun = new Uint16Array(Math.max(1, nWorkers));
  let nEst = 0;
  for (let j = 0; j < nM; j++) {
    const rng = new Rng(seed, STREAM.establishment, munKey(muns[j].codigo));
    rng.shuffle(workers, perDest[j], perDest[j + 1]);
    let k = perDest[j];
    while (k < perDest[j + 1]) {
      const size = Math.min(ESTABLISHMENT_MAX, Math.floor(Math.pow(1 - rng.next(), -1 / ESTABLISHMENT_PARETO_ALPHA)));
      const end = Math.min(perDest[j + 1], k + size);
      const g = nTurmas + nEst;
      for (; k < end; k++) group[workers[k]] = g;
      estMun[nEst++] = j;
    }
  }
  onProgress?.({ uf, stage: 'groups', done: nM, total: nM });

  const groupMun = new Uint16Array(nTurmas + nEst);
  groupMun.set(turmaMun.subarray(0, nTurmas));
  groupMun.set(estMun.subarray(0, nEst), nTurmas);
  hhStart = hhStart.slice(0, hh + 1);
  hhTract = hhTract.slice(0, hh);
  return {
    release, uf, seed, municipios: muns.map((m) => m.codigo), munPop, tractCodes, tractMun, tractUrban, tractAp,
    tractLat, tractLon, aps, apMun, hhStart, hhTract, age5, attrs, group, nTurmas, groupMun,
  };
}
