// Bytes of memory traffic per person-day of each kernel family, counted from the passes of
// assembly/adoption.ts and assembly/reception.ts: every per-person and per-household array a
// day's pass touches, streamed once per pass (what a state far larger than the caches costs at
// the least), a written array twice (read, then written back). The roofline of bench/kernel.ts
// divides the measured memory bandwidth by it. KEEP IN SYNC with the kernels' passes.
//
// The random reads of the tables (group shares tG, cell shares tD, tract shares: one per person or
// household and day, a 64-byte line when it misses) are counted apart, in lines, by
// bench/lib/gather-lines.ts; the per-day share tables (prepareShares, about 12 bytes per group and
// tract) are not counted.
import { ABI } from '../../src/kernel/abi.js';
import { personsLeftByDay } from './kernel-operations.js';

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
 * stepAdoption by blocks (assembly/adoption.ts, while more than 7 in 10 households are listed):
 * the household pass writes every household's base and damping (P_HH_BASE, 8 bytes) in order; the
 * person pass streams the persons of the listed blocks (the list P_LIVE_BLOCK, one u32 per 16
 * persons, read and compacted) and reads their households' P_HH_BASE entries in household order.
 * Counted as if every block were listed: the first days of a run; later days move less (by
 * households or over the compact copy, below).
 */
export function adoptionPasses(): Record<string, Stream[]> {
  return {
    domicilios: [h('hhStart', 4), h('cH', 4), h('hhTract', 4), h('hhBase', 8, true)],
    pessoas: [
      p('blocks', 4 / ABI.ADOPTION_BLOCK, true), p('aday', 2), p('group', 4), p('dcell', 2), p('personHh', 4), p('mult', 4),
      p('rem', 4, true), h('hhBase', 8),
    ],
  };
}

/**
 * stepAdoption by households (from the first day at most 7 in 10 households are listed): the list
 * P_LIVE_HH read and compacted, and every member of a listed household (adopted ones masked).
 */
export function adoptionHouseholdPasses(): Record<string, Stream[]> {
  return {
    passo: [
      h('live', 4, true), h('hhStart', 4), h('cH', 4), h('hhTract', 4),
      p('aday', 2), p('group', 4), p('dcell', 2), p('mult', 4), p('rem', 4, true),
    ],
  };
}

/**
 * stepAdoption over the compact copy (once the persons left fit it): the listed households' pass
 * (the list read and compacted, P_HH_BASE written) and the persons left, their 5 u32 of the copy
 * read and compacted, their rem read and written in P_REM by index, their households' P_HH_BASE
 * entries read. The copy's writing (once, all persons streamed) is not counted, as the reset is not.
 */
export function adoptionCompactPasses(): Record<string, Stream[]> {
  return {
    domicilios: [h('live', 4, true), h('hhStart', 4), h('cH', 4), h('hhTract', 4), h('hhBase', 8, true)],
    pessoas: [p('copia', 5 * 4, true), p('rem', 4, true), h('hhBase', 8)],
  };
}

/** Bytes of a set of passes per person or per household (only the streams counted per that unit). */
function bytesPer(passes: Record<string, Stream[]>, por: Stream['por']): number {
  let bytes = 0;
  for (const streams of Object.values(passes)) for (const s of streams) if (s.por === por) bytes += s.bytes * (s.escrita ? 2 : 1);
  return bytes;
}

/**
 * Bytes per person-day of one adoption run as it went, from the day each person adopted (`dayA`,
 * 0 = never): each day after the launch, the passes of the mode assembly/adoption.ts took (by
 * blocks while more than 7 in 10 households are listed, then by households until the persons left
 * fit the compact copy, then over it) over the blocks, households and persons listed that day
 * (those with a person left at the day's start; the first day after the blocks visits every
 * household, the list left whole), divided by every person-day of the run (the reset, the launch's
 * pass and the copy not counted). The per-day counts above are a run's first days; this is its mean.
 */
export function adoptionRunBytesPerPersonDay(
  pop: { nPersons: number; nHouseholds: number; hhStart: Uint32Array },
  dayA: Uint16Array,
  launchDay: number,
  days: number,
): number {
  const blocks = adoptionPasses();
  const households = adoptionHouseholdPasses();
  const compact = adoptionCompactPasses();
  const block = ABI.ADOPTION_BLOCK;
  let bytes = 0;
  let mode: 'blocos' | 'domicilios' | 'copia' = 'blocos';
  let wholeList = true;
  // persons left at each day's start (entry days + 1: after the last day)
  const leftAt = personsLeftByDay(dayA, days + 1);
  for (let d = launchDay + 1; d <= days; d++) {
    // a person is left at day d's start when not adopted by day d - 1
    const left = (i: number) => dayA[i] === 0 || dayA[i] >= d;
    let listed = 0;
    let members = 0;
    const persons = leftAt[d];
    const leftAfter = leftAt[d + 1];
    for (let hh = 0; hh < pop.nHouseholds; hh++) {
      for (let i = pop.hhStart[hh]; i < pop.hhStart[hh + 1]; i++) {
        if (left(i)) {
          listed++;
          members += pop.hhStart[hh + 1] - pop.hhStart[hh];
          break;
        }
      }
    }
    if (mode !== 'blocos' && wholeList) {
      listed = pop.nHouseholds;
      members = pop.nPersons;
      wholeList = false;
    }
    if (mode === 'copia') bytes += listed * bytesPer(compact, 'domicilio') + persons * bytesPer(compact, 'pessoa');
    else if (mode === 'blocos') {
      let listedBlocks = 0;
      for (let b = 0; b < pop.nPersons; b += block) {
        for (let i = b; i < Math.min(b + block, pop.nPersons); i++) {
          if (left(i)) {
            listedBlocks++;
            break;
          }
        }
      }
      bytes += pop.nHouseholds * bytesPer(blocks, 'domicilio') + listedBlocks * block * bytesPer(blocks, 'pessoa');
      if (listed * 10 <= pop.nHouseholds * 7) mode = 'domicilios';
    } else {
      bytes += listed * bytesPer(households, 'domicilio') + members * bytesPer(households, 'pessoa');
    }
    if (mode === 'domicilios' && leftAfter * 8 <= pop.nPersons * ABI.ADOPTION_COMPACT_EIGHTHS) mode = 'copia';
  }
  return bytes / (pop.nPersons * days);
}

/**
 * A reception run with nC channels over `dias` days: each day the social pass (days with a
 * spreader somewhere) and the event pass, which streams only its candidate bitmap (read and
 * cleared; its candidates' own reads go with the events, not with the persons); the media
 * contacts are all done by the reset (runContacts), a block of persons at a time with the block's
 * channel arrays in cache, so their streams (cell read; freq, dday and mday written) count once
 * per run: per person-day, over the days, with the reset's day lists of the first contacts (mday
 * read twice, the list written).
 */
export function receptionPasses(nC: number, dias: number): Record<string, Stream[]> {
  const run = 1 / dias;
  return {
    social: [h('hhTract', 4), h('cH', 4), h('hhStart', 4), p('sday', 2), p('group', 4), p('dcell', 2), p('mult', 4), p('rem', 4, true)],
    eventos: [p('candidatos', 1 / 8, true)],
    midia: [
      p('cell', 2 * run), p('freq', nC * run, true), p('dday', 2 * run, true), p('mday', 2 * run, true), p('mday', 4 * run),
      p('listaMidia', 4 * run, true),
    ],
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
