// sweep(scenario, grid, opts): the scenario run at every point of a grid over one or more names of
// scenario-overrides.ts (model parameters or scenario fields), one tidy table of the published
// horizon totals. Common random numbers across points: every point keeps the scenario's
// grupo_comparacao, and the kernel's random streams are keyed by (grupo_comparacao, replica)
// (src/kernel/rng-key.ts), so differences between points come from the parameters, not the draws.
import type { Scenario } from '../contract/types.js';
import { validateScenario } from '../contract/validate-scenario.js';
import { ServiceError } from '../errors.js';
import { jobTotals } from '../findings/job-totals.js';
import { applyOverrides } from './scenario-overrides.js';
import { runSimulation, type RunSimulationOptions } from './simulation.js';

/** Per name, the values to run (the grid is their Cartesian product, first name slowest). */
export type SweepGrid = Readonly<Record<string, readonly unknown[]>>;

export interface SweepRow {
  /** 1-based point of the grid. */
  ponto: number;
  /** The point's value of each grid name. */
  valores: Record<string, unknown>;
  variante: string;
  medida: string;
  /** Persons at the horizon: the sum over the units of the published counts (each the rounded mean over replicas). */
  valor: number;
  /** Units whose count the privacy rule hides (left out of valor). */
  escondidas: number;
}

export interface SweepOptions extends RunSimulationOptions {
  /** Called after each point with its number and the number of points. */
  onPoint?: (ponto: number, pontos: number) => void;
}

/** The grid's points, first name slowest. */
export function gridPoints(grid: SweepGrid): Record<string, unknown>[] {
  const names = Object.keys(grid);
  if (names.length === 0) throw new ServiceError('invalid_request', 'a sweep needs at least one name with values', { field: 'grid' });
  for (const n of names) {
    if (!Array.isArray(grid[n]) || grid[n].length === 0) throw new ServiceError('invalid_request', `sweep ${n}: give at least one value`, { field: n });
  }
  return names.reduce<Record<string, unknown>[]>((points, n) => points.flatMap((p) => grid[n].map((v) => ({ ...p, [n]: v }))), [{}]);
}

export async function sweep(scenario: unknown, grid: SweepGrid, opts: SweepOptions = {}): Promise<SweepRow[]> {
  const { onPoint, ...runOptions } = opts;
  const checked: Scenario = validateScenario(scenario, opts.release);
  const points = gridPoints(grid);
  // refuse a wrong name or value before running any point; a point may name another release
  const runs = points.map((p) => applyOverrides(checked, p, opts.release, opts.parametros));
  const rows: SweepRow[] = [];
  for (let i = 0; i < points.length; i++) {
    const sim = await runSimulation(runs[i].cenario, { ...runOptions, release: runs[i].release, parametros: runs[i].parametros });
    for (const [variante, t] of Object.entries(jobTotals(sim.result).variantes)) {
      for (const [medida, valor] of Object.entries(t.medidas)) {
        rows.push({ ponto: i + 1, valores: points[i], variante, medida, valor, escondidas: t.escondidas?.[medida] ?? 0 });
      }
    }
    onPoint?.(i + 1, points.length);
  }
  return rows;
}

/** The sweep table as CSV: one column per grid name, then ponto, variante, medida, valor, escondidas. */
export function sweepCsv(rows: readonly SweepRow[]): string {
  const names = Object.keys(rows[0]?.valores ?? {});
  const cell = (v: unknown) => {
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [[...names, 'ponto', 'variante', 'medida', 'valor', 'escondidas'].join(',')];
  for (const r of rows) lines.push([...names.map((n) => cell(r.valores[n])), r.ponto, r.variante, r.medida, r.valor, r.escondidas].join(','));
  return `${lines.join('\n')}\n`;
}
