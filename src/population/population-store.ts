// Population of a set of UFs: per-UF binary cache files (built on first use, verified on every
// read), concatenated with remapped indices, tract adjacency over the union, and commuters
// re-linked across the borders of the listed UFs.
import { Delaunay } from 'd3-delaunay';
import { host } from '../platform/host.js';
import { sharedBuffer } from '../platform/shared-buffer.js';
import { distanceKm } from '../release/geometry.js';
import { internetAssignment } from './internet-fit-file.js';
import { buildUfPopulation, type BuildOptions, type UfPopulation } from './population-builder.js';
import {
  countsOf, readPopulationCounts, readPopulationFile, removePopulationFile, writePopulationFile, type FileExpectation, type UfCounts,
} from './population-file.js';
import { tvUsersByArea } from '../release/exposure-case-file.js';
import { hash3, STREAM } from '../release/random.js';
import { GRAVITY_MIN_KM } from './socio-model.js';
import { NO_GROUP, UF_CODES, type BuildableRelease, type BuildProgress, type Municipality, type Population, type UfCode } from '../release/types.js';

/** The cache file of a UF's population (the host's cache, src/platform/: <release>/populacao-<UF>.bin under cacheRoot() on Node). */
export function populationFileName(release: string, uf: UfCode): string {
  return `${release}/populacao-${uf}.bin`;
}

/** Where the cache file of a UF's population is (a path on Node). */
export function populationFilePath(release: string, uf: UfCode): string {
  return host.cache.where(populationFileName(release, uf));
}

/** What the cache file of a UF must hold for this release. */
function fileExpectation(rel: BuildableRelease, uf: UfCode): FileExpectation {
  const g = rel.manifest.gerador;
  return { release: rel.version, seed: g.semente, uf, censusHouseholds: g.domicilios_censo === true };
}

const loaded = new Map<string, UfPopulation>();

/** Forgets the UF populations held in memory (files stay). */
export function clearPopulationMemory(): void {
  loaded.clear();
}

/**
 * The population of one UF: from memory, else from its verified cache file, else built and
 * written. `force` rebuilds even when a valid file exists; `retain: false` does not keep it in
 * memory (merges of many UFs copy each part and drop it).
 */
export async function ensureUfPopulation(
  rel: BuildableRelease, uf: UfCode, onProgress?: (p: BuildProgress) => void, force = false, retain = true,
): Promise<UfPopulation> {
  const key = `${rel.version}/${uf}`;
  const file = populationFileName(rel.version, uf);
  const expect = fileExpectation(rel, uf);
  if (!force) {
    const mem = loaded.get(key);
    if (mem) return mem;
    const fromFile = await readPopulationFile(file, expect);
    if (fromFile) { if (retain) loaded.set(key, fromFile); return fromFile; }
  }
  loaded.delete(key);
  // One build per UF at a time in this process: concurrent callers share it.
  const pending = building.get(key);
  if (pending && !force) {
    const p = await pending;
    if (retain) loaded.set(key, p);
    return p;
  }
  const job = buildAndWrite(rel, uf, file, expect, onProgress);
  building.set(key, job);
  try {
    const back = await job;
    if (retain) loaded.set(key, back);
    return back;
  } finally {
    if (building.get(key) === job) building.delete(key);
  }
}

const building = new Map<string, Promise<UfPopulation>>();

/**
 * The builder's options for a release's generator. Generator 1.5.0's internet model is read from
 * the midia case of the release: a cache file built before a refit is
 * not detected, rebuild with --force.
 */
export function builderOptions(rel: BuildableRelease): BuildOptions {
  const g = rel.manifest.gerador;
  return {
    tractEffects: g.efeitos_setor === true, censusHouseholds: g.domicilios_censo === true,
    ...(g.internet_conjunta ? { internet: internetAssignment(g.caso_midia ?? rel.version) } : {}),
    ...(g.tv_por_area ? { tvUsers: tvUsersByArea(rel.version) } : {}),
  };
}

async function buildAndWrite(
  rel: BuildableRelease, uf: UfCode, file: string, expect: FileExpectation,
  onProgress?: (p: BuildProgress) => void,
): Promise<UfPopulation> {
  removePopulationFile(file);
  const built = await buildUfPopulation(
    rel.version, expect.seed, uf, rel.municipalities(uf), (c) => rel.tractLayout(c), onProgress,
    builderOptions(rel),
  );
  onProgress?.({ uf, stage: 'write', done: 0, total: 1 });
  await writePopulationFile(file, built);
  // Read back so the arrays are shared and the file is proven readable.
  const back = await readPopulationFile(file, expect);
  if (!back) throw new Error(`campaign-sim: population file ${host.cache.where(file)} could not be read back after writing`);
  onProgress?.({ uf, stage: 'write', done: 1, total: 1 });
  return back;
}

type TypedCtor<T> = { new (b: ArrayBufferLike, o: number, l: number): T; BYTES_PER_ELEMENT: number };
function shared<T>(C: TypedCtor<T>, n: number): T {
  return new C(sharedBuffer(Math.max(1, n) * C.BYTES_PER_ELEMENT), 0, n);
}

/**
 * The population of the listed UFs (canonical UF order, whatever the order asked). One UF is
 * served from its cached arrays (treat them as read-only); several are copied into new shared
 * arrays one part at a time, so a merge of many UFs holds little more than the merged copy.
 */
export async function loadPopulation(rel: BuildableRelease, ufs: UfCode[], onProgress?: (p: BuildProgress) => void): Promise<Population> {
  const list = UF_CODES.filter((u) => ufs.includes(u));
  if (list.length === 1) {
    const part = await ensureUfPopulation(rel, list[0], onProgress);
    return finish(rel, list, part);
  }
  const counts: UfCounts[] = [];
  for (const uf of list) {
    const mem = loaded.get(`${rel.version}/${uf}`);
    let c = mem ? countsOf(mem) : readPopulationCounts(populationFileName(rel.version, uf), fileExpectation(rel, uf));
    if (!c) c = countsOf(await ensureUfPopulation(rel, uf, onProgress, false, false));
    counts.push(c);
  }
  const pop = await mergeParts(rel, list, counts, (uf) => ensureUfPopulation(rel, uf, onProgress, false, false));
  relinkBorderCommuters(rel, pop, counts);
  return pop;
}

type Merged = Omit<Population, 'tractAdjStart' | 'tractAdj' | 'munUf' | 'munPorte'>;

/** Adds what is computed at load time (municipality UF and porte, tract adjacency). */
function finish(rel: BuildableRelease, ufs: UfCode[], p: UfPopulation | Merged, munUfOf?: Uint8Array): Population {
  const nM = p.municipios.length;
  const munUf = munUfOf ?? shared(Uint8Array, nM);
  const munPorte = shared(Uint8Array, nM);
  for (let i = 0; i < nM; i++) munPorte[i] = rel.municipality(p.municipios[i])!.porte;
  const { start: tractAdjStart, adj: tractAdj } = tractAdjacency(p.tractLat, p.tractLon);
  const nTurmas = p.nTurmas;
  const pop: Population = {
    release: rel.version, ufs: [...ufs], nPersons: p.age5.length, nHouseholds: p.hhTract.length, nTracts: p.tractCodes.length,
    municipios: p.municipios, munUf, munPorte, munPop: p.munPop, tractCodes: p.tractCodes, tractMun: p.tractMun,
    tractUrban: p.tractUrban, tractAp: p.tractAp, tractLat: p.tractLat, tractLon: p.tractLon, tractAdjStart, tractAdj,
    aps: p.aps, apMun: p.apMun, hhStart: p.hhStart, hhTract: p.hhTract, age5: p.age5, attrs: p.attrs, group: p.group,
    nTurmas, nGroups: p.groupMun.length, groupMun: p.groupMun,
  };
  if (p.tractCollective) pop.tractCollective = p.tractCollective;
  return pop;
}

async function mergeParts(
  rel: BuildableRelease, ufs: UfCode[], counts: UfCounts[], getPart: (uf: UfCode) => Promise<UfPopulation>,
): Promise<Population> {
  const sum = (f: (c: UfCounts) => number) => counts.reduce((s, c) => s + f(c), 0);
  const nM = sum((c) => c.municipios), nT = sum((c) => c.tracts), nAp = sum((c) => c.aps), nH = sum((c) => c.households);
  const N = sum((c) => c.persons), nTurmas = sum((c) => c.nTurmas), nGroups = sum((c) => c.nGroups);
  const m: Merged = {
    release: rel.version, ufs: [...ufs], nPersons: N, nHouseholds: nH, nTracts: nT, nTurmas, nGroups,
    municipios: [], tractCodes: [], aps: [],
    munPop: shared(Uint32Array, nM), tractMun: shared(Uint16Array, nT), tractUrban: shared(Uint8Array, nT),
    tractAp: shared(Int32Array, nT), tractLat: shared(Float32Array, nT), tractLon: shared(Float32Array, nT),
    apMun: shared(Uint16Array, nAp), hhStart: shared(Uint32Array, nH + 1), hhTract: shared(Uint32Array, nH),
    age5: shared(Uint8Array, N), attrs: shared(Uint16Array, N), group: shared(Uint32Array, N), groupMun: shared(Uint16Array, nGroups),
  };
  if (rel.manifest.gerador.domicilios_censo) m.tractCollective = shared(Uint32Array, nT);
  const munUf = shared(Uint8Array, nM);
  let oM = 0, oT = 0, oAp = 0, oH = 0, oP = 0, oTurma = 0, oEst = 0;
  for (let u = 0; u < ufs.length; u++) {
    const p = await getPart(ufs[u]);
    const c = countsOf(p);
    if (JSON.stringify(c) !== JSON.stringify(counts[u])) throw new Error(`campaign-sim: population file of ${ufs[u]} changed during a merge`);
    munUf.fill(u, oM, oM + c.municipios);
    m.municipios.push(...p.municipios);
    m.tractCodes.push(...p.tractCodes);
    m.aps.push(...p.aps);
    m.munPop.set(p.munPop, oM);
    for (let i = 0; i < c.tracts; i++) {
      m.tractMun[oT + i] = p.tractMun[i] + oM;
      m.tractAp[oT + i] = p.tractAp[i] >= 0 ? p.tractAp[i] + oAp : -1;
    }
    m.tractUrban.set(p.tractUrban, oT);
    m.tractLat.set(p.tractLat, oT);
    m.tractLon.set(p.tractLon, oT);
    if (m.tractCollective) m.tractCollective.set(p.tractCollective!, oT);
    for (let i = 0; i < c.aps; i++) m.apMun[oAp + i] = p.apMun[i] + oM;
    for (let i = 0; i < c.households; i++) { m.hhStart[oH + i] = p.hhStart[i] + oP; m.hhTract[oH + i] = p.hhTract[i] + oT; }
    m.age5.set(p.age5, oP);
    m.attrs.set(p.attrs, oP);
    const nt = p.nTurmas;
    const estBase = nTurmas + oEst;
    for (let i = 0; i < c.persons; i++) {
      const g = p.group[i];
      m.group[oP + i] = g === NO_GROUP ? NO_GROUP : g < nt ? g + oTurma : estBase + (g - nt);
    }
    for (let g = 0; g < c.nGroups; g++) m.groupMun[g < nt ? oTurma + g : estBase + (g - nt)] = p.groupMun[g] + oM;
    oM += c.municipios; oT += c.tracts; oAp += c.aps; oH += c.households; oP += c.persons; oTurma += nt; oEst += c.nGroups - nt;
  }
  m.hhStart[nH] = N;
  return finish(rel, ufs, m, munUf);
}

/** Delaunay neighbours of the tract centroids (equirectangular projection), CSR on shared memory. */
export function tractAdjacency(lat: Float32Array, lon: Float32Array): { start: Uint32Array; adj: Uint32Array } {
  const n = lat.length;
  const start = shared(Uint32Array, n + 1);
  if (n < 2) return { start, adj: shared(Uint32Array, 0) };
  let meanLat = 0;
  for (let i = 0; i < n; i++) meanLat += lat[i];
  const c = Math.cos(((meanLat / n) * Math.PI) / 180);
  const pts = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) { pts[2 * i] = lon[i] * c; pts[2 * i + 1] = lat[i]; }
  const d = new Delaunay(pts);
  const lists: number[][] = new Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const nb = [...d.neighbors(i)].sort((a, b) => a - b);
    lists[i] = nb;
    total += nb.length;
  }
  const adj = shared(Uint32Array, total);
  let k = 0;
  for (let i = 0; i < n; i++) {
    start[i] = k;
    for (const j of lists[i]) adj[k++] = j;
  }
  start[n] = k;
  return { start, adj };
}

/**
 * Commuters of a municipality re-linked to establishments of the other listed UFs: share
 * G_out / (G_in + G_out) of its commuters, with G the gravity mass pop_j / max(d, 10 km)^2 of the
 * municipalities inside its UF (G_in) and in the other listed UFs (G_out); destination by gravity,
 * establishment by a random worker there (size-biased). Deterministic from the release seed.
 */
function relinkBorderCommuters(rel: BuildableRelease, pop: Population, parts: UfCounts[]): void {
  const seed = rel.manifest.gerador.semente;
  const muns: Municipality[] = pop.municipios.map((c) => rel.municipality(c)!);
  const share = borderShares(muns, pop.munUf);
  const { per, slots } = workerSlots(pop);
  const rows = new Map<number, Float64Array>();
  const rowOf = (i: number): Float64Array => {
    let r = rows.get(i);
    if (!r) { r = outwardRow(muns, pop.munUf, i); rows.set(i, r); }
    return r;
  };
  let personBase = 0, hhBase = 0;
  for (const part of parts) {
    const ufKey = (seed ^ Math.imul(UF_CODES.indexOf(part.uf) + 1, 0x9e3779b1)) >>> 0;
    relinkPart(pop, hhBase, hhBase + part.households, personBase, ufKey, share, per, slots, rowOf);
    personBase += part.persons;
    hhBase += part.households;
  }
}

/** Gravity share G_out / (G_in + G_out) of each municipality (other listed UFs against its own). */
function borderShares(muns: Municipality[], munUf: Uint8Array): Float64Array {
  const nM = muns.length;
  const share = new Float64Array(nM);
  for (let i = 0; i < nM; i++) {
    let gIn = 0, gOut = 0;
    for (let j = 0; j < nM; j++) {
      if (i === j) continue;
      const d = Math.max(GRAVITY_MIN_KM, distanceKm(muns[i].lat, muns[i].lon, muns[j].lat, muns[j].lon));
      const w = muns[j].populacao / (d * d);
      if (munUf[i] === munUf[j]) gIn += w; else gOut += w;
    }
    share[i] = gOut / (gIn + gOut);
  }
  return share;
}

/** Establishment of each worker grouped by municipality of work (CSR), before any re-link. */
function workerSlots(pop: Population): { per: Uint32Array; slots: Uint32Array } {
  const { group, groupMun, nTurmas, nPersons } = pop;
  const nM = pop.municipios.length;
  const per = new Uint32Array(nM + 1);
  for (let p = 0; p < nPersons; p++) { const g = group[p]; if (g !== NO_GROUP && g >= nTurmas) per[groupMun[g] + 1]++; }
  for (let j = 0; j < nM; j++) per[j + 1] += per[j];
  const slots = new Uint32Array(per[nM]);
  const fill = per.slice(0, nM);
  for (let p = 0; p < nPersons; p++) { const g = group[p]; if (g !== NO_GROUP && g >= nTurmas) slots[fill[groupMun[g]]++] = g; }
  return { per, slots };
}

/** Cumulative gravity weights from municipality i to the municipalities of the other listed UFs. */
function outwardRow(muns: Municipality[], munUf: Uint8Array, i: number): Float64Array {
  const nM = muns.length;
  const r = new Float64Array(nM);
  let acc = 0;
  for (let j = 0; j < nM; j++) {
    if (munUf[j] !== munUf[i]) {
      const d = Math.max(GRAVITY_MIN_KM, distanceKm(muns[i].lat, muns[i].lon, muns[j].lat, muns[j].lon));
      acc += muns[j].populacao / (d * d);
    }
    r[j] = acc;
  }
  return r;
}

/** Re-links the commuters of the households [h0, h1) of one UF part (persons numbered from personBase). */
function relinkPart(
  pop: Population, h0: number, h1: number, personBase: number, ufKey: number, share: Float64Array,
  per: Uint32Array, slots: Uint32Array, rowOf: (i: number) => Float64Array,
): void {
  const { group, groupMun, nTurmas, hhStart, hhTract, tractMun } = pop;
  const nM = share.length;
  for (let h = h0; h < h1; h++) {
    const home = tractMun[hhTract[h]];
    const sh = share[home];
    if (!(sh > 0)) continue;
    for (let p = hhStart[h]; p < hhStart[h + 1]; p++) {
      const g = group[p];
      if (g === NO_GROUP || g < nTurmas || groupMun[g] === home) continue;
      const local = p - personBase;
      if (hash3(ufKey, STREAM.border, 2 * local) / 4294967296 >= sh) continue;
      const row = rowOf(home);
      const target = (hash3(ufKey, STREAM.border, 2 * local + 1) / 4294967296) * row[nM - 1];
      let lo = 0, hi = nM - 1;
      while (lo < hi) { const mid = (lo + hi) >>> 1; if (row[mid] > target) hi = mid; else lo = mid + 1; }
      const cnt = per[lo + 1] - per[lo];
      if (cnt === 0) continue;
      group[p] = slots[per[lo] + (hash3(ufKey, STREAM.commute, local) % cnt)];
    }
  }
}
