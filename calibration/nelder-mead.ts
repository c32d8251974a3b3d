// Nelder-Mead simplex search on an asynchronous loss (each evaluation is a simulation), used by
// the Pix fit (calibration/pix/pix-fit.ts). Written here because the npm implementations (fmin)
// take a synchronous function. Standard coefficients (reflection 1, expansion 2, contraction
// 0.5, shrink 0.5); deterministic: the same start and loss give the same path. Every evaluation
// is returned, so the caller can list them and keep the best one ever seen.
import type { Evaluation } from './search.js';

export interface NelderMeadOptions {
  start: number[];
  /** Initial step per coordinate (the simplex's edge along each axis). */
  steps: number[];
  /** Evaluations at most. */
  maxEvaluations: number;
  /** Stop when the simplex's losses spread less than this. */
  tolerance?: number;
  evaluate: (x: number[]) => Promise<number>;
  onEvaluation?: (e: Evaluation, n: number) => void;
}

/** Runs the simplex and returns every evaluation in the order made. */
export async function nelderMead(o: NelderMeadOptions): Promise<Evaluation[]> {
  const n = o.start.length;
  const evals: Evaluation[] = [];
  const f = async (x: number[]): Promise<number> => {
    const raw = await o.evaluate(x);
    const loss = Number.isFinite(raw) ? raw : Number.POSITIVE_INFINITY;
    evals.push({ x, loss });
    o.onEvaluation?.({ x, loss }, evals.length);
    return loss;
  };
  const simplex: Evaluation[] = [];
  simplex.push({ x: o.start, loss: await f(o.start) });
  for (let i = 0; i < n && evals.length < o.maxEvaluations; i++) {
    const x = o.start.slice();
    x[i] += o.steps[i];
    simplex.push({ x, loss: await f(x) });
  }
  const tol = o.tolerance ?? 1e-4;
  const along = (a: number[], b: number[], t: number) => a.map((v, i) => v + t * (b[i] - v));
  while (evals.length < o.maxEvaluations && simplex.length === n + 1) {
    simplex.sort((a, b) => a.loss - b.loss);
    if (simplex[n].loss - simplex[0].loss < tol) break;
    const centroid = new Array<number>(n).fill(0);
    for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) centroid[i] += simplex[k].x[i] / n;
    const worst = simplex[n];
    const xr = along(centroid, worst.x, -1);
    const fr = await f(xr);
    if (fr < simplex[0].loss) {
      if (evals.length >= o.maxEvaluations) { simplex[n] = { x: xr, loss: fr }; break; }
      const xe = along(centroid, worst.x, -2);
      const fe = await f(xe);
      simplex[n] = fe < fr ? { x: xe, loss: fe } : { x: xr, loss: fr };
    } else if (fr < simplex[n - 1].loss) {
      simplex[n] = { x: xr, loss: fr };
    } else {
      if (evals.length >= o.maxEvaluations) break;
      const outside = fr < worst.loss;
      const xc = along(centroid, outside ? xr : worst.x, 0.5);
      const fc = await f(xc);
      if (fc < Math.min(fr, worst.loss)) simplex[n] = { x: xc, loss: fc };
      else {
        for (let k = 1; k <= n && evals.length < o.maxEvaluations; k++) {
          const xs = along(simplex[0].x, simplex[k].x, 0.5);
          simplex[k] = { x: xs, loss: await f(xs) };
        }
      }
    }
  }
  return evals;
}
