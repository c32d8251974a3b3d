// Counting a finished task's events (DESIGN 5). The host's reduction (src/pool/reduce-replica.ts,
// through src/kernel/instance.ts countRun) calls these once per run of consecutive households of
// one unit and tract row, with the run's persons in this instance's numbering. They add the run's
// events to three tables the host folds into the job's counts and zeroes:
//   P_RUN_DAY: [day 0..nDays][measure] of the persons outside the audience, then of the audience's
//     (each person counts once, in its own table: the host adds the two for the whole population);
//     a measure a person did not have counts on day 0, the sink row the host drops (so no branch
//     per measure);
//   P_RUN_CELLS: [grid cell][measure] of the run's unit (the host folds it when the unit changes);
//   P_RUN_FREQ: reception, [channel][FREQ_COLS] then [over all][FREQ_COLS], of the run's unit's
//     audience members with a media contact: column 0 their contacts, column f (1..10) the members
//     with f contacts (10: 10 or more), so the host has the GRPs and every f+ reach.
// Written in JavaScript, the counting took 20-35 ns a person, a third of the whole-Brazil task
// (docs/experiments/scale-out.md, "2026-11-27: the reduction").
import {
  N_CHANNELS, N_DAYS, N_MEASURES, P_DAY_A, P_SDAY, P_MDAY, P_DDAY, P_RESP, P_FREQ, P_GRID_CELL, P_AUDIENCE,
  P_RUN_DAY, P_RUN_CELLS, P_RUN_FREQ, FREQ_COLS,
} from './abi';
import { slot } from './header';

/** Adds `by` to the u32 at table + 4 * k. */
@inline function bump(table: usize, k: u32, by: u32): void {
  const q = table + (<usize>k << 2);
  store<u32>(q, load<u32>(q) + by);
}

/** Bit k set when lane k of `any` (person i + k's event days ORed) is not 0, for the persons i + k < i1. */
@inline function eventBits(any: v128, i: u32, i1: u32): u32 {
  const bits = <u32>i16x8.bitmask(i16x8.ne(any, i16x8.splat(0)));
  // the last group's loads reach past the run (into the next persons or array): those lanes are masked
  return i1 - i >= 8 ? bits : bits & ((1 << (i1 - i)) - 1);
}

/** The u16 days of persons i..i + 7. */
@inline function days8(days: usize, i: u32): v128 {
  return v128.load(days + (<usize>i << 1));
}

/** Bytes of one [day][measure] table of P_RUN_DAY: the audience's follows the others' (KEEP IN SYNC with src/kernel/instance.ts runTables). */
@inline function dayTableBytes(M: u32): usize {
  return (<usize>(<u32>slot(N_DAYS) + 1) * M) << 2;
}

/** Host: the adoption events of persons [i0, i1) into the run tables; returns the run's last event day (0: none). */
export function countAdoptionRun(i0: u32, i1: u32): u32 {
  const dayA = slot(P_DAY_A);
  const audience = slot(P_AUDIENCE);
  const gridCell = slot(P_GRID_CELL);
  const M = <u32>slot(N_MEASURES);
  const perDay = slot(P_RUN_DAY);
  const tableBytes = dayTableBytes(M);
  const cells = slot(P_RUN_CELLS);
  let last: u32 = 0;
  // eight persons at a time: most have no event, and a group without one costs a compare
  for (let i = i0; i < i1; i += 8) {
    let bits = eventBits(days8(dayA, i), i, i1);
    while (bits != 0) {
      const j = i + <u32>ctz(bits);
      bits &= bits - 1;
      const e = <u32>load<u16>(dayA + (<usize>j << 1));
      bump(perDay + <usize>load<u8>(audience + <usize>j) * tableBytes, e * M, 1);
      bump(cells, <u32>load<u16>(gridCell + (<usize>j << 1)) * M, 1);
      last = max(last, e);
    }
  }
  return last;
}

/** Host: the reception events and media frequencies of persons [i0, i1) into the run tables; returns the run's last event day (0: none). */
export function countReceptionRun(i0: u32, i1: u32): u32 {
  const dayA = slot(P_DAY_A);
  const sDay = slot(P_SDAY);
  const mDay = slot(P_MDAY);
  const dDay = slot(P_DDAY);
  const resp = slot(P_RESP);
  const freq = slot(P_FREQ);
  const nC = <u32>slot(N_CHANNELS);
  const M = <u32>slot(N_MEASURES);
  const perDay = slot(P_RUN_DAY);
  const tableBytes = dayTableBytes(M);
  const perFreq = slot(P_RUN_FREQ);
  const cells = slot(P_RUN_CELLS);
  const audience = slot(P_AUDIENCE);
  const gridCell = slot(P_GRID_CELL);
  let last: u32 = 0;
  for (let i = i0; i < i1; i += 8) {
    // a person with no event adds nothing (no media contact: mDay 0, every frequency 0)
    let bits = eventBits(
      v128.or(v128.or(days8(dayA, i), days8(sDay, i)), v128.or(days8(mDay, i), days8(dDay, i))), i, i1,
    );
    while (bits != 0) {
      const j = i + <u32>ctz(bits);
      bits &= bits - 1;
      const at = <usize>j << 1;
      const e = <u32>load<u16>(dayA + at);
      const sd = <u32>load<u16>(sDay + at);
      const md = <u32>load<u16>(mDay + at);
      const dd = <u32>load<u16>(dDay + at);
      const a = <u32>load<u8>(audience + <usize>j);
      const r = <u32>load<u8>(resp + <usize>j);
      const uc = <u32>load<u16>(gridCell + at) * M;
      // order of reception's medidas (src/models/recepcao/index.ts): alcance, social, medida, declarada, ambas, then the 4 responses
      // (r is 0 while not exposed: its count then lands on day 0's row and adds 0 to the cell)
      const both = <u32>(md != 0) & <u32>(sd != 0);
      const bothDay = select<u32>(max(md, sd), 0, both != 0);
      const exposed = <u32>(e != 0);
      const kr = e * M + 4 + r;
      const own = perDay + <usize>a * tableBytes;
      bump(own, e * M, 1);
      bump(own, kr, 1);
      bump(own, sd * M + 1, 1);
      bump(own, md * M + 2, 1);
      bump(own, dd * M + 3, 1);
      bump(own, bothDay * M + 4, 1);
      bump(cells, uc, exposed);
      bump(cells, uc + 4 + r, exposed);
      bump(cells, uc + 1, <u32>(sd != 0));
      bump(cells, uc + 2, <u32>(md != 0));
      bump(cells, uc + 3, <u32>(dd != 0));
      bump(cells, uc + 4, both);
      last = max(last, max(max(e, sd), max(md, dd)));
      // the frequencies of an audience member with a media contact; others add 0 (taken about half
      // the time, a branch here would be mispredicted as often)
      const on = a & <u32>(md != 0);
      let total: u32 = 0;
      for (let c: u32 = 0; c < nC; c++) {
        const f = <u32>load<u8>(freq + <usize>j * nC + c) * on;
        total += f;
        bump(perFreq, c * FREQ_COLS, f);
        bump(perFreq, c * FREQ_COLS + min(f, FREQ_COLS - 1), <u32>(f != 0));
      }
      bump(perFreq, nC * FREQ_COLS, total);
      bump(perFreq, nC * FREQ_COLS + min(total, FREQ_COLS - 1), <u32>(total != 0));
    }
  }
  return last;
}
