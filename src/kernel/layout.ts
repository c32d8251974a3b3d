// Where every kernel array lives in linear memory: the one place that turns a population and a
// plan's shape into the header slots of assembly/abi.ts (./abi.ts is generated from it). The
// arrays every family shares are laid out here; a family's own, where the shape's `arrays` (its
// room's kernel, src/models/<familia>/) put them.
import type { Familia } from '../contract/types.js';
import { ABI } from './abi.js';
import type { KernelPlan } from './kernel-plan.js';
import type { KernelPopulation } from './kernel-population.js';

/** One wasm32 memory holds at most 4 GiB (DESIGN 4, "Scale"). */
export const WASM32_MAX_BYTES = 65536 * 65536;

/** An array of a family's own: its header slot (ABI.P_*) and its bytes. */
export type FamilyArray = readonly [slot: number, bytes: number];

/** The kernel arrays of a model family's own, in layout order (its room's kernel declares them). */
export interface FamilyArrays {
  /** Per plan, laid out after the shared m_i, grid cell and audience. */
  planArrays(pop: KernelPopulation, shape: KernelShape): FamilyArray[];
  /** Per task, laid out after the shared P_DAY_A and P_REM. */
  stateArrays(pop: KernelPopulation, shape: KernelShape): FamilyArray[];
}

export interface KernelShape {
  familia: Familia;
  /** The family's own arrays. */
  arrays: FamilyArrays;
  /** Media channels (0 for a family that reads none). */
  nChannels: number;
  nCells: number;
  dias: number;
  /** The reduction's (assembly/reduce.ts): measures of the findings and cells of the publication grid. */
  nMeasures: number;
  nGridCells: number;
  /** recepcao from v2.1.0: responses that follow exposure, with their memory's arrays (KernelPlan.memoria). */
  memoria?: boolean;
}

/** The shape of a compiled plan, whose family's kernel lays out `arrays`. */
export function planShape(plan: KernelPlan, arrays: FamilyArrays): KernelShape {
  return {
    familia: plan.familia, arrays, nChannels: plan.nChannels, nCells: plan.nCells, dias: plan.dias, nMeasures: plan.nMeasures, nGridCells: plan.nGridCells,
    memoria: plan.memoria !== undefined,
  };
}

export interface KernelLayout {
  /** Byte offset of the header. */
  header: number;
  /** Value of every u32 header slot (counts and byte offsets), by slot index. */
  slots: number[];
  /** End of the population region: arrays before it depend only on the population. */
  populationEnd: number;
  /** Total bytes used. */
  end: number;
}

// not (x + 15) & ~15: bitwise operators would wrap offsets past 2 GiB
const align = (x: number) => Math.ceil(x / 16) * 16;

export function layoutKernel(base: number, pop: KernelPopulation, shape: KernelShape): KernelLayout {
  const slots = new Array<number>(ABI.SLOTS).fill(0);
  let at = align(base);
  const header = at;
  at = align(at + ABI.HEADER_BYTES);
  const put = (slot: number, bytes: number) => {
    slots[slot] = at;
    at = align(at + Math.max(bytes, 4));
  };
  const n = pop.nPersons;
  const nC = shape.nChannels;
  slots[ABI.N_PERSONS] = n;
  slots[ABI.N_HOUSEHOLDS] = pop.nHouseholds;
  slots[ABI.N_TRACTS] = pop.nTracts;
  slots[ABI.N_GROUPS] = pop.nGroups;
  slots[ABI.N_TURMAS] = pop.nTurmas;
  slots[ABI.N_MUN] = pop.nMun;
  slots[ABI.N_DIG] = pop.nDig;
  slots[ABI.N_UF] = pop.nUf;
  slots[ABI.N_CHANNELS] = nC;
  slots[ABI.N_CELLS] = shape.nCells;
  slots[ABI.N_DAYS] = shape.dias;
  slots[ABI.AGENT_BASE] = pop.agentBase ?? 0;
  slots[ABI.N_MEASURES] = shape.nMeasures;
  slots[ABI.N_GRID_CELLS] = shape.nGridCells;
  // population (copied once per worker and population)
  put(ABI.P_HH_START, (pop.nHouseholds + 1) * 4);
  put(ABI.P_HH_TRACT, pop.nHouseholds * 4);
  put(ABI.P_GROUP, n * 4);
  put(ABI.P_DCELL, n * 2);
  put(ABI.P_TRACT_MUN, pop.nTracts * 2);
  put(ABI.P_ADJ_START, (pop.nTracts + 1) * 4);
  put(ABI.P_ADJ, pop.adj.length * 4);
  put(ABI.P_GROUP_SIZE, (pop.nGroups + 1) * 4);
  put(ABI.P_TRACT_POP, pop.nTracts * 4);
  put(ABI.P_TRACT_DEN, pop.nTracts * 4);
  put(ABI.P_DIG_POP, (pop.nDig + 1) * 4);
  put(ABI.P_UF_DIG_POP, pop.nUf * 4);
  put(ABI.P_MUN_POP, pop.nMun * 4);
  const populationEnd = at;
  // plan (copied once per worker and plan)
  put(ABI.P_MULT, n * 4);
  put(ABI.P_GRID_CELL, n * 2);
  put(ABI.P_AUDIENCE, n);
  for (const [slot, bytes] of shape.arrays.planArrays(pop, shape)) put(slot, bytes);
  // state (reset per task)
  put(ABI.P_DAY_A, n * 2);
  put(ABI.P_REM, n * 4);
  for (const [slot, bytes] of shape.arrays.stateArrays(pop, shape)) put(slot, bytes);
  for (const c of [ABI.P_CNT_GROUP, ABI.P_CNT_TRACT, ABI.P_CNT_DIG, ABI.P_CNT_MUN]) put(c, counterLength(pop, c) * 4);
  put(ABI.P_CNT_HH, pop.nHouseholds * 4);
  put(ABI.P_TAB_G, (pop.nGroups + 1) * 4);
  put(ABI.P_TAB_V, pop.nTracts * 4);
  put(ABI.P_TAB_D, (pop.nDig + 1) * 4);
  put(ABI.P_TAB_DAMP, pop.nMun * 4);
  put(ABI.P_UNIT_G, (pop.nGroups + 1) * 4);
  put(ABI.P_UNIT_V, pop.nTracts * 4);
  put(ABI.P_UNIT_D, (pop.nDig + 1) * 4);
  // the reduction's tables (assembly/reduce.ts), zero between runs and units
  put(ABI.P_RUN_DAY, 2 * (shape.dias + 1) * shape.nMeasures * 4);
  put(ABI.P_RUN_CELLS, shape.nGridCells * shape.nMeasures * 4);
  put(ABI.P_RUN_FREQ, (nC + 1) * ABI.FREQ_COLS * 4);
  return { header, slots, populationEnd, end: at };
}

/** Entries of the counter array at header slot `slot` (the group and digital ones end with their "nobody" slot). */
export function counterLength(pop: KernelPopulation, slot: number): number {
  switch (slot) {
    case ABI.P_CNT_GROUP: return pop.nGroups + 1;
    case ABI.P_CNT_TRACT: return pop.nTracts;
    case ABI.P_CNT_DIG: return pop.nDig + 1;
    case ABI.P_CNT_MUN: return pop.nMun;
    default: throw new RangeError(`slot ${slot} is not a shared counter array`);
  }
}

/** Linear-memory bytes one kernel instance needs for a population and plan shape (per thread). */
export function kernelBytes(pop: KernelPopulation, shape: KernelShape): number {
  return layoutKernel(64 * 1024, pop, shape).end;
}
