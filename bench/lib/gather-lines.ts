// The random reads of a day's step, counted in 64-byte lines from the kernel's own access order
// over a population (the roofline of bench/kernel.ts; bench/lib/kernel-traffic.ts counts the
// streamed arrays). One day with every person yet to act, as kernel-traffic counts: adoption's
// early days (both passes of stepBlocks, assembly/adoption.ts), reception's social pass
// (assembly/reception.ts). Two counts:
// - `distintas`: the distinct lines of the gathered tables a day touches. A day streams far more
//   than the last-level cache holds (PA: about 300 MB), so each of these comes from memory at least
//   once a day: the gathers' share of the DRAM traffic.
// - `falhas`: the gathers that miss a cache of `cacheBytes` (LRU, 16 ways) that the day's
//   streamed lines pass through too, in the kernel's order: with the L2's size, the gathers served
//   from farther out (L3 or memory), each one line.
// Tiny tables (digital cells, household shares by size, municipalities) are gathered too and
// counted; they stay cached and add almost no misses. KEEP IN SYNC with the kernels' passes.
import type { KernelPopulation } from '../../src/kernel/kernel-population.js';

const LINE = 64;
const WAYS = 16;

/** A set-associative LRU cache of 64-byte lines, keyed by a line id. */
export class LineCache {
  private readonly sets: number;
  private readonly tags: Float64Array;
  private readonly used: Float64Array;
  private clock = 0;
  misses = 0;
  accesses = 0;

  constructor(bytes: number) {
    this.sets = Math.max(1, Math.floor(bytes / LINE / WAYS));
    this.tags = new Float64Array(this.sets * WAYS).fill(-1);
    this.used = new Float64Array(this.sets * WAYS);
  }

  /** Touches a line; true when it was not in the cache (then it is, in place of the set's least recently used). */
  touch(line: number): boolean {
    this.accesses++;
    const at = (line % this.sets) * WAYS;
    const now = ++this.clock;
    let oldest = at;
    for (let w = at; w < at + WAYS; w++) {
      if (this.tags[w] === line) {
        this.used[w] = now;
        return false;
      }
      if (this.used[w] < this.used[oldest]) oldest = w;
    }
    this.tags[oldest] = line;
    this.used[oldest] = now;
    this.misses++;
    return true;
  }
}

/** Gathered lines of one day's step: per table, and in all, per person-day. */
export interface GatherLines {
  /** Distinct lines of each gathered table a day touches. */
  distintas_por_tabela: Record<string, number>;
  /** Gathers of each table that missed the cache. */
  falhas_por_tabela: Record<string, number>;
  /** Gathers of each table (one per person or household reading it). */
  leituras_por_tabela: Record<string, number>;
  distintas_por_pessoa_dia: number;
  falhas_por_pessoa_dia: number;
  bytes_cache: number;
}

/**
 * Line ids of the arrays a pass touches: each array in a region of its own (2^32 lines apart), so
 * that no two arrays share a line.
 */
function lineOf(region: number, index: number, bytes: number): number {
  return region * 2 ** 32 + Math.floor((index * bytes) / LINE);
}

/** A streamed array: touches its next line when index i moves onto one. */
function stream(cache: LineCache, region: number, i: number, bytes: number): void {
  if ((i * bytes) % LINE < bytes) cache.touch(lineOf(region, i, bytes));
}

type Tables = Record<string, { region: number; bytes: number; lines: Set<number>; misses: number; reads: number }>;

function tables(names: string[]): Tables {
  return Object.fromEntries(names.map((name, k) => [name, { region: 100 + k, bytes: 4, lines: new Set<number>(), misses: 0, reads: 0 }]));
}

function gather(cache: LineCache, t: Tables[string], index: number): void {
  const line = lineOf(t.region, index, t.bytes);
  t.lines.add(line);
  t.reads++;
  if (cache.touch(line)) t.misses++;
}

function summary(t: Tables, nPersons: number, cacheBytes: number): GatherLines {
  const r: GatherLines = { distintas_por_tabela: {}, falhas_por_tabela: {}, leituras_por_tabela: {}, distintas_por_pessoa_dia: 0, falhas_por_pessoa_dia: 0, bytes_cache: cacheBytes };
  for (const [name, x] of Object.entries(t)) {
    r.distintas_por_tabela[name] = x.lines.size;
    r.falhas_por_tabela[name] = x.misses;
    r.leituras_por_tabela[name] = x.reads;
    r.distintas_por_pessoa_dia += x.lines.size / nPersons;
    r.falhas_por_pessoa_dia += x.misses / nPersons;
  }
  return r;
}

/**
 * Adoption by blocks with every household listed: the household pass (streams the list,
 * hhStart, the household counter and tract, writes P_HH_BASE; gathers the tract share, the
 * municipality's damping and the share by size), then the person pass (streams aday, group, dcell,
 * the person's household, mult and rem, and reads the household's P_HH_BASE entry in household
 * order; gathers the group and digital-cell shares).
 */
export function adoptionGatherLines(pop: KernelPopulation, cacheBytes: number): GatherLines {
  const cache = new LineCache(cacheBytes);
  const t = tables(['tG', 'tD', 'tV', 'tDamp', 'partilha_domicilio']);
  // streamed arrays: [region, bytes per element] (the list, hhStart, cH, hhTract, P_HH_BASE written; aday, group, dcell, P_PERSON_HH, mult, rem)
  const households = [[1, 4], [2, 4], [3, 4], [4, 4], [5, 8]];
  const persons = [[6, 2], [7, 4], [8, 2], [9, 4], [10, 4], [11, 4]];
  for (let h = 0; h < pop.nHouseholds; h++) {
    for (const [region, bytes] of households) stream(cache, region, h, bytes);
    const tr = pop.hhTract[h];
    // the share by size and adopters (16 x 16 f32): the entry of a household with none adopted
    gather(cache, t.partilha_domicilio, Math.min(pop.hhStart[h + 1] - pop.hhStart[h], 15) * 16);
    gather(cache, t.tV, tr);
    gather(cache, t.tDamp, pop.tractMun[tr]);
  }
  for (let h = 0; h < pop.nHouseholds; h++) {
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      for (const [region, bytes] of persons) stream(cache, region, i, bytes);
      gather(cache, t.tG, pop.group[i]);
      gather(cache, t.tD, pop.dcell[i]);
      // the household's P_HH_BASE entry: read in household order, a stream (kernel-traffic counts it)
      cache.touch(lineOf(5, h, 8));
    }
  }
  return summary(t, pop.nPersons, cacheBytes);
}

/**
 * Reception's social pass with nobody exposed yet (stepReception's f32x4 runs): streams the
 * household tract, counter and bounds, and sday, group, dcell, mult and rem; gathers the tract,
 * group and digital-cell shares.
 */
export function receptionGatherLines(pop: KernelPopulation, cacheBytes: number): GatherLines {
  const cache = new LineCache(cacheBytes);
  const t = tables(['tG', 'tD', 'tV']);
  // streamed arrays: [region, bytes per element] (hhTract, cH, hhStart; sday, group, dcell, mult, rem)
  const households = [[1, 4], [2, 4], [3, 4]];
  const persons = [[4, 2], [5, 4], [6, 2], [7, 4], [8, 4]];
  for (let h = 0; h < pop.nHouseholds; h++) {
    for (const [region, bytes] of households) stream(cache, region, h, bytes);
    gather(cache, t.tV, pop.hhTract[h]);
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      for (const [region, bytes] of persons) stream(cache, region, i, bytes);
      gather(cache, t.tG, pop.group[i]);
      gather(cache, t.tD, pop.dcell[i]);
    }
  }
  return summary(t, pop.nPersons, cacheBytes);
}
