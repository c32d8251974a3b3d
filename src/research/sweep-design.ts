// The points a sweep runs: a grid (every combination of the listed values, first name slowest), or
// `pontos` points drawn from each name's interval [min, max], uniformly at random or as a Latin
// hypercube (each name's interval cut into `pontos` equal strata, one point in each, the strata
// paired at random across names: every stratum of every name is covered, which a random draw of
// few points is not), or Morris trajectories (morris.ts: what sensitivity() screens with). The draws are seeded (seedrandom, as calibration's random search), by
// default from the scenario's grupo_comparacao, so a design is the same on every run, and rounded
// to 6 significant digits, so each value written in the table is exactly the value that ran.
import seedrandom from 'seedrandom';
import { contractError } from '../errors.js';
import { morrisUnitPoints } from './morris.js';

/** Per name, the values to run (grid) or its interval [min, max] (random, Latin hypercube). */
export type SweepGrid = Readonly<Record<string, readonly unknown[]>>;

export interface SweepDesign {
  /**
   * grade (default): the grid's product; aleatorio: uniform draws; hipercubo_latino: a Latin
   * hypercube; morris: `trajetorias` Morris trajectories, names + 1 points each, trajectory after
   * trajectory (consecutive points of one differ in one name).
   */
  metodo: 'grade' | 'aleatorio' | 'hipercubo_latino' | 'morris';
  /** Points to draw (aleatorio, hipercubo_latino), 1 to 10,000. */
  pontos?: number;
  /** Trajectories (morris), 2 or more; trajectories x (names + 1) points, at most 10,000. */
  trajetorias?: number;
  /** Levels of the Morris grid on each interval (morris): an even number from 2 to 20, default 4. */
  niveis?: number;
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
 * The design's points: the grid's product, or draws from each name's interval [min, max]
 * (`fallbackSeed` when the design names no seed).
 */
export function designPoints(grid: SweepGrid, design: SweepDesign = { metodo: 'grade' }, fallbackSeed = 'sweep'): Record<string, unknown>[] {
  if (design.metodo === 'grade') return gridPoints(grid);
  if (design.metodo !== 'aleatorio' && design.metodo !== 'hipercubo_latino' && design.metodo !== 'morris') {
    throw contractError('wrong_type', 'desenho.metodo', `desenho.metodo must be grade, aleatorio, hipercubo_latino or morris, got ${JSON.stringify(design.metodo)}`);
  }
  const names = checkedNames(grid);
  const count = design.metodo === 'morris' ? checkedTrajectories(design, names.length) : design.pontos;
  if (!Number.isInteger(count) || count! < 1 || count! > MAX_POINTS) {
    throw contractError('wrong_type', 'desenho.pontos', `a ${design.metodo} design needs pontos, a whole number from 1 to ${MAX_POINTS}`);
  }
  for (const name of names) {
    const [lo, hi, ...more] = grid[name];
    if (more.length > 0 || typeof lo !== 'number' || typeof hi !== 'number' || !Number.isFinite(lo) || !Number.isFinite(hi) || lo > hi) {
      throw contractError('wrong_type', name, `sweep ${name}: a ${design.metodo} design draws from an interval: give two numbers, min and max (got ${JSON.stringify(grid[name])})`);
    }
  }
  const rng = seedrandom(`${design.semente ?? fallbackSeed}:sweep:${design.metodo}`);
  const n = count!;
  // per point, the [0, 1] position of each name
  let units: number[][];
  if (design.metodo === 'morris') units = morrisUnitPoints(names.length, design.trajetorias!, design.niveis ?? 4, rng);
  else if (design.metodo === 'aleatorio') units = transpose(names.map(() => Array.from({ length: n }, () => rng())));
  else {
    units = transpose(names.map(() => {
      const strata = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [strata[i], strata[j]] = [strata[j], strata[i]];
      }
      return strata.map((s) => (s + rng()) / n);
    }));
  }
  return units.map((u) => Object.fromEntries(names.map((name, k) => {
    const [lo, hi] = grid[name] as [number, number];
    return [name, sixDigits(lo + Math.min(1, Math.max(0, u[k])) * (hi - lo))];
  })));
}

/** The points of a Morris design (its trajectories x (names + 1)), after checking trajetorias and niveis. */
function checkedTrajectories(design: SweepDesign, names: number): number {
  const r = design.trajetorias;
  const most = Math.floor(MAX_POINTS / (names + 1));
  if (!Number.isInteger(r) || r! < 2 || r! > most) {
    throw contractError('wrong_type', 'desenho.trajetorias', `a morris design needs trajetorias, a whole number from 2 (the fewest that give sigma) to ${most} (${MAX_POINTS} points over ${names} names), got ${JSON.stringify(r)}`);
  }
  const p = design.niveis ?? 4;
  if (!Number.isInteger(p) || p < 2 || p > 20 || p % 2 !== 0) {
    throw contractError('wrong_type', 'desenho.niveis', `desenho.niveis must be an even whole number from 2 to 20 (the Morris grid's levels), got ${JSON.stringify(design.niveis)}`);
  }
  return r! * (names + 1);
}

function transpose(columns: number[][]): number[][] {
  return columns[0].map((_, p) => columns.map((c) => c[p]));
}
