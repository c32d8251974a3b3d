// The population as the kernel reads it: the numeric arrays of src/release/types.ts Population
// plus what the kernel derives once per population (group sizes, tract denominators, digital
// cells). Built once on the main thread into SharedArrayBuffers and copied into each worker's
// linear memory once (src/kernel/instance.ts); never rebuilt per task.
import { MEMORY_SHARED, sharedBuffer } from '../platform/shared-buffer.js';
import { ageGroupOf } from '../release/publication-grid.js';
import { NO_GROUP, PERSON_ATTRS, personAttr, type Population } from '../release/types.js';
import { ABI } from './abi.js';
import { SPILL_ADJACENT } from './model-constants.js';

export interface KernelPopulation {
  id: string;
  /** Index of the first person in the whole population: 0, or a shard's first (src/kernel/shards.ts). */
  agentBase?: number;
  nPersons: number;
  nHouseholds: number;
  nTracts: number;
  /** Activity groups of two or more members (the release's others are the group of nobody here). */
  nGroups: number;
  nTurmas: number;
  nMun: number;
  nUf: number;
  /** Digital cells: nUf x ABI.AGE_GROUPS; index nDig is offline persons. */
  nDig: number;
  hhStart: Uint32Array;
  hhTract: Uint32Array;
  age5: Uint8Array;
  attrs: Uint16Array;
  /**
   * Activity group in the kernel's numbering (turmas first, then in order of first member; not the
   * release's ids), with NO_GROUP and the groups of one member remapped to nGroups (a group of nobody).
   */
  group: Uint32Array;
  dcell: Uint16Array;
  tractMun: Uint16Array;
  adjStart: Uint32Array;
  adj: Uint32Array;
  groupSize: Int32Array;
  tractPop: Int32Array;
  tractDen: Float32Array;
  digPop: Int32Array;
  ufDigPop: Int32Array;
  munPop: Int32Array;
  munUf: Uint8Array;
}

const cache = new WeakMap<Population, KernelPopulation>();
let serial = 0;
/** Tells apart the populations of two processes whose serials meet (a job's tasks spread over machines). */
const PROCESS_TAG = crypto.randomUUID().slice(0, 8);

function shared<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array>(
  Ctor: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number },
  n: number,
): T {
  return new Ctor(sharedBuffer(Math.max(1, n) * Ctor.BYTES_PER_ELEMENT), 0, n);
}

/** The same array backed by shared memory where the runtime has it (src/platform/shared-buffer.ts; a copy only when it is not already shared). */
export function asShared<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array>(a: T): T {
  if (!MEMORY_SHARED || a.buffer instanceof SharedArrayBuffer) return a;
  const Ctor = a.constructor as unknown as { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number };
  const s = shared(Ctor, a.length);
  s.set(a);
  return s;
}

/** Bytes per person and per unit the kernel memory holds for a population (see layout.ts). */
export function prepareKernelPopulation(pop: Population): KernelPopulation {
  const hit = cache.get(pop);
  if (hit) return hit;
  const n = pop.nPersons;
  const nUf = pop.ufs.length;
  const nDig = nUf * ABI.AGE_GROUPS;
  const group = shared(Uint32Array, n);
  const dcell = shared(Uint16Array, n);
  const digPop = shared(Int32Array, nDig + 1);
  const ufDigPop = shared(Int32Array, nUf);
  const tractPop = shared(Int32Array, pop.nTracts);
  const munPop = shared(Int32Array, pop.municipios.length);
  // A group of one member has a share and a unit of 0 on every day (assembly/layers.ts: nobody else
  // to be active), as the group of nobody has; its member joins that group, so the table the
  // person loops gather from holds only groups of two or more (PA: 786,170 -> 372,881 groups).
  // The other groups are numbered in the order persons first name them (turmas still first, as the
  // kernel tells a turma by g < nTurmas): the person loops read the group table in person order,
  // and nearby persons' groups then sit nearby (PA: simulated 32 KB cache misses 23.6% -> 17.4%;
  // PA reception 30 days about 3% less CPU time, same state hash). Results do not depend on it.
  const members = new Int32Array(pop.nGroups);
  for (let i = 0; i < n; i++) if (pop.group[i] !== NO_GROUP) members[pop.group[i]]++;
  let nTurmas = 0;
  let nGroups = 0;
  for (let g0 = 0; g0 < pop.nGroups; g0++) {
    if (members[g0] < 2) continue;
    nGroups++;
    if (g0 < pop.nTurmas) nTurmas++;
  }
  const groupSize = shared(Int32Array, nGroups + 1);
  const UNSET = 0xffffffff;
  const order = new Uint32Array(pop.nGroups).fill(UNSET);
  let nextTurma = 0;
  let nextOther = nTurmas;
  for (let h = 0; h < pop.nHouseholds; h++) {
    const t = pop.hhTract[h];
    const m = pop.tractMun[t];
    const uf = pop.munUf[m];
    const a = pop.hhStart[h];
    const b = pop.hhStart[h + 1];
    tractPop[t] += b - a;
    munPop[m] += b - a;
    for (let i = a; i < b; i++) {
      let g = nGroups;
      const g0 = pop.group[i];
      if (g0 !== NO_GROUP && members[g0] > 1) {
        g = order[g0];
        if (g === UNSET) order[g0] = g = g0 < pop.nTurmas ? nextTurma++ : nextOther++;
      }
      group[i] = g;
      groupSize[g]++;
      if (personAttr(pop.attrs[i], PERSON_ATTRS.internet)) {
        const k = uf * ABI.AGE_GROUPS + ageGroupOf(pop.age5[i]);
        dcell[i] = k;
        digPop[k]++;
        ufDigPop[uf]++;
      } else {
        dcell[i] = nDig;
      }
    }
  }
  const tractDen = shared(Float32Array, pop.nTracts);
  for (let t = 0; t < pop.nTracts; t++) {
    let near = 0;
    for (let e = pop.tractAdjStart[t]; e < pop.tractAdjStart[t + 1]; e++) near += tractPop[pop.tractAdj[e]];
    tractDen[t] = Math.max(1, tractPop[t] + SPILL_ADJACENT * near - 1);
  }
  const kp: KernelPopulation = {
    id: `pop${++serial}-${pop.release}-${pop.ufs.join('')}-${PROCESS_TAG}`,
    nPersons: n,
    nHouseholds: pop.nHouseholds,
    nTracts: pop.nTracts,
    nGroups,
    nTurmas,
    nMun: pop.municipios.length,
    nUf,
    nDig,
    hhStart: asShared(pop.hhStart),
    hhTract: asShared(pop.hhTract),
    age5: asShared(pop.age5),
    attrs: asShared(pop.attrs),
    group,
    dcell,
    tractMun: asShared(pop.tractMun),
    adjStart: asShared(pop.tractAdjStart),
    adj: asShared(pop.tractAdj),
    groupSize,
    tractPop,
    tractDen,
    digPop,
    ufDigPop,
    munPop,
    munUf: asShared(pop.munUf),
  };
  cache.set(pop, kp);
  return kp;
}
