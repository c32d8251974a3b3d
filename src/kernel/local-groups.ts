// Adoption's local groups (assembly/adoption.ts, stepBlocks). The block step gathers each person's
// group share; on PA the group-share table (372,881 groups, 1.5 MB) outgrows the 1 MiB L2 that the
// step's streams pass through, and its misses stalled the step (a diagnostic reading a 4 KB part of
// the table instead ran PA's block days 15-20% faster). So the persons are cut into windows of
// LOCAL_WINDOW and each window's distinct groups get local indices of their own, in a table that
// the step reads instead (a window's part, at most 53 KB on PA, stays in cache) and that each block
// day fills from P_TAB_G in one pass, whose gathers do not wait on one another. The shares are the
// same numbers, copied.
import { ABI } from './abi.js';
import type { KernelPopulation } from './kernel-population.js';

/** Persons of a window (PA: 124 windows, 978,309 local groups, 2.6 per group). */
export const LOCAL_WINDOW = 65536;

/**
 * Groups (with "no group") from which a population has local groups: a smaller table stays in the
 * L2 (RR: 29,140 groups, 117 KB, where local groups would take 2.6 times that; RR adoption was
 * 4-7% slower with them), and the step then gathers from P_TAB_G as before (no local groups).
 */
export const LOCAL_MIN_GROUPS = 131072;

export interface LocalGroups {
  /** Persons of a window (a power of 2, at least ABI.ADOPTION_BLOCK). */
  window: number;
  /** Each person's local group, counted from its window's first. */
  person: Uint16Array;
  /** Each local group's group (NO_GROUP remapped to nGroups, as P_GROUP). */
  group: Uint32Array;
  /** Each window's first local group, and their count at the end. */
  start: Uint32Array;
}

const cached = new WeakMap<KernelPopulation, LocalGroups>();

/** The local groups of a population (cached per population; computed by prepareLocalGroups with the defaults if not yet). */
export function localGroups(pop: KernelPopulation): LocalGroups {
  return cached.get(pop) ?? prepareLocalGroups(pop);
}

/**
 * Computes and caches a population's local groups (none below `minGroups`): window by window of
 * `window` persons (at most 65,536, so that a window's local groups take a u16), its distinct groups
 * ascending (the step's fill then reads P_TAB_G in order within a window). Tests call it first with
 * a small window and no minimum, so that a small population has local groups.
 */
export function prepareLocalGroups(pop: KernelPopulation, window = LOCAL_WINDOW, minGroups = LOCAL_MIN_GROUPS): LocalGroups {
  if (window & (window - 1) || window < ABI.ADOPTION_BLOCK || window > 65536) throw new RangeError(`a window of ${window} persons is not a power of 2 from ${ABI.ADOPTION_BLOCK} to 65,536`);
  const n = pop.nGroups + 1 < minGroups ? 0 : pop.nPersons;
  const groupOf = pop.group;
  const seen = new Int32Array(pop.nGroups + 1).fill(-1); // the window that last listed the group
  const local = new Uint16Array(pop.nGroups + 1); // its local index in that window
  const person = new Uint16Array(n);
  const start = new Uint32Array(Math.ceil(n / window) + 1);
  const out: number[] = [];
  for (let w0 = 0, w = 0; w0 < n; w0 += window, w++) {
    const w1 = Math.min(w0 + window, n);
    const first = out.length;
    start[w] = first;
    for (let i = w0; i < w1; i++) {
      const g = groupOf[i];
      if (seen[g] !== w) {
        seen[g] = w;
        out.push(g);
      }
    }
    const ids = Uint32Array.from(out.slice(first)).sort();
    for (let k = 0; k < ids.length; k++) {
      out[first + k] = ids[k];
      local[ids[k]] = k;
    }
    for (let i = w0; i < w1; i++) person[i] = local[groupOf[i]];
  }
  start[start.length - 1] = out.length;
  const lg = { window, person, group: Uint32Array.from(out), start };
  cached.set(pop, lg);
  return lg;
}
