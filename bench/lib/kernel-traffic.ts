// Bytes of memory traffic per person-day of each kernel family, counted from the passes of
// assembly/adoption.ts and assembly/reception.ts: every per-person and per-household array a
// day's pass touches, streamed once per pass (what a state far larger than the caches costs at
// the least), a written array twice (read, then written back). The roofline of bench/kernel.ts
// divides the measured memory bandwidth by it. KEEP IN SYNC with the kernels' passes.
//
// Not counted: the random reads of the tables (group shares tG, cell shares tD, tract shares;
// one per person and day, a 64-byte line when it misses: PA's 786,000-group table is 3 MB) and
// the per-day share tables (prepareShares, about 12 bytes per group and tract). So the bound is
// an upper one; the analysis in docs/model.md says where the gathers matter.

import { ABI } from '../../src/kernel/abi.js';

/** One array a pass streams: bytes per element, elements per person or per household, written or not. */
export interface Stream {
  array: string;
  bytes: number;
  por: 'pessoa' | 'domicilio';
  escrita: boolean;
}

const p = (array: string, bytes: number, escrita = false): Stream => ({ array, bytes, por: 'pessoa', escrita });
const h = (array: string, bytes: number, escrita = false): Stream => ({ array, bytes, por: 'domicilio', escrita });

/**
 * stepAdoption: one pass over the households with a member left (the list P_LIVE_HH, read and
 * compacted in place) and their members, 4 at a time. Counted as if every household were still
 * listed: the first days of a run; once households drop out, a day moves less.
 */
export function adoptionPasses(): Record<string, Stream[]> {
  return {
    passo: [
      h('live', 4, true), h('hhStart', 4), h('cH', 4), h('hhTract', 4),
      p('aday', 2), p('group', 4), p('dcell', 2), p('mult', 4), p('rem', 4, true),
    ],
  };
}

/**
 * stepReception with nC channels over `dias` days: the social pass (days with a spreader
 * somewhere), the event pass and the media pass. The media pass touches a contacted person's
 * channel arrays; lines of them hold 8 to 32 persons, and about 1 person in 10 (v1.0.0) to 1 in 3
 * (v1.5.0) has a contact on a given day, so nearly every line is touched: counted as streamed.
 * The next-contact days are a byte each in runs of at most NEXT_C_U8_DAYS days, else two.
 */
export function receptionPasses(nC: number, dias: number): Record<string, Stream[]> {
  const dayBytes = dias <= ABI.NEXT_C_U8_DAYS ? 1 : 2;
  return {
    social: [h('hhTract', 4), h('cH', 4), h('hhStart', 4), p('sday', 2), p('group', 4), p('dcell', 2), p('mult', 4), p('rem', 4, true)],
    eventos: [p('eday', 2), p('minNext', 2), p('sday', 2), p('resp', 1)],
    midia: [p('minNext', 2, true), p('cell', 2), p('nextC', dayBytes * nC, true), p('freq', nC, true), p('dday', 2), p('mday', 2)],
  };
}

/** Bytes per person-day of a set of passes, with `householdsPerPerson` households per person. */
export function bytesPerPersonDay(passes: Record<string, Stream[]>, householdsPerPerson: number): number {
  let bytes = 0;
  for (const streams of Object.values(passes)) {
    for (const s of streams) bytes += s.bytes * (s.escrita ? 2 : 1) * (s.por === 'pessoa' ? 1 : householdsPerPerson);
  }
  return bytes;
}
