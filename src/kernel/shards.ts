// Sharding (DESIGN 4, "Scale"): one wasm32 memory holds at most 4 GiB, so a population too big
// for one kernel instance runs as several shards, each a contiguous range of households in its
// own instance, stepped in lockstep by src/kernel/run-shards.ts. Cuts fall on UF borders where a
// UF fits, inside a UF (at a household) where it does not, and for a pool of several threads also
// near each thread's equal share of the persons.
// A shard numbers its households, persons and activity groups from 0 and keeps the population's
// numbering of tracts, municipalities and digital cells (small tables). Every counter a person
// writes (group, tract, digital cell, municipality) that another shard reads is listed in
// `exchange`: after each simulated day the shards' counters are summed exactly (integers), so
// every shard reads the counters of the whole population and the draws use global person
// indices (slot AGENT_BASE): results do not depend on the shard layout.
import { ABI } from './abi.js';
import type { KernelPopulation } from './kernel-population.js';
import { WASM32_MAX_BYTES, layoutKernel, type KernelShape } from './layout.js';
import { sharedBuffer } from '../platform/shared-buffer.js';

/** Default kernel memory per shard: "well under" the 4 GiB of wasm32, and every single UF (SP: 2.0 GiB with 4 channels) in one shard. */
export const DEFAULT_SHARD_BYTES = 3 * 2 ** 30;

export interface KernelShard {
  /** The shard as its kernel instance sees it (agentBase = p0). */
  pop: KernelPopulation;
  /** Households [h0, h1) and persons [p0, p1) of the whole population. */
  h0: number;
  h1: number;
  p0: number;
  p1: number;
}

/** Counters of one kind summed across shards after each day: per shard, the local index of each shared counter (-1 = not held). */
export interface SharedCounters {
  /** Header slot of the counter array (ABI.P_CNT_*). */
  slot: number;
  n: number;
  local: Int32Array[];
}

export interface ShardLayout {
  id: string;
  shards: KernelShard[];
  exchange: SharedCounters[];
}

const sharedI32 = (n: number) => new Int32Array(sharedBuffer(Math.max(1, n) * 4));

const whole = new WeakMap<KernelPopulation, ShardLayout>();
const cached = new WeakMap<KernelPopulation, Map<string, ShardLayout>>();

/** The population as one shard (no exchange). */
export function singleShard(pop: KernelPopulation): ShardLayout {
  let l = whole.get(pop);
  if (!l) {
    l = { id: pop.id, shards: [{ pop, h0: 0, h1: pop.nHouseholds, p0: 0, p1: pop.nPersons }], exchange: [] };
    whole.set(pop, l);
  }
  return l;
}

/** Household ranges [start, end) of each UF, in population order (UFs are concatenated, src/population/population-store.ts). */
function ufRanges(pop: KernelPopulation): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let uf = -1;
  for (let h = 0; h < pop.nHouseholds; h++) {
    const u = pop.munUf[pop.tractMun[pop.hhTract[h]]];
    if (u !== uf) {
      if (out.length) out[out.length - 1][1] = h;
      out.push([h, pop.nHouseholds]);
      uf = u;
    }
  }
  return out;
}

/** First household whose first person is at or after person p (hhStart is increasing). */
function householdAt(pop: KernelPopulation, p: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pop.hhStart[mid] < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A part boundary moves to a UF border when one lies within this share of a part's persons. */
const PART_BORDER_SLACK = 1 / 50;

/**
 * Households where the persons are cut into `parts` equal shares (the pool's threads, src/pool/pool.ts,
 * spread a task over contiguous runs of shards): the household nearest each share's end, or a UF
 * border within PART_BORDER_SLACK of a part's persons of it.
 */
function partCuts(pop: KernelPopulation, parts: number, borders: number[]): number[] {
  const out: number[] = [];
  for (let j = 1; j < parts; j++) {
    const target = Math.round((j * pop.nPersons) / parts);
    const h = householdAt(pop, target, 0, pop.nHouseholds);
    const near = borders.reduce((best, b) => (Math.abs(pop.hhStart[b] - target) < Math.abs(pop.hhStart[best] - target) ? b : best), h);
    out.push(Math.abs(pop.hhStart[near] - target) <= (PART_BORDER_SLACK * pop.nPersons) / parts ? near : h);
  }
  return out;
}

/**
 * Household cuts so that each shard's kernel memory stays under `maxBytes`: whole UFs packed in
 * order while they fit, a UF too big for one shard split into equal parts. With `parts` > 1 (a
 * population needing two or more shards, run by a pool of that many threads) there is also a cut
 * near each 1/parts of the persons, so that a task spread over the threads gives each the same
 * number of persons (greedy packing alone left the whole-Brazil task's 2 parts at 87 and 116 M).
 */
export function shardCuts(pop: KernelPopulation, shape: KernelShape, maxBytes: number, parts = 1): number[] {
  const all = layoutKernel(0, pop, shape).end;
  if (all <= maxBytes) return [0, pop.nHouseholds];
  // bytes that do not grow with persons, households or groups (tracts, municipalities, tables)
  const fixed = layoutKernel(0, { ...pop, nPersons: 0, nHouseholds: 0, nGroups: 0 }, shape).end;
  const perPerson = (all - fixed) / pop.nPersons;
  const maxPersons = Math.floor((maxBytes - fixed) / perPerson);
  if (maxPersons < 1) throw new RangeError(`a shard of ${maxBytes} bytes cannot hold one person (fixed part ${fixed} bytes)`);
  const persons = (a: number, b: number) => pop.hhStart[b] - pop.hhStart[a];
  // UF ranges, cut again at the part boundaries; a range that starts at one starts a shard
  const ufs = ufRanges(pop);
  const forced = new Set(partCuts(pop, parts, ufs.map(([a]) => a)));
  const ranges = ufs.flatMap(([a, b]) => {
    const at = [...forced].filter((h) => h > a && h < b).sort((x, y) => x - y);
    return [a, ...at].map((x, k) => [x, k < at.length ? at[k] : b] as [number, number]);
  });
  const cuts = [0];
  let open = 0; // first household of the shard being filled
  for (const [a, b] of ranges) {
    if (forced.has(a) && open < a) {
      cuts.push(a);
      open = a;
    }
    if (persons(a, b) > maxPersons) {
      if (open < a) cuts.push(a);
      const n = Math.ceil(persons(a, b) / maxPersons);
      for (let j = 1; j < n; j++) cuts.push(householdAt(pop, pop.hhStart[a] + Math.round((j * persons(a, b)) / n), a, b));
      cuts.push(b);
      open = b;
    } else if (persons(open, b) > maxPersons) {
      cuts.push(a);
      open = a;
    }
  }
  if (cuts[cuts.length - 1] !== pop.nHouseholds) cuts.push(pop.nHouseholds);
  return cuts;
}

/** The shards of a population under a per-shard memory budget, cut for `parts` threads (shardCuts; cached per population and cuts). */
export function shardPopulation(pop: KernelPopulation, shape: KernelShape, maxBytes = DEFAULT_SHARD_BYTES, parts = 1): ShardLayout {
  const cuts = shardCuts(pop, shape, maxBytes, parts);
  if (cuts.length === 2) return singleShard(pop);
  const key = cuts.join(',');
  let byCuts = cached.get(pop);
  if (!byCuts) cached.set(pop, (byCuts = new Map()));
  let layout = byCuts.get(key);
  if (!layout) {
    layout = buildShards(pop, cuts);
    for (const s of layout.shards) {
      const bytes = layoutKernel(0, s.pop, shape).end;
      if (bytes > WASM32_MAX_BYTES) throw new RangeError(`shard ${s.pop.id} needs ${bytes} bytes, over the 4 GiB of wasm32`);
    }
    byCuts.set(key, layout);
  }
  return layout;
}

/** Marks, per shard, the indices it holds; returns how many shards hold each index (saturating at 2). */
function holders(n: number, marks: Uint8Array[]): Uint8Array {
  const count = new Uint8Array(n);
  for (const m of marks) for (let i = 0; i < n; i++) if (m[i] && count[i] < 2) count[i]++;
  return count;
}

/** Counters held by two or more shards, each shard's local index of them from `localOf`. */
function sharedCounters(slot: number, count: Uint8Array, nShards: number, localOf: (s: number, id: number) => number): SharedCounters {
  const ids: number[] = [];
  for (let i = 0; i < count.length; i++) if (count[i] >= 2) ids.push(i);
  const local = Array.from({ length: nShards }, (_, s) => {
    const a = sharedI32(ids.length);
    ids.forEach((id, j) => (a[j] = localOf(s, id)));
    return a;
  });
  return { slot, n: ids.length, local };
}

/** Builds the shards of `cuts` (household indices, first 0, last nHouseholds) and their exchange lists. */
export function buildShards(pop: KernelPopulation, cuts: number[]): ShardLayout {
  const S = cuts.length - 1;
  const nG = pop.nGroups;
  const groupMarks: Uint8Array[] = [];
  const tractMarks: Uint8Array[] = [];
  const munMarks: Uint8Array[] = [];
  const groupIds: Uint32Array[] = [];
  const shards: KernelShard[] = [];
  const localGroup = new Int32Array(nG);
  for (let s = 0; s < S; s++) {
    const h0 = cuts[s], h1 = cuts[s + 1];
    const p0 = pop.hhStart[h0], p1 = pop.hhStart[h1];
    // activity groups of the shard's persons, renumbered in global order (turmas stay first)
    const gm = new Uint8Array(nG);
    for (let i = p0; i < p1; i++) if (pop.group[i] < nG) gm[pop.group[i]] = 1;
    let nLocal = 0, nTurmas = 0;
    for (let g = 0; g < nG; g++) {
      if (!gm[g]) continue;
      localGroup[g] = nLocal++;
      if (g < pop.nTurmas) nTurmas++;
    }
    const ids = new Uint32Array(nLocal);
    const groupSize = sharedI32(nLocal + 1);
    for (let g = 0, k = 0; g < nG; g++) {
      if (!gm[g]) continue;
      ids[k] = g;
      groupSize[k++] = pop.groupSize[g];
    }
    groupSize[nLocal] = pop.groupSize[nG];
    const group = new Uint32Array(sharedBuffer(Math.max(1, p1 - p0) * 4));
    for (let i = p0; i < p1; i++) group[i - p0] = pop.group[i] < nG ? localGroup[pop.group[i]] : nLocal;
    // tracts it writes (its households') and reads (those and their neighbours); their municipalities
    const tm = new Uint8Array(pop.nTracts);
    const mm = new Uint8Array(pop.nMun);
    for (let h = h0; h < h1; h++) {
      const t = pop.hhTract[h];
      if (tm[t] === 1) continue;
      tm[t] = 1;
      mm[pop.tractMun[t]] = 1;
    }
    for (let t = 0; t < pop.nTracts; t++) {
      if (tm[t] !== 1) continue;
      for (let e = pop.adjStart[t]; e < pop.adjStart[t + 1]; e++) if (!tm[pop.adj[e]]) tm[pop.adj[e]] = 2;
    }
    const hhStart = new Uint32Array(sharedBuffer((h1 - h0 + 1) * 4));
    for (let h = h0; h <= h1; h++) hhStart[h - h0] = pop.hhStart[h] - p0;
    shards.push({
      h0, h1, p0, p1,
      pop: {
        ...pop,
        id: `${pop.id}/s${s}:${h0}-${h1}`,
        agentBase: p0,
        nPersons: p1 - p0,
        nHouseholds: h1 - h0,
        nGroups: nLocal,
        nTurmas,
        hhStart,
        hhTract: pop.hhTract.subarray(h0, h1),
        age5: pop.age5.subarray(p0, p1),
        attrs: pop.attrs.subarray(p0, p1),
        group,
        dcell: pop.dcell.subarray(p0, p1),
        groupSize,
      },
    });
    groupMarks.push(gm);
    tractMarks.push(tm);
    munMarks.push(mm);
    groupIds.push(ids);
  }
  const bsearch = (a: Uint32Array, x: number) => {
    let lo = 0, hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo < a.length && a[lo] === x ? lo : -1;
  };
  const allDig = new Uint8Array(pop.nDig + 1).fill(2);
  const exchange = [
    sharedCounters(ABI.P_CNT_GROUP, holders(nG, groupMarks), S, (s, g) => bsearch(groupIds[s], g)),
    sharedCounters(ABI.P_CNT_TRACT, holders(pop.nTracts, tractMarks), S, (s, t) => (tractMarks[s][t] ? t : -1)),
    sharedCounters(ABI.P_CNT_MUN, holders(pop.nMun, munMarks), S, (s, m) => (munMarks[s][m] ? m : -1)),
    // digital cells mix a whole UF (and its age groups): all of them, in every shard
    sharedCounters(ABI.P_CNT_DIG, allDig, S, (_s, k) => k),
  ].filter((x) => x.n > 0);
  return { id: `${pop.id}/${cuts.join(',')}`, shards, exchange };
}

