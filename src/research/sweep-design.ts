// The points a sweep runs: a grid (every combination of the listed values, first name slowest), or
// `pontos` points drawn from each name's interval [min, max], uniformly at random or as a Latin
// hypercube (each name's interval cut into `pontos` equal strata, one point in each, the strata
// paired at random across names: every stratum of every name is covered, which a random draw of
// few points is not). The draws are seeded (seedrandom, as calibration's random search), by
// default from the scenario's grupo_comparacao, so a design is the same on every run, and rounded
// to 6 significant digits, so each value written in the table is exactly the value that ran.
import seedrandom from 'seedrandom';
import { contractError } from '../errors.js';

/** Per name, the values to run (grid) or its interval [min, max] (random, Latin hypercube). */
export type SweepGrid = Readonly<Record<string, readonly unknown[]>>;

export interface SweepDesign {
  /** grade (default): the grid's product; aleatorio: uniform draws; hipercubo_latino: a Latin hypercube. */
  metodo: 'grade' | 'aleatorio' | 'hipercubo_latino';
  /** Points to draw (aleatorio, hipercubo_latino), 1 to 10,000. */
  pontos?: number;
  /** Seed of the draws (default: the caller's, the scenario's grupo_comparacao). */
  semente?: string;
}

const MAX_POINTS = 10_000;

function checkedNames(grid: SweepGrid): string[] {
  const names = Object.keys(grid);
  if (names.length === 0) throw contractError('missing_field', 'grid', 'a sweep needs at least one name with values');
  for (const n of names) {
    if (!Array.isArray(grid[n]) || grid[n].length === 0) throw contractError('missing_field', n, `sweep ${n}: give at least one value`);
  }
  return names;
}

/** The grid's points, first name slowest. */
export function gridPoints(grid: SweepGrid): Record<string, unknown>[] {
  const names = checkedNames(grid);
  return names.reduce<Record<string, unknown>[]>((points, n) => points.flatMap((p) => grid[n].map((v) => ({ ...p, [n]: v }))), [{}]);
}

const sixDigits = (x: number) => Number(x.toPrecision(6));

/**
 * The design's points: the grid's product, or `pontos` draws from each name's interval [min, max]
 * (`fallbackSeed` when the design names no seed).
 */
export function designPoints(grid: SweepGrid, design: SweepDesign = { metodo: 'grade' }, fallbackSeed = 'sweep'): Record<string, unknown>[] {
  if (design.metodo === 'grade') return gridPoints(grid);
  if (design.metodo !== 'aleatorio' && design.metodo !== 'hipercubo_latino') {
    throw contractError('wrong_type', 'desenho.metodo', `desenho.metodo must be grade, aleatorio or hipercubo_latino, got ${JSON.stringify(design.metodo)}`);
  }
  const n = design.pontos;
  if (!Number.isInteger(n) || n! < 1 || n! > MAX_POINTS) {
    throw contractError('wrong_type', 'desenho.pontos', `a ${design.metodo} design needs pontos, a whole number from 1 to ${MAX_POINTS}`);
  }
  const names = checkedNames(grid);
  for (const name of names) {
    const [lo, hi, ...more] = grid[name];
    if (more.length > 0 || typeof lo !== 'number' || typeof hi !== 'number' || !Number.isFinite(lo) || !Number.isFinite(hi) || lo > hi) {
      throw contractError('wrong_type', name, `sweep ${name}: a ${design.metodo} design draws from an interval: give two numbers, min and max (got ${JSON.stringify(grid[name])})`);
    }
  }
  const rng = seedrandom(`${design.semente ?? fallbackSeed}:sweep:${design.metodo}`);
  // per name, the [0, 1) position of each point
  const units = names.map(() => {
    if (design.metodo === 'aleatorio') return Array.from({ length: n! }, () => rng());
    const strata = Array.from({ length: n! }, (_, i) => i);
    for (let i = n! - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [strata[i], strata[j]] = [strata[j], strata[i]];
    }
    return strata.map((s) => (s + rng()) / n!);
  });
  return Array.from({ length: n! }, (_, p) => Object.fromEntries(names.map((name, k) => {
    const [lo, hi] = grid[name] as [number, number];
    return [name, sixDigits(lo + units[k][p] * (hi - lo))];
  })));
}
