// Adoption (familia adocao, DESIGN 4). A non-adopter adopts on day d with probability
// 1 - exp(-lambda_i(d)), lambda = m_i * (exp(beta0) + exp(beta_expo) * sum_l w_l f_l(i)) * (1 - a S_m).
// Drawn by the cumulative-hazard method: each agent gets one Exp(1) threshold E_i = -ln u with
// u = H(key, S_ADOPT, 0, i) and adopts on the first day the summed hazard passes it. Because
// P(E <= H_d | E > H_{d-1}) = 1 - exp(-lambda_d), this is the same daily Bernoulli process, with
// one random draw per agent instead of one per agent and day, and it couples variants
// monotonically (more hazard never delays an agent).
import {
  N_HOUSEHOLDS, N_PERSONS, N_GROUPS, N_DIG, P_HH_START, P_HH_TRACT, P_TRACT_MUN, P_GROUP, P_DCELL, P_MULT, P_DAY_A, P_REM,
  P_CNT_GROUP, P_CNT_TRACT, P_CNT_DIG, P_CNT_MUN, P_CNT_HH, P_TAB_G, P_TAB_V, P_TAB_D, P_TAB_DAMP, P_LIVE_HH, P_INCOME, P_PERSON_HH, P_HH_BASE, P_LIVE_BLOCK,
  P_TAB_INCOME, P_COMPACT, P_TRACT_BASE, N_TRACTS, F_E0, F_EXPO, F_W_HH, F_ELOGIT, F_BY_INCOME, S_ADOPT, S_LAUNCH,
  AGENT_BASE, ADOPTION_BLOCK, ADOPTION_COMPACT_EIGHTHS,
} from './abi';
import { gather4 } from './gather';
import { slot, param } from './header';
import { clearCounters } from './layers';
import { expDraw, expDraw2f32, setAgentBase, uniform } from './rng';

let key: u64 = 0;
// Households in P_LIVE_HH (the first nLive): those with a member yet to adopt. The daily step
// visits only these and drops a household once its last member adopted: on PA almost everyone
// adopts within 30 days, and a visit to a household with nothing left to do (its counter and
// bounds read, a branch) was about 14 ms of every day. Same numbers: a household is dropped only
// when no member's rem would be read again. While the step goes by blocks the list stays whole
// (everyHouseholdBase visits every household); the first step after drops the households done.
let nLive: u32 = 0;
// Blocks of BLOCK persons in P_LIVE_BLOCK (the first nBlocks): those with a person yet to adopt.
// The step's person pass visits these (one f32x4 per 4 persons, adopted ones masked) and drops a
// block once its last person adopted.
const BLOCK = ADOPTION_BLOCK;
let nBlocks: u32 = 0;
// How the step goes: by blocks (stepBlocks) while more than 7 in 10 households are listed; then by
// households (stepHouseholds) until the persons left fit the compact copy, then over that copy
// (stepCompact). A block of 16 persons stays listed while any of them is left (PA: all blocks until
// day 11, when 53% of the persons are left in 73% of the households), and past that point visiting
// only the listed households costs less. A late day's household visit waited on a chain of
// dependent loads (list, bounds, the members' lines: about 100 ns a household on PA, a third of a
// task); the compact copy streams the persons left instead (docs/experiments/kernel-speed.md, "2026-11-26: a compact copy of the persons left").
const BY_BLOCKS: u32 = 0;
const BY_HOUSEHOLDS: u32 = 1;
const COMPACT: u32 = 2;
let mode = BY_BLOCKS;
const BY_BLOCKS_NUMERATOR: u64 = 7;
const BY_BLOCKS_DENOMINATOR: u64 = 10;
// Persons yet to adopt after the last step (counted by each step), and the compact copy's length.
let nPending: u32 = 0;
let nCompact: u32 = 0;

/** Entries of each of P_COMPACT's 5 arrays. KEEP IN SYNC with compactStride in src/kernel/layout.ts. */
function compactStride(n: u32): u32 {
  const capacity = <u32>((<u64>n * ADOPTION_COMPACT_EIGHTHS + 7) / 8);
  return ((capacity + 3) & ~3) + 4;
}

@inline function bump(p: usize, k: usize): void {
  store<i32>(p + (k << 2), load<i32>(p + (k << 2)) + 1);
}

// The household share wH * adopted / (size - 1) of households of fewer than SMALL members (on PA
// all of them), by size and adoption count, computed by the reset (the host writes F_W_HH before
// it, once per task) with the step's own operations: the step loads it where it took two
// conversions, a product and a division per household.
const SMALL: u32 = 16;
const householdShares = memory.data(<i32>(SMALL * SMALL) << 2);

/** The household share of `adopted` active members among the others of a household of `size`. */
@inline function householdShare(wH: f32, adopted: u32, size: u32): f32 {
  // the scalar loop's size > 1 ? wH * adopted / (size - 1) : 0 without a branch: a household of
  // one in the list has adopted == 0, and wH * 0 / 1 is the same +0
  return wH * <f32>adopted / <f32>max(size - 1, 1);
}

/** Host: once per (replica, variant) task, before the first day. */
export function resetAdoption(keyLo: u32, keyHi: u32): void {
  const wH = <f32>param(F_W_HH);
  for (let size: u32 = 1; size < SMALL; size++) {
    for (let k: u32 = 0; k < size; k++) store<f32>(householdShares + ((<usize>(size * SMALL + k)) << 2), householdShare(wH, k, size));
  }
  key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(<u32>slot(AGENT_BASE));
  const n = <u32>slot(N_PERSONS);
  const rem = slot(P_REM);
  memory.fill(slot(P_DAY_A), 0, <usize>n << 1);
  // the thresholds of two persons in one expDraw2f32 (expDraw2's f32 lanes; test/kernel/rng.test.ts
  // checks expDraw2 gives expDraw's bits); the key in a local (the global was loaded every turn)
  const k = key;
  let i: u32 = 0;
  for (; i + 2 <= n; i += 2) v128.store64_lane(rem + (<usize>i << 2), expDraw2f32(k, S_ADOPT, S_ADOPT, 0, 0, i, i + 1), 0);
  if (i < n) store<f32>(rem + (<usize>i << 2), expDraw(key, S_ADOPT, 0, i));
  nLive = <u32>slot(N_HOUSEHOLDS);
  const live = slot(P_LIVE_HH);
  for (let h: u32 = 0; h < nLive; h++) store<u32>(live + (<usize>h << 2), h);
  mode = BY_BLOCKS;
  nPending = n;
  nCompact = 0;
  nBlocks = (n + BLOCK - 1) / BLOCK;
  const blocks = slot(P_LIVE_BLOCK);
  for (let k: u32 = 0; k < nBlocks; k++) store<u32>(blocks + (<usize>k << 2), k);
  clearCounters();
}

// With F_BY_INCOME (inclinacao_renda_lancamento, inclinacao_renda_uf_lancamento, docs/model.md) the
// launch odds and the day's exp(beta0) with its impulse are read by the person's timing class (UF
// index x 5 + income quintile) from P_TAB_INCOME, which the host fills (src/kernel/instance.ts);
// without it the code below is the model's without that table, bit for bit.
const TIMING_CLASSES: usize = 27 * 5;
// Persons of the launch between two checks of the batch's room (even: two a turn)
const LAUNCH_RUN: u32 = 256;

// Today's adopters, listed by the daily step (and the launch) and recorded a batch at a time
// (recordAdopters): the step's listing is branch-free (every lane's slot is written, the count
// moves by 0 or 1), where a branch around the five counter bumps was mispredicted for about 1 in 7
// of the persons left on PA's busiest days. Deferring the bumps changes nothing: the step reads a
// household's counter before its members and no other counter (prepareShares reads them, the next
// day), and they are integer sums; the launch reads none.
const BATCH: u32 = 1024;
// the step writes 4 entries at the count (at most BATCH - 4) and moves it by the adopters among them
const batchPerson = memory.data(<i32>BATCH << 2);
const batchHousehold = memory.data(<i32>BATCH << 2);
// the compact copy's step lists its adopters' household, group and digital cell too
// (recordAdopters<FromBatch>): read from P_PERSON_HH, P_GROUP and P_DCELL, each was a miss of its own,
// where the other steps had just read them; the other steps list the person only (a household
// listed by every f32x4 step cost more than its load per adopter: most steps have no adopter)
const batchGroup = memory.data(<i32>BATCH << 2);
const batchCell = memory.data(<i32>BATCH << 2);
// recordAdopters' source of the adopters' household, group and digital cell, a type so that each is compiled apart
type FromBatch = u8;
type FromPersons = u32;
// i8x16.swizzle patterns packing the i32 lanes set in a 4-bit mask to the front, one row per mask
const PACK = memory.data<u8>([
  0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  4, 5, 6, 7, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 0, 1, 2, 3,
  8, 9, 10, 11, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 8, 9, 10, 11, 0, 1, 2, 3, 0, 1, 2, 3,
  4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3,
  12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3,
  4, 5, 6, 7, 12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 0, 1, 2, 3,
  8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3,
  4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
]);

/**
 * The adopters listed in [0, n) adopt on `day`: their adoption day, and one more active member in
 * each of their groups (day d + 1's counters).
 */
function recordAdopters<From>(n: u32, day: u32): void {
  const fromBatch = sizeof<From>() == sizeof<FromBatch>();
  // slots read once (read in the loop, they were loaded again after each counter store, which could
  // be to the header as far as the compiler knows)
  const hhTract = slot(P_HH_TRACT);
  const tractMun = slot(P_TRACT_MUN);
  const group = slot(P_GROUP);
  const dcell = slot(P_DCELL);
  const aday = slot(P_DAY_A);
  const cG = slot(P_CNT_GROUP);
  const cT = slot(P_CNT_TRACT);
  const cD = slot(P_CNT_DIG);
  const cM = slot(P_CNT_MUN);
  const cH = slot(P_CNT_HH);
  const personHh = slot(P_PERSON_HH);
  for (let j: u32 = 0; j < n; j++) {
    const i = load<u32>(batchPerson + (<usize>j << 2));
    const h = fromBatch ? load<u32>(batchHousehold + (<usize>j << 2)) : load<u32>(personHh + (<usize>i << 2));
    const t = load<u32>(hhTract + (<usize>h << 2));
    store<u16>(aday + (<usize>i << 1), <u16>day);
    bump(cT, t);
    bump(cD, fromBatch ? load<u32>(batchCell + (<usize>j << 2)) : <u32>load<u16>(dcell + (<usize>i << 1)));
    bump(cM, load<u16>(tractMun + (<usize>t << 1)));
    bump(cH, h);
  }
  // the group counters in a loop of their own (PA: a 1.5 MB table whose loads miss the near caches
  // more often than the others): 3% less CPU time per task than a bump among the others
  for (let j: u32 = 0; j < n; j++) {
    bump(cG, fromBatch ? load<u32>(batchGroup + (<usize>j << 2)) : load<u32>(group + (<usize>load<u32>(batchPerson + (<usize>j << 2)) << 2)));
  }
}

/** Host: once, on lancamento.dia: each person adopts at once with sigmoid(logit_lancamento + ln m_i) (+ the timing class's ln factor). */
export function launchAdoption(day: u32): void {
  const n = <u32>slot(N_PERSONS);
  const mult = slot(P_MULT);
  const aday = slot(P_DAY_A);
  const e = param(F_ELOGIT);
  const byIncome = param(F_BY_INCOME) != 0;
  const income = slot(P_INCOME);
  const odds = slot(P_TAB_INCOME) + (TIMING_CLASSES << 2);
  const k = key;
  let nb: u32 = 0;
  // two persons a turn: their odds' quotients in one f64x2.div (each lane the scalar IEEE division)
  // and both listed without a branch (each slot written, the count moved by 0 or 1; the two tests
  // joined by a bitwise and: with &&, the branch on the draw was mispredicted), the batch's room
  // checked once per run of LAUNCH_RUN persons (per turn, the count was kept on the stack)
  const pairs = n & ~1;
  let i: u32 = 0;
  while (i < pairs) {
    if (nb > BATCH - LAUNCH_RUN) {
      recordAdopters<FromPersons>(nb, day);
      nb = 0;
    }
    const end = min(i + LAUNCH_RUN, pairs);
    for (; i < end; i += 2) {
      let me0 = <f64>load<f32>(mult + (<usize>i << 2)) * e;
      let me1 = <f64>load<f32>(mult + (<usize>i << 2), 4) * e;
      if (byIncome) {
        me0 *= <f64>load<f32>(odds + (<usize>load<u8>(income + <usize>i) << 2));
        me1 *= <f64>load<f32>(odds + (<usize>load<u8>(income + <usize>i, 1) << 2));
      }
      const me = f64x2.replace_lane(f64x2.splat(me0), 1, me1);
      const u = f64x2.replace_lane(f64x2.splat(uniform(k, S_LAUNCH, 0, i)), 1, uniform(k, S_LAUNCH, 0, i + 1));
      const hit = <u32>i64x2.bitmask(f64x2.lt(u, f64x2.div(me, f64x2.add(f64x2.splat(1), me))));
      store<u32>(batchPerson + (<usize>nb << 2), i);
      nb += (hit & 1) & <u32>(load<u16>(aday + (<usize>i << 1)) == 0);
      store<u32>(batchPerson + (<usize>nb << 2), i + 1);
      nb += (hit >> 1) & <u32>(load<u16>(aday + (<usize>i << 1), 2) == 0);
    }
  }
  if (i < n) {
    // the last person of an odd count (its room checked: the runs may have filled the batch)
    if (nb > BATCH - 1) {
      recordAdopters<FromPersons>(nb, day);
      nb = 0;
    }
    let me = <f64>load<f32>(mult + (<usize>i << 2)) * e;
    if (byIncome) me *= <f64>load<f32>(odds + (<usize>load<u8>(income + <usize>i) << 2));
    store<u32>(batchPerson + (<usize>nb << 2), i);
    nb += <u32>(uniform(k, S_LAUNCH, 0, i) < me / (1 + me)) & <u32>(load<u16>(aday + (<usize>i << 1)) == 0);
  }
  recordAdopters<FromPersons>(nb, day);
}

/** Host: once per simulated day after the launch, after prepareShares(); new adopters get `day`. */
export function stepAdoption(day: u32): void {
  // the household loop compiled once per case: V8 tested the flag and rebuilt vE0 in every f32x4 step
  const fewCells = <u32>slot(N_DIG) < FEW_CELLS;
  if (param(F_BY_INCOME) != 0) {
    if (fewCells) stepLive<ByIncome, FewCells>(day);
    else stepLive<ByIncome, ManyCells>(day);
  } else if (fewCells) stepLive<Flat, FewCells>(day);
  else stepLive<Flat, ManyCells>(day);
}

// stepLive's case, a type so that each case is compiled apart (the test below is a constant in each)
type ByIncome = u8;
type Flat = u32;
// The block step's digital-cell shares: with fewer than FEW_CELLS cells (one UF: 7), the table with
// its "offline" zero fits two v128 and each lane's share is looked up by byte shuffles instead of a
// lane-by-lane gather; with more (a shard of several UFs) gathered. A type, as Case.
const FEW_CELLS: u32 = 8;
type FewCells = u8;
type ManyCells = u32;
// The f32x4 steps' lanes off: Inside, persons of the population (adopted ones of a full block), whose
// group, cell, class and household the lane may read as they are (its results are masked); Bounded,
// maybe past the population's end, so they read the "no group", "offline", class 0 and household 0
// entries instead. A type, as Case.
type Inside = u8;
type Bounded = u32;

/**
 * The daily step, with the timing classes' exp(beta0) (F_BY_INCOME) or one. While most households are
 * listed (PA: days 2 to 12) in two passes: every household's base and damping, then the persons
 * of the listed blocks, one f32x4 per 4 persons with no per-household work; then the listed
 * households and their members (a block then holds mostly adopted persons), until the persons
 * left fit the compact copy (PA: no such day, the persons left after day 12 fit it); then the
 * listed households' base and damping, and the persons of the compact copy (PA: days 13 to 30).
 */
function stepLive<Case, Cells>(day: u32): void {
  if (mode == BY_BLOCKS) {
    const listed = everyHouseholdBase<Keep>();
    stepBlocks<Case, Cells>(day);
    if (<u64>listed * BY_BLOCKS_DENOMINATOR <= <u64>slot(N_HOUSEHOLDS) * BY_BLOCKS_NUMERATOR) mode = BY_HOUSEHOLDS;
  } else if (mode == BY_HOUSEHOLDS) stepHouseholds<Case>(day);
  else {
    if (nLive == <u32>slot(N_HOUSEHOLDS)) everyHouseholdBase<Relist>();
    else listHouseholdBases();
    stepCompact<Case, Cells>(day);
  }
  const n = <u32>slot(N_PERSONS);
  if (mode == BY_HOUSEHOLDS && <u64>nPending * 8 <= <u64>n * ADOPTION_COMPACT_EIGHTHS) {
    copyPending(n);
    mode = COMPACT;
  }
}

/**
 * Each tract's {tV[t], tDamp[m]} in P_TRACT_BASE, for the households' bases below: a household then
 * loads one pair by its tract where it loaded tV, the tract's municipality and its damping, a chain
 * of two dependent loads (1.5 to 4.5% less CPU time per PA task; docs/experiments/kernel-speed.md, "2026-11-26: a compact copy of the persons left").
 */
function pairTractBases(): void {
  const tractMun = slot(P_TRACT_MUN);
  const tV = slot(P_TAB_V);
  const tDamp = slot(P_TAB_DAMP);
  const tBase = slot(P_TRACT_BASE);
  const nT = <u32>slot(N_TRACTS);
  for (let t: u32 = 0; t < nT; t++) {
    store<f32>(tBase + (<usize>t << 3), load<f32>(tV + (<usize>t << 2)));
    store<f32>(tBase + (<usize>t << 3), load<f32>(tDamp + (<usize>load<u16>(tractMun + (<usize>t << 1)) << 2)), 4);
  }
}

/** Household h's base `fh + tV[t]` and damping `tDamp[m]` to P_HH_BASE (the step's own operations), from its tract's pair. */
@inline function writeHouseholdBase(h: u32, size: u32, adopted: u32, wH: f32, hhTract: usize, tBase: usize, hBase: usize): void {
  const fh = size < SMALL ? load<f32>(householdShares + (<usize>(size * SMALL + adopted) << 2)) : householdShare(wH, adopted, size);
  const pair = v128.load64_zero(tBase + (<usize>load<u32>(hhTract + (<usize>h << 2)) << 3));
  v128.store64_lane(hBase + (<usize>h << 3), f32x4.replace_lane(pair, 0, fh + f32x4.extract_lane(pair, 0)), 0);
}

/**
 * Drops the households whose members all adopted by yesterday and writes each other listed
 * household's base and damping (writeHouseholdBase), for stepCompact. The loop's bound is a local:
 * as the global nLive it was loaded again every turn.
 */
function listHouseholdBases(): void {
  pairTractBases();
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const cH = slot(P_CNT_HH);
  const live = slot(P_LIVE_HH);
  const tBase = slot(P_TRACT_BASE);
  const hBase = slot(P_HH_BASE);
  const wH = <f32>param(F_W_HH);
  let kept: u32 = 0;
  const count = nLive;
  for (let j: u32 = 0; j < count; j++) {
    const h = load<u32>(live + (<usize>j << 2));
    const a = load<u32>(hhStart + (<usize>h << 2));
    const size = load<u32>(hhStart + (<usize>(h + 1) << 2)) - a;
    // household adopters by day d - 1 (today's are counted after the person pass)
    const adopted = <u32>load<i32>(cH + (<usize>h << 2));
    // kept while a member is left (kept <= j: the list compacts in place)
    store<u32>(live + (<usize>kept << 2), h);
    kept += <u32>(adopted < size);
    // a dropped household (adopted == size) gets an entry no person reads
    writeHouseholdBase(h, size, adopted, wH, hhTract, tBase, hBase);
  }
  nLive = kept;
}

/**
 * Every household's base and damping, 4 households a turn (households of SMALL members or more
 * one at a time), for stepBlocks: while most households are listed, visiting them all in order
 * costs less than reading and compacting the list (which stays whole until the blocks end; the
 * next step drops the households done; with Relist, see below, this pass does). Returns the
 * households with a member left by yesterday.
 */
function everyHouseholdBase<List>(): u32 {
  const listing = sizeof<List>() == sizeof<Relist>();
  pairTractBases();
  const live = slot(P_LIVE_HH);
  const nH = <u32>slot(N_HOUSEHOLDS);
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const cH = slot(P_CNT_HH);
  const tBase = slot(P_TRACT_BASE);
  const hBase = slot(P_HH_BASE);
  const wH = <f32>param(F_W_HH);
  const small = i32x4.splat(SMALL);
  const zero = f32x4.splat(0);
  // the lanes of {base, damping} pairs that take fh (bases)
  const bases = i32x4(-1, 0, -1, 0);
  let listed: u32 = 0;
  let h: u32 = 0;
  for (; h + 4 <= nH; h += 4) {
    const at = hhStart + (<usize>h << 2);
    const size4 = i32x4.sub(v128.load(at, 4), v128.load(at));
    const adopted4 = v128.load(cH + (<usize>h << 2));
    const left = i32x4.bitmask(i32x4.lt_u(adopted4, size4));
    if (listing) v128.store(live + (<usize>listed << 2), i8x16.swizzle(fourFrom(h), v128.load(PACK + (<usize>left << 4))));
    listed += popcnt(left);
    if (i32x4.bitmask(i32x4.ge_u(size4, small)) != 0) {
      for (let k: u32 = h; k < h + 4; k++) {
        const size = load<u32>(hhStart + (<usize>(k + 1) << 2)) - load<u32>(hhStart + (<usize>k << 2));
        writeHouseholdBase(k, size, <u32>load<i32>(cH + (<usize>k << 2)), wH, hhTract, tBase, hBase);
      }
      continue;
    }
    const fh4 = gather4(householdShares, i32x4.add(i32x4.shl(size4, 4), adopted4));
    const t4 = v128.load(hhTract + (<usize>h << 2));
    const p01 = pairAt(tBase, i32x4.extract_lane(t4, 0), i32x4.extract_lane(t4, 1));
    const p23 = pairAt(tBase, i32x4.extract_lane(t4, 2), i32x4.extract_lane(t4, 3));
    // fh + tV[t] in the base lanes (as writeHouseholdBase), the damping as loaded
    v128.store(hBase + (<usize>h << 3), v128.bitselect(f32x4.add(v128.shuffle<i32>(fh4, zero, 0, 4, 1, 4), p01), p01, bases));
    v128.store(hBase + (<usize>h << 3), v128.bitselect(f32x4.add(v128.shuffle<i32>(fh4, zero, 2, 4, 3, 4), p23), p23, bases), 16);
  }
  for (; h < nH; h++) {
    const size = load<u32>(hhStart + (<usize>(h + 1) << 2)) - load<u32>(hhStart + (<usize>h << 2));
    const adopted = <u32>load<i32>(cH + (<usize>h << 2));
    if (listing) store<u32>(live + (<usize>listed << 2), h);
    listed += <u32>(adopted < size);
    writeHouseholdBase(h, size, adopted, wH, hhTract, tBase, hBase);
  }
  if (listing) nLive = listed;
  return listed;
}

// everyHouseholdBase's list: Relist writes the households with a member left to P_LIVE_HH (4 a turn,
// packed by the adopters' swizzle patterns; listed <= h: the list is rewritten in place), for the
// compact copy's first step, whose list the blocks left whole (a list pass visited every household
// through it); Keep leaves the list as it is. A type, as Case.
type Relist = u8;
type Keep = u32;

/**
 * Persons i..i+3 (lanes `on`: not yet adopted and in range) with their households' base and
 * damping: the scalar loop's f32 operations lane by lane (IEEE f32, same order). Writes `rem`
 * (lanes off keep the bytes they read: past a household or the population, the next persons' or
 * the bytes after the array) and returns the mask of today's adopters. The arrays and parameters
 * come as arguments, read from the header once per step by the caller: as wasm globals they were
 * loaded again in every f32x4 step (the loop calls recordAdopters).
 */
@inline function stepFour<Case, Cells, Lanes>(
  i: u32, on: v128, base: v128, damp: v128,
  group: usize, dcell: usize, mult: usize, rem: usize, income: usize, tG: usize, tD: usize, tE0: usize,
  noGroup: v128, offline: v128, vE0: v128, vEx: v128,
): i32 {
  const byIncome = sizeof<Case>() == sizeof<ByIncome>();
  const inside = sizeof<Lanes>() == sizeof<Inside>();
  // lanes off read the "no group" and "offline" zeros (always in the tables), or Inside their own
  const g4 = inside ? v128.load(group + (<usize>i << 2)) : v128.bitselect(v128.load(group + (<usize>i << 2)), noGroup, on);
  const d4 = cellShares<Cells, Lanes>(tD, v128.load64_zero(dcell + (<usize>i << 1)), on, offline);
  // the timing class's exp(beta0) (lanes off read class 0, or Inside their own); one exp(beta0)
  // without F_BY_INCOME, and no load of the classes: a load whose value is dropped stays in the
  // wasm (it could trap) and in V8's code, a stream of P_INCOME each block day for nothing
  let e0 = vE0;
  if (byIncome) {
    const classes = i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(income + <usize>i)));
    e0 = gather4(tE0, inside ? classes : v128.and(classes, on));
  }
  const lambda = hazardFour(base, damp, g4, d4, e0, v128.load(mult + (<usize>i << 2)), tG, vEx);
  const at = rem + (<usize>i << 2);
  const r0 = v128.load(at);
  const r = f32x4.sub(r0, lambda);
  v128.store(at, v128.bitselect(r, r0, on));
  return i32x4.bitmask(v128.and(on, f32x4.le(r, f32x4.splat(0))));
}

/**
 * The digital-cell shares tD[cell] of 4 persons (their cells the 4 u16 of `cells`), lanes off the
 * "offline" zero (Inside: their own, see Lanes). FewCells: tD's N_DIG + 1 <= 8 entries (reading 32 bytes: entries past N_DIG are
 * never picked) looked up by byte: lane k's bytes 4 cell_k + 0..3, from the low or the high v128
 * (a swizzle index past 15 gives 0), and lanes off masked to +0 (the offline entry's bits).
 */
@inline function cellShares<Cells, Lanes>(tD: usize, cells: v128, on: v128, offline: v128): v128 {
  const inside = sizeof<Lanes>() == sizeof<Inside>();
  if (sizeof<Cells>() == sizeof<FewCells>()) {
    const v = lookupCells(tD, i8x16.swizzle(cells, i8x16(0, 0, 0, 0, 2, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6)));
    return inside ? v : v128.and(v, on);
  }
  return gather4(tD, inside ? i32x4.extend_low_i16x8_u(cells) : v128.bitselect(i32x4.extend_low_i16x8_u(cells), offline, on));
}

/** cellShares with the cells in the low 16 bits of 4 i32 lanes (the compact copy's). */
@inline function cellSharesOf32<Cells, Lanes>(tD: usize, cells: v128, on: v128, offline: v128): v128 {
  const inside = sizeof<Lanes>() == sizeof<Inside>();
  if (sizeof<Cells>() == sizeof<FewCells>()) {
    const v = lookupCells(tD, i8x16.swizzle(cells, i8x16(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12)));
    return inside ? v : v128.and(v, on);
  }
  const c4 = v128.and(cells, i32x4.splat(0xffff));
  return gather4(tD, inside ? c4 : v128.bitselect(c4, offline, on));
}

/** The FewCells lookup: tD's entries of the cells in `cells4` (each lane's cell < 8 in its 4 bytes). */
@inline function lookupCells(tD: usize, cells4: v128): v128 {
  const at = i8x16.add(i16x8.shl(cells4, 2), i8x16(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3));
  return v128.or(i8x16.swizzle(v128.load(tD), at), i8x16.swizzle(v128.load(tD, 16), i8x16.sub(at, i8x16.splat(16))));
}

/**
 * The day's hazard of 4 persons: household base and damping, group and digital cell's share, exp(beta0)
 * and m_i; the scalar loop's f32 operations lane by lane (IEEE f32, same order).
 */
@inline function hazardFour(base: v128, damp: v128, g4: v128, dShare: v128, e0: v128, m4: v128, tG: usize, vEx: v128): v128 {
  const sv = f32x4.add(f32x4.add(base, gather4(tG, g4)), dShare);
  return f32x4.mul(f32x4.mul(m4, f32x4.add(e0, f32x4.mul(vEx, sv))), damp);
}

/** Lanes of persons i..i+3 below `end` and not yet adopted. */
@inline function pending(i: u32, end: u32, aday: usize): v128 {
  return v128.and(
    i32x4.lt_u(i32x4(0, 1, 2, 3), i32x4.splat(end - i)),
    i32x4.eq(i32x4.extend_low_i16x8_u(v128.load64_zero(aday + (<usize>i << 1))), i32x4.splat(0)),
  );
}

/** Appends the persons `i4` of mask `adopters` to the batch at `nb` (every lane's slot is written). */
@inline function listAdopters(nb: u32, i4: v128, adopters: i32): void {
  v128.store(batchPerson + (<usize>nb << 2), i8x16.swizzle(i4, v128.load(PACK + (<usize>adopters << 4))));
}

/** Persons i..i+3. */
@inline function fourFrom(i: u32): v128 {
  return i32x4.add(i32x4.splat(i), i32x4(0, 1, 2, 3));
}

/** The 8-byte entries `a` and `b` of `table` (P_HH_BASE, P_TRACT_BASE: {base or share, damping}) in one v128. */
@inline function pairAt(table: usize, a: u32, b: u32): v128 {
  return v128.load64_lane(table + (<usize>b << 3), v128.load64_zero(table + (<usize>a << 3)), 1);
}

/** Lanes of persons i..i+3 not yet adopted (all four below the population's end: a full block). */
@inline function pendingAll(i: u32, aday: usize): v128 {
  return i32x4.eq(i32x4.extend_low_i16x8_u(v128.load64_zero(aday + (<usize>i << 1))), i32x4.splat(0));
}

/**
 * One f32x4 step of the block pass: persons i..i+3 of lanes `on`, each with its household's entry
 * of P_HH_BASE, today's adopters listed at `nb`. Returns the mask of `on` << 4 | the adopters' mask.
 */
@inline function blockFour<Case, Cells, Lanes>(
  i: u32, on: v128, nb: u32, personHh: usize, hBase: usize,
  group: usize, dcell: usize, mult: usize, rem: usize, income: usize, tG: usize, tD: usize, tE0: usize,
  noGroup: v128, offline: v128, vE0: v128, vEx: v128,
): i32 {
  // lanes off read household 0's entry (Inside: their own)
  const h4 = sizeof<Lanes>() == sizeof<Inside>() ? v128.load(personHh + (<usize>i << 2)) : v128.and(v128.load(personHh + (<usize>i << 2)), on);
  // each lane's household {base, damping}: two per v128, then split
  const bd01 = pairAt(hBase, i32x4.extract_lane(h4, 0), i32x4.extract_lane(h4, 1));
  const bd23 = pairAt(hBase, i32x4.extract_lane(h4, 2), i32x4.extract_lane(h4, 3));
  const adopters = stepFour<Case, Cells, Lanes>(
    i, on, v128.shuffle<i32>(bd01, bd23, 0, 2, 4, 6), v128.shuffle<i32>(bd01, bd23, 1, 3, 5, 7),
    group, dcell, mult, rem, income, tG, tD, tE0, noGroup, offline, vE0, vEx,
  );
  listAdopters(nb, fourFrom(i), adopters);
  return (i32x4.bitmask(on) << 4) | adopters;
}

/** The persons of the listed blocks 4 per f32x4, each lane with its household's entry of P_HH_BASE; drops the blocks left without a person to adopt. */
function stepBlocks<Case, Cells>(day: u32): void {
  const n = <u32>slot(N_PERSONS);
  const group = slot(P_GROUP);
  const dcell = slot(P_DCELL);
  const mult = slot(P_MULT);
  const rem = slot(P_REM);
  const aday = slot(P_DAY_A);
  const income = slot(P_INCOME);
  const tG = slot(P_TAB_G);
  const tD = slot(P_TAB_D);
  const tE0 = slot(P_TAB_INCOME);
  const noGroup = i32x4.splat(<i32>slot(N_GROUPS));
  const offline = i32x4.splat(<i32>slot(N_DIG));
  const vE0 = f32x4.splat(<f32>param(F_E0));
  const vEx = f32x4.splat(<f32>param(F_EXPO));
  const personHh = slot(P_PERSON_HH);
  const hBase = slot(P_HH_BASE);
  const blocks = slot(P_LIVE_BLOCK);
  let nb: u32 = 0;
  let kept: u32 = 0;
  let persons: u32 = 0; // persons yet to adopt after today
  for (let j: u32 = 0; j < nBlocks; j++) {
    const blk = load<u32>(blocks + (<usize>j << 2));
    const i0 = blk * BLOCK;
    const i1 = min(i0 + BLOCK, n);
    // the block's persons on (high bits) and today's adopters (low bits), 8 per f32x4 step
    let got: u32 = 0;
    if (i1 - i0 == BLOCK) {
      // a full block: its BLOCK / 4 = 4 steps written out (one room check, no range test)
      if (nb > BATCH - BLOCK) {
        recordAdopters<FromPersons>(nb, day);
        nb = 0;
      }
      let r = blockFour<Case, Cells, Inside>(i0, pendingAll(i0, aday), nb, personHh, hBase, group, dcell, mult, rem, income, tG, tD, tE0, noGroup, offline, vE0, vEx);
      nb += popcnt(r & 15);
      got = r;
      r = blockFour<Case, Cells, Inside>(i0 + 4, pendingAll(i0 + 4, aday), nb, personHh, hBase, group, dcell, mult, rem, income, tG, tD, tE0, noGroup, offline, vE0, vEx);
      nb += popcnt(r & 15);
      got |= r << 8;
      r = blockFour<Case, Cells, Inside>(i0 + 8, pendingAll(i0 + 8, aday), nb, personHh, hBase, group, dcell, mult, rem, income, tG, tD, tE0, noGroup, offline, vE0, vEx);
      nb += popcnt(r & 15);
      got |= r << 16;
      r = blockFour<Case, Cells, Inside>(i0 + 12, pendingAll(i0 + 12, aday), nb, personHh, hBase, group, dcell, mult, rem, income, tG, tD, tE0, noGroup, offline, vE0, vEx);
      nb += popcnt(r & 15);
      got |= r << 24;
    } else {
      for (let i = i0; i < i1; i += 4) {
        // room for this step's 4 entries
        if (nb > BATCH - 4) {
          recordAdopters<FromPersons>(nb, day);
          nb = 0;
        }
        const r = blockFour<Case, Cells, Bounded>(i, pending(i, i1, aday), nb, personHh, hBase, group, dcell, mult, rem, income, tG, tD, tE0, noGroup, offline, vE0, vEx);
        nb += popcnt(r & 15);
        got |= r << ((i - i0) << 1);
      }
    }
    // the block's persons yet to adopt after today: on and not adopted today
    const left = popcnt(((got >>> 4) & ~got) & 0x0f0f0f0f);
    // kept in the list while a person is left after today (kept <= j: the list compacts in place)
    store<u32>(blocks + (<usize>kept << 2), blk);
    kept += <u32>(left > 0);
    persons += left;
  }
  nBlocks = kept;
  nPending = persons;
  recordAdopters<FromPersons>(nb, day);
}

/** The listed households and their members 4 per f32x4; drops the households left without a member to adopt. */
function stepHouseholds<Case>(day: u32): void {
  const group = slot(P_GROUP);
  const dcell = slot(P_DCELL);
  const mult = slot(P_MULT);
  const rem = slot(P_REM);
  const aday = slot(P_DAY_A);
  const income = slot(P_INCOME);
  const tG = slot(P_TAB_G);
  const tD = slot(P_TAB_D);
  const tE0 = slot(P_TAB_INCOME);
  const noGroup = i32x4.splat(<i32>slot(N_GROUPS));
  const offline = i32x4.splat(<i32>slot(N_DIG));
  const vE0 = f32x4.splat(<f32>param(F_E0));
  const vEx = f32x4.splat(<f32>param(F_EXPO));
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const tractMun = slot(P_TRACT_MUN);
  const cH = slot(P_CNT_HH);
  const live = slot(P_LIVE_HH);
  const tV = slot(P_TAB_V);
  const tDamp = slot(P_TAB_DAMP);
  const wH = <f32>param(F_W_HH);
  let nb: u32 = 0;
  let kept: u32 = 0;
  let persons: u32 = 0; // persons yet to adopt after today
  for (let j: u32 = 0; j < nLive; j++) {
    const h = load<u32>(live + (<usize>j << 2));
    const a = load<u32>(hhStart + (<usize>h << 2));
    const b = load<u32>(hhStart + (<usize>(h + 1) << 2));
    // household adopters by day d - 1 (counter read before any member adopts today); < size
    const adopted = <u32>load<i32>(cH + (<usize>h << 2));
    const size = b - a;
    let got: u32 = 0; // the household's adopters today
    const t = load<u32>(hhTract + (<usize>h << 2));
    const m = <usize>load<u16>(tractMun + (<usize>t << 1));
    const fh = size < SMALL ? load<f32>(householdShares + (<usize>(size * SMALL + adopted) << 2)) : householdShare(wH, adopted, size);
    const vBase = f32x4.splat(fh + load<f32>(tV + (<usize>t << 2)));
    const vDamp = f32x4.splat(load<f32>(tDamp + (m << 2)));
    // the members 4 at a time (one f32x4 step for a household of up to 4, most of them): a branch
    // per member (adopted or not) and per household size was most of a person's cost
    for (let i = a; i < b; i += 4) {
      // room for this step's 4 entries (a household may be larger than a batch)
      if (nb > BATCH - 4) {
        recordAdopters<FromPersons>(nb, day);
        nb = 0;
      }
      const adopters = stepFour<Case, ManyCells, Bounded>(i, pending(i, b, aday), vBase, vDamp, group, dcell, mult, rem, income, tG, tD, tE0, noGroup, offline, vE0, vEx);
      listAdopters(nb, fourFrom(i), adopters);
      nb += popcnt(adopters);
      got += popcnt(adopters);
    }
    // kept in the list while a member is left after today (kept <= j: the list compacts in place)
    store<u32>(live + (<usize>kept << 2), h);
    kept += <u32>(adopted + got < size);
    persons += size - adopted - got;
  }
  nLive = kept;
  nPending = persons;
  recordAdopters<FromPersons>(nb, day);
}

/**
 * The compact copy (P_COMPACT): the persons yet to adopt, ascending, in 5 arrays of u32 (person,
 * household, group, m_i's bits, digital cell | timing class << 16), 4 persons a turn packed by
 * the adopters' swizzle patterns. Written once, when the persons left first fit it.
 */
function copyPending(n: u32): void {
  const stride = <usize>compactStride(n) << 2;
  const out = slot(P_COMPACT);
  const personHh = slot(P_PERSON_HH);
  const group = slot(P_GROUP);
  const mult = slot(P_MULT);
  const dcell = slot(P_DCELL);
  const income = slot(P_INCOME);
  const aday = slot(P_DAY_A);
  let w: u32 = 0;
  for (let i: u32 = 0; i < n; i += 4) {
    const keep = i32x4.bitmask(pending(i, n, aday));
    const pack = v128.load(PACK + (<usize>keep << 4));
    const at = out + (<usize>w << 2);
    v128.store(at, i8x16.swizzle(fourFrom(i), pack));
    v128.store(at + stride, i8x16.swizzle(v128.load(personHh + (<usize>i << 2)), pack));
    v128.store(at + 2 * stride, i8x16.swizzle(v128.load(group + (<usize>i << 2)), pack));
    v128.store(at + 3 * stride, i8x16.swizzle(v128.load(mult + (<usize>i << 2)), pack));
    const classes = i32x4.shl(i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(income + <usize>i))), 16);
    v128.store(at + 4 * stride, i8x16.swizzle(v128.or(i32x4.extend_low_i16x8_u(v128.load64_zero(dcell + (<usize>i << 1))), classes), pack));
    w += popcnt(keep);
  }
  nCompact = w;
}

/**
 * Entries j..j+3 of the compact copy (lanes `on`; Inside: all four), their adopters listed at `nb`
 * and the persons left packed to the front at w <= j. Returns the mask of the persons left << 4 |
 * the adopters' mask.
 */
@inline function compactFour<Case, Cells, Lanes>(
  j: u32, w: u32, nb: u32, on: v128, n: u32, stride: usize, cp: usize, rem: usize, tG: usize, tD: usize, tE0: usize,
  noGroup: v128, offline: v128, vE0: v128, vEx: v128, hBase: usize,
): i32 {
  const byIncome = sizeof<Case>() == sizeof<ByIncome>();
  const inside = sizeof<Lanes>() == sizeof<Inside>();
  const at = cp + (<usize>j << 2);
  // lanes off (past the copy) read and write back the 4 bytes after P_REM as person n
  const i4 = inside ? v128.load(at) : v128.bitselect(v128.load(at), i32x4.splat(<i32>n), on);
  // lanes off read household 0's entry
  const h4 = inside ? v128.load(at + stride) : v128.and(v128.load(at + stride), on);
  const g4 = v128.load(at + 2 * stride);
  const m4 = v128.load(at + 3 * stride);
  const dc4 = v128.load(at + 4 * stride);
  const bd01 = pairAt(hBase, i32x4.extract_lane(h4, 0), i32x4.extract_lane(h4, 1));
  const bd23 = pairAt(hBase, i32x4.extract_lane(h4, 2), i32x4.extract_lane(h4, 3));
  const classes = i32x4.shr_u(dc4, 16);
  const e0 = byIncome ? gather4(tE0, inside ? classes : v128.and(classes, on)) : vE0;
  const lambda = hazardFour(
    v128.shuffle<i32>(bd01, bd23, 0, 2, 4, 6), v128.shuffle<i32>(bd01, bd23, 1, 3, 5, 7),
    inside ? g4 : v128.bitselect(g4, noGroup, on), cellSharesOf32<Cells, Lanes>(tD, dc4, on, offline), e0, m4, tG, vEx,
  );
  const r0 = gather4(rem, i4);
  const r = inside ? f32x4.sub(r0, lambda) : v128.bitselect(f32x4.sub(r0, lambda), r0, on);
  v128.store32_lane(rem + (<usize>i32x4.extract_lane(i4, 0) << 2), r, 0);
  v128.store32_lane(rem + (<usize>i32x4.extract_lane(i4, 1) << 2), r, 1);
  v128.store32_lane(rem + (<usize>i32x4.extract_lane(i4, 2) << 2), r, 2);
  v128.store32_lane(rem + (<usize>i32x4.extract_lane(i4, 3) << 2), r, 3);
  const le = f32x4.le(r, f32x4.splat(0));
  const adopters = i32x4.bitmask(inside ? le : v128.and(on, le));
  listAdopters(nb, i4, adopters);
  const pack = v128.load(PACK + (<usize>adopters << 4));
  v128.store(batchHousehold + (<usize>nb << 2), i8x16.swizzle(h4, pack));
  v128.store(batchGroup + (<usize>nb << 2), i8x16.swizzle(g4, pack));
  v128.store(batchCell + (<usize>nb << 2), i8x16.swizzle(v128.and(dc4, i32x4.splat(0xffff)), pack));
  // the persons left, packed to the front at w <= j (entries j..j+3 are read already)
  const keep = i32x4.bitmask(on) & ~adopters;
  const packLeft = v128.load(PACK + (<usize>keep << 4));
  const to = cp + (<usize>w << 2);
  v128.store(to, i8x16.swizzle(i4, packLeft));
  v128.store(to + stride, i8x16.swizzle(h4, packLeft));
  v128.store(to + 2 * stride, i8x16.swizzle(g4, packLeft));
  v128.store(to + 3 * stride, i8x16.swizzle(m4, packLeft));
  v128.store(to + 4 * stride, i8x16.swizzle(dc4, packLeft));
  return (keep << 4) | adopters;
}

/**
 * The persons of the compact copy 4 per f32x4, each lane with its household's entry of P_HH_BASE
 * and its rem read from and written to P_REM (the state the host reads); the copy compacts in place,
 * dropping today's adopters. The order differs from the household loop's, not the numbers: each
 * person's rem is its own, the counters are integer sums bumped a batch later, and the household
 * bases were taken before any adoption today.
 */
function stepCompact<Case, Cells>(day: u32): void {
  const n = <u32>slot(N_PERSONS);
  const stride = <usize>compactStride(n) << 2;
  const cp = slot(P_COMPACT);
  const rem = slot(P_REM);
  const tG = slot(P_TAB_G);
  const tD = slot(P_TAB_D);
  const tE0 = slot(P_TAB_INCOME);
  const noGroup = i32x4.splat(<i32>slot(N_GROUPS));
  const offline = i32x4.splat(<i32>slot(N_DIG));
  const vE0 = f32x4.splat(<f32>param(F_E0));
  const vEx = f32x4.splat(<f32>param(F_EXPO));
  const hBase = slot(P_HH_BASE);
  let nb: u32 = 0;
  let w: u32 = 0;
  const count = nCompact;
  let j: u32 = 0;
  // every lane on (no selects), then the last 1 to 3 entries
  for (; j + 4 <= count; j += 4) {
    // room for this step's 4 entries
    if (nb > BATCH - 4) {
      recordAdopters<FromBatch>(nb, day);
      nb = 0;
    }
    const r = compactFour<Case, Cells, Inside>(j, w, nb, i32x4.splat(-1), n, stride, cp, rem, tG, tD, tE0, noGroup, offline, vE0, vEx, hBase);
    nb += popcnt(r & 15);
    w += popcnt(r >> 4);
  }
  if (j < count) {
    if (nb > BATCH - 4) {
      recordAdopters<FromBatch>(nb, day);
      nb = 0;
    }
    const on = i32x4.lt_u(i32x4(0, 1, 2, 3), i32x4.splat(count - j));
    const r = compactFour<Case, Cells, Bounded>(j, w, nb, on, n, stride, cp, rem, tG, tD, tE0, noGroup, offline, vE0, vEx, hBase);
    nb += popcnt(r & 15);
    w += popcnt(r >> 4);
  }
  nCompact = w;
  nPending = w;
  recordAdopters<FromBatch>(nb, day);
}
