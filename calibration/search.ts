// Search methods of busca.metodo: grade (every combination of the passo lattice), aleatoria
// (busca.candidatos uniform draws, seedrandom-seeded from grupo_comparacao) and sequencial
// (Gaussian-process expected improvement, see gaussian-process.ts). Every candidate is one
// round, evaluated by the caller's `evaluate` with the same random numbers (CRN) as the others.

import seedrandom from 'seedrandom';
import { fromUnit, gridValues, toUnit, type Dimension } from './parameters.js';
import { fitGaussianProcess, loadExpectedImprovement } from './gaussian-process.js';

export type SearchMethod = 'grade' | 'aleatoria' | 'sequencial';

export interface Evaluation {
  x: number[];
  loss: number;
}

export interface SearchOptions {
  metodo: SearchMethod;
  dims: Dimension[];
  /** Candidates to evaluate (ignored for grade, whose count is the grid's product). */
  candidatos: number;
  /** Seed of the draws (the request's grupo_comparacao). */
  seed: string;
  evaluate: (x: number[]) => Promise<number>;
  signal?: AbortSignal;
}

/** Every point of the grid, last dimension fastest. */
export function gridPoints(dims: Dimension[]): number[][] {
  let points: number[][] = [[]];
  for (const d of dims) {
    const vals = gridValues(d);
    points = points.flatMap((p) => vals.map((v) => [...p, v]));
  }
  return points;
}

/** Seeded uniform draws on the unit cube mapped to the ranges. */
export function randomPoints(dims: Dimension[], n: number, seed: string): number[][] {
  const rng = seedrandom(`${seed}:calibracao:aleatoria`);
  return Array.from({ length: n }, () => fromUnit(dims, dims.map(() => rng())));
}

/** A finite loss for ranking: NaN (no comparable period) ranks last. */
export function rankLoss(l: number): number {
  return Number.isFinite(l) ? l : Number.POSITIVE_INFINITY;
}

export function bestOf(evals: Evaluation[]): Evaluation {
  let best = evals[0];
  for (const e of evals) if (rankLoss(e.loss) < rankLoss(best.loss)) best = e;
  return best;
}

/** Runs the search and returns every evaluation in the order made. */
export async function runSearch(o: SearchOptions): Promise<Evaluation[]> {
  const evals: Evaluation[] = [];
  const run = async (x: number[]) => {
    o.signal?.throwIfAborted();
    evals.push({ x, loss: await o.evaluate(x) });
  };
  if (o.metodo === 'grade') {
    for (const x of gridPoints(o.dims)) await run(x);
  } else if (o.metodo === 'aleatoria') {
    for (const x of randomPoints(o.dims, o.candidatos, o.seed)) await run(x);
  } else {
    await sequentialSearch(o, evals, run);
  }
  return evals;
}

/** GP fit on at most this many points (the best ones): keeps each step O(300^3) at 10,000 candidates. */
const GP_MAX_POINTS = 300;
const ACQUISITION_DRAWS = 2000;
/** Draw kinds of the acquisition, in turn: 0 uniform; > 0 around the incumbent, shaped like the best rounds, times this scale. */
const LOCAL_SCALES = [0, 1, 0.3, 0.1];

async function sequentialSearch(o: SearchOptions, evals: Evaluation[], run: (x: number[]) => Promise<void>): Promise<void> {
  const { dims } = o;
  const expectedImprovement = await loadExpectedImprovement();
  const rng = seedrandom(`${o.seed}:calibracao:sequencial`);
  const nInit = Math.min(o.candidatos, Math.max(5, 2 * dims.length + 1));
  // Initial design: a Latin hypercube, so every dimension is covered evenly from the start.
  const perms = dims.map(() => shuffle([...Array(nInit).keys()], rng));
  for (let i = 0; i < nInit; i++) await run(fromUnit(dims, dims.map((_, j) => (perms[j][i] + rng()) / nInit)));
  const seen = new Set(evals.map((e) => e.x.join(',')));
  while (evals.length < o.candidatos) {
    const pts = [...evals].filter((e) => Number.isFinite(e.loss)).sort((a, b) => a.loss - b.loss).slice(0, GP_MAX_POINTS);
    // log(loss + best loss): compresses the large losses far from the optimum without turning the
    // cone-shaped minimum of a MAPE into a spike the GP cannot follow (as log(loss) would).
    const c = Math.max(pts.length > 0 ? pts[0].loss : 0, 1e-6);
    const y = (l: number) => Math.log(l + c);
    const gp = pts.length >= 2 ? fitGaussianProcess(pts.map((e) => toUnit(dims, e.x)), pts.map((e) => y(e.loss))) : null;
    const best = pts.length > 0 ? y(pts[0].loss) : 0;
    const bestU = pts.length > 0 ? toUnit(dims, pts[0].x) : dims.map(() => 0.5);
    // Local draws follow the shape of the best rounds (their covariance, as CMA-ES adapts its
    // search distribution), so a narrow valley of partly substituting parameters is explored
    // along its length; EI then picks among local and uniform draws.
    const top = pts.slice(0, Math.max(3, Math.ceil(pts.length / 5))).map((e) => toUnit(dims, e.x));
    const shape = localShape(top, dims.length);
    let chosen: number[] | null = null;
    let chosenEi = -1;
    for (let k = 0; k < ACQUISITION_DRAWS; k++) {
      const scale = LOCAL_SCALES[k % LOCAL_SCALES.length];
      let u: number[];
      if (scale === 0) u = dims.map(() => rng());
      else {
        const z = dims.map(() => gaussian(rng));
        u = bestU.map((b, i) => {
          let step = 0;
          for (let j = 0; j <= i; j++) step += shape[i * dims.length + j] * z[j];
          return Math.min(1, Math.max(0, b + scale * step));
        });
      }
      const x = fromUnit(dims, u);
      if (seen.has(x.join(','))) continue;
      const ei = gp === null ? rng() : expectedImprovement(gp.predict(toUnit(dims, x)), best);
      if (ei > chosenEi) {
        chosenEi = ei;
        chosen = x;
      }
    }
    // Every admissible point already evaluated (a small lattice): repeat a uniform draw.
    const x = chosen ?? fromUnit(dims, dims.map(() => rng()));
    seen.add(x.join(','));
    await run(x);
  }
}

/**
 * Lower Cholesky factor of the covariance of points (unit cube), plus a small isotropic part so a
 * degenerate set still explores every direction.
 */
function localShape(points: number[][], d: number): Float64Array {
  const n = points.length;
  const mean = Array.from({ length: d }, (_, i) => points.reduce((s, p) => s + p[i], 0) / n);
  const c = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (const p of points) s += (p[i] - mean[i]) * (p[j] - mean[j]);
      c[i * d + j] = c[j * d + i] = s / Math.max(1, n - 1) + (i === j ? 1e-4 : 0);
    }
  }
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = c[i * d + j];
      for (let k = 0; k < j; k++) s -= l[i * d + k] * l[j * d + k];
      l[i * d + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j * d + j];
    }
  }
  return l;
}

function shuffle<T>(a: T[], rng: () => number): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
