// Adoption (familia adocao, DESIGN 4). A non-adopter adopts on day d with probability
// 1 - exp(-lambda_i(d)), lambda = m_i * (exp(beta0) + exp(beta_expo) * sum_l w_l f_l(i)) * (1 - a S_m).
// Drawn by the cumulative-hazard method: each agent gets one Exp(1) threshold E_i = -ln u with
// u = H(key, S_ADOPT, 0, i) and adopts on the first day the summed hazard passes it. Because
// P(E <= H_d | E > H_{d-1}) = 1 - exp(-lambda_d), this is the same daily Bernoulli process, with
// one random draw per agent instead of one per agent and day, and it couples variants
// monotonically (more hazard never delays an agent).
import {
  N_HOUSEHOLDS, N_PERSONS, N_GROUPS, N_DIG, P_HH_START, P_HH_TRACT, P_TRACT_MUN, P_GROUP, P_DCELL, P_MULT, P_DAY_A, P_REM,
  P_CNT_GROUP, P_CNT_TRACT, P_CNT_DIG, P_CNT_MUN, P_CNT_HH, P_TAB_G, P_TAB_V, P_TAB_D, P_TAB_DAMP, P_LIVE_HH, P_INCOME,
  P_TAB_INCOME, F_E0, F_EXPO, F_W_HH, F_ELOGIT, F_BY_INCOME, S_ADOPT, S_LAUNCH,
  AGENT_BASE,
} from './abi';
import { gather4 } from './gather';
import { slot, param } from './header';
import { clearCounters } from './layers';
import { expDraw, setAgentBase, uniform } from './rng';

let key: u64 = 0;
// Households in P_LIVE_HH (the first nLive): those with a member yet to adopt. The daily step
// visits only these and drops a household once its last member adopted: on PA almost everyone
// adopts within 30 days, and a visit to a household with nothing left to do (its counter and
// bounds read, a branch) was about 14 ms of every day. Same numbers: a household is dropped only
// when no member's rem would be read again.
let nLive: u32 = 0;

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
  for (let i: u32 = 0; i < n; i++) store<f32>(rem + (<usize>i << 2), expDraw(key, S_ADOPT, 0, i));
  nLive = <u32>slot(N_HOUSEHOLDS);
  const live = slot(P_LIVE_HH);
  for (let h: u32 = 0; h < nLive; h++) store<u32>(live + (<usize>h << 2), h);
  clearCounters();
}

// With F_BY_INCOME (inclinacao_renda_lancamento, inclinacao_renda_uf_lancamento, docs/model.md) the
// launch odds and the day's exp(beta0) with its impulse are read by the person's timing class (UF
// index x 5 + income quintile) from P_TAB_INCOME, which the host fills (src/kernel/instance.ts);
// without it the code below is the model's without that table, bit for bit.
const TIMING_CLASSES: usize = 27 * 5;

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
function recordAdopters(n: u32, day: u32): void {
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
  for (let j: u32 = 0; j < n; j++) {
    const i = load<u32>(batchPerson + (<usize>j << 2));
    const h = load<u32>(batchHousehold + (<usize>j << 2));
    const t = load<u32>(hhTract + (<usize>h << 2));
    store<u16>(aday + (<usize>i << 1), <u16>day);
    bump(cT, t);
    bump(cD, load<u16>(dcell + (<usize>i << 1)));
    bump(cM, load<u16>(tractMun + (<usize>t << 1)));
    bump(cH, h);
  }
  // the group counters in a loop of their own (PA: a 1.5 MB table whose loads miss the near caches
  // more often than the others): 3% less CPU time per task than a bump among the others
  for (let j: u32 = 0; j < n; j++) bump(cG, load<u32>(group + (<usize>load<u32>(batchPerson + (<usize>j << 2)) << 2)));
}

/** Host: once, on lancamento.dia: each person adopts at once with sigmoid(logit_lancamento + ln m_i) (+ the timing class's ln factor). */
export function launchAdoption(day: u32): void {
  const nH = <u32>slot(N_HOUSEHOLDS);
  const hhStart = slot(P_HH_START);
  const mult = slot(P_MULT);
  const aday = slot(P_DAY_A);
  const e = param(F_ELOGIT);
  const byIncome = param(F_BY_INCOME) != 0;
  const income = slot(P_INCOME);
  const odds = slot(P_TAB_INCOME) + (TIMING_CLASSES << 2);
  let n: u32 = 0;
  for (let h: u32 = 0; h < nH; h++) {
    const b = load<u32>(hhStart + (<usize>(h + 1) << 2));
    for (let i = load<u32>(hhStart + (<usize>h << 2)); i < b; i++) {
      if (load<u16>(aday + (<usize>i << 1)) != 0) continue;
      let me = <f64>load<f32>(mult + (<usize>i << 2)) * e;
      if (byIncome) me *= <f64>load<f32>(odds + (<usize>load<u8>(income + <usize>i) << 2));
      if (uniform(key, S_LAUNCH, 0, i) < me / (1 + me)) {
        store<u32>(batchPerson + (<usize>n << 2), i);
        store<u32>(batchHousehold + (<usize>n << 2), h);
        if (++n == BATCH) {
          recordAdopters(n, day);
          n = 0;
        }
      }
    }
  }
  recordAdopters(n, day);
}

/** Host: once per simulated day after the launch, after prepareShares(); new adopters get `day`. */
export function stepAdoption(day: u32): void {
  // the household loop compiled once per case: V8 tested the flag and rebuilt vE0 in every f32x4 step
  if (param(F_BY_INCOME) != 0) stepLive<ByIncome>(day);
  else stepLive<Flat>(day);
}

// stepLive's case, a type so that each case is compiled apart (the test below is a constant in each)
type ByIncome = u8;
type Flat = u32;

/** The daily step over the listed households, with the timing classes' exp(beta0) (F_BY_INCOME) or one. */
function stepLive<Case>(day: u32): void {
  const byIncome = sizeof<Case>() == sizeof<ByIncome>();
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const tractMun = slot(P_TRACT_MUN);
  const group = slot(P_GROUP);
  const dcell = slot(P_DCELL);
  const mult = slot(P_MULT);
  const aday = slot(P_DAY_A);
  const rem = slot(P_REM);
  const cH = slot(P_CNT_HH);
  const live = slot(P_LIVE_HH);
  const tG = slot(P_TAB_G);
  const tV = slot(P_TAB_V);
  const tD = slot(P_TAB_D);
  const tDamp = slot(P_TAB_DAMP);
  const wH = <f32>param(F_W_HH);
  const vE0 = f32x4.splat(<f32>param(F_E0));
  const income = slot(P_INCOME);
  const tE0 = slot(P_TAB_INCOME);
  const vEx = f32x4.splat(<f32>param(F_EXPO));
  const lanes = i32x4(0, 1, 2, 3);
  const zero = i32x4.splat(0);
  const zeroF = f32x4.splat(0);
  const noGroup = i32x4.splat(<i32>slot(N_GROUPS));
  const offline = i32x4.splat(<i32>slot(N_DIG));
  let n: u32 = 0;
  let kept: u32 = 0;
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
    const base = fh + load<f32>(tV + (<usize>t << 2));
    const vH = i32x4.splat(h);
    const vBase = f32x4.splat(base);
    const vDamp = f32x4.splat(load<f32>(tDamp + (m << 2)));
    // the members 4 at a time (one f32x4 step for a household of up to 4, most of them), with
    // the scalar loop's operations lane by lane (IEEE f32, same order): a branch per member
    // (adopted or not) and per household size was most of a person's cost. Lanes off are the
    // adopted members and those past the household.
    for (let i = a; i < b; i += 4) {
      // room for this step's 4 entries (a household may be larger than a batch)
      if (n > BATCH - 4) {
        recordAdopters(n, day);
        n = 0;
      }
      const on = v128.and(
        i32x4.lt_u(lanes, i32x4.splat(b - i)),
        i32x4.eq(i32x4.extend_low_i16x8_u(v128.load64_zero(aday + (<usize>i << 1))), zero),
      );
      // lanes off read the "no group" and "offline" zeros (always in the tables)
      const g4 = v128.bitselect(v128.load(group + (<usize>i << 2)), noGroup, on);
      const d4 = v128.bitselect(i32x4.extend_low_i16x8_u(v128.load64_zero(dcell + (<usize>i << 1))), offline, on);
      const tg = gather4(tG, g4);
      const td = gather4(tD, d4);
      const sv = f32x4.add(f32x4.add(vBase, tg), td);
      // the timing class's exp(beta0) (lanes off read class 0); the same vE0 without F_BY_INCOME
      const e0 = byIncome
        ? gather4(tE0, v128.and(i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(income + <usize>i))), on))
        : vE0;
      const lambda = f32x4.mul(f32x4.mul(v128.load(mult + (<usize>i << 2)), f32x4.add(e0, f32x4.mul(vEx, sv))), vDamp);
      const r0 = v128.load(rem + (<usize>i << 2));
      const r = f32x4.sub(r0, lambda);
      // lanes off keep the bytes they had: past the household these are the next persons' rem
      // (or, for the last household, the bytes after the array), written back as they were read
      v128.store(rem + (<usize>i << 2), v128.bitselect(r, r0, on));
      const adopters = i32x4.bitmask(v128.and(on, f32x4.le(r, zeroF)));
      v128.store(batchPerson + (<usize>n << 2), i8x16.swizzle(i32x4.add(i32x4.splat(i), lanes), v128.load(PACK + (<usize>adopters << 4))));
      v128.store(batchHousehold + (<usize>n << 2), vH);
      n += popcnt(adopters);
      got += popcnt(adopters);
    }
    // kept in the list while a member is left after today (kept <= j: the list compacts in place)
    store<u32>(live + (<usize>kept << 2), h);
    kept += <u32>(adopted + got < size);
  }
  nLive = kept;
  recordAdopters(n, day);
}
