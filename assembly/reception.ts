// Reception (familia recepcao, DESIGN 4). Media: on day d channel c reaches an agent with
// probability 1 - exp(-exp(beta0) * intensity_c(d) * affinity_c(cell)), the affinity being 0
// outside the audience. Social: agents who answered repassa spread for F_PERIOD days; anyone not
// yet socially exposed is reached with hazard exp(beta_expo) * conversao_social * sum_l w_l f_l(i)
// (self excluded). Both are drawn by cumulative-hazard thresholds (see adoption.ts); a media
// threshold is redrawn from H(key, S_MEDIA + c, day, i) after each contact, which gives exactly one
// Bernoulli per day and channel. The first exposure draws the response from the cumulative shares
// of the agent's cell and source; a contact is recalled with the channel's recall probability.
import {
  N_HOUSEHOLDS, N_PERSONS, N_CHANNELS, N_CELLS, P_HH_START, P_HH_TRACT, P_GROUP, P_DCELL, P_CELL, P_AFF,
  P_RESP_CUM, P_DAY_A, P_REM, P_REM_C, P_FREQ, P_MDAY, P_SDAY, P_DDAY, P_RESP, P_CNT_GROUP, P_CNT_TRACT,
  P_CNT_DIG, P_TAB_G, P_TAB_V, P_TAB_D, P_UNIT_G, P_UNIT_V, P_UNIT_D, F_EXPO, F_W_HH, F_PERIOD,
  F_FALSE_RECALL, F_FIRST_DAY, F_SCALE, F_RECALL, S_SOCIAL, S_RESPONSE, S_FALSE_RECALL, S_MEDIA, S_RECALL,
} from './abi';
import { slot, param } from './header';
import { clearCounters, prepareUnits } from './layers';
import { expDraw, uniform } from './rng';

const REPASSA: u8 = 3;
let key: u64 = 0;

@inline function add(p: usize, k: usize, d: i32): void {
  store<i32>(p + (k << 2), load<i32>(p + (k << 2)) + d);
}

/** Host: once per (replica, variant) task, before the first day. */
export function resetReception(keyLo: u32, keyHi: u32): void {
  key = (<u64>keyHi << 32) | <u64>keyLo;
  const n = <u32>slot(N_PERSONS);
  const nC = <u32>slot(N_CHANNELS);
  memory.fill(slot(P_DAY_A), 0, <usize>n << 1);
  memory.fill(slot(P_MDAY), 0, <usize>n << 1);
  memory.fill(slot(P_SDAY), 0, <usize>n << 1);
  memory.fill(slot(P_RESP), 0, <usize>n);
  memory.fill(slot(P_FREQ), 0, <usize>n * nC);
  const rem = slot(P_REM);
  const remC = slot(P_REM_C);
  const dday = slot(P_DDAY);
  const falseRecall = param(F_FALSE_RECALL);
  const first = <u16>param(F_FIRST_DAY);
  for (let i: u32 = 0; i < n; i++) {
    store<f32>(rem + (<usize>i << 2), expDraw(key, S_SOCIAL, 0, i));
    for (let c: u32 = 0; c < nC; c++) store<f32>(remC + ((<usize>(i * nC + c)) << 2), expDraw(key, S_MEDIA + c, 0, i));
    store<u16>(dday + (<usize>i << 1), uniform(key, S_FALSE_RECALL, 0, i) < falseRecall ? first : 0);
  }
  clearCounters();
  prepareUnits();
}

/** Host: once per simulated day, after prepareShares() and after writing today's F_SCALE. */
export function stepReception(day: u32): void {
  const nH = <u32>slot(N_HOUSEHOLDS);
  const nC = <u32>slot(N_CHANNELS);
  const nCells = <u32>slot(N_CELLS);
  const hhStart = slot(P_HH_START);
  const hhTract = slot(P_HH_TRACT);
  const group = slot(P_GROUP);
  const dcell = slot(P_DCELL);
  const cell = slot(P_CELL);
  const aff = slot(P_AFF);
  const respCum = slot(P_RESP_CUM);
  const eday = slot(P_DAY_A);
  const rem = slot(P_REM);
  const remC = slot(P_REM_C);
  const freq = slot(P_FREQ);
  const mday = slot(P_MDAY);
  const sday = slot(P_SDAY);
  const dday = slot(P_DDAY);
  const resp = slot(P_RESP);
  const cG = slot(P_CNT_GROUP);
  const cT = slot(P_CNT_TRACT);
  const cD = slot(P_CNT_DIG);
  const tG = slot(P_TAB_G);
  const tV = slot(P_TAB_V);
  const tD = slot(P_TAB_D);
  const uG = slot(P_UNIT_G);
  const uV = slot(P_UNIT_V);
  const uD = slot(P_UNIT_D);
  const ex = <f32>param(F_EXPO);
  const wH = <f32>param(F_W_HH);
  const period = <u32>param(F_PERIOD);
  let media = false;
  for (let c: u32 = 0; c < nC; c++) media = media || param(F_SCALE + c) > 0;
  const s0 = <f32>param(F_SCALE);
  const s1 = <f32>param(F_SCALE + 1);
  const s2 = <f32>param(F_SCALE + 2);
  const s3 = <f32>param(F_SCALE + 3);
  const social = ex > 0;

  let a = load<u32>(hhStart);
  for (let h: u32 = 0; h < nH; h++) {
    const b = load<u32>(hhStart + (<usize>(h + 1) << 2));
    const t = load<u32>(hhTract + (<usize>h << 2));
    // spreaders of the household on day d: repassa, exposed before d, for `period` days
    let spreading: u32 = 0;
    for (let i = a; i < b; i++) {
      const e = <u32>load<u16>(eday + (<usize>i << 1));
      spreading += <u32>(load<u8>(resp + <usize>i) == REPASSA && day - e <= period && e < day);
    }
    const size = b - a;
    const hUnit: f32 = size > 1 ? wH / <f32>(size - 1) : 0;
    const base = hUnit * <f32>spreading + load<f32>(tV + (<usize>t << 2));
    const baseUnit = hUnit + load<f32>(uV + (<usize>t << 2));
    for (let i = a; i < b; i++) {
      const k = <usize>load<u16>(cell + (<usize>i << 1));
      let hit = false;
      if (media) {
        for (let c: u32 = 0; c < nC; c++) {
          const sc: f32 = c == 0 ? s0 : c == 1 ? s1 : c == 2 ? s2 : s3;
          const hz = sc * load<f32>(aff + ((<usize>c * nCells + k) << 2));
          if (hz > 0) {
            const p = remC + ((<usize>(i * nC + c)) << 2);
            let r = load<f32>(p) - hz;
            if (r <= 0) {
              hit = true;
              const f = freq + <usize>(i * nC + c);
              const n = load<u8>(f);
              if (n < 255) store<u8>(f, n + 1);
              if (load<u16>(dday + (<usize>i << 1)) == 0 && uniform(key, S_RECALL + c, day, i) < param(F_RECALL + c)) {
                store<u16>(dday + (<usize>i << 1), <u16>day);
              }
              r = expDraw(key, S_MEDIA + c, day, i);
            }
            store<f32>(p, r);
          }
        }
        if (hit && load<u16>(mday + (<usize>i << 1)) == 0) store<u16>(mday + (<usize>i << 1), <u16>day);
      }
      const g = <usize>load<u32>(group + (<usize>i << 2));
      const dc = <usize>load<u16>(dcell + (<usize>i << 1));
      const e = <u32>load<u16>(eday + (<usize>i << 1));
      const rs = load<u8>(resp + <usize>i);
      let socialHit = false;
      if (social && load<u16>(sday + (<usize>i << 1)) == 0) {
        let s = base + load<f32>(tG + (g << 2)) + load<f32>(tD + (dc << 2));
        if (rs == REPASSA && e < day && day - e <= period) {
          s -= baseUnit + load<f32>(uG + (g << 2)) + load<f32>(uD + (dc << 2));
        }
        const lambda = ex * s;
        if (lambda > 0) {
          const r = load<f32>(rem + (<usize>i << 2)) - lambda;
          store<f32>(rem + (<usize>i << 2), r);
          if (r <= 0) {
            socialHit = true;
            store<u16>(sday + (<usize>i << 1), <u16>day);
          }
        }
      }
      if (e == 0) {
        if (hit || socialHit) {
          // first exposure: the response by cell and source (media wins a tie)
          store<u16>(eday + (<usize>i << 1), <u16>day);
          const src: usize = hit ? 0 : 1;
          const q = respCum + (((src * <usize>nCells + k) * 3) << 2);
          const u = <f32>uniform(key, S_RESPONSE, 0, i);
          const r = <u8>(1 + <i32>(u >= load<f32>(q)) + <i32>(u >= load<f32>(q, 4)) + <i32>(u >= load<f32>(q, 8)));
          store<u8>(resp + <usize>i, r);
          if (r == REPASSA) {
            add(cG, g, 1);
            add(cT, t, 1);
            add(cD, dc, 1);
          }
        }
      } else if (rs == REPASSA && day - e == period) {
        // last spreading day today: not counted from tomorrow on
        add(cG, g, -1);
        add(cT, t, -1);
        add(cD, dc, -1);
      }
    }
    a = b;
  }
}
