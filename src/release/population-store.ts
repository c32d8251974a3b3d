// Population of a set of UFs: per-UF binary cache files (built on first use, verified on every
// read), concatenated with remapped indices, tract adjacency over the union, and commuters
// re-linked across the borders of the listed UFs.
import { Delaunay } from 'd3-delaunay';
import { join } from 'node:path';
import { projectPath } from '../project-path.js';
import { distanceKm } from './geometry.js';
import { buildUfPopulation, type UfPopulation } from './population-builder.js';
import { readPopulationFile, removePopulationFile, writePopulationFile } from './population-file.js';
import { hash3, STREAM } from './random.js';
import type { ReleaseImpl } from './release.js';
import { GRAVITY_MIN_KM } from './socio-model.js';
import { NO_GROUP, UF_CODES, type BuildProgress, type Municipality, type Population, type UfCode } from './types.js';

/** Root of the population cache: $CAMPAIGN_SIM_CACHE or <project>/data/cache; files in <root>/<release>/. */
export function cacheRoot(): string {
  return process.env.CAMPAIGN_SIM_CACHE || projectPath('data', 'cache');
}

export function populationFilePath(release: string, uf: UfCode): string {
  return join(cacheRoot(), release, `populacao-${uf}.bin`);
}

const loaded = new Map<string, UfPopulation>();

/** Forgets the UF populations held in memory (files stay). */
export function clearPopulationMemory(): void {
  loaded.clear();
}

/**
 * The population of one UF: from memory, else from its verified cache file, else built and
 * written. `force` rebuilds even when a valid file exists.
 */
export async function ensureUfPopulation(
  rel: ReleaseImpl, uf: UfCode, onProgress?: (p: BuildProgress) => void, force = false,
): Promise<UfPopulation> {
  const key = `${rel.version}/${uf}`;
  const path = populationFilePath(rel.version, uf);
  const expect = { release: rel.version, seed: rel.manifest.gerador.semente, uf };
  if (!force) {
    const mem = loaded.get(key);
    if (mem) return mem;
    const fromFile = readPopulationFile(path, expect);
    if (fromFile) { loaded.set(key, fromFile); return fromFile; }
  }
  loaded.delete(key);
  removePopulationFile(path);
  const built = await buildUfPopulation(
    rel.version, expect.seed, uf, rel.municipalities(uf), (c) => rel.tractLayout(c), onProgress,
  );
  onProgress?.({ uf, stage: 'write', done: 0, total: 1 });
  writePopulationFile(path, built);
  // Read back so the arrays are SharedArrayBuffer-backed and the file is proven readable.
  const back = readPopulationFile(path, expect);
  if (!back) throw new Error(`campaign-sim: population file ${path} could not be read back after writing`);
  onProgress?.({ uf, stage: 'write', done: 1, total: 1 });
  loaded.set(key, back);
  return back;
}

type TypedCtor<T> = { new (b: SharedArrayBuffer, o: number, l: number): T; BYTES_PER_ELEMENT: number };
function shared<T>(C: TypedCtor<T>, n: number): T {
  return new C(new SharedArrayBuffer(Math.max(1, n) * C.BYTES_PER_ELEMENT), 0, n);
}

/** The population of the listed UFs (canonical UF order, whatever the order asked). */
export async function loadPopulation(rel: ReleaseImpl, ufs: UfCode[], onProgress?: (p: BuildProgress) => void): Promise<Population> {
  const list = UF_CODES.filter((u) => ufs.includes(u));
  const parts: UfPopulation[] = [];
  for (const uf of list) parts.push(await ensureUfPopulation(rel, uf, onProgress));
  const pop = assemble(rel, list, parts);
  if (parts.length > 1) relinkBorderCommuters(rel, pop, parts);
  return pop;
}

function assemble(rel: ReleaseImpl, ufs: UfCode[], parts: UfPopulation[]): Population {
  const sum = (f: (p: UfPopulation) => number) => parts.reduce((s, p) => s + f(p), 0);
  const nM = sum((p) => p.municipios.length);
  const nT = sum((p) => p.tractCodes.length);
  const nAp = sum((p) => p.aps.length);
  const nH = sum((p) => p.hhTract.length);
  const N = sum((p) => p.age5.length);
  const nTurmas = sum((p) => p.nTurmas);
  const nGroups = sum((p) => p.groupMun.length);
  const single = parts.length === 1 ? parts[0] : undefined;

  const munUf = shared(Uint8Array, nM);
  const munPorte = shared(Uint8Array, nM);
  const munPop = single ? single.munPop : shared(Uint32Array, nM);
  const tractMun = single ? single.tractMun : shared(Uint16Array, nT);
  const tractUrban = single ? single.tractUrban : shared(Uint8Array, nT);
  const tractAp = single ? single.tractAp : shared(Int32Array, nT);
  const tractLat = single ? single.tractLat : shared(Float32Array, nT);
  const tractLon = single ? single.tractLon : shared(Float32Array, nT);
  const apMun = single ? single.apMun : shared(Uint16Array, nAp);
  const hhStart = single ? single.hhStart : shared(Uint32Array, nH + 1);
  const hhTract = single ? single.hhTract : shared(Uint32Array, nH);
  const age5 = single ? single.age5 : shared(Uint8Array, N);
  const attrs = single ? single.attrs : shared(Uint16Array, N);
  const group = single ? single.group : shared(Uint32Array, N);
  const groupMun = single ? single.groupMun : shared(Uint16Array, nGroups);
  const municipios: string[] = [];
  const tractCodes: string[] = [];
  const aps: string[] = [];

  let oM = 0, oT = 0, oAp = 0, oH = 0, oP = 0, oTurma = 0, oEst = 0;
  parts.forEach((p, u) => {
    const m = p.municipios.length, t = p.tractCodes.length, a = p.aps.length, h = p.hhTract.length, n = p.age5.length;
    for (let i = 0; i < m; i++) { munUf[oM + i] = u; munPorte[oM + i] = rel.municipality(p.municipios[i])!.porte; }
    municipios.push(...p.municipios);
    tractCodes.push(...p.tractCodes);
    aps.push(...p.aps);
    if (!single) {
      munPop.set(p.munPop, oM);
      for (let i = 0; i < t; i++) {
        tractMun[oT + i] = p.tractMun[i] + oM;
        tractAp[oT + i] = p.tractAp[i] >= 0 ? p.tractAp[i] + oAp : -1;
      }
      tractUrban.set(p.tractUrban, oT);
      tractLat.set(p.tractLat, oT);
      tractLon.set(p.tractLon, oT);
      for (let i = 0; i < a; i++) apMun[oAp + i] = p.apMun[i] + oM;
      for (let i = 0; i < h; i++) { hhStart[oH + i] = p.hhStart[i] + oP; hhTract[oH + i] = p.hhTract[i] + oT; }
      age5.set(p.age5, oP);
      attrs.set(p.attrs, oP);
      const nt = p.nTurmas;
      const estBase = nTurmas + oEst;
      for (let i = 0; i < n; i++) {
        const g = p.group[i];
        group[oP + i] = g === NO_GROUP ? NO_GROUP : g < nt ? g + oTurma : estBase + (g - nt);
      }
      for (let g = 0; g < p.groupMun.length; g++) {
        groupMun[g < nt ? oTurma + g : estBase + (g - nt)] = p.groupMun[g] + oM;
      }
    }
    oM += m; oT += t; oAp += a; oH += h; oP += n; oTurma += p.nTurmas; oEst += p.groupMun.length - p.nTurmas;
  });
  if (!single) hhStart[nH] = N;

  const { start: tractAdjStart, adj: tractAdj } = tractAdjacency(tractLat, tractLon);
  return {
    release: rel.version, ufs: [...ufs], nPersons: N, nHouseholds: nH, nTracts: nT, municipios, munUf, munPorte, munPop,
    tractCodes, tractMun, tractUrban, tractAp, tractLat, tractLon, tractAdjStart, tractAdj, aps, apMun, hhStart, hhTract,
    age5, attrs, group, nTurmas, nGroups, groupMun,
  };
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
function relinkBorderCommuters(rel: ReleaseImpl, pop: Population, parts: UfPopulation[]): void {
  const seed = rel.manifest.gerador.semente;
  const muns: Municipality[] = pop.municipios.map((c) => rel.municipality(c)!);
  const nM = muns.length;
  const gIn = new Float64Array(nM);
  const gOut = new Float64Array(nM);
  for (let i = 0; i < nM; i++) {
    for (let j = 0; j < nM; j++) {
      if (i === j) continue;
      const d = Math.max(GRAVITY_MIN_KM, distanceKm(muns[i].lat, muns[i].lon, muns[j].lat, muns[j].lon));
      const w = muns[j].populacao / (d * d);
      if (pop.munUf[i] === pop.munUf[j]) gIn[i] += w; else gOut[i] += w;
    }
  }
  // Establishment of each worker, grouped by municipality of work (before any re-link).
  const { group, groupMun, nTurmas } = pop;
  const per = new Uint32Array(nM + 1);
  for (let p = 0; p < pop.nPersons; p++) { const g = group[p]; if (g !== NO_GROUP && g >= nTurmas) per[groupMun[g] + 1]++; }
  for (let j = 0; j < nM; j++) per[j + 1] += per[j];
  const slots = new Uint32Array(per[nM]);
  {
    const fill = per.slice(0, nM);
    for (let p = 0; p < pop.nPersons; p++) { const g = group[p]; if (g !== NO_GROUP && g >= nTurmas) slots[fill[groupMun[g]]++] = g; }
  }
  const rows = new Map<number, Float64Array>();
  const rowOf = (i: number): Float64Array => {
    let r = rows.get(i);
    if (r) return r;
    r = new Float64Array(nM);
    let acc = 0;
    for (let j = 0; j < nM; j++) {
      if (pop.munUf[j] !== pop.munUf[i]) {
        const d = Math.max(GRAVITY_MIN_KM, distanceKm(muns[i].lat, muns[i].lon, muns[j].lat, muns[j].lon));
        acc += muns[j].populacao / (d * d);
      }
      r[j] = acc;
    }
    rows.set(i, r);
    return r;
  };
  let personBase = 0, hhBase = 0;
  for (const part of parts) {
    const ufKey = (seed ^ Math.imul(UF_CODES.indexOf(part.uf) + 1, 0x9e3779b1)) >>> 0;
    const hStart = pop.hhStart;
    const nHh = part.hhTract.length;
    for (let h = hhBase; h < hhBase + nHh; h++) {
      const home = pop.tractMun[pop.hhTract[h]];
      const share = gOut[home] / (gIn[home] + gOut[home]);
      if (!(share > 0)) continue;
      for (let p = hStart[h]; p < hStart[h + 1]; p++) {
        const g = group[p];
        if (g === NO_GROUP || g < nTurmas || groupMun[g] === home) continue;
        const local = p - personBase;
        if (hash3(ufKey, STREAM.border, 2 * local) / 4294967296 >= share) continue;
        const row = rowOf(home);
        const target = (hash3(ufKey, STREAM.border, 2 * local + 1) / 4294967296) * row[nM - 1];
        let lo = 0, hi = nM - 1;
        while (lo < hi) { const mid = (lo + hi) >>> 1; if (row[mid] > target) hi = mid; else lo = mid + 1; }
        const cnt = per[lo + 1] - per[lo];
        if (cnt === 0) continue;
        group[p] = slots[per[lo] + (hash3(ufKey, STREAM.commute, local) % cnt)];
      }
    }
    personBase += part.age5.length;
    hhBase += nHh;
  }
}
