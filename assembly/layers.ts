// Contact layers as per-group counters of active members (DESIGN 4): each simulated day the
// counters are turned into share tables that the person loop reads (state of day d), while the
// person loop writes the counters (state of day d + 1). No edge lists.
import {
  N_GROUPS, N_TURMAS, N_TRACTS, N_DIG, N_UF, N_MUN, P_GROUP_SIZE, P_TRACT_DEN, P_ADJ_START, P_ADJ,
  P_DIG_POP, P_UF_DIG_POP, P_MUN_POP, P_CNT_GROUP, P_CNT_TRACT, P_CNT_DIG, P_CNT_MUN, P_CNT_HH, N_HOUSEHOLDS, P_TAB_G, P_TAB_V,
  P_TAB_D, P_TAB_DAMP, P_UNIT_G, P_UNIT_V, P_UNIT_D, F_W_TURMA, F_W_ESTAB, F_W_VIZ, F_W_DIG, F_HOMOPHILY,
  F_DAMP, F_SPILL, AGE_GROUPS,
} from './abi';
import { slot, param } from './header';

/** Host: once per simulated day, before the step: share tables from the counters. */
export function prepareShares(): void {
  const nG = <u32>slot(N_GROUPS);
  const nTur = <u32>slot(N_TURMAS);
  const gSize = slot(P_GROUP_SIZE);
  const gCnt = slot(P_CNT_GROUP);
  const gTab = slot(P_TAB_G);
  const wT = <f32>param(F_W_TURMA);
  const wE = <f32>param(F_W_ESTAB);
  // 4 groups per f32x4 (PA has 372,881 groups, a division each): the scalar operations lane by
  // lane, the quotient of a group of 0 or 1 member (a division by 0 or -1) replaced by the 0 it gets
  const vT = f32x4.splat(wT);
  const vE = f32x4.splat(wE);
  const one = i32x4.splat(1);
  let g: u32 = 0;
  for (; g + 4 <= nG; g += 4) {
    const size = v128.load(gSize + (<usize>g << 2));
    const w = v128.bitselect(vT, vE, i32x4.lt_u(i32x4.add(i32x4.splat(g), i32x4(0, 1, 2, 3)), i32x4.splat(nTur)));
    const q = f32x4.div(f32x4.mul(w, f32x4.convert_i32x4_s(v128.load(gCnt + (<usize>g << 2)))), f32x4.convert_i32x4_s(i32x4.sub(size, one)));
    v128.store(gTab + (<usize>g << 2), v128.and(q, i32x4.gt_s(size, one)));
  }
  for (; g < nG; g++) {
    const size = load<i32>(gSize + (<usize>g << 2));
    const w: f32 = g < nTur ? wT : wE;
    const v: f32 = size > 1 ? w * <f32>load<i32>(gCnt + (<usize>g << 2)) / <f32>(size - 1) : 0;
    store<f32>(gTab + (<usize>g << 2), v);
  }
  store<f32>(gTab + (<usize>nG << 2), 0);

  const nT = <u32>slot(N_TRACTS);
  const tCnt = slot(P_CNT_TRACT);
  const tDen = slot(P_TRACT_DEN);
  const adjStart = slot(P_ADJ_START);
  const adj = slot(P_ADJ);
  const tTab = slot(P_TAB_V);
  const wV = <f32>param(F_W_VIZ);
  const spill = <f32>param(F_SPILL);
  for (let t: u32 = 0; t < nT; t++) {
    let near: i32 = 0;
    const e1 = load<u32>(adjStart + (<usize>(t + 1) << 2));
    for (let e = load<u32>(adjStart + (<usize>t << 2)); e < e1; e++) {
      near += load<i32>(tCnt + (<usize>load<u32>(adj + (<usize>e << 2)) << 2));
    }
    const num = <f32>load<i32>(tCnt + (<usize>t << 2)) + spill * <f32>near;
    store<f32>(tTab + (<usize>t << 2), wV * num / load<f32>(tDen + (<usize>t << 2)));
  }

  const nUf = <u32>slot(N_UF);
  const nD = <u32>slot(N_DIG);
  const dCnt = slot(P_CNT_DIG);
  const dPop = slot(P_DIG_POP);
  const ufPop = slot(P_UF_DIG_POP);
  const dTab = slot(P_TAB_D);
  const wD = <f32>param(F_W_DIG);
  const h = <f32>param(F_HOMOPHILY);
  for (let u: u32 = 0; u < nUf; u++) {
    let all: i32 = 0;
    for (let a: u32 = 0; a < AGE_GROUPS; a++) all += load<i32>(dCnt + (<usize>(u * AGE_GROUPS + a) << 2));
    const nu = load<i32>(ufPop + (<usize>u << 2));
    const ufShare: f32 = nu > 1 ? <f32>all / <f32>(nu - 1) : 0;
    for (let a: u32 = 0; a < AGE_GROUPS; a++) {
      const k = u * AGE_GROUPS + a;
      const n = load<i32>(dPop + (<usize>k << 2));
      const own: f32 = n > 1 ? <f32>load<i32>(dCnt + (<usize>k << 2)) / <f32>(n - 1) : 0;
      store<f32>(dTab + (<usize>k << 2), wD * (h * own + (1 - h) * ufShare));
    }
  }
  store<f32>(dTab + (<usize>nD << 2), 0);

  const nM = <u32>slot(N_MUN);
  const mCnt = slot(P_CNT_MUN);
  const mPop = slot(P_MUN_POP);
  const damp = slot(P_TAB_DAMP);
  const a = <f32>param(F_DAMP);
  for (let m: u32 = 0; m < nM; m++) {
    const pop = load<i32>(mPop + (<usize>m << 2));
    const s: f32 = pop > 0 ? <f32>load<i32>(mCnt + (<usize>m << 2)) / <f32>pop : 0;
    store<f32>(damp + (<usize>m << 2), 1 - a * s);
  }
}

/** Host (through reset*): once per task: one member's weight in each share, for self exclusion. */
export function prepareUnits(): void {
  const nG = <u32>slot(N_GROUPS);
  const nTur = <u32>slot(N_TURMAS);
  const gSize = slot(P_GROUP_SIZE);
  const gUnit = slot(P_UNIT_G);
  const wT = <f32>param(F_W_TURMA);
  const wE = <f32>param(F_W_ESTAB);
  for (let g: u32 = 0; g < nG; g++) {
    const size = load<i32>(gSize + (<usize>g << 2));
    store<f32>(gUnit + (<usize>g << 2), size > 1 ? (g < nTur ? wT : wE) / <f32>(size - 1) : 0);
  }
  store<f32>(gUnit + (<usize>nG << 2), 0);
  const nT = <u32>slot(N_TRACTS);
  const tDen = slot(P_TRACT_DEN);
  const tUnit = slot(P_UNIT_V);
  const wV = <f32>param(F_W_VIZ);
  for (let t: u32 = 0; t < nT; t++) store<f32>(tUnit + (<usize>t << 2), wV / load<f32>(tDen + (<usize>t << 2)));
  const nUf = <u32>slot(N_UF);
  const nD = <u32>slot(N_DIG);
  const dPop = slot(P_DIG_POP);
  const ufPop = slot(P_UF_DIG_POP);
  const dUnit = slot(P_UNIT_D);
  const wD = <f32>param(F_W_DIG);
  const h = <f32>param(F_HOMOPHILY);
  for (let u: u32 = 0; u < nUf; u++) {
    const nu = load<i32>(ufPop + (<usize>u << 2));
    const ufUnit: f32 = nu > 1 ? 1 / <f32>(nu - 1) : 0;
    for (let a: u32 = 0; a < AGE_GROUPS; a++) {
      const k = u * AGE_GROUPS + a;
      const n = load<i32>(dPop + (<usize>k << 2));
      store<f32>(dUnit + (<usize>k << 2), wD * (h * (n > 1 ? 1 / <f32>(n - 1) : 0) + (1 - h) * ufUnit));
    }
  }
  store<f32>(dUnit + (<usize>nD << 2), 0);
}

/** Zeroes the activity counters (once per task). */
export function clearCounters(): void {
  memory.fill(slot(P_CNT_GROUP), 0, (<usize>slot(N_GROUPS) + 1) << 2);
  memory.fill(slot(P_CNT_TRACT), 0, <usize>slot(N_TRACTS) << 2);
  memory.fill(slot(P_CNT_DIG), 0, (<usize>slot(N_DIG) + 1) << 2);
  memory.fill(slot(P_CNT_MUN), 0, <usize>slot(N_MUN) << 2);
  memory.fill(slot(P_CNT_HH), 0, <usize>slot(N_HOUSEHOLDS) << 2);
}
