// The points of a sweep (src/research/sweep-design.ts): a grid's product, first name slowest; or
// seeded uniform or Latin-hypercube draws in each name's [min, max], the same on every run, every
// stratum of every name covered by the hypercube; wrong designs refused before anything runs.
import { describe, expect, it } from 'vitest';
import { designPoints, gridPoints } from '../../../src/research/sweep-design.js';

describe('sweep designs', () => {
  it('crosses a grid, first name slowest, and refuses a name without values', () => {
    expect(designPoints({ a: [1, 2], b: ['x', 'y'] })).toEqual(gridPoints({ a: [1, 2], b: ['x', 'y'] }));
    expect(gridPoints({ a: [1, 2], b: ['x', 'y'] })).toEqual([{ a: 1, b: 'x' }, { a: 1, b: 'y' }, { a: 2, b: 'x' }, { a: 2, b: 'y' }]);
    expect(() => gridPoints({ a: [] })).toThrow(/give at least one value/);
  });

  it('draws random points inside each interval, the same for the same seed, others for another', () => {
    const grid = { beta0: [-8, -6], 'pesos_canais.digital': [0, 1] };
    const a = designPoints(grid, { metodo: 'aleatorio', pontos: 20 }, 'grupo');
    expect(a).toHaveLength(20);
    for (const p of a) {
      expect(p.beta0).toBeGreaterThanOrEqual(-8);
      expect(p.beta0).toBeLessThanOrEqual(-6);
      expect(Number((p.beta0 as number).toPrecision(6))).toBe(p.beta0);
    }
    expect(designPoints(grid, { metodo: 'aleatorio', pontos: 20 }, 'grupo')).toEqual(a);
    expect(designPoints(grid, { metodo: 'aleatorio', pontos: 20, semente: 'outra' }, 'grupo')).not.toEqual(a);
  });

  it('covers every stratum of every name once with a Latin hypercube', () => {
    const n = 10;
    const points = designPoints({ x: [0, 1], y: [100, 200] }, { metodo: 'hipercubo_latino', pontos: n }, 's');
    const strata = (name: string, lo: number, width: number) => points.map((p) => Math.floor(((p[name] as number) - lo) / width * n)).sort((a, b) => a - b);
    expect(strata('x', 0, 1)).toEqual([...Array(n).keys()]);
    expect(strata('y', 100, 100)).toEqual([...Array(n).keys()]);
  });

  it('refuses a draw without points, or a name that is not an interval of two numbers', () => {
    expect(() => designPoints({ a: [0, 1] }, { metodo: 'aleatorio' })).toThrow(/needs pontos/);
    expect(() => designPoints({ a: [0, 1, 2] }, { metodo: 'hipercubo_latino', pontos: 3 })).toThrow(/give two numbers, min and max/);
    expect(() => designPoints({ a: ['x', 'y'] }, { metodo: 'aleatorio', pontos: 3 })).toThrow(/give two numbers/);
    expect(() => designPoints({ a: [2, 1] }, { metodo: 'aleatorio', pontos: 3 })).toThrow(/give two numbers/);
    expect(() => designPoints({ a: [0, 1] }, { metodo: 'sobol' as never, pontos: 3 })).toThrow(/grade, aleatorio, hipercubo_latino or morris/);
  });
});
