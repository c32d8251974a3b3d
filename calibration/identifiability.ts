// Identifiability after the search (DESIGN 6): each free dimension is moved one step each way
// from the best candidate (two rounds per dimension). A dimension whose loss does not move is
// "fixado", with the reason; where it is held is decided by the final round (final-round.ts),
// never here: flat within one step says nothing about the loss at a distant starting point (on
// AP a reset without re-scoring turned a 26.9% window loss into 419.7%). Dimensions the window
// sees only together ("grupos") are found from every round made: among the near-optimal rounds, two
// dimensions whose values are strongly correlated (|r| >= 0.9) and spread over at least a quarter
// of both ranges lie along a flat valley of the loss, i.e. their effects cancel. (The MAPE loss is cone-shaped, not quadratic, near its minimum, so
// a quadratic fit of the curvature is not used.)

import { snap, toUnit, type Dimension } from './parameters.js';
import type { Evaluation } from './search.js';

/** Loss change (absolute MAPE) at or below which a one-step move counts as flat: 0.1 point plus 1% of the loss. */
export const FLAT_ABS = 1e-3;
export const FLAT_REL = 0.01;
/** Correlation of two dimensions over the near-optimal rounds at or above which they are a group. */
export const GROUP_CORRELATION = 0.9;
/** The near-optimal set: rounds whose loss is within this share of the way from the best to the median loss. */
export const NEAR_OPTIMAL_SHARE = 0.1;
export const MIN_NEAR_OPTIMAL = 3;
/**
 * Share of each range the near-optimal rounds must span for a group: where effects cancel the
 * valley runs across the ranges; an identified but elongated minimum keeps the near-optimal
 * rounds in a short stretch of it.
 */
export const GROUP_MIN_SPAN = 0.25;

export interface Fixado { parametro: string; valor: number; motivo: string }
export interface Grupo { parametros: string[]; correlacao: number; motivo: string }

export interface Identifiability {
  livres: string[];
  fixados: Fixado[];
  grupos: Grupo[];
}

/** Step of a dimension for the perturbation: passo, else a tenth of the range (at least 1 for integers). */
export function perturbationStep(d: Dimension): number {
  const h = d.passo ?? (d.max - d.min) / 10;
  return d.inteiro ? Math.max(1, Math.round(h)) : h;
}

/** The two perturbed points of each dimension (dimension order, + then -); a side past the range steps twice the other way. */
export function perturbationPoints(dims: Dimension[], best: number[]): number[][] {
  const out: number[][] = [];
  dims.forEach((d, i) => {
    const h = perturbationStep(d);
    const x = best[i];
    const up = x + h <= d.max + 1e-12 ? x + h : x - 2 * h;
    const down = x - h >= d.min - 1e-12 ? x - h : x + 2 * h;
    for (const v of [up, down]) {
      const p = [...best];
      p[i] = snap(d, v);
      out.push(p);
    }
  });
  return out;
}

/**
 * Classifies the dimensions from the best evaluation, its perturbations (perturbationPoints
 * order) and every evaluation made (for the groups). A fixado's valor is its value in the best
 * evaluation until the final round settles it.
 */
export function analyseIdentifiability(
  dims: Dimension[],
  best: Evaluation,
  perturbed: Evaluation[],
  all: Evaluation[],
): Identifiability {
  const fixados: Fixado[] = [];
  const free: number[] = [];
  const l0 = best.loss;
  const tol = FLAT_ABS + FLAT_REL * (Number.isFinite(l0) ? l0 : 0);
  dims.forEach((d, i) => {
    const up = perturbed[2 * i].loss;
    const down = perturbed[2 * i + 1].loss;
    const change = Math.max(Math.abs(up - l0), Math.abs(down - l0));
    if (d.max <= d.min) {
      fixados.push({ parametro: d.nome, valor: best.x[i], motivo: 'the range has a single value' });
    } else if (!Number.isFinite(change) || change <= tol) {
      fixados.push({
        parametro: d.nome,
        valor: best.x[i],
        motivo: `the window does not see it: one step (${perturbationStep(d)}) each way changes the window loss by ${Number.isFinite(change) ? change.toPrecision(3) : 'nothing measurable'} (flat below ${tol.toPrecision(3)})`,
      });
    } else {
      free.push(i);
    }
  });

  return { livres: free.map((i) => dims[i].nome), fixados, grupos: findGroups(dims, best, all, free) };
}

function findGroups(dims: Dimension[], best: Evaluation, all: Evaluation[], free: number[]): Grupo[] {
  const k = free.length;
  if (k < 2) return [];
  const finite = all.filter((e) => Number.isFinite(e.loss)).sort((a, b) => a.loss - b.loss);
  if (finite.length < MIN_NEAR_OPTIMAL) return [];
  // The near-optimal set: rounds within NEAR_OPTIMAL_SHARE of the way from the best loss to the
  // median loss. Where two parameters' effects cancel, it is a
  // long thin band along the cancelling direction, so their values are strongly correlated in it.
  const l0 = best.loss;
  const median = finite[Math.floor(finite.length / 2)].loss;
  const cut = l0 + Math.max(FLAT_ABS, NEAR_OPTIMAL_SHARE * (median - l0));
  const near = finite.filter((e) => e.loss <= cut);
  // Fewer near-optimal rounds than that: the minimum is a point, not a valley (or the search was
  // too coarse to tell); no group is claimed.
  if (near.length < MIN_NEAR_OPTIMAL) return [];
  const u = near.map((e) => toUnit(dims, e.x));
  const col = (i: number) => u.map((p) => p[free[i]]);
  const parent = [...Array(k).keys()];
  const find = (a: number): number => (parent[a] === a ? a : (parent[a] = find(parent[a])));
  const rho = new Map<string, number>();
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const r = correlation(col(i), col(j));
      if (Math.abs(r) >= GROUP_CORRELATION && span(col(i)) >= GROUP_MIN_SPAN && span(col(j)) >= GROUP_MIN_SPAN) {
        parent[find(j)] = find(i);
        rho.set(`${i},${j}`, r);
      }
    }
  }
  const members = new Map<number, number[]>();
  for (let i = 0; i < k; i++) members.set(find(i), [...(members.get(find(i)) ?? []), i]);
  const grupos: Grupo[] = [];
  for (const m of members.values()) {
    if (m.length < 2) continue;
    let strongest = 0;
    for (const [key, r] of rho) {
      const [a, b] = key.split(',').map(Number);
      if (m.includes(a) && m.includes(b) && Math.abs(r) > Math.abs(strongest)) strongest = r;
    }
    const names = m.map((i) => dims[free[i]].nome);
    grupos.push({
      parametros: names,
      correlacao: Number(strongest.toFixed(3)),
      motivo: `the ${near.length} best rounds lie along a line of ${names.join(' and ')} (correlation ${strongest.toFixed(2)}): their effects cancel in the window, so only their combination is identified`,
    });
  }
  return grupos;
}

/** Extent of values in the unit range. */
function span(a: number[]): number {
  return Math.max(...a) - Math.min(...a);
}

/** Pearson correlation; 0 when either side does not vary. */
function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}
