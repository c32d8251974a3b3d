// Reception's kernel as the host runs it (assembly/reception.ts; KernelFamily of
// src/kernel/instance.ts): its arrays, its entry points and the steps of a task, with the media
// contacts drawn as the task's caller asks (ContactDraws; kept ones in src/kernel/shared-contacts.ts).
import { ABI } from '../../kernel/abi.js';
import type { KernelFamily, KernelInstance } from '../../kernel/instance.js';
import type { KernelPlan } from '../../kernel/kernel-plan.js';
import { memoryTableLength } from './response-memory.js';

/** Reception's entry points of build/kernel.wasm (assembly/reception.ts, assembly/reduce.ts). */
interface ReceptionEntries {
  resetReception(keyLo: number, keyHi: number): void;
  beginReception(keyLo: number, keyHi: number): void;
  channelContacts(c: number): void;
  channelFreq(c: number): void;
  mergeChannel(c: number, counts: boolean): void;
  finishReception(): void;
  stepReception(day: number): void;
  countReceptionRun(i0: number, i1: number): number;
}

/**
 * The reset with the media contacts channel by channel (assembly/reception.ts channelContacts):
 * an off channel (escala 0) reaches no one and is skipped (its draws, all beyond every day's
 * summed factor of 0, changed nothing); with `share`, a channel as plano runs it (escala 1) is
 * taken from the kept ones of this plan and replica, or drawn and kept.
 */
function drawContactsByChannel(k: KernelInstance, plan: KernelPlan, escala: readonly number[], key: readonly [number, number], share: boolean): void {
  const fn = k.entries<ReceptionEntries>();
  const s = k.layout!.slots;
  const n = s[ABI.N_PERSONS];
  const kept = k.contacts;
  if (share) kept.open(`${plan.id}|${key[0]}|${key[1]}`);
  fn.beginReception(key[0], key[1]);
  // the channel's own arrays: KEEP IN SYNC with channelFirst, channelRecall and channelFreqBytes of assembly/reception.ts
  const first = k.u16(s[ABI.P_MEDIA_LIST], n);
  const recall = k.u16(s[ABI.P_MEDIA_LIST] + 2 * n, n);
  const freq = k.u8(s[ABI.P_END_LIST], n);
  // v2.1.0 on, the channel's absorve and repassa days: KEEP IN SYNC with channelAbsorb and channelPass
  const days = plan.memoria ? { absorve: k.u16(s[ABI.P_SMEM], n), repassa: k.u16(s[ABI.P_SMEM] + 2 * n, n) } : undefined;
  for (let c = 0; c < plan.nChannels; c++) {
    if (escala[c] === 0) continue;
    const asPlano = share && escala[c] === 1;
    const had = asPlano ? kept.get(c) : undefined;
    if (had) {
      first.set(had.first);
      recall.set(had.recall);
      freq.set(had.freq);
      if (days) {
        days.absorve.set(had.absorve!);
        days.repassa.set(had.repassa!);
      }
      fn.mergeChannel(c, true);
      kept.hits++;
      continue;
    }
    fn.channelContacts(c);
    if (share) kept.misses++;
    if (asPlano) {
      fn.channelFreq(c);
      kept.keep(c, { first, recall, freq, ...days });
    }
    fn.mergeChannel(c, false);
  }
  fn.finishReception();
}

export const RECEPTION_KERNEL: KernelFamily = {
  planArrays: (pop, shape) => [
    [ABI.P_CELL, pop.nPersons * 2],
    [ABI.P_AFF, shape.nChannels * shape.nCells * 4],
    [ABI.P_RESP_CUM, 2 * shape.nCells * 3 * 4],
    // the exposure propensity's tables and copula parts (read only when F_PROP is set, v2.0.0 on)
    [ABI.P_PROP, (shape.nChannels * ABI.PROP_BINS + 2 * 256) * 4],
    // v2.1.0 on, the response memory's ceilings by cell and decay by channel and gap (KernelPlan.memoria)
    ...(shape.memoria ? [[ABI.P_MEMORY, memoryTableLength(shape.nChannels, shape.dias) * 4] as const] : []),
  ],

  stateArrays: (pop, shape) => {
    const n = pop.nPersons;
    const nC = shape.nChannels;
    return [
      [ABI.P_CUM, nC * (shape.dias + 1) * 8],
      [ABI.P_FREQ, n * nC],
      [ABI.P_MDAY, n * 2],
      [ABI.P_SDAY, n * 2],
      [ABI.P_DDAY, n * 2],
      [ABI.P_RESP, n],
      // the event pass's candidates (assembly/reception.ts): the media list has a spare last entry
      [ABI.P_MEDIA_LIST, (n + 1) * 4],
      [ABI.P_END_LIST, n * 4],
      [ABI.P_LIST_START, 2 * (shape.dias + 2) * 4],
      [ABI.P_CANDIDATES, Math.ceil(n / 128) * 16 + 16],
      // v2.1.0 on: absorve and repassa days, the social pass's openings, the social memory (a
      // channel's absorve and repassa days during the reset) and the memory of a batch's contacts
      ...(shape.memoria
        ? ([[ABI.P_ADAY, n * 2], [ABI.P_RDAY, n * 2], [ABI.P_SNEXT, n * 2], [ABI.P_SMEM, n * 4], [ABI.P_MEM_BATCH, ABI.CONTACT_BATCH * 16]] as const)
        : []),
    ];
  },

  // nothing of its own follows from the population alone
  laidOut() {},

  copyPlan(k, plan) {
    const s = k.layout!.slots;
    k.copyIn(s[ABI.P_CELL], plan.cell!);
    k.copyIn(s[ABI.P_AFF], plan.afinidade!);
    k.copyIn(s[ABI.P_RESP_CUM], plan.respostaAcum!);
    if (plan.propensao) {
      k.copyIn(s[ABI.P_PROP], plan.propensao.tabelas);
      k.copyIn(s[ABI.P_PROP] + plan.propensao.tabelas.byteLength, plan.propensao.partes);
    }
    if (plan.memoria) k.copyIn(s[ABI.P_MEMORY], plan.memoria.tabela);
  },

  /**
   * The exposure propensity's parameters (v2.0.0 on), the variant's summed day factors
   * exp(beta0) * intensity, per channel, then the reset with its
   * media contacts drawn as `draws` says: by default by channel when the variant turns a channel
   * off, else at once.
   */
  begin(k, plan, escala, key, draws) {
    if (plan.propensao) {
      const f = k.params();
      f[ABI.F_PROP] = 1;
      for (let c = 0; c < plan.nChannels; c++) f[ABI.F_PROP_SLOT + c] = plan.propensao.bytes[c];
    }
    if (plan.memoria) {
      const f = k.params();
      f[ABI.F_MEMORY] = 1;
      f[ABI.F_MEM_LOG2K] = plan.memoria.log2K;
      f[ABI.F_MEM_INV_HILL] = plan.memoria.invHill;
      f[ABI.F_MEM_SOCIAL] = plan.memoria.social;
      f[ABI.F_MEM_CELLS] = plan.memoria.celulas;
    }
    const stride = plan.dias + 1;
    const cum = k.f64(k.layout!.slots[ABI.P_CUM], plan.nChannels * stride);
    for (let c = 0; c < plan.nChannels; c++) {
      let s = 0;
      cum[c * stride] = 0;
      for (let d = 1; d <= plan.dias; d++) cum[c * stride + d] = s += plan.params.e0 * escala[c] * plan.intensidade[c * stride + d];
    }
    const how = draws ?? (escala.slice(0, plan.nChannels).includes(0) ? 'by-channel' : 'at-once');
    if (how === 'at-once') k.entries<ReceptionEntries>().resetReception(key[0], key[1]);
    else drawContactsByChannel(k, plan, escala, key, how === 'shared');
  },

  step(k, _plan, d) {
    k.fn.prepareShares();
    k.entries<ReceptionEntries>().stepReception(d);
  },

  countRun: (k, i0, i1) => k.entries<ReceptionEntries>().countReceptionRun(i0, i1),
};
