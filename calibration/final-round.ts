// The last round of a calibration (the "+1 chosen" round of countRounds): it never leaves the
// result worse than the best round evaluated. The window cannot see a fixado near the best
// candidate, but a parameter flat within one step may matter far away: returning it to the
// starting point (the release's value, the better default for what the window cannot see) is
// therefore a candidate like any other. The last round scores the best candidate with its
// fixados back at their starting points; the runner keeps that point only if its window loss is
// not worse than the best one's, else keeps the best candidate, fixados included. With nothing
// to move, the last round re-scores the best candidate.

import type { Dimension } from './parameters.js';
import type { Fixado } from './identifiability.js';

/** The best candidate with every fixado at its starting point. */
export function finalRoundPoint(dims: Dimension[], best: number[], fixados: Fixado[]): number[] {
  const fixed = new Set(fixados.map((f) => f.parametro));
  return dims.map((d, i) => (fixed.has(d.nome) ? d.inicio : best[i]));
}

const pct = (l: number) => (Number.isFinite(l) ? `${(l * 100).toPrecision(3)}%` : 'not measurable');

/**
 * The fixados at the kept point, each reason completed with where it is held and why. `tried`
 * is the last round (point and window loss), `best` the best round before it.
 */
export function settleFixados(
  dims: Dimension[],
  fixados: Fixado[],
  kept: number[],
  tried: { x: number[]; loss: number },
  best: { x: number[]; loss: number },
): Fixado[] {
  const index = new Map(dims.map((d, i) => [d.nome, i]));
  return fixados.map((f) => {
    const i = index.get(f.parametro)!;
    const d = dims[i];
    if (d.max <= d.min) return { ...f, valor: kept[i] };
    let where: string;
    if (kept[i] !== d.inicio) {
      where = `held at its value in the best candidate: back at the starting point ${d.inicio} the window loss is ${pct(tried.loss)}, worse than ${pct(best.loss)}`;
    } else if (best.x[i] !== d.inicio) {
      where = `back at the starting point: re-scored there, the window loss ${pct(tried.loss)} is not worse than the best candidate's ${pct(best.loss)}`;
    } else {
      where = 'held at the starting point (the best candidate\'s value)';
    }
    return { ...f, valor: kept[i], motivo: `${f.motivo}; ${where}` };
  });
}
