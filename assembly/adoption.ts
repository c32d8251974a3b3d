// Adoption (familia adocao, DESIGN 4). A non-adopter adopts on day d with probability
// 1 - exp(-lambda_i(d)), lambda = m_i * (exp(beta0) + exp(beta_expo) * sum_l w_l f_l(i)) * (1 - a S_m).
// Drawn by the cumulative-hazard method: each agent gets one Exp(1) threshold E_i = -ln u with
// u = H(key, S_ADOPT, 0, i) and adopts on the first day the summed hazard passes it. Because
// P(E <= H_d | E > H_{d-1}) = 1 - exp(-lambda_d), this is the same daily Bernoulli process, with
// one random draw per agent instead of one per agent and day, and it couples variants
// monotonically (more hazard never delays an agent).
import {
  N_HOUSEHOLDS, N_PERSONS, P_HH_START, P_HH_TRACT, P_TRACT_MUN, P_GROUP, P_DCELL, P_MULT, P_DAY_A, P_REM,
  P_CNT_GROUP, P_CNT_TRACT, P_CNT_DIG, P_CNT_MUN, P_CNT_HH, P_TAB_G, P_TAB_V, P_TAB_D, P_TAB_DAMP, F_E0, F_EXPO,
  F_W_HH, F_ELOGIT, S_ADOPT, S_LAUNCH,
  AGENT_BASE,
} from './abi';
import { slot, param } from './header';
import { clearCounters } from './layers';
import { expDraw, setAgentBase, uniform } from './rng';

let key: u64 = 0;

@inline function bump(p: usize, k: usize): void {
  store<i32>(p + (k << 2), load<i32>(p + (k << 2)) + 1);
}

/**
 * Person i of household h (tract t, municipality m) adopts on `day`: its adoption day, and one
 * more active member in each of its groups (day d + 1's counters). Once per person and run, so
 * the header slots are read here rather than kept in the day loop's registers.
 */
@inline function adopt(i: u32, h: u32, t: u32, m: usize, day: u32): void {
  store<u16>(slot(P_DAY_A) + (<usize>i << 1), <u16>day);
  bump(slot(P_CNT_GROUP), load<u32>(slot(P_GROUP) + (<usize>i << 2)));
  bump(slot(P_CNT_TRACT), t);
  bump(slot(P_CNT_DIG), load<u16>(slot(P_DCELL) + (<usize>i << 1)));
  bump(slot(P_CNT_MUN), m);
  bump(slot(P_CNT_HH), h);
}

/** Host: once per (replica, variant) task, before the first day. */
export function resetAdoption(keyLo: u32, keyHi: u32): void {
  key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(<u32>slot(AGENT_BASE));
  const n = <u32>slot(N_PERSONS);
  const rem = slot(P_REM);
  memory.fill(slot(P_DAY_A), 0, <usize>n << 1);
  for (let i: u32 = 0; i < n; i++) store<f32>(rem + (<usize>i << 2), expDraw(key, S_ADOPT, 0, i));
  clearCounters();
}

/** Host: once, on lancamento.dia: each person adopts at once with sigmoid(logit_lancamento + ln m_i). */
export function launchAdoption(day: u32): void {
  const nH = <u32>slot(N_HOUSEHOLDS);
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const tractMun = slot(P_TRACT_MUN);
  const mult = slot(P_MULT);
  const aday = slot(P_DAY_A);
  const e = param(F_ELOGIT);
  for (let h: u32 = 0; h < nH; h++) {
    const t = load<u32>(hhTract + (<usize>h << 2));
    const m = <usize>load<u16>(tractMun + (<usize>t << 1));
    const b = load<u32>(hhStart + (<usize>(h + 1) << 2));
    for (let i = load<u32>(hhStart + (<usize>h << 2)); i < b; i++) {
      if (load<u16>(aday + (<usize>i << 1)) != 0) continue;
      const me = <f64>load<f32>(mult + (<usize>i << 2)) * e;
      if (uniform(key, S_LAUNCH, 0, i) < me / (1 + me)) adopt(i, h, t, m, day);
    }
  }
}

/** Host: once per simulated day after the launch, after prepareShares(); new adopters get `day`. */
export function stepAdoption(day: u32): void {
  const nH = <u32>slot(N_HOUSEHOLDS);
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const tractMun = slot(P_TRACT_MUN);
  const group = slot(P_GROUP);
  const dcell = slot(P_DCELL);
  const mult = slot(P_MULT);
  const aday = slot(P_DAY_A);
  const rem = slot(P_REM);
  const cH = slot(P_CNT_HH);
  const tG = slot(P_TAB_G);
  const tV = slot(P_TAB_V);
  const tD = slot(P_TAB_D);
  const tDamp = slot(P_TAB_DAMP);
  const e0 = <f32>param(F_E0);
  const ex = <f32>param(F_EXPO);
  const wH = <f32>param(F_W_HH);
  let a = load<u32>(hhStart);
  for (let h: u32 = 0; h < nH; h++) {
    const b = load<u32>(hhStart + (<usize>(h + 1) << 2));
    // household adopters by day d - 1 (counter read before any member adopts today)
    const adopted = <u32>load<i32>(cH + (<usize>h << 2));
    const size = b - a;
    if (adopted < size) {
      const t = load<u32>(hhTract + (<usize>h << 2));
      const m = <usize>load<u16>(tractMun + (<usize>t << 1));
      const fh: f32 = size > 1 ? wH * <f32>adopted / <f32>(size - 1) : 0;
      const base = fh + load<f32>(tV + (<usize>t << 2));
      const damp = load<f32>(tDamp + (m << 2));
      for (let i = a; i < b; i++) {
        if (load<u16>(aday + (<usize>i << 1)) != 0) continue;
        const g = load<u32>(group + (<usize>i << 2));
        const dc = <u32>load<u16>(dcell + (<usize>i << 1));
        const s = base + load<f32>(tG + (<usize>g << 2)) + load<f32>(tD + (<usize>dc << 2));
        const lambda = load<f32>(mult + (<usize>i << 2)) * (e0 + ex * s) * damp;
        const r = load<f32>(rem + (<usize>i << 2)) - lambda;
        store<f32>(rem + (<usize>i << 2), r);
        if (r <= 0) adopt(i, h, t, m, day);
      }
    }
    a = b;
  }
}
