// Raking of the internet model (src/population/internet-model.ts) to the fitted margins: cyclic
// proportional fitting on the logit scale. Each sweep sets, margin by margin, the coefficient of
// that margin's class so the model's share of the segment equals its target (Newton on one
// number), until no fitted margin is off by more than TOLERANCE, a sweep no longer changes the
// worst error (STALL), or SWEEPS have run. With margins
// that agree this is IPF for a main-effects logit model; where they disagree it stops at the last
// sweep, and the case reports every margin's error as measured.
import {
  cellProbabilities, COUNT_CELLS, GRUPOS_IDADE_TIC, INTERNET_CELLS, type InternetCoefficients,
} from '../../src/population/internet-model.js';
import { decodeCountCell, type CountCell, type InternetMargin } from './internet-margins.js';

const TOLERANCE = 1e-9;
const SWEEPS = 300;
const STALL = 1e-12;

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

/** Persons 10+ per internet cell (sex and race summed). */
export function personsPerInternetCell(counts: Float64Array): Float64Array {
  const n = new Float64Array(INTERNET_CELLS);
  for (let k = 0; k < COUNT_CELLS; k++) n[Math.floor(k / 10)] += counts[k];
  return n;
}

let decoded: CountCell[] | undefined;

/** Weights of a margin over the count cells. */
export function marginWeights(m: InternetMargin): Float64Array {
  decoded ??= Array.from({ length: COUNT_CELLS }, (_, k) => decodeCountCell(k));
  const w = new Float64Array(COUNT_CELLS);
  for (let k = 0; k < COUNT_CELLS; k++) w[k] = m.peso(decoded[k]);
  return w;
}

/** Share of internet users the model gives a segment: sum w N p / sum w N over the count cells. */
export function modelShare(counts: Float64Array, weights: Float64Array, p: Float64Array): number {
  let num = 0, den = 0;
  for (let k = 0; k < COUNT_CELLS; k++) {
    const n = counts[k] * weights[k];
    if (n === 0) continue;
    num += n * p[Math.floor(k / 10)];
    den += n;
  }
  return num / den;
}

/**
 * Target of each margin, as a share: PNAD rows as published; TIC Domicílios rows shifted on the
 * logit scale, one shift per year and axis, so that the axis averages the PNAD TIC 2023 total
 * over the synthetic population's own composition (the surveys differ in level, not gradient).
 */
export function marginTargets(counts: Float64Array, margins: InternetMargin[]): Map<string, { alvo: number; deslocamento: number }> {
  const total = margins.find((m) => m.nivel === 'pnad' && m.eixo === 'total');
  if (!total) throw new Error('campaign-sim: the PNAD TIC 2023 total is missing from the internet margins');
  const level = total.publicado / 100;
  const out = new Map<string, { alvo: number; deslocamento: number }>();
  const groups = new Map<string, { m: InternetMargin; n: number }[]>();
  for (const m of margins) {
    if (m.nivel === 'pnad') { out.set(m.id, { alvo: m.publicado / 100, deslocamento: 0 }); continue; }
    const key = `${m.ano}/${m.eixo}`;
    const w = marginWeights(m);
    let n = 0;
    for (let k = 0; k < COUNT_CELLS; k++) n += counts[k] * w[k];
    groups.set(key, [...(groups.get(key) ?? []), { m, n }]);
  }
  for (const rows of groups.values()) {
    const N = rows.reduce((s, r) => s + r.n, 0);
    const mean = (d: number) => rows.reduce((s, r) => s + r.n * expit(logit(r.m.publicado / 100) + d), 0) / N;
    let lo = -5, hi = 5;
    for (let i = 0; i < 100; i++) { const mid = (lo + hi) / 2; if (mean(mid) < level) lo = mid; else hi = mid; }
    const d = (lo + hi) / 2;
    for (const r of rows) out.set(r.m.id, { alvo: expit(logit(r.m.publicado / 100) + d), deslocamento: d });
  }
  return out;
}

export interface RakedInternet {
  coeficientes: InternetCoefficients;
  varreduras: number;
  /** Largest |model - target| over the fitted margins at the end, as a share. */
  erro_maximo_ajuste: number;
}

export function rakeInternet(counts: Float64Array, margins: InternetMargin[], targets: Map<string, { alvo: number }>): RakedInternet {
  const co: InternetCoefficients = {
    idade: new Array<number>(GRUPOS_IDADE_TIC.length).fill(logit(0.88)), escolaridade: [0, 0, 0, 0], renda: [0, 0, 0, 0, 0, 0],
    situacao: [0, 0], regiao: [0, 0, 0, 0, 0],
  };
  const fitted = margins.filter((m) => m.uso === 'ajuste' && m.coeficiente);
  // Fitted margins select whole internet cells (their weights ignore sex and race).
  const cells = personsPerInternetCell(counts);
  const sel = fitted.map((m) => {
    const w = marginWeights(m);
    const idx: number[] = [];
    for (let c = 0; c < INTERNET_CELLS; c++) if (w[c * 10] > 0 && cells[c] > 0) idx.push(c);
    return { m, idx: Uint32Array.from(idx), alvo: targets.get(m.id)!.alvo };
  });
  const p = cellProbabilities(co);
  const eta = p.map(logit);
  let worst = Infinity, last = -1, sweep = 0;
  // Stops when the fitted margins agree (worst <= TOLERANCE) or the sweeps stop improving them.
  while (sweep < SWEEPS && worst > TOLERANCE && Math.abs(worst - last) > STALL) {
    sweep++;
    last = worst;
    for (const s of sel) {
      let d = 0;
      for (let it = 0; it < 20; it++) {
        let f = 0, df = 0, N = 0;
        for (const c of s.idx) {
          const q = expit(eta[c] + d);
          f += cells[c] * q; df += cells[c] * q * (1 - q); N += cells[c];
        }
        // Newton, steps capped at 1 on the logit scale so it cannot overshoot into saturation.
        const step = Math.max(-1, Math.min(1, (f - s.alvo * N) / df));
        d -= step;
        if (Math.abs(step) < 1e-12) break;
      }
      const { eixo, indice } = s.m.coeficiente!;
      co[eixo][indice] += d;
      for (const c of s.idx) eta[c] += d;
    }
    worst = 0;
    for (const s of sel) {
      let num = 0, den = 0;
      for (const c of s.idx) { num += cells[c] * expit(eta[c]); den += cells[c]; }
      worst = Math.max(worst, Math.abs(num / den - s.alvo));
    }
  }
  // Only differences within an axis are identified: move each other axis's first class to 0 and
  // its level into the age coefficients (the probabilities do not change).
  for (const eixo of ['escolaridade', 'renda', 'situacao', 'regiao'] as const) {
    const ref = co[eixo][0];
    co[eixo] = co[eixo].map((x) => x - ref);
    co.idade = co.idade.map((x) => x + ref);
  }
  return { coeficientes: co, varreduras: sweep, erro_maximo_ajuste: worst };
}
