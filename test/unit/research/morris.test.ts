// Morris's design and elementary effects (src/research/morris.ts) on functions whose effects are
// known: a linear function's every effect is its coefficient times the factor's range (mu* =
// |c| (hi - lo), sigma = 0), a factor the function ignores has mu* = 0, and a product's effects
// vary with the other factor (sigma > 0). The design: trajectories of k + 1 points on the p-level
// grid, each step one factor by delta = p / (2 (p - 1)), every factor moved once per trajectory.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { morrisIndices, morrisStep, morrisUnitPoints } from '../../../src/research/morris.js';
import { designPoints } from '../../../src/research/sweep-design.js';

describe('the Morris trajectory design', () => {
  it('moves each factor once per trajectory by delta, on the p-level grid inside [0, 1]', () => {
    const k = 5;
    const r = 20;
    for (const p of [2, 4, 6]) {
      const delta = morrisStep(p);
      const points = morrisUnitPoints(k, r, p, seedrandom('t'));
      expect(points).toHaveLength(r * (k + 1));
      for (const x of points.flat()) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1 + 1e-12);
        expect(Math.abs(x * (p - 1) - Math.round(x * (p - 1)))).toBeLessThan(1e-9);
      }
      for (let t = 0; t < r; t++) {
        const moved: number[] = [];
        for (let s = 1; s <= k; s++) {
          const [a, b] = [points[t * (k + 1) + s - 1], points[t * (k + 1) + s]];
          const changed = a.flatMap((v, i) => (v !== b[i] ? [i] : []));
          expect(changed).toHaveLength(1);
          expect(Math.abs(b[changed[0]] - a[changed[0]])).toBeCloseTo(delta, 12);
          moved.push(changed[0]);
        }
        expect(moved.sort()).toEqual([0, 1, 2, 3, 4]);
      }
    }
    expect(morrisStep(4)).toBeCloseTo(2 / 3, 15);
  });

  it('is a sweep design: names + 1 points per trajectory, seeded, values inside each interval', () => {
    const grid = { beta0: [-2, -0.5], 'pesos_canais.digital': [0, 1], conversao_social: [0.1, 0.9] };
    const a = designPoints(grid, { metodo: 'morris', trajetorias: 4 }, 'grupo');
    expect(a).toHaveLength(16);
    expect(designPoints(grid, { metodo: 'morris', trajetorias: 4 }, 'grupo')).toEqual(a);
    expect(designPoints(grid, { metodo: 'morris', trajetorias: 4, semente: 'outra' }, 'grupo')).not.toEqual(a);
    for (const p of a) expect(p.beta0 as number).toBeGreaterThanOrEqual(-2);
    expect(new Set(a.map((p) => p.beta0))).toEqual(new Set([-2, -1.5, -1, -0.5]));
  });

  it('refuses too few trajectories and an odd number of levels', () => {
    expect(() => designPoints({ a: [0, 1] }, { metodo: 'morris', trajetorias: 1 })).toThrow(/trajetorias, a whole number from 2/);
    expect(() => designPoints({ a: [0, 1] }, { metodo: 'morris' })).toThrow(/trajetorias/);
    expect(() => designPoints({ a: [0, 1] }, { metodo: 'morris', trajetorias: 5, niveis: 3 })).toThrow(/even whole number/);
  });
});

describe('Morris elementary effects', () => {
  const ranges: [number, number][] = [[0, 2], [-1, 1], [10, 20], [0, 1]];
  const run = (f: (x: number[]) => number, r = 12) => {
    const grid = Object.fromEntries(ranges.map((range, i) => [`x${i}`, range]));
    const points = designPoints(grid, { metodo: 'morris', trajetorias: r }, 'efeitos').map((p) => ranges.map((_, i) => p[`x${i}`] as number));
    return morrisIndices(points, points.map(f), ranges);
  };

  it('gives a linear function mu* = |coefficient| x range, mu its sign, sigma 0, and an unused factor 0', () => {
    const c = [3, -5, 0.25, 0];
    const m = run((x) => 7 + x.reduce((a, v, i) => a + c[i] * v, 0));
    c.forEach((ci, i) => {
      const width = ranges[i][1] - ranges[i][0];
      expect(m[i].mu_estrela).toBeCloseTo(Math.abs(ci) * width, 9);
      expect(m[i].mu).toBeCloseTo(ci * width, 9);
      expect(m[i].sigma).toBeCloseTo(0, 9);
      expect(m[i].efeitos).toBe(12);
    });
    expect(m[3].mu_estrela).toBe(0);
  });

  it('shows an interaction as sigma, and an effect that changes sign as mu* above |mu|', () => {
    const m = run((x) => x[0] * x[1] + (x[2] - 15) ** 2);
    expect(m[0].sigma).toBeGreaterThan(0.5);
    expect(m[1].sigma).toBeGreaterThan(0.5);
    expect(m[2].mu_estrela).toBeGreaterThan(Math.abs(m[2].mu));
    expect(m[3].mu_estrela).toBe(0);
  });

  it('refuses runs that are not a Morris design', () => {
    expect(() => morrisIndices([[0, 0], [1, 1], [1, 0]], [1, 2, 3], [[0, 1], [0, 1]])).toThrow(/differ in 2 factors/);
    expect(() => morrisIndices([[0, 0], [1, 0]], [1, 2], [[0, 1], [0, 1]])).toThrow(/k \+ 1 = 3 points/);
  });
});
