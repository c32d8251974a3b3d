import { describe, expect, it } from 'vitest';
import { analyseIdentifiability, perturbationPoints } from '../../../calibration/identifiability.js';
import type { Dimension } from '../../../calibration/parameters.js';
import { bestOf, gridPoints, randomPoints, type Evaluation } from '../../../calibration/search.js';

const dim = (nome: string, inicio = 0): Dimension => ({ nome, parametro: 'beta0', min: -2, max: 2, passo: 0.5, inteiro: false, inicio });

async function analyse(dims: Dimension[], loss: (x: number[]) => number) {
  const evals: Evaluation[] = gridPoints(dims).map((x) => ({ x, loss: loss(x) }));
  const best = bestOf(evals);
  const perturbed = perturbationPoints(dims, best.x).map((x) => ({ x, loss: loss(x) }));
  return { best, perturbed, result: analyseIdentifiability(dims, best, perturbed, [...evals, ...perturbed]) };
}

describe('identifiability', () => {
  it('makes two perturbations per dimension, stepping inward at the range edge', () => {
    const dims = [dim('a'), dim('b')];
    expect(perturbationPoints(dims, [2, 0])).toEqual([[1, 0], [1.5, 0], [2, 0.5], [2, -0.5]]);
  });

  it('reports a parameter the loss ignores as fixed, at its value in the best candidate, with the reason', async () => {
    const dims = [dim('a'), dim('b'), dim('ignored', 1)];
    const { best, result } = await analyse(dims, (x) => (x[0] - 1) ** 2 + (x[1] + 0.5) ** 2 + 0.01);
    expect(best.x).toEqual([1, -0.5, -2]); // the first of the tied grid points
    expect(result.livres).toEqual(['a', 'b']);
    expect(result.fixados).toHaveLength(1);
    // Not moved to its starting point 1: where it is held is the final round's decision (final-round.ts).
    expect(result.fixados[0]).toMatchObject({ parametro: 'ignored', valor: -2 });
    expect(result.fixados[0].motivo).toMatch(/does not see it/);
    expect(result.grupos).toEqual([]);
  });

  it('reports two parameters whose effects cancel as a group, and independent ones not', async () => {
    const dims = [dim('beta0'), dim('shift'), dim('other')];
    const { result } = await analyse(dims, (x) => (x[0] + x[1] - 0.5) ** 2 + 0.3 * (x[2] - 1) ** 2);
    expect(result.fixados).toEqual([]);
    expect(result.grupos).toHaveLength(1);
    expect(result.grupos[0].parametros).toEqual(['beta0', 'shift']);
    expect(result.grupos[0].correlacao).toBeLessThan(-0.9); // a + b constant along the valley
  });

  it('does not report an identified but elongated minimum (parameters that only partly substitute) as a group', async () => {
    const dims = [
      { ...dim('a'), passo: undefined },
      { ...dim('b'), passo: undefined },
    ];
    // Cone 8 times steeper across the valley a = b than along it; minimum at (0.3, 0.3).
    const loss = (x: number[]) => 8 * Math.abs(x[0] - x[1]) + Math.abs(x[0] + x[1] - 0.6);
    const evals = randomPoints(dims, 200, 'elongated').map((x) => ({ x, loss: loss(x) }));
    const best = bestOf(evals);
    const perturbed = perturbationPoints(dims, best.x).map((x) => ({ x, loss: loss(x) }));
    expect(analyseIdentifiability(dims, best, perturbed, [...evals, ...perturbed]).grupos).toEqual([]);
    // The same shape with no slope along the valley: the effects cancel.
    const flat = (x: number[]) => 8 * Math.abs(x[0] - x[1]);
    const fe = randomPoints(dims, 200, 'elongated').map((x) => ({ x, loss: flat(x) }));
    const fb = bestOf(fe);
    const fp = perturbationPoints(dims, fb.x).map((x) => ({ x, loss: flat(x) }));
    expect(analyseIdentifiability(dims, fb, fp, [...fe, ...fp]).grupos.map((g) => g.parametros)).toEqual([['a', 'b']]);
  });
});
