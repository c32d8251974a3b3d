// A 1:k systematic household sample of a population, for searches that need many cheap rounds
// (the Pix fit, calibration/pix/). Whole households are kept (every k-th, in the population's
// municipality -> tract -> household order, so each municipality and tract keeps its share), and
// k consecutive schools classes or establishments merge into one group, so a group keeps about
// its full-population size and the layers' adopting shares keep their meaning. Adoption shares
// of the sample follow the full population's up to sampling noise and small-town effects; the
// Pix fit judges its chosen parameters on the full population (docs/model.md, Pix fit).
import { NO_GROUP, type Population } from '../src/release/types.js';

type TypedCtor<T> = { new (b: SharedArrayBuffer, o: number, l: number): T; BYTES_PER_ELEMENT: number };
function shared<T>(C: TypedCtor<T>, n: number): T {
  return new C(new SharedArrayBuffer(Math.max(1, n) * C.BYTES_PER_ELEMENT), 0, n);
}

/** Households h with (h + offset) % k == 0; `offset` in 0..k-1. k = 1 returns the population itself. */
export function samplePopulation(pop: Population, k: number, offset = 0): Population {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`samplePopulation: k must be a positive integer, got ${k}`);
  if (k === 1) return pop;
  let nH = 0, nP = 0;
  for (let h = (k - (offset % k)) % k; h < pop.nHouseholds; h += k) { nH++; nP += pop.hhStart[h + 1] - pop.hhStart[h]; }
  const hhStart = shared(Uint32Array, nH + 1);
  const hhTract = shared(Uint32Array, nH);
  const age5 = shared(Uint8Array, nP);
  const attrs = shared(Uint16Array, nP);
  const group = shared(Uint32Array, nP);
  const munPop = shared(Uint32Array, pop.munPop.length);
  const nTurmas = Math.ceil(pop.nTurmas / k);
  const nGroups = nTurmas + Math.ceil((pop.nGroups - pop.nTurmas) / k);
  const mergedGroup = (g: number) => (g === NO_GROUP ? NO_GROUP : g < pop.nTurmas ? Math.floor(g / k) : nTurmas + Math.floor((g - pop.nTurmas) / k));
  let h2 = 0, p2 = 0;
  for (let h = (k - (offset % k)) % k; h < pop.nHouseholds; h += k) {
    hhStart[h2] = p2;
    hhTract[h2] = pop.hhTract[h];
    munPop[pop.tractMun[pop.hhTract[h]]] += pop.hhStart[h + 1] - pop.hhStart[h];
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++, p2++) {
      age5[p2] = pop.age5[i];
      attrs[p2] = pop.attrs[i];
      group[p2] = mergedGroup(pop.group[i]);
    }
    h2++;
  }
  hhStart[nH] = p2;
  // A merged group sits in the municipality of its first member group.
  const groupMun = shared(Uint16Array, nGroups);
  for (let g = pop.nGroups - 1; g >= 0; g--) groupMun[mergedGroup(g)] = pop.groupMun[g];
  return { ...pop, nPersons: nP, nHouseholds: nH, hhStart, hhTract, age5, attrs, group, munPop, nTurmas, nGroups, groupMun };
}
