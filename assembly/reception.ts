// Reception (familia recepcao, DESIGN 4). Media: on day d channel c reaches an agent with
// probability 1 - exp(-exp(beta0) * intensity_c(d) * affinity_c(cell)), the affinity being 0
// outside the audience. Because the hazard is affinity x a day factor, the next contact day is
// found at once: with cum_c(d) the summed day factors (host, per variant) and E ~ Exp(1) from
// H(key, S_MEDIA + c, day of the last contact, i), the next contact is the first day d' with
// affinity * (cum_c(d') - cum_c(d)) >= E. That is exactly one Bernoulli(1 - exp(-hazard)) per
// day and channel, at one draw per contact instead of one per day and channel. A person's contacts
// depend on nothing the days change, so the reset does them all (runContacts).
// Social: agents who answered repassa spread for F_PERIOD days; anyone not yet socially exposed
// is reached with hazard m_i * exp(beta_expo) * conversao_social * sum_l w_l f_l(i) (self excluded),
// drawn with a cumulative-hazard threshold (see adoption.ts). The first exposure draws the
// response from the cumulative shares of the agent's cell and source; a contact is recalled
// with the channel's recall probability.
import {
  N_GROUPS, N_HOUSEHOLDS, N_PERSONS, N_DIG, N_CHANNELS, N_CELLS, N_DAYS, P_HH_START, P_HH_TRACT, P_GROUP, P_DCELL, P_CELL,
  P_AFF, P_MULT, P_RESP_CUM, P_DAY_A, P_REM, P_CUM, P_FREQ, P_MDAY, P_SDAY, P_DDAY, P_RESP,
  P_CNT_GROUP, P_CNT_TRACT, P_CNT_DIG, P_CNT_HH, P_TAB_G, P_TAB_V, P_TAB_D, P_UNIT_G, P_UNIT_V, P_UNIT_D,
  F_EXPO, F_W_HH, F_PERIOD, F_FALSE_RECALL, F_FIRST_DAY, F_RECALL, S_SOCIAL, S_RESPONSE, S_FALSE_RECALL,
  S_MEDIA, S_RECALL, P_MEDIA_LIST, P_END_LIST, P_LIST_START, P_CANDIDATES,
  AGENT_BASE, P_PROP, PROP_BINS, F_PROP, F_PROP_SLOT, S_PROPENSITY, CONTACT_BATCH, MEMORY_CELL, P_MEMORY, P_ADAY, P_RDAY,
  P_SNEXT, P_SMEM, P_MEM_BATCH, F_MEMORY, F_MEM_LOG2K, F_MEM_INV_HILL, F_MEM_SOCIAL, F_MEM_CELLS,
} from './abi';
import { gather4, gather4From } from './gather';
import { slot, param } from './header';
import { clearCounters, prepareUnits } from './layers';
import { expDraw, expDraw2, expDraw2High, hash, setAgentBase, uniform, uniformHigh } from './rng';

const REPASSA: u8 = 3;
const REJEITA: u8 = 4;
// A household's spreader counter (P_CNT_HH) in a household of at most MASK_MEMBERS persons: the
// count in its low COUNT_BITS bits, and bit COUNT_BITS + k set while its k-th member spreads (each
// +1 and -1 of countSpreaders adds and removes the bit with the count). Larger households keep
// the plain count. The bits are today's spreaders exactly: set by the event pass of the exposure
// day (after that day's social pass), cleared by that of the period's last day.
const COUNT_BITS: u32 = 8;
const COUNT_MASK: i32 = (1 << COUNT_BITS) - 1;
const MASK_MEMBERS: u32 = 31 - COUNT_BITS;
let key: u64 = 0;
let exG: f32 = 0;
let periodG: u32 = 0;
// a sink for the social pass's loads of hhStart (kept so that they are not removed)
let touched: i32 = 0;
// the day's candidate bits (P_CANDIDATES, set by settleSocial) and the entries of P_END_LIST so far
let candG: usize = 0;
let endCount: u32 = 0;

@inline function add(p: usize, k: usize, d: i32): void {
  store<i32>(p + (k << 2), load<i32>(p + (k << 2)) + d);
}

/** Sets person p's bit in the candidate bitmap at `bits`. */
@inline function mark(bits: usize, p: u32): void {
  const q = bits + (<usize>(p >> 5) << 2);
  store<u32>(q, load<u32>(q) | (1 << (p & 31)));
}

/** First day after `from` on which the summed hazard `row` (f64 per day) grows by `need`; 0 if none by nDays. */
@inline function nextContact(row: usize, nDays: u32, from: u32, need: f64): u32 {
  const target = load<f64>(row + (<usize>from << 3)) + need;
  if (load<f64>(row + (<usize>nDays << 3)) < target) return 0;
  // row is non-decreasing and row[nDays] >= target: the answer is the first day in
  // (from, nDays] with row >= target. Branch-free bisection: the number of steps depends only
  // on nDays - from, which is the same for every contact of a day (and of a reset), so the
  // loop branch is always predicted and no contact pays a mispredicted window or step.
  // from == nDays (need rounds away) gives nDays + 1, as the linear scan did.
  let n = nDays - from;
  let lo = from + 1;
  if (n == 0) return lo;
  // invariant: the answer lies in [lo, lo + n - 1] (row[lo + n - 1] >= target)
  while (n > 1) {
    const half = n >> 1;
    lo = select<u32>(lo + half, lo, load<f64>(row + (<usize>(lo + half - 1) << 3)) < target);
    n -= half;
  }
  return lo;
}

/**
 * nextContact for a contact's next one (runContacts), same result: with row non-decreasing and row[nDays] >= target,
 * the first day in (from, nDays] with row >= target is from + 1 + #{d in (from, nDays]: row[d] < target}.
 * The count is taken two days at a time with f64x2 compares: the loads are independent, so the
 * answer is not at the end of a chain of dependent loads as in the bisection (a contact's
 * draw -> division -> search chain is on the critical path of the contacts).
 */
@inline function nextContactCount(row: usize, nDays: u32, from: u32, need: f64): u32 {
  const target = load<f64>(row + (<usize>from << 3)) + need;
  // A daily medium reaches its users again within days (v1.5.0's media habits: TV and digital
  // about 0.6 contacts a day per user, 3.4x v1.4.0's contacts on RR): first the 8 days after
  // `from`, four independent f64x2 compares. If one of them reaches the target, the answer is
  // from + 1 + the days below it (row is non-decreasing, and row[nDays] >= row[from + 8] >= target
  // rules out "none"), the same day as the searches below. RR 180 days, v1.5.0: 3.15 -> 2.32
  // CPU-s per task; v1.4.0 (a contact every 8 days or so, the branch less predictable) unchanged.
  if (from + 8 <= nDays) {
    const vt8 = f64x2.splat(target);
    const w = row + (<usize>(from + 1) << 3);
    const below = i64x2.add(
      i64x2.add(f64x2.lt(v128.load(w), vt8), f64x2.lt(v128.load(w, 16), vt8)),
      i64x2.add(f64x2.lt(v128.load(w, 32), vt8), f64x2.lt(v128.load(w, 48), vt8)),
    );
    const k = <u32>-(i64x2.extract_lane(below, 0) + i64x2.extract_lane(below, 1));
    if (k < 8) return from + 1 + k;
  }
  // long stretches (more than 32 days left): the bisection's log2 steps beat the linear count;
  // the choice depends only on nDays - from, the same for every contact of a day
  if (nDays - from > 32) return nextContact(row, nDays, from, need);
  if (load<f64>(row + (<usize>nDays << 3)) < target) return 0;
  const lo = from + 1;
  const vt = f64x2.splat(target);
  let acc = i64x2.splat(0);
  // pairs (d, d + 1) with d + 1 <= nDays; a single day left over is nDays, which never counts
  let p = row + (<usize>lo << 3);
  const end = row + (<usize>nDays << 3);
  for (; p < end; p += 16) acc = i64x2.sub(acc, f64x2.lt(v128.load(p), vt));
  return lo + <u32>(i64x2.extract_lane(acc, 0) + i64x2.extract_lane(acc, 1));
}

// The contact searches of a run of at most 32 days and up to 4 channels: each channel's
// row[1..32] copied here with +inf past nDays (an inf is never below a target), so that the first day with
// row >= t is 1 + #{d in [1, 32]: row[d] < t}, and none if that count is nDays. The count is
// taken in two levels of independent compares (which block of 8 days, then the 8 days of that
// block) instead of the bisection's five dependent steps: the same day.
const FIRST_DAYS: u32 = 32;

const firstRows = memory.data(<i32>(4 * FIRST_DAYS) << 3, 16);

// row[0] of each channel (padFirstRows), the first contact's search's start
const rowStart = memory.data(4 << 3, 8);

/** Fills firstRows and rowStart from the cum rows of nC <= 4 channels (nDays <= FIRST_DAYS). */
function padFirstRows(cum: usize, nC: u32, nDays: u32): void {
  for (let c: u32 = 0; c < nC; c++) {
    const row = cum + ((<usize>c * (nDays + 1)) << 3);
    store<f64>(rowStart + (<usize>c << 3), load<f64>(row));
    for (let d: u32 = 1; d <= FIRST_DAYS; d++) {
      store<f64>(firstRows + ((<usize>(c * FIRST_DAYS + d - 1)) << 3), d <= nDays ? load<f64>(row + (<usize>d << 3)) : Infinity);
    }
  }
}

// The padded search's count by an inverse grid (GRID_CELLS cells a channel): t's cell is
// cellOf(t, s_c), a monotone non-decreasing map (f64 multiply and add, the rounded value's bits,
// a clamp), so a day whose row value's cell is below t's is below t and one whose cell is above
// is not: only the days of t's own cell need a compare. Each cell holds up to two distinct row
// values of its days (gridVals: v1 < v2, +inf when absent; flat stretches of a row are one value)
// and the counts of days below t for 0, 1 (v1 < t) and 2 (v2 < t) of them below (gridCounts, a
// byte each, indexed by the compares' bitmask): about 15 instructions a search against the two
// levels of compares' 30 (PA 4 channels 30 days: reset 1.06x-1.12x, task about 1.05x-1.12x in
// both harness orders; 1 channel 7 days neutral; docs/experiments/kernel-speed.md, "2026-11-27: an
// inverse grid for the contact search, and the event pass's loads"). A row with three distinct
// values in one cell keeps the padded search (fillGrid says so).
const GRID_CELLS: u32 = 64;
const GRID_BITS: u32 = 6;
const gridVals = memory.data(<i32>(4 * GRID_CELLS) << 4, 16);
const gridCounts = memory.data(<i32>(4 * GRID_CELLS) << 2, 4);
// s_c of each channel: GRID_CELLS - 1 over the row's last value (0 for a row of zeros)
const gridScale = memory.data(4 << 3, 8);

/**
 * t's cell for the scale s (t >= 0, s >= 0): round(t * s) through the bits of t * s + 2^52 (the
 * bits of a non-negative f64 order as its value, also past 2^53), at most GRID_CELLS - 1.
 */
@inline function cellOf(t: f64, s: f64): u32 {
  return <u32>min<u64>(reinterpret<u64>(t * s + 4503599627370496.0) - 0x4330000000000000, GRID_CELLS - 1);
}

/**
 * Fills the grid from firstRows and rowStart (nC <= 4 channels, nDays <= FIRST_DAYS); false if a
 * cell has three distinct values, or a row starts below 0 (cellOf's order holds for t >= 0: a
 * target is a row value plus E / a > 0).
 */
function fillGrid(nC: u32, nDays: u32): bool {
  for (let c: u32 = 0; c < nC; c++) {
    if (!(load<f64>(rowStart + (<usize>c << 3)) >= 0)) return false;
    const p = firstRows + ((<usize>c * FIRST_DAYS) << 3);
    const top = load<f64>(p + ((<usize>nDays - 1) << 3));
    const s = top > 0 ? <f64>(GRID_CELLS - 1) / top : 0;
    store<f64>(gridScale + (<usize>c << 3), s);
    for (let g: u32 = 0; g < GRID_CELLS; g++) {
      let lo: u32 = 0;
      let n1: u32 = 0;
      let n2: u32 = 0;
      let v1 = Infinity;
      let v2 = Infinity;
      // the row is non-decreasing: a cell's days are consecutive, its first value the least
      for (let d: u32 = 0; d < nDays; d++) {
        const v = load<f64>(p + (<usize>d << 3));
        const gd = cellOf(v, s);
        if (gd < g) {
          lo++;
        } else if (gd == g) {
          if (n1 == 0 || v == v1) {
            v1 = v;
            n1++;
          } else if (n2 == 0 || v == v2) {
            v2 = v;
            n2++;
          } else return false;
        }
      }
      const e = <usize>((c << GRID_BITS) | g);
      store<f64>(gridVals + (e << 4), v1);
      store<f64>(gridVals + (e << 4), v2, 8);
      // bitmask 0, 1 or 3 (v1 < v2: v2 below t means v1 is); byte 2 is never read
      store<u32>(gridCounts + (e << 2), lo | ((lo + n1) << 8) | ((lo + n1 + n2) << 24));
    }
  }
  return true;
}

/** paddedCount(c, t) for t >= 0 from the grid (fillGrid true). */
@inline function gridCount(c: u32, t: f64): u32 {
  const e = <usize>((c << GRID_BITS) | cellOf(t, load<f64>(gridScale + (<usize>c << 3))));
  const below = i64x2.bitmask(f64x2.lt(v128.load(gridVals + (e << 4)), f64x2.splat(t)));
  return load<u8>(gridCounts + (e << 2) + below);
}

/**
 * #{d in [1, FIRST_DAYS]: row[d] < t} for channel c's row (firstRows filled): the first day with
 * row >= t is this + 1, none if it is nDays (it is never more: the days past nDays are +inf).
 */
@inline function paddedCount(c: u32, t: f64): u32 {
  const p = firstRows + ((<usize>c * FIRST_DAYS) << 3);
  // the blocks of 8 days wholly below t (their last day below t): 0 to 3
  const j = <u32>(load<f64>(p, 7 << 3) < t) + <u32>(load<f64>(p, 15 << 3) < t) + <u32>(load<f64>(p, 23 << 3) < t);
  const b = p + (<usize>j << 6);
  const vt = f64x2.splat(t);
  const below = i64x2.add(
    i64x2.add(f64x2.lt(v128.load(b), vt), f64x2.lt(v128.load(b, 16), vt)),
    i64x2.add(f64x2.lt(v128.load(b, 32), vt), f64x2.lt(v128.load(b, 48), vt)),
  );
  return (j << 3) + <u32>-(i64x2.extract_lane(below, 0) + i64x2.extract_lane(below, 1));
}

// Media contacts go in batches of (person, channel, day). A batch is done in two loops: the draws
// (hash -> logarithm -> division: each contact's chain is independent of the others', so in a
// loop of their own they overlap instead of waiting one for another), then each contact counted,
// listed for its recall draw and scheduled in the listed order (runContacts). A contact's channel
// and day share one u32, channel << 16 | day (days are u16): a round keeps a pair with three
// stores, not four.
const BATCH: u32 = CONTACT_BATCH;
const batchPerson = memory.data(<i32>BATCH << 2);
const batchCD = memory.data(<i32>BATCH << 2);
const batchAff = memory.data(<i32>BATCH << 2, 8);
const batchNeed = memory.data(<i32>BATCH << 3, 8);

/**
 * E / a for the listed pairs j and j + 1 in the two f64 lanes: E = expDraw(key, S_MEDIA + c, day,
 * i) with the pair's listed day (its last contact's, 0 before the first; the hash takes the day's
 * low 16 bits, so channel << 16 | day passes as the day), a the channel's affinity for the person's
 * cell (listed with the pair: the cell's and the table's loads once per pair). Both divisions in
 * one f64x2.div (each lane the scalar division: the same quotient).
 */
@inline function needPair(j: u32): v128 {
  const i0 = load<u32>(batchPerson + (<usize>j << 2));
  const cd0 = load<u32>(batchCD + (<usize>j << 2));
  const i1 = load<u32>(batchPerson + (<usize>j << 2), 4);
  const cd1 = load<u32>(batchCD + (<usize>j << 2), 4);
  const a = f64x2.promote_low_f32x4(v128.load64_zero(batchAff + (<usize>j << 2)));
  return f64x2.div(expDraw2High(key, (S_MEDIA << 16) + cd0, (S_MEDIA << 16) + cd1, i0, i1), a);
}

/**
 * batchNeed[j] = E / a for the (person, channel) pairs listed in [0, n) (needPair). Four pairs a
 * step: the two quotients' chains (hashes, logarithms, divisions) are independent and overlap
 * (perf put an eighth of the media pass's samples on the instruction waiting for the division;
 * four pairs a step instead of two: PA 4 channels 2.381 -> 2.339 CPU-s, reset 0.322 -> 0.305,
 * docs/experiments/kernel-speed.md, "2026-11-26: the media pass's search, listing and paired
 * draws", its second round).
 */
function drawNeeds(n: u32): void {
  let j: u32 = 0;
  for (; j + 4 <= n; j += 4) {
    const q01 = needPair(j);
    const q23 = needPair(j + 2);
    v128.store(batchNeed + (<usize>j << 3), q01);
    v128.store(batchNeed + (<usize>j << 3), q23, 16);
  }
  if (j + 2 <= n) {
    v128.store(batchNeed + (<usize>j << 3), needPair(j));
    j += 2;
  }
  if (j < n) {
    const i = load<u32>(batchPerson + (<usize>j << 2));
    const cd = load<u32>(batchCD + (<usize>j << 2));
    const af = <f64>load<f32>(batchAff + (<usize>j << 2));
    store<f64>(batchNeed + (<usize>j << 3), <f64>expDraw(key, S_MEDIA + (cd >> 16), cd, i) / af);
  }
}

/**
 * The recall draws of the contacts listed by a round (contactRound) in [0, n): dday
 * becomes the least of its day and the days of the contacts whose draw succeeds. A contact is
 * listed when dday was 0 or later than its day at the round's start (the day loop's test); the
 * round's own successes are applied here after it, so a contact may draw that the in-order test
 * would have skipped after a success of the same round on an earlier day: that draw can only
 * lower dday to a day no earlier than that success's, so dday, the least day of a successful
 * draw, is the same. Out of the round's loop its branch (taken for about 30% of the contacts,
 * unpredictable) and the hash are gone, and dday is not stored there (PA 4 channels, reset 0.962
 * -> 0.912 CPU-s, docs/experiments/kernel-speed.md, "2026-11-27: the event pass from a bitmap, and
 * lighter contact rounds"). Each f64 uniform is compared with the channel's f64 recall
 * probability, as before.
 */
function recallDraws(n: u32, dday: usize): void {
  for (let r: u32 = 0; r < n; r++) {
    const i = load<u32>(recallPerson + (<usize>r << 2));
    const cd = load<u32>(recallCD + (<usize>r << 2));
    const day = cd & 0xFFFF;
    const ok = uniformHigh(key, (S_RECALL << 16) + cd, i) < param(F_RECALL + (cd >> 16));
    const pd = dday + (<usize>i << 1);
    store<u16>(pd, <u16>(min(<u32>load<u16>(pd) - 1, select<u32>(day, 0, ok) - 1) + 1));
  }
}

// Responses that follow exposure (v2.1.0 on, F_MEMORY; docs/model.md, "Responses that follow
// exposure"). An exposed person's one draw u = H(key, S_RESPONSE, 0, i) (before v2.1.0, the first
// exposure's response) rejects at the first exposure, for good, when u >= keep (the cell's share
// that does not reject); else y = u / keep places the person on the ladder aware -> absorve ->
// repassa: absorve from the first contact after which a source's memory m has cA x H(m) > y,
// repassa when cR x H(m) > y (cA >= cR the cell's ceilings for the source, H(m) = m^n / (K^n + m^n)).
// A source is a media channel (the adstock of its contacts, 1 each, halving every half-life of the
// channel) or word of mouth (the social contacts', likewise): the response follows the strongest
// source, so a channel's days are its own and the person's are the least over the channels
// (mergeChannel), as first contact days are. cX x H(m) > y is m > K (x / (1 - x))^(1/n) with
// x = y / cX: a threshold per person and source, none when x >= 1. Declared recall comes from the
// same memory: a channel is recalled from the first contact after which 1 - (1 - r)^m > v (r the
// channel's recall probability per contact, v the pair's own draw): m > ln v / ln(1 - r), the
// old model's one draw per contact when memory does not fade.
const ROW_KEEP: u32 = 0;
const ROW_MEDIA: u32 = 1;
const ROW_SOCIAL: u32 = 3;

// The kind of a task's reception (runContacts, the reset's rounds): Remembering (v2.1.0 on, each
// contact moves memory and the response, recall from memory) or Forgetful (one response at the
// first exposure, one recall draw a contact), a function of its own each.
type Remembering = f64;
type Forgetful = u8;
@inline function remembers<Mem>(): bool {
  return sizeof<Mem>() == sizeof<Remembering>();
}

// the task's response memory flag (F_MEMORY), set by beginReception
let memoryG = false;
// F_MEM_CELLS and the decay rows' start in P_MEMORY (contactRound), set by beginReception: as
// values derived from the f64 param in the function, V8 re-derived them inside the loops (a checked
// f64 -> u32 truncation per contact on the path to the decay's load); a global read is one load
// (RR, v2.1.0: 1.03x a task, docs/experiments/kernel-speed.md, "2026-12-03: v2.1.0's memory path,
// a truncation per contact")
let memCellsG: u32 = 0;
let decayG: usize = 0;

// The memory's logarithms and powers are f32 (Mathf's): f64's tables do not fit the module's one
// page of static data, and a threshold or level needs no more.

/** log2 of the memory past which H(m) > x, for x > 0; +inf when x >= 1. */
@inline function logThreshold(x: f64): f32 {
  return x < 1 ? <f32>param(F_MEM_LOG2K) + <f32>param(F_MEM_INV_HILL) * Mathf.log2(<f32>(x / (1 - x))) : Infinity;
}

/**
 * The memory past which H(m) > x: 2^logThreshold(x), +inf when x >= 1 without the call to exp2
 * (exp2(+inf) is +inf; x = y / ceiling >= 1 for every person whose y is above the ceiling).
 */
@inline function threshold(x: f64): f32 {
  return x < 1 ? Mathf.exp2(logThreshold(x)) : Infinity;
}

// -ln(1 - r) of each channel's recall probability r (+0 for r 0), set by beginReception
const recallScale = memory.data(4 << 2, 4);

/** Person i's f32 row of P_MEMORY (its base cell's keep and ceilings). */
@inline function memoryRow(i: u32): usize {
  const base = (<u32>load<u16>(slot(P_CELL) + (<usize>i << 1)) >> 1) % memCellsG;
  return slot(P_MEMORY) + ((<usize>base * MEMORY_CELL) << 2);
}

/** Person i's y (u / keep), or -1 for a rejecter (u >= keep). */
@inline function ladderDraw(i: u32): f64 {
  const keep = <f64>load<f32>(memoryRow(i), ROW_KEEP << 2);
  const u = uniform(key, S_RESPONSE, 0, i);
  return u < keep ? u / keep : -1;
}

/**
 * Person i's media memory state before a first contact: f32 lanes (memory 0, absorve threshold,
 * repassa threshold, recall threshold 0 for now), the thresholds +inf for a rejecter.
 */
function mediaState(i: u32): v128 {
  const y = ladderDraw(i);
  const row = memoryRow(i);
  let ta: f32 = Infinity;
  let tr: f32 = Infinity;
  if (y >= 0) {
    ta = threshold(y / <f64>load<f32>(row, ROW_MEDIA << 2));
    tr = threshold(y / <f64>load<f32>(row, (ROW_MEDIA + 1) << 2));
  }
  return f32x4(0, ta, tr, 0);
}

/** The recall threshold of pair (i, c): ln v / ln(1 - r) (the Exp(1) draw of v over -ln(1 - r)), +inf when r is 0. */
@inline function recallThreshold(i: u32, c: u32): f32 {
  return expDraw(key, S_RECALL + c, 0, i) / load<f32>(recallScale + (<usize>c << 2));
}

/** Stores day at p (u16) when it is earlier than the day there or there is none. */
@inline function lowerDay(p: usize, day: u32): void {
  store<u16>(p, <u16>(min(<u32>load<u16>(p) - 1, day - 1) + 1));
}

// The contact search of a task (runContacts, paddedFirsts, contactRound), as a type: Gridded,
// the grid's count (gridCount: nDays <= FIRST_DAYS, at most 4 channels, fillGrid true); Padded,
// paddedCount (the same days otherwise); Counted, nextContact's and nextContactCount's (any
// nDays). Each is a function of its own.
type Gridded = u16;
type Padded = u8;
type Counted = u32;

/** #{d in [1, nDays]: row[d] < t} for channel c (t >= 0): gridCount or paddedCount, as Search says. */
@inline function daysBelow<Search>(c: u32, t: f64): u32 {
  return sizeof<Search>() == sizeof<Gridded>() ? gridCount(c, t) : paddedCount(c, t);
}

/**
 * The first contacts of the m pairs listed (their draws done), with the padded search: the first
 * day with row >= row[0] + E / a is daysBelow's k + 1, none if k == nDays; mday becomes the
 * least first day of a person's pairs (0 - 1 wraps to the top), and the pairs with a first contact
 * stay listed with its day. Returns their count. A loop of its own for each search (countFirsts;
 * contactRound likewise): with both searches in one loop V8 spilled a dozen values to
 * the stack every contact (with the rounds split too, reset 0.919 -> 0.901 CPU-s).
 */
function paddedFirsts<Search, Mem>(m: u32, nDays: u32, mday: usize): u32 {
  const mem = slot(P_MEM_BATCH);
  let na: u32 = 0;
  for (let j: u32 = 0; j < m; j++) {
    const i = load<u32>(batchPerson + (<usize>j << 2));
    const cd = load<u32>(batchCD + (<usize>j << 2));
    const c = cd >> 16;
    const k = daysBelow<Search>(c, load<f64>(rowStart + (<usize>c << 3)) + load<f64>(batchNeed + (<usize>j << 3)));
    const on = k < nDays;
    const pm = mday + (<usize>i << 1);
    store<u16>(pm, <u16>(min(<u32>load<u16>(pm) - 1, select<u32>(k, -1, on)) + 1));
    store<u32>(batchPerson + (<usize>na << 2), i);
    store<u32>(batchCD + (<usize>na << 2), cd | (k + 1));
    store<u32>(batchAff + (<usize>na << 2), load<u32>(batchAff + (<usize>j << 2)));
    if (remembers<Mem>()) v128.store(mem + (<usize>na << 4), v128.load(mem + (<usize>j << 4)));
    na += <u32>on;
  }
  return na;
}

/** paddedFirsts with nextContact(row of channel c, nDays, 0, E / a) (any nDays). */
function countFirsts<Mem>(m: u32, nDays: u32, cum: usize, mday: usize): u32 {
  const mem = slot(P_MEM_BATCH);
  let na: u32 = 0;
  for (let j: u32 = 0; j < m; j++) {
    const i = load<u32>(batchPerson + (<usize>j << 2));
    const cd = load<u32>(batchCD + (<usize>j << 2));
    const nd = nextContact(cum + ((<usize>(cd >> 16) * (nDays + 1)) << 3), nDays, 0, load<f64>(batchNeed + (<usize>j << 3)));
    const on = nd - 1 < nDays;
    const pm = mday + (<usize>i << 1);
    store<u16>(pm, <u16>(min(<u32>load<u16>(pm) - 1, select<u32>(nd, 0, on) - 1) + 1));
    store<u32>(batchPerson + (<usize>na << 2), i);
    store<u32>(batchCD + (<usize>na << 2), cd | nd);
    store<u32>(batchAff + (<usize>na << 2), load<u32>(batchAff + (<usize>j << 2)));
    if (remembers<Mem>()) v128.store(mem + (<usize>na << 4), v128.load(mem + (<usize>j << 4)));
    na += <u32>on;
  }
  return na;
}

// the count of contacts the last round listed for recall draws (contactRound)
let recallCount: u32 = 0;

/**
 * A round of the n contacts listed (their draws done): each contact counted (freq = seen, the
 * round's number, saturated: a pair listed in round r has had r contacts, and its last round's
 * store is its count, without a load and add per contact), listed for its recall draw
 * (recallDraws) while dday is 0 or later than its day, and its next contact searched; returns the
 * count of pairs kept. The padded search of the next contact after day `from` with t = row[from]
 * + E / a: when t > row[from] every day up to from is below t, so daysBelow's k is at least from
 * and the day is k + 1; when E / a rounds away (t == row[from]) k may be below from, and the day is
 * from + 1, as nextContact gives: max(k, from) + 1 in both cases, none when that is nDays + 1.
 * row[from] (from >= 1) comes from firstRows.
 */
function contactRound<Search, Mem>(n: u32, nC: u32, nDays: u32, cum: usize, freq: usize, dday: usize, aday: usize, rday: usize, seen: u8): u32 {
  const counted = sizeof<Search>() == sizeof<Counted>();
  const mem = slot(P_MEM_BATCH);
  const decay = decayG;
  let nb: u32 = 0;
  let nr: u32 = 0;
  for (let j: u32 = 0; j < n; j++) {
    const i = load<u32>(batchPerson + (<usize>j << 2));
    const cd = load<u32>(batchCD + (<usize>j << 2));
    const c = cd >> 16;
    const day = cd & 0xFFFF;
    store<u8>(freq + <usize>(i * nC + c), seen);
    if (!remembers<Mem>()) {
      store<u32>(recallPerson + (<usize>nr << 2), i);
      store<u32>(recallCD + (<usize>nr << 2), cd);
      nr += <u32>(<u32>load<u16>(dday + (<usize>i << 1)) - 1 > day - 1);
    }
    const need = load<f64>(batchNeed + (<usize>j << 3));
    // the next contact's day, nDays + 1 or 0 (wrapping to the top below) for none
    const nd = counted
      ? nextContactCount(cum + ((<usize>c * (nDays + 1)) << 3), nDays, day, need)
      : max(daysBelow<Search>(c, load<f64>(firstRows + ((<usize>(c * FIRST_DAYS + day - 1)) << 3)) + need), day) + 1;
    if (remembers<Mem>()) {
      // the contact adds 1 to the pair's memory; a threshold it passes (absorve, repassa, recall:
      // lanes 1 to 3) lowers the person's day and becomes +inf (the pair's later contacts are
      // later days); the memory kept is the one the next contact finds, decayed over the gap
      let st = v128.load(mem + (<usize>j << 4));
      const m = f32x4.extract_lane(st, 0) + 1;
      const passed = f32x4.ge(f32x4.splat(m), st);
      const bits = i32x4.bitmask(passed) & 14;
      if (bits != 0) {
        if (bits & 2) lowerDay(aday + (<usize>i << 1), day);
        if (bits & 4) lowerDay(rday + (<usize>i << 1), day);
        if (bits & 8) lowerDay(dday + (<usize>i << 1), day);
        st = v128.bitselect(f32x4.splat(Infinity), st, v128.and(passed, i32x4(0, -1, -1, -1)));
      }
      const gap = select<u32>(nd - day, 0, nd - 1 < nDays);
      v128.store(mem + (<usize>nb << 4), f32x4.replace_lane(st, 0, m * load<f32>(decay + ((<usize>(c * (nDays + 1) + gap)) << 2))));
    }
    store<u32>(batchPerson + (<usize>nb << 2), i);
    store<u32>(batchCD + (<usize>nb << 2), (cd & 0xFFFF0000) | nd);
    store<u32>(batchAff + (<usize>nb << 2), load<u32>(batchAff + (<usize>j << 2)));
    nb += <u32>(nd - 1 < nDays);
  }
  recallCount = nr;
  return nb;
}
/**
 * The end of a social step of persons [i, i + 4): lambda = ex * s * m lane by lane (s the summed
 * shares), and in the lanes `on` (not yet socially exposed, and in the stretch) with lambda > 0
 * rem falls by it and sday marks the day rem reaches 0, with the person's candidate bit for the
 * event pass (vEx: ex in every lane, splat once per day). The other lanes write back the rem
 * they read (past a stretch these are the next persons', or the bytes after the array, as read). With `inside` (the 4 lanes are persons of the stretch)
 * rem falls by lambda masked to the `on` lanes: an off lane's rem, a finite number, minus +0 is
 * itself, and an `on` lane with lambda 0 keeps its rem, which is > 0 (sday is set when it is not),
 * so it is not marked: the same stores without lambda's compare and the bitselect. Lanes past the
 * array's end keep the bitselect (their bytes, another array's, may read as a NaN).
 */
@inline function settleSocial(i: u32, on: v128, s: v128, day: u32, sday: usize, mult: usize, rem: usize, vEx: v128, inside: bool): void {
  const zero = f32x4.splat(0);
  const lambda = f32x4.mul(f32x4.mul(vEx, s), v128.load(mult + (<usize>i << 2)));
  const r0 = v128.load(rem + (<usize>i << 2));
  let m: u32;
  if (inside) {
    const r = f32x4.sub(r0, v128.and(lambda, on));
    v128.store(rem + (<usize>i << 2), r);
    m = i32x4.bitmask(v128.and(on, f32x4.le(r, zero)));
  } else {
    const live = v128.and(on, f32x4.gt(lambda, zero));
    const r = f32x4.sub(r0, lambda);
    v128.store(rem + (<usize>i << 2), v128.bitselect(r, r0, live));
    m = i32x4.bitmask(v128.and(live, f32x4.le(r, zero)));
  }
  if (m != 0) {
    // the lanes' candidate bits in one u64 from person i's u32 word (P_CANDIDATES has room past its last)
    const q = candG + (<usize>(i >> 5) << 2);
    store<u64>(q, load<u64>(q) | (<u64>m << (i & 31)));
    do {
      store<u16>(sday + (<usize>(i + ctz(m)) << 1), <u16>day);
      m &= m - 1;
    } while (m != 0);
  }
}

/** The lanes of persons [i, i + 4) below b and not yet socially exposed. */
@inline function socialLanes(i: u32, b: u32, sday: usize): v128 {
  return v128.and(
    i32x4.lt_u(i32x4(0, 1, 2, 3), i32x4.splat(b - i)),
    i32x4.eq(i32x4.extend_low_i16x8_u(v128.load64_zero(sday + (<usize>i << 1))), i32x4.splat(0)),
  );
}

/**
 * The social hazard of persons [a, b), all in households without spreaders today and in one
 * tract (share tv): base tv and no self exclusion, 4 persons per f32x4 (the group and cell shares
 * gathered lane by lane; the scalar operations lane by lane, in the same order). The last persons
 * (fewer than 4) go in one step with the lanes past b off; lanes off gather the "no group" and
 * "offline" zeros. Called by stepReception once per run of such households, about 100,000 times
 * a day on PA (77 persons per run on average). Not inlined: inside the day's step V8 spilled more
 * of its loop's values to the stack (PA 4 channels 30 days, kernel-ab: 1.05-1.06x in three runs).
 */
function socialRun(
  a: u32, b: u32, day: u32, tv: f32, sday: usize, group: usize, dcell: usize, mult: usize, rem: usize,
  tG: usize, tD: usize, noGroup: v128, offline: v128, vEx: v128,
): void {
  const vBase = f32x4.splat(tv);
  let i = a;
  for (; i + 4 <= b; i += 4) {
    const free = i32x4.eq(i32x4.extend_low_i16x8_u(v128.load64_zero(sday + (<usize>i << 1))), i32x4.splat(0));
    // the indices loaded as scalars, not extracted from a vector: on the AMD EPYC host the days
    // 3% faster (docs/experiments/kernel-speed.md, "2026-11-26: every media contact in the reset";
    // on the Intel host 2% slower, its "Tried and not kept" table, "gather indices as scalars")
    const sG = gather4From<u32>(tG, group + (<usize>i << 2));
    settleSocial(i, free, f32x4.add(f32x4.add(vBase, sG), gather4From<u16>(tD, dcell + (<usize>i << 1))), day, sday, mult, rem, vEx, true);
  }
  if (i < b) {
    const on = socialLanes(i, b, sday);
    const g4 = v128.bitselect(v128.load(group + (<usize>i << 2)), noGroup, on);
    const d4 = v128.bitselect(i32x4.extend_low_i16x8_u(v128.load64_zero(dcell + (<usize>i << 1))), offline, on);
    settleSocial(i, on, f32x4.add(f32x4.add(vBase, gather4(tG, g4)), gather4(tD, d4)), day, sday, mult, rem, vEx, false);
  }
}

/**
 * The social hazard of the members [a, b) of one household with spreaders today: base is the
 * household's share plus the tract's, selfV the household's and tract's weight of one member,
 * subtracted with the group's and cell's (uG, uD) for a member spreading today (no self
 * exposure): s = base + tG[g] + tD[dc], minus selfV + uG[g] + uD[dc] for a spreader. 4 members
 * per f32x4 (the scalar operations lane by lane, in the same order), lanes off as in socialRun.
 */
@inline function socialHousehold(
  a: u32, b: u32, day: u32, base: f32, selfV: f32, members: u32, byMask: bool, sday: usize, eday: usize, resp: usize, group: usize,
  dcell: usize, mult: usize, rem: usize, tG: usize, tD: usize, uG: usize, uD: usize, noGroup: v128, offline: v128, vEx: v128,
): void {
  const vBase = f32x4.splat(base);
  const vSelf = f32x4.splat(selfV);
  const vDay = i32x4.splat(day);
  for (let i = a; i < b; i += 4) {
    const on = socialLanes(i, b, sday);
    const g4 = v128.bitselect(v128.load(group + (<usize>i << 2)), noGroup, on);
    const d4 = v128.bitselect(i32x4.extend_low_i16x8_u(v128.load64_zero(dcell + (<usize>i << 1))), offline, on);
    const s = f32x4.add(f32x4.add(vBase, gather4(tG, g4)), gather4(tD, d4));
    // spreading today: repassa, exposed before today and at most period days ago; in a household
    // of at most MASK_MEMBERS, the members' bits of its counter (countSpreaders) say the same
    // without loading eday and resp, which no pass streams before this one (a cache miss each)
    let spreading: v128;
    if (byMask) {
      spreading = i32x4.ne(v128.and(i32x4.splat(members >> (i - a)), i32x4(1, 2, 4, 8)), i32x4.splat(0));
    } else {
      const e4 = i32x4.extend_low_i16x8_u(v128.load64_zero(eday + (<usize>i << 1)));
      const rs4 = i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(resp + <usize>i)));
      spreading = v128.and(
        i32x4.eq(rs4, i32x4.splat(REPASSA)),
        v128.and(i32x4.lt_u(e4, vDay), i32x4.le_u(i32x4.sub(vDay, e4), i32x4.splat(periodG))),
      );
    }
    // the units gathered for the spreaders only: the other lanes read the "no group" and
    // "offline" zeros (cached), not a second 1.5 MB table, and keep s
    const self = f32x4.add(
      f32x4.add(vSelf, gather4(uG, v128.bitselect(g4, noGroup, spreading))),
      gather4(uD, v128.bitselect(d4, offline, spreading)),
    );
    settleSocial(i, on, v128.bitselect(f32x4.sub(s, self), s, spreading), day, sday, mult, rem, vEx, false);
  }
}

/**
 * Every media contact of the run, done by the reset: a person's contacts depend on its own draws
 * only (never on the social pass), and what the days read of them is mday (the event pass: "media
 * contact today" for a person not yet exposed). A block of persons at a time: their (person,
 * channel) pairs in the audience (a > 0) listed without a branch (the slot is written, the count
 * moves by 0 or 1: about half of PA's persons are outside a campaign's audience, a branch
 * mispredicted as often), each pair's first contact (paddedFirsts or countFirsts), then rounds:
 * each round does the next contact of every pair with one left by day nDays, the draws of the
 * round in a loop of their own (drawNeeds: the chains of different pairs overlap), then each
 * contact counted, listed for its recall draw and its next one searched (contactRound with the
 * task's Search, as the day-by-day media pass did), the pairs with a next contact kept in the list,
 * then the round's recall draws (recallDraws). The day loop's results, in another order: freq
 * counts a pair's contacts; mday is the first contact day, the least of the pairs' first ones;
 * dday is the day of the first contact whose recall draw succeeds (the least such day, the
 * chronological first), unless the false recall, applied after (finishReception), sets it.
 * Channels [c0, c1) of the nC: each (person, channel) pair's contacts depend on its own draws
 * only, so the channels done apart and their days' least taken after (mergeChannel) give the same.
 */
function runContacts<Search, Mem>(
  n: u32, nC: u32, c0: u32, c1: u32, nCells: u32, nDays: u32, cell: usize, aff: usize, cum: usize,
  freq: usize, dday: usize, mday: usize, aday: usize, rday: usize,
): void {
  const block = BATCH / max(c1 - c0, 1);
  const prop = param(F_PROP) != 0;
  const mem = slot(P_MEM_BATCH);
  for (let i0: u32 = 0; i0 < n; i0 += block) {
    const i1 = min(i0 + block, n);
    let m: u32 = 0;
    for (let i = i0; i < i1; i++) {
      const k = <usize>load<u16>(cell + (<usize>i << 1));
      // the person's propensity draws (one hash: byte 0 its heaviness, byte 1 + canal its own), a
      // predictable branch: the flag is the task's
      const h = prop ? hash(key, S_PROPENSITY, 0, i) : 0;
      // the person's thresholds, for a member of the audience (k's bit 0): no one else has a contact
      const st = remembers<Mem>() && (k & 1) != 0 ? mediaState(i) : i32x4.splat(0);
      for (let c = c0; c < c1; c++) {
        let a = load<f32>(aff + ((<usize>c * nCells + k) << 2));
        if (prop) a *= propensityOf(h, c, nC);
        store<u32>(batchPerson + (<usize>m << 2), i);
        store<u32>(batchCD + (<usize>m << 2), c << 16);
        store<f32>(batchAff + (<usize>m << 2), a);
        if (remembers<Mem>() && a > 0) v128.store(mem + (<usize>m << 4), f32x4.replace_lane(st, 3, recallThreshold(i, c)));
        m += <u32>(a > 0);
      }
    }
    drawNeeds(m);
    let na = sizeof<Search>() == sizeof<Counted>() ? countFirsts<Mem>(m, nDays, cum, mday) : paddedFirsts<Search, Mem>(m, nDays, mday);
    // the round's number, each listed pair's count of contacts (freq saturates at 255)
    let seen: u8 = 0;
    while (na != 0) {
      drawNeeds(na);
      seen += <u8>(seen < 255);
      na = contactRound<Search, Mem>(na, nC, nDays, cum, freq, dday, aday, rday, seen);
      if (!remembers<Mem>()) recallDraws(recallCount, dday);
    }
  }
}

/**
 * Person's exposure propensity for channel c (v2.0.0 on; docs/model.md, "Exposure propensity"):
 * a multiplier of mean 1 of the channel's contact hazard, persistent over the campaign, so heavy
 * and light users of a medium differ as measured media show. Its copula variable
 * z = sqrt(rho) Z + sqrt(1 - rho) e_c (Z the person's media heaviness, shared by the channels; e_c
 * the channel's own normal; each a 256-point normal, bytes of the person's hash) falls in one of
 * PROP_BINS bins, and the channel's table holds the fitted distribution's conditional mean over the
 * bin's quantile range (src/models/recepcao: the host computes both parts and the tables, so the
 * kernel does two loads, an add and a load). The parts are in bin units: heaviness (sqrt(rho) N[u] +
 * range) x scale, own sqrt(1 - rho) N[u] x scale.
 */
// the bit offset of channel c's byte in the propensity hash (8 F_PROP_SLOT), set by beginReception:
// converted from the f64 param in the listing loop, it was a checked f64 -> u64 truncation per pair
// (docs/experiments/kernel-speed.md, "2026-12-03: v2.1.0's memory path, a truncation per contact")
const propShift = memory.data(4 << 2, 4);

@inline function propensityOf(h: u64, c: u32, nC: u32): f32 {
  const tab = slot(P_PROP);
  const parts = tab + ((<usize>nC * PROP_BINS) << 2);
  const own = <u32>(h >> <u64>load<u32>(propShift + (<usize>c << 2))) & 0xFF;
  const z = load<f32>(parts + ((<usize>(<u32>h & 0xFF)) << 2)) + load<f32>(parts + ((<usize>(256 + own)) << 2));
  const bin = <u32>min(max(<i32>z, 0), <i32>PROP_BINS - 1);
  return load<f32>(tab + ((<usize>(c * PROP_BINS + bin)) << 2));
}

// The contact search of the task begun (beginReception): Counted, Padded or Gridded
const SEARCH_COUNTED: u32 = 0;
const SEARCH_PADDED: u32 = 1;
const SEARCH_GRIDDED: u32 = 2;
let searchG: u32 = SEARCH_COUNTED;

/** runContacts over channels [c0, c1) with the task's search and kind, days into dday, mday, aday and rday (these two v2.1.0's). */
function contactsOf(c0: u32, c1: u32, dday: usize, mday: usize, aday: usize, rday: usize): void {
  const n = <u32>slot(N_PERSONS);
  const nC = <u32>slot(N_CHANNELS);
  const nCells = <u32>slot(N_CELLS);
  const nDays = <u32>slot(N_DAYS);
  const cell = slot(P_CELL);
  const aff = slot(P_AFF);
  const cum = slot(P_CUM);
  const freq = slot(P_FREQ);
  if (memoryG) {
    if (searchG == SEARCH_GRIDDED) runContacts<Gridded, Remembering>(n, nC, c0, c1, nCells, nDays, cell, aff, cum, freq, dday, mday, aday, rday);
    else if (searchG == SEARCH_PADDED) runContacts<Padded, Remembering>(n, nC, c0, c1, nCells, nDays, cell, aff, cum, freq, dday, mday, aday, rday);
    else runContacts<Counted, Remembering>(n, nC, c0, c1, nCells, nDays, cell, aff, cum, freq, dday, mday, aday, rday);
  } else if (searchG == SEARCH_GRIDDED) runContacts<Gridded, Forgetful>(n, nC, c0, c1, nCells, nDays, cell, aff, cum, freq, dday, mday, 0, 0);
  else if (searchG == SEARCH_PADDED) runContacts<Padded, Forgetful>(n, nC, c0, c1, nCells, nDays, cell, aff, cum, freq, dday, mday, 0, 0);
  else runContacts<Counted, Forgetful>(n, nC, c0, c1, nCells, nDays, cell, aff, cum, freq, dday, mday, 0, 0);
}

/**
 * Host: once per (replica, variant) task, before the first day, after writing P_CUM: the state
 * zeroed and the contact search chosen; then the media contacts (every channel at once, or
 * channel by channel: channelContacts and mergeChannel), then finishReception. resetReception
 * does all three.
 */
export function beginReception(keyLo: u32, keyHi: u32): void {
  key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(<u32>slot(AGENT_BASE));
  const n = <u32>slot(N_PERSONS);
  const nC = <u32>slot(N_CHANNELS);
  const nDays = <u32>slot(N_DAYS);
  memory.fill(slot(P_DAY_A), 0, <usize>n << 1);
  memory.fill(slot(P_MDAY), 0, <usize>n << 1);
  memory.fill(slot(P_SDAY), 0, <usize>n << 1);
  memory.fill(slot(P_DDAY), 0, <usize>n << 1);
  memory.fill(slot(P_RESP), 0, <usize>n);
  memory.fill(slot(P_FREQ), 0, <usize>n * nC);
  for (let c: u32 = 0; c < nC; c++) store<u32>(propShift + (<usize>c << 2), <u32>param(F_PROP_SLOT + c) << 3);
  memoryG = param(F_MEMORY) != 0;
  if (memoryG) {
    for (let c: u32 = 0; c < nC; c++) store<f32>(recallScale + (<usize>c << 2), -Mathf.log(<f32>(1 - param(F_RECALL + c))));
    memCellsG = <u32>param(F_MEM_CELLS);
    decayG = slot(P_MEMORY) + ((<usize>memCellsG * MEMORY_CELL) << 2);
    memory.fill(slot(P_ADAY), 0, <usize>n << 1);
    memory.fill(slot(P_RDAY), 0, <usize>n << 1);
  }
  if (nC > 4 || nDays > FIRST_DAYS) {
    searchG = SEARCH_COUNTED;
  } else {
    padFirstRows(slot(P_CUM), nC, nDays);
    searchG = fillGrid(nC, nDays) ? SEARCH_GRIDDED : SEARCH_PADDED;
  }
}

// A channel's days apart (channelContacts), in arrays the reset does not use until
// finishReception: its first contact days (u16[n]) then its first recalled days (u16[n]) in
// P_MEDIA_LIST (filled by finishReception), its contacts (u8[n], channelFreq) in P_END_LIST
// (filled by the days).
@inline function channelFirst(): usize {
  return slot(P_MEDIA_LIST);
}
@inline function channelRecall(): usize {
  return slot(P_MEDIA_LIST) + (<usize>slot(N_PERSONS) << 1);
}
@inline function channelFreqBytes(): usize {
  return slot(P_END_LIST);
}
// v2.1.0 on: the channel's absorve and repassa days (u16[n] each) in P_SMEM, which the days use
// once finishReception has zeroed it
@inline function channelAbsorb(): usize {
  return slot(P_SMEM);
}
@inline function channelPass(): usize {
  return slot(P_SMEM) + (<usize>slot(N_PERSONS) << 1);
}

/**
 * Host: channel c's media contacts of the task begun: its first contact and first recalled days
 * into the channel's own arrays (channelFirst, channelRecall: the host may keep them for another
 * variant of the replica that runs channel c alike), its contact counts into freq's column c.
 * mergeChannel then makes them the person's.
 */
export function channelContacts(c: u32): void {
  memory.fill(channelFirst(), 0, <usize>slot(N_PERSONS) << 2);
  if (memoryG) memory.fill(channelAbsorb(), 0, <usize>slot(N_PERSONS) << 2);
  contactsOf(c, c + 1, channelRecall(), channelFirst(), channelAbsorb(), channelPass());
}

/** Host: freq's column c into the channel's contact counts (u8[n] at P_END_LIST), for the host to keep. */
export function channelFreq(c: u32): void {
  const n = <u32>slot(N_PERSONS);
  const nC = <usize>slot(N_CHANNELS);
  const freq = slot(P_FREQ) + <usize>c;
  const out = channelFreqBytes();
  for (let i: u32 = 0; i < n; i++) store<u8>(out + <usize>i, load<u8>(freq + <usize>i * nC));
}

/**
 * Host: channel c's days (channelContacts', or the host's copy of them) into mday and dday, each
 * the least day of its own and the channel's (0: none); with `counts`, freq's column c from the
 * channel's contact counts first (a copy: channelContacts wrote the column itself).
 */
export function mergeChannel(c: u32, counts: bool): void {
  const n = <u32>slot(N_PERSONS);
  const mday = slot(P_MDAY);
  const dday = slot(P_DDAY);
  const first = channelFirst();
  const recall = channelRecall();
  // the least nonzero day: x - 1 wraps 0 to the top, then the unsigned least, then + 1
  const one = i16x8.splat(1);
  let i: u32 = 0;
  for (; i + 8 <= n; i += 8) {
    const at = <usize>i << 1;
    v128.store(mday + at, i16x8.add(i16x8.min_u(i16x8.sub(v128.load(mday + at), one), i16x8.sub(v128.load(first + at), one)), one));
    v128.store(dday + at, i16x8.add(i16x8.min_u(i16x8.sub(v128.load(dday + at), one), i16x8.sub(v128.load(recall + at), one)), one));
  }
  for (; i < n; i++) {
    const at = <usize>i << 1;
    store<u16>(mday + at, <u16>(min(<u32>load<u16>(mday + at) - 1, <u32>load<u16>(first + at) - 1) + 1));
    store<u16>(dday + at, <u16>(min(<u32>load<u16>(dday + at) - 1, <u32>load<u16>(recall + at) - 1) + 1));
  }
  if (memoryG) {
    mergeDays(slot(P_ADAY), channelAbsorb(), n);
    mergeDays(slot(P_RDAY), channelPass(), n);
  }
  if (counts) {
    const nC = <usize>slot(N_CHANNELS);
    const freq = slot(P_FREQ) + <usize>c;
    const from = channelFreqBytes();
    for (i = 0; i < n; i++) store<u8>(freq + <usize>i * nC, load<u8>(from + <usize>i));
  }
}

/** days[i] becomes the least nonzero day of days[i] and from[i], for the n persons (u16 each). */
function mergeDays(days: usize, from: usize, n: u32): void {
  const one = i16x8.splat(1);
  let i: u32 = 0;
  for (; i + 8 <= n; i += 8) {
    const at = <usize>i << 1;
    v128.store(days + at, i16x8.add(i16x8.min_u(i16x8.sub(v128.load(days + at), one), i16x8.sub(v128.load(from + at), one)), one));
  }
  for (; i < n; i++) lowerDay(days + (<usize>i << 1), <u32>load<u16>(from + (<usize>i << 1)));
}

/** Host: once per task, beginReception then every channel's contacts at once, then finishReception. */
export function resetReception(keyLo: u32, keyHi: u32): void {
  beginReception(keyLo, keyHi);
  contactsOf(0, <u32>slot(N_CHANNELS), slot(P_DDAY), slot(P_MDAY), slot(P_ADAY), slot(P_RDAY));
  finishReception();
}

/** Host: the end of the reset, after every channel's contacts: the social thresholds and false recall, the day lists, the counters. */
export function finishReception(): void {
  const n = <u32>slot(N_PERSONS);
  const nDays = <u32>slot(N_DAYS);
  const rem = slot(P_REM);
  const dday = slot(P_DDAY);
  const mday = slot(P_MDAY);
  // the social threshold and the false recall: two draws per person, no branch; the thresholds
  // of two persons in one expDraw2 (its f64 lanes hold f32 values: the f32 stores are exact). A
  // false recall declares exposure from the first campaign day, whatever the contacts' recall
  // (the day loop drew no recall for such a person; a contact is never before that day)
  const falseRecall = param(F_FALSE_RECALL);
  const first = <u16>param(F_FIRST_DAY);
  let i: u32 = 0;
  for (; i + 2 <= n; i += 2) {
    v128.store64_lane(rem + (<usize>i << 2), f32x4.demote_f64x2_zero(expDraw2(key, S_SOCIAL, S_SOCIAL, 0, 0, i, i + 1)), 0);
    const pd = dday + (<usize>i << 1);
    store<u16>(pd, uniform(key, S_FALSE_RECALL, 0, i) < falseRecall ? first : load<u16>(pd));
    store<u16>(pd, uniform(key, S_FALSE_RECALL, 0, i + 1) < falseRecall ? first : load<u16>(pd, 2), 2);
  }
  if (i < n) {
    store<f32>(rem + (<usize>i << 2), expDraw(key, S_SOCIAL, 0, i));
    const pd = dday + (<usize>i << 1);
    store<u16>(pd, uniform(key, S_FALSE_RECALL, 0, i) < falseRecall ? first : load<u16>(pd));
  }
  // the day lists: before v2.1.0 the first media contacts (first exposures), from v2.1.0 the
  // repassa days the media gave (the start of spreading); the social memory starts empty
  listMediaDays(n, nDays, memoryG ? slot(P_RDAY) : mday, slot(P_MEDIA_LIST), slot(P_LIST_START));
  if (memoryG) {
    memory.fill(slot(P_SMEM), 0, <usize>n << 2);
    memory.fill(slot(P_SNEXT), 0, <usize>n << 1);
  }
  store<u32>(slot(P_LIST_START) + ((<usize>nDays + 2) << 2), 0);
  endCount = 0;
  memory.fill(slot(P_CANDIDATES), 0, <usize>((n + 127) >> 7) << 4);
  clearCounters();
  prepareUnits();
}

/**
 * The persons by first media contact day (mday, final after runContacts), a counting sort: the
 * persons of day d at list[ends[d - 1]] to list[ends[d] - 1] (ends[0] = 0). Persons two at a time,
 * the even one counted and placed with the cursors ends[d], the odd one with ends[nDays + 2 + d]
 * (the end list's day ends, unused until the first day): two chains of loads and stores instead
 * of one (a person's cursor waits for the last person's of the same day). Within a day the
 * order is not ascending; the event pass marks the persons in its bitmap, where order does not
 * matter. The persons without a contact (mday 0) are all written to the spare entry list[n],
 * without a branch (about half of PA's persons are outside the audience).
 */
function listMediaDays(n: u32, nDays: u32, mday: usize, list: usize, ends: usize): void {
  const odd = ends + ((<usize>nDays + 2) << 2);
  memory.fill(ends, 0, (<usize>nDays + 1) << 2);
  memory.fill(odd, 0, (<usize>nDays + 1) << 2);
  let i: u32 = 0;
  for (; i + 2 <= n; i += 2) {
    add(ends, load<u16>(mday + (<usize>i << 1)), 1);
    add(odd, load<u16>(mday + (<usize>i << 1), 2), 1);
  }
  if (i < n) add(ends, load<u16>(mday + (<usize>i << 1)), 1);
  // the even persons of day d from the day's start, the odd ones after them
  let t: u32 = 0;
  for (let d: u32 = 1; d <= nDays; d++) {
    const even = load<u32>(ends + (<usize>d << 2));
    const rest = load<u32>(odd + (<usize>d << 2));
    store<u32>(ends + (<usize>d << 2), t);
    store<u32>(odd + (<usize>d << 2), t + even);
    t += even + rest;
  }
  store<u32>(ends, n);
  store<u32>(odd, n);
  for (i = 0; i + 2 <= n; i += 2) {
    const d0 = <usize>load<u16>(mday + (<usize>i << 1));
    const d1 = <usize>load<u16>(mday + (<usize>i << 1), 2);
    const q0 = ends + (d0 << 2);
    const q1 = odd + (d1 << 2);
    const k0 = load<u32>(q0);
    const k1 = load<u32>(q1);
    store<u32>(list + (<usize>k0 << 2), i);
    store<u32>(list + (<usize>k1 << 2), i + 1);
    store<u32>(q0, k0 + <u32>(d0 != 0));
    store<u32>(q1, k1 + <u32>(d1 != 0));
  }
  if (i < n) {
    const d = <usize>load<u16>(mday + (<usize>i << 1));
    const q = ends + (d << 2);
    const k = load<u32>(q);
    store<u32>(list + (<usize>k << 2), i);
    store<u32>(q, k + <u32>(d != 0));
  }
  // day d's odd persons end where the day ends
  for (let d: u32 = 1; d <= nDays; d++) store<u32>(ends + (<usize>d << 2), load<u32>(odd + (<usize>d << 2)));
  store<u32>(ends, 0);
}

// The event pass's changes to the spreader counters, recorded a batch at a time: the group,
// tract, digital-cell and household counters of a person with an event are scattered loads
// (group's table is 1.5 MB on PA) which, behind the pass's unpredictable branches, did not overlap;
// in a loop of their own they do. Nothing reads these counters before the next day's
// prepareShares and social pass, and they are integer sums, so the order does not matter.
const spreadPerson = memory.data(<i32>BATCH << 2);
const spreadHousehold = memory.data(<i32>BATCH << 2);
const spreadDelta = memory.data(<i32>BATCH << 2);
// the event pass's candidates (persons), listed from the day's candidate bitmap
const eventPerson = memory.data(<i32>BATCH << 2, 16);
// The reset's recall candidates of a round (recallDraws): person, and channel << 16 | day. The
// event pass's lists, which hold nothing between days (the module's one page of static data has
// no room for two more lists of BATCH).
const recallPerson = eventPerson;
const recallCD = spreadHousehold;

/**
 * The counter changes listed in [0, n): each person's group, tract, digital cell and household by
 * its delta, +1 or -1 (the sign of the listed household delta, which in a household of at most
 * MASK_MEMBERS also carries the member's bit). The loads first, into the reset's contact
 * batches (batchPerson, batchCD, batchAff: unused between resets), then the adds.
 */
function countSpreaders(n: u32, group: usize, dcell: usize, hhTract: usize, cG: usize, cT: usize, cD: usize, cH: usize): void {
  for (let j: u32 = 0; j < n; j++) {
    const p = load<u32>(spreadPerson + (<usize>j << 2));
    store<u32>(batchPerson + (<usize>j << 2), load<u32>(group + (<usize>p << 2)));
    store<u32>(batchCD + (<usize>j << 2), load<u32>(hhTract + (<usize>load<u32>(spreadHousehold + (<usize>j << 2)) << 2)));
    store<u32>(batchAff + (<usize>j << 2), load<u16>(dcell + (<usize>p << 1)));
  }
  for (let j: u32 = 0; j < n; j++) {
    const hd = load<i32>(spreadDelta + (<usize>j << 2));
    const d = (hd >> 31) | 1;
    add(cG, load<u32>(batchPerson + (<usize>j << 2)), d);
    add(cT, load<u32>(batchCD + (<usize>j << 2)), d);
    add(cD, load<u32>(batchAff + (<usize>j << 2)), d);
    add(cH, load<u32>(spreadHousehold + (<usize>j << 2)), hd);
  }
}

/** Host: once per simulated day, after prepareShares(). */
export function stepReception(day: u32): void {
  const nH = <u32>slot(N_HOUSEHOLDS);
  const nCells = <u32>slot(N_CELLS);
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const group = slot(P_GROUP);
  const dcell = slot(P_DCELL);
  const cell = slot(P_CELL);
  const mult = slot(P_MULT);
  const respCum = slot(P_RESP_CUM);
  const eday = slot(P_DAY_A);
  const rem = slot(P_REM);
  const mday = slot(P_MDAY);
  const sday = slot(P_SDAY);
  const resp = slot(P_RESP);
  const cG = slot(P_CNT_GROUP);
  const cT = slot(P_CNT_TRACT);
  const cD = slot(P_CNT_DIG);
  const cH = slot(P_CNT_HH);
  const tG = slot(P_TAB_G);
  const tV = slot(P_TAB_V);
  const tD = slot(P_TAB_D);
  const uG = slot(P_UNIT_G);
  const uV = slot(P_UNIT_V);
  const uD = slot(P_UNIT_D);
  // ex and period are read in the person loop from globals set here: as plain locals of the
  // converted params, V8 re-derived them from the f64 params inside the loop (an f64 -> f32
  // demotion and a checked f64 -> u32 truncation per person); a global read is one load.
  exG = <f32>param(F_EXPO);
  periodG = <u32>param(F_PERIOD);
  candG = slot(P_CANDIDATES);
  const ex = exG;
  const wH = <f32>param(F_W_HH);
  // Every spreader is counted in exactly one digital cell (offline ones in slot nDig). With none
  // today every share table is 0 (prepareShares), so no lambda is > 0 and the social pass can
  // be skipped without changing any number.
  const nDig = <u32>slot(N_DIG);
  let spreaders: i32 = 0;
  for (let k: u32 = 0; k <= nDig; k++) spreaders |= load<i32>(cD + (<usize>k << 2));
  const social = ex > 0 && spreaders != 0;
  // who may still have a social contact (0) and the day of today's: before v2.1.0 sday (a first
  // social exposure only), from v2.1.0 P_SNEXT (every contact until the response cannot move);
  // a spreader spreads from the day after its first exposure (eday) or, from v2.1.0, its repassa day
  const open = memoryG ? slot(P_SNEXT) : sday;
  const since = memoryG ? slot(P_RDAY) : eday;

  // Two passes over the persons, in this order, give the numbers of one pass doing both per
  // person: the social pass writes rem and sday and reads cH (the day-start household counters:
  // no pass before it changes them); the event pass reads sday == day as "socially hit today" and,
  // for a person not yet exposed, mday == day as "media contact today" (the reset did every media
  // contact of the run, runContacts: a person not yet exposed has had none before today).
  // Splitting keeps each loop small enough for V8 to hold its values in registers.
  const lo = load<u32>(hhStart);
  const hi = load<u32>(hhStart + (<usize>nH << 2));

  // Social pass: rem falls by today's hazard for everyone not yet socially exposed. A household
  // without spreaders today (cH == 0, most of them) has base = hUnit * 0 + tV[t] = tV[t] and no
  // member to exclude, so a run of such households in one tract is a stretch of persons with
  // the same base: it goes 4 persons at a time (socialRun). A household with spreaders goes 4
  // members at a time with the self exclusion in its spreaders' lanes (socialHousehold). Same
  // operations, same order, so the same numbers.
  if (social) {
    const noGroup = i32x4.splat(<i32>slot(N_GROUPS));
    const offline = i32x4.splat(<i32>nDig);
    const vEx = f32x4.splat(ex);
    // with a period of 0 a first exposure's +1 is never undone (its -1 would be the same day's,
    // whose resp is read before the response is drawn) while it spreads on no day: the members'
    // bits would disagree with eday and resp, so with such a period the pass reads these
    const byMask = periodG > 0;
    // hhStart loaded with the run's end search, 4 households at a time, though only the end's is
    // used: read in order, the hardware fetches it ahead, where the end's alone (every 27
    // households or so) waited on memory at every run's start
    let touch = i32x4.splat(0);
    let a = lo;
    let h: u32 = 0;
    while (h < nH) {
      const t = load<u32>(hhTract + (<usize>h << 2));
      const tv = load<f32>(tV + (<usize>t << 2));
      const spreading = load<i32>(cH + (<usize>h << 2));
      if (spreading != 0) {
        const b = load<u32>(hhStart + (<usize>(h + 1) << 2));
        const size = b - a;
        const small = size <= MASK_MEMBERS;
        const hUnit: f32 = size > 1 ? wH / <f32>(size - 1) : 0;
        const base = hUnit * <f32>(small ? spreading & COUNT_MASK : spreading) + tv;
        const selfV = hUnit + load<f32>(uV + (<usize>t << 2));
        socialHousehold(
          a, b, day, base, selfV, <u32>spreading >> COUNT_BITS, small && byMask, open, since, resp, group, dcell, mult, rem, tG, tD, uG, uD,
          noGroup, offline, vEx,
        );
        a = b;
        h++;
        continue;
      }
      // the run's end: the first household after h with spreaders or in another tract, 4
      // households per compare (a run is about 27 households on PA), then one by one
      let h2 = h + 1;
      const vt = i32x4.splat(t);
      while (h2 + 4 <= nH) {
        const same = v128.and(i32x4.eq(v128.load(cH + (<usize>h2 << 2)), i32x4.splat(0)), i32x4.eq(v128.load(hhTract + (<usize>h2 << 2)), vt));
        touch = v128.or(touch, v128.load(hhStart + (<usize>h2 << 2)));
        const m = i32x4.bitmask(same);
        if (m != 15) {
          h2 += ctz(~m);
          break;
        }
        h2 += 4;
      }
      if (h2 + 4 > nH) while (h2 < nH && load<i32>(cH + (<usize>h2 << 2)) == 0 && load<u32>(hhTract + (<usize>h2 << 2)) == t) h2++;
      const b = load<u32>(hhStart + (<usize>h2 << 2));
      socialRun(a, b, day, tv, open, group, dcell, mult, rem, tG, tD, noGroup, offline, vEx);
      a = b;
      h = h2;
    }
    touched = i32x4.extract_lane(touch, 0);
  }

  // Event pass: first exposures (media or social contact today, never exposed) and the end of
  // spreading (repassa, exposed period days ago), in person order: an event that changes the
  // spreader counters finds its household by walking hhStart forward from the previous one's.
  // Its candidates are bits of P_CANDIDATES (a bit a person, so each one once and in order): the
  // persons whose first media contact is today (the reset's day lists), those whose social
  // threshold fell today (set by the social pass with their sday), and those who answered repassa
  // period days ago (listed by that day's event pass). Every person with an event is among them,
  // and a candidate has one exactly when the scan of every person found one, so the same events
  // in the same order.
  const nDays = <u32>slot(N_DAYS);
  const cand = candG;
  const mediaEnds = slot(P_LIST_START);
  const endEnds = mediaEnds + ((<usize>nDays + 2) << 2);
  const mediaList = slot(P_MEDIA_LIST);
  const endList = slot(P_END_LIST);
  for (let k = load<u32>(mediaEnds + (<usize>(day - 1) << 2)), k1 = load<u32>(mediaEnds + (<usize>day << 2)); k < k1; k++) {
    mark(cand, load<u32>(mediaList + (<usize>k << 2)));
  }
  // with a period of 0 the end would be the exposure day's own, which no scan found either
  if (periodG > 0 && day > periodG) {
    const e = day - periodG;
    for (let k = load<u32>(endEnds + (<usize>(e - 1) << 2)), k1 = load<u32>(endEnds + (<usize>e << 2)); k < k1; k++) {
      mark(cand, load<u32>(endList + (<usize>k << 2)));
    }
  }
  const words = (<u32>slot(N_PERSONS) + 127) >> 7;
  let h: u32 = 0;
  let nSpread: u32 = 0;
  let nEvent: u32 = 0;
  for (let w: u32 = 0; w < words; w++) {
    const q = cand + (<usize>w << 4);
    const v = v128.load(q);
    if (v128.any_true(v)) {
      v128.store(q, i64x2.splat(0));
      const i = w << 7;
      let x = i64x2.extract_lane(v, 0);
      while (x != 0) {
        store<u32>(eventPerson + (<usize>(nEvent++) << 2), i + <u32>ctz(x));
        x &= x - 1;
      }
      x = i64x2.extract_lane(v, 1);
      while (x != 0) {
        store<u32>(eventPerson + (<usize>(nEvent++) << 2), i + 64 + <u32>ctz(x));
        x &= x - 1;
      }
    }
    if (nEvent <= BATCH - 128 && w + 1 < words) continue;
    for (let j: u32 = 0; j < nEvent; j++) {
      const p = load<u32>(eventPerson + (<usize>j << 2));
      let isFirst: bool;
      if (memoryG) {
        const ev = memoryEvent(p, day, sday, resp, rem);
        if (ev == 0) continue;
        isFirst = ev > 0;
      } else {
      // A candidate not yet exposed (eday 0) was hit today: a first exposure, by media if mday
      // is today, else socially (sday is not read); an exposed one's event is the end of its
      // spreading, if any. The same tests as the four loads (eday, resp, mday, sday) and
      // compares of every candidate before, with one load for most (docs/experiments/kernel-speed.md,
      // "2026-11-27: an inverse grid for the contact search, and the event pass's loads").
      const e = <u32>load<u16>(eday + (<usize>p << 1));
      isFirst = e == 0;
      if (!isFirst && ((load<u8>(resp + <usize>p) != REPASSA) | (day - e != periodG))) continue;
      if (isFirst) {
        // first exposure: the response by cell and source (media wins a tie)
        store<u16>(eday + (<usize>p << 1), <u16>day);
        const k = <usize>load<u16>(cell + (<usize>p << 1));
        const src: usize = <u32>load<u16>(mday + (<usize>p << 1)) == day ? 0 : 1;
        const q = respCum + (((src * <usize>nCells + k) * 3) << 2);
        const u = <f32>uniform(key, S_RESPONSE, 0, p);
        const r = <u8>(1 + <i32>(u >= load<f32>(q)) + <i32>(u >= load<f32>(q, 4)) + <i32>(u >= load<f32>(q, 8)));
        store<u8>(resp + <usize>p, r);
        store<u32>(endList + (<usize>endCount << 2), p);
        endCount += <u32>(r == REPASSA);
        // only a spreader's start and end change the counters and need the household: the
        // walk below (its exit branch mispredicted about once an event) is for them alone
        if (r != REPASSA) continue;
      }
      }
      // the household: hhStart walked 4 bounds per compare (hhStart[nH] > p stops it in the
      // array); on the AMD EPYC host the days 1.4% to 5.7% faster than one by one
      // (docs/experiments/kernel-speed.md, "2026-11-26: every media contact in the reset")
      const vp = i32x4.splat(p);
      while (true) {
        const m = i32x4.bitmask(i32x4.le_u(v128.load(hhStart + (<usize>(h + 1) << 2)), vp));
        if (m != 15) {
          h += ctz(~m);
          break;
        }
        h += 4;
      }
      // a spreader from tomorrow on (+1, a first exposure answering repassa) or no longer (-1);
      // in a household of at most MASK_MEMBERS, with the member's bit (countSpreaders)
      const start = load<u32>(hhStart + (<usize>h << 2));
      const one: i32 = load<u32>(hhStart + (<usize>(h + 1) << 2)) - start <= MASK_MEMBERS ? 1 + (1 << (COUNT_BITS + p - start)) : 1;
      store<u32>(spreadPerson + (<usize>nSpread << 2), p);
      store<u32>(spreadHousehold + (<usize>nSpread << 2), h);
      store<i32>(spreadDelta + (<usize>nSpread << 2), isFirst ? one : -one);
      nSpread++;
      if (nSpread == BATCH) {
        countSpreaders(nSpread, group, dcell, hhTract, cG, cT, cD, cH);
        nSpread = 0;
      }
    }
    nEvent = 0;
  }
  countSpreaders(nSpread, group, dcell, hhTract, cG, cT, cD, cH);
  store<u32>(endEnds + (<usize>day << 2), endCount);
  if (memoryG && day == nDays) settleResponses(sday, mday, eday, resp);
}

/**
 * A v2.1.0 candidate's event (stepReception's event pass): 1 when it starts spreading today (its
 * repassa day, by the media's memory or by today's social contact), -1 when its spreading ends, 0
 * for none. A social contact today (P_SNEXT == day) adds 1 to the social memory (kept as log2 of
 * the level plus day / half-life, so that it decays without a day of its own) and may move the
 * person up the ladder; a rejecter's first contact closes it to more, anyone else's draws the
 * threshold of the next contact (stream S_SOCIAL, today's day: the first one's is day 0's).
 */
function memoryEvent(p: u32, day: u32, sday: usize, resp: usize, rem: usize): i32 {
  const at = <usize>p << 1;
  const rday = slot(P_RDAY) + at;
  const rd = <u32>load<u16>(rday);
  if (load<u8>(resp + <usize>p) == REPASSA) return day - rd == periodG ? -1 : 0;
  const next = slot(P_SNEXT) + at;
  if (<u32>load<u16>(next) == day) {
    if (load<u16>(sday + at) == 0) store<u16>(sday + at, <u16>day);
    const y = ladderDraw(p);
    if (y < 0) {
      store<u16>(next, 0xFFFF);
      return 0;
    }
    const mem = slot(P_SMEM) + (<usize>p << 2);
    const l = load<f32>(mem);
    const since = <f32>day * <f32>param(F_MEM_SOCIAL);
    const level = Mathf.log2((l > 0 ? Mathf.exp2(l - since) : 0) + 1);
    store<f32>(mem, level + since);
    const row = memoryRow(p);
    if (level > logThreshold(y / <f64>load<f32>(row, ROW_SOCIAL << 2))) lowerDay(slot(P_ADAY) + at, day);
    if (level > logThreshold(y / <f64>load<f32>(row, (ROW_SOCIAL + 1) << 2))) {
      store<u16>(rday, <u16>day);
    } else {
      store<u16>(next, 0);
      store<f32>(rem + (<usize>p << 2), expDraw(key, S_SOCIAL, day, p));
      if (rd != day) return 0;
    }
  } else if (rd != day) {
    return 0;
  }
  // repassa from today: no contact moves the person any more
  store<u8>(resp + <usize>p, REPASSA);
  store<u16>(next, 0xFFFF);
  store<u32>(slot(P_END_LIST) + (<usize>endCount << 2), p);
  endCount++;
  return 1;
}

/**
 * v2.1.0, after the last day: each person's first exposure (eday, the least of its first media
 * and social days), its final response (resp: rejeita for a rejecter, else the furthest rung
 * reached) and the day it was reached (P_ADAY: eday for ignora and rejeita), which the reduction
 * counts (assembly/reduce.ts).
 */
function settleResponses(sday: usize, mday: usize, eday: usize, resp: usize): void {
  const n = <u32>slot(N_PERSONS);
  const aday = slot(P_ADAY);
  const rday = slot(P_RDAY);
  for (let i: u32 = 0; i < n; i++) {
    const at = <usize>i << 1;
    const e = min(<u32>load<u16>(mday + at) - 1, <u32>load<u16>(sday + at) - 1) + 1;
    if (e == 0) continue;
    store<u16>(eday + at, <u16>e);
    const rd = <u32>load<u16>(rday + at);
    const ad = <u32>load<u16>(aday + at);
    let r: u8 = 1;
    let d = e;
    if (ladderDraw(i) < 0) {
      r = REJEITA;
    } else if (rd != 0) {
      r = REPASSA;
      d = rd;
    } else if (ad != 0) {
      r = 2;
      d = ad;
    }
    store<u8>(resp + <usize>i, r);
    store<u16>(aday + at, <u16>d);
  }
}

