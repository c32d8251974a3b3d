// Golden-section search of one coordinate on an asynchronous loss (each evaluation is a
// simulation), used by the Pix case's profile fit (calibration/pix/pix-fit.ts): a fixed bracket,
// a fixed number of evaluations, no derivative. After the first two points each evaluation
// shrinks the bracket by the golden ratio (0.618), so n evaluations leave a bracket of
// (upper - lower) x 0.618^(n - 2) around the minimum of a unimodal loss. Deterministic: the same
// bracket and loss give the same path. Every evaluation is returned in the order made, so the
// caller can list them and keep the best one ever seen.
import type { Evaluation } from './search.js';

/** 1 / golden ratio. */
const G = (Math.sqrt(5) - 1) / 2;

export interface GoldenSectionOptions {
  lower: number;
  upper: number;
  /** Evaluations at most, `first` included. */
  maxEvaluations: number;
  /** A point scored before the search (the point the search stands for, e.g. a published fit's), so the best kept is never worse than it. */
  first?: number;
  evaluate: (x: number) => Promise<number>;
  onEvaluation?: (e: Evaluation, n: number) => void;
}

/** Runs the search and returns every evaluation (x of one coordinate) in the order made; a non-finite loss counts as +Infinity. */
export async function goldenSection(o: GoldenSectionOptions): Promise<Evaluation[]> {
  if (!(o.lower < o.upper)) throw new Error(`campaign-sim: a golden-section bracket [${o.lower}, ${o.upper}] that is empty`);
  const evals: Evaluation[] = [];
  const f = async (x: number): Promise<number> => {
    const raw = await o.evaluate(x);
    const loss = Number.isFinite(raw) ? raw : Number.POSITIVE_INFINITY;
    evals.push({ x: [x], loss });
    o.onEvaluation?.({ x: [x], loss }, evals.length);
    return loss;
  };
  if (o.first !== undefined && evals.length < o.maxEvaluations) await f(o.first);
  let a = o.lower, b = o.upper;
  let c = b - G * (b - a), d = a + G * (b - a);
  if (evals.length >= o.maxEvaluations) return evals;
  let fc = await f(c);
  if (evals.length >= o.maxEvaluations) return evals;
  let fd = await f(d);
  while (evals.length < o.maxEvaluations) {
    if (fc <= fd) {
      b = d; d = c; fd = fc;
      c = b - G * (b - a);
      fc = await f(c);
    } else {
      a = c; c = d; fc = fd;
      d = a + G * (b - a);
      fd = await f(d);
    }
  }
  return evals;
}
