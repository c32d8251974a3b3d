import { describe, expect, it } from 'vitest';
import { countRounds, freeDimensions, gridValues, type Dimension } from '../../../calibration/parameters.js';
import { bestOf, gridPoints, randomPoints, runSearch } from '../../../calibration/search.js';
import { meanBlockMape } from '../../../calibration/loss.js';
import { request, stubRelease } from './analytic.js';

const dim = (nome: string, min: number, max: number, passo?: number): Dimension =>
  ({ nome, parametro: 'beta0', min, max, passo, inteiro: false, inicio: min });

describe('free dimensions and counts', () => {
  it('opens one dimension per channel weight and per size stratum present', () => {
    const release = stubRelease();
    const pedido = request({
      parametros: {
        beta0: { min: -6, max: -4, passo: 1 },
        pesos_canais: { min: 0, max: 2, passo: 1, canais: ['domicilio', 'digital'] },
        deslocamento_porte: { min: -1, max: 1, passo: 1 },
      },
    });
    const dims = freeDimensions(pedido, release);
    // RR stub: strata 10k-20k, 20k-50k and 100k-500k (Boa Vista).
    expect(dims.map((d) => d.nome)).toEqual([
      'beta0', 'pesos_canais[domicilio]', 'pesos_canais[digital]',
      'deslocamento_porte[10k_20k]', 'deslocamento_porte[20k_50k]', 'deslocamento_porte[100k_500k]',
    ]);
    expect(countRounds(pedido, release)).toBe(3 ** 6 + 2 * 6 + 1);
    const aleatoria = request({ parametros: { beta0: { min: -6, max: -4 } }, busca: { metodo: 'aleatoria', candidatos: 7 } });
    expect(countRounds(aleatoria, release)).toBe(7 + 2 + 1);
  });

  it('grids every value from min to max by passo', () => {
    expect(gridValues(dim('a', 0, 1, 0.1))).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(gridValues(dim('a', 0, 1, 0.3))).toEqual([0, 0.3, 0.6, 0.9]);
    expect(gridPoints([dim('a', 0, 1, 0.5), dim('b', 0, 2, 1)]).length).toBe(9);
  });
});

describe('search methods', () => {
  const dims = [dim('a', -2, 2, 0.25), dim('b', -2, 2, 0.25)];
  const bowl = async (x: number[]) => (x[0] - 0.5) ** 2 + (x[1] + 1) ** 2;

  it('grade evaluates every grid point and finds the lattice minimum', async () => {
    const evals = await runSearch({ metodo: 'grade', dims, candidatos: 0, seed: 's', evaluate: bowl });
    expect(evals.length).toBe(17 * 17);
    expect(bestOf(evals).x).toEqual([0.5, -1]);
  });

  it('aleatoria draws the same candidates for the same seed and others for another seed', async () => {
    const a = randomPoints(dims, 20, 'grupo-1');
    expect(randomPoints(dims, 20, 'grupo-1')).toEqual(a);
    expect(randomPoints(dims, 20, 'grupo-2')).not.toEqual(a);
    for (const x of a) for (const v of x) expect(Math.abs(v / 0.25 - Math.round(v / 0.25))).toBeLessThan(1e-9);
  });

  it('sequencial (GP expected improvement) is deterministic and beats random search on a smooth bowl', async () => {
    const cont = [dim('a', -2, 2), dim('b', -2, 2)];
    const run = () => runSearch({ metodo: 'sequencial', dims: cont, candidatos: 25, seed: 'g', evaluate: bowl });
    const s1 = await run();
    const s2 = await run();
    expect(s1.length).toBe(25);
    expect(s2).toEqual(s1);
    const bestSeq = bestOf(s1).loss;
    const rnd = await runSearch({ metodo: 'aleatoria', dims: cont, candidatos: 25, seed: 'g', evaluate: bowl });
    expect(bestSeq).toBeLessThan(0.01);
    expect(bestSeq).toBeLessThan(bestOf(rnd).loss);
  });
});

describe('loss', () => {
  it('is the mean over blocks of each block mean APE, skipping missing and zero observations', () => {
    const obs = Float64Array.from([100, 200, NaN, 0, 50, 50]);
    const mod = Float64Array.from([110, 180, 999, 5, 25, 75]);
    // block 0: (0.1 + 0.1) / 2 = 0.1 (third period missing); block 1: (0.5 + 0.5) / 2 = 0.5 (zero skipped)
    expect(meanBlockMape(obs, mod, { nBlocks: 2, nPeriods: 3 }, [0, 1], [0, 1, 2])).toBeCloseTo(0.3, 12);
    expect(meanBlockMape(obs, mod, { nBlocks: 2, nPeriods: 3 }, [0], [0])).toBeCloseTo(0.1, 12);
    expect(meanBlockMape(obs, mod, { nBlocks: 2, nPeriods: 3 }, [1], [0])).toBeNaN();
  });
});
