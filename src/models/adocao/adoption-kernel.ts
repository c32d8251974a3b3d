// Adoption's kernel as the host runs it (assembly/adoption.ts; KernelFamily of
// src/kernel/instance.ts): its arrays, its entry points and the steps of a task.
import { ABI } from '../../kernel/abi.js';
import type { KernelFamily, KernelInstance } from '../../kernel/instance.js';
import { TIMING_CLASSES, type KernelPlan } from '../../kernel/kernel-plan.js';

/** Adoption's entry points of build/kernel.wasm (assembly/adoption.ts, assembly/reduce.ts). */
interface AdoptionEntries {
  resetAdoption(keyLo: number, keyHi: number): void;
  launchAdoption(day: number): void;
  stepAdoption(day: number): void;
  countAdoptionRun(i0: number, i1: number): number;
}

/**
 * Entries of each of the 5 arrays of adoption's compact copy (P_COMPACT): its capacity
 * ceil(n * ADOPTION_COMPACT_EIGHTHS / 8) rounded up to 4, plus 4 (the copy writes 4 entries at a
 * time). KEEP IN SYNC with compactStride in assembly/adoption.ts.
 */
export function compactStride(n: number): number {
  return Math.ceil(Math.ceil((n * ABI.ADOPTION_COMPACT_EIGHTHS) / 8) / 4) * 4 + 4;
}

/** The kernel's P_TAB_INCOME: the day's exp(beta0) with the impulse by timing class, then the launch odds factor by class. */
function timingTable(k: KernelInstance): Float32Array {
  return k.f32(k.layout!.slots[ABI.P_TAB_INCOME], 2 * TIMING_CLASSES);
}

export const ADOPTION_KERNEL: KernelFamily = {
  planArrays: (pop) => [
    [ABI.P_INCOME, pop.nPersons],
    [ABI.P_TAB_INCOME, 2 * TIMING_CLASSES * 4],
  ],

  stateArrays: (pop) => {
    const n = pop.nPersons;
    return [
      [ABI.P_LIVE_HH, pop.nHouseholds * 4],
      [ABI.P_PERSON_HH, n * 4],
      [ABI.P_HH_BASE, pop.nHouseholds * 8],
      [ABI.P_LIVE_BLOCK, Math.ceil(n / ABI.ADOPTION_BLOCK) * 4],
      [ABI.P_COMPACT, 5 * compactStride(n) * 4],
      [ABI.P_TRACT_BASE, pop.nTracts * 8],
    ];
  },

  /**
   * P_PERSON_HH, each person's household, once per layout (it follows from the population;
   * written by the reset, it was about 30 ms of every PA task).
   */
  laidOut(k, pop) {
    const personHh = k.u32(k.layout!.slots[ABI.P_PERSON_HH], pop.nPersons);
    const hhStart = pop.hhStart;
    // a plain loop: fill() per household took 3 to 4 times as long on PA (0.34 against 0.09 s)
    for (let h = 0; h < pop.nHouseholds; h++) for (let i = hhStart[h]; i < hhStart[h + 1]; i++) personHh[i] = h;
  },

  copyPlan(k, plan) {
    if (plan.classe) k.copyIn(k.layout!.slots[ABI.P_INCOME], plan.classe);
  },

  /** The launch timing by class when it differs by person (F_BY_INCOME, the odds factors), then the reset. */
  begin(k, plan, _escala, key) {
    if (plan.fatorClasse) {
      k.params()[ABI.F_BY_INCOME] = 1;
      const odds = timingTable(k);
      for (let c = 0; c < TIMING_CLASSES; c++) odds[TIMING_CLASSES + c] = plan.fatorClasse[c];
    }
    k.entries<AdoptionEntries>().resetAdoption(key[0], key[1]);
  },

  /** The launch on its day; after it, the day's spontaneous hazard (the fading impulse), the layers' shares and the step. */
  step(k: KernelInstance, plan: KernelPlan, d: number) {
    const fn = k.entries<AdoptionEntries>();
    if (d === plan.lancamentoDia) fn.launchAdoption(d);
    else if (d > plan.lancamentoDia) {
      const p = plan.params;
      if (plan.fatorClasse) {
        // the impulse of each timing class; the table is f32 as the kernel's vE0 is
        const e0 = timingTable(k);
        const decay = p.impulso * 2 ** (-(d - plan.lancamentoDia) / p.meiaVida);
        for (let c = 0; c < TIMING_CLASSES; c++) e0[c] = p.e0 * (1 + decay * plan.fatorClasse[c]);
      } else if (p.impulso > 0) k.params()[ABI.F_E0] = p.e0 * (1 + p.impulso * 2 ** (-(d - plan.lancamentoDia) / p.meiaVida));
      k.fn.prepareShares();
      fn.stepAdoption(d);
    }
  },

  countRun: (k, i0, i1) => k.entries<AdoptionEntries>().countAdoptionRun(i0, i1),
};
