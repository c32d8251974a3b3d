// sweep(scenario, grid, opts): the scenario run at every point of a design (a grid, or random or
// Latin-hypercube draws: sweep-design.ts) over one or more names of scenario-overrides.ts (model
// parameters or scenario fields), one tidy table of the published horizon totals; sweepPoints
// gives each point's Simulation in turn, for its weekly curves (sweepCurveRows) or anything else a
// Simulation reads. Common random numbers across points: every point keeps the scenario's
// grupo_comparacao, and the kernel's random streams are keyed by (grupo_comparacao, replica)
// (src/kernel/rng-key.ts), so differences between points come from the parameters, not the draws.
import type { Scenario } from '../contract/types.js';
import { validateScenario } from '../contract/validate-scenario.js';
import { jobTotals } from '../findings/job-totals.js';
import { csvLine } from './csv-cells.js';
import { applyOverrides } from './scenario-overrides.js';
import { designPoints, type SweepDesign, type SweepGrid } from './sweep-design.js';
import { runSimulation, type RunSimulationOptions, type Simulation } from './simulation.js';

export interface SweepRow {
  /** 1-based point of the design. */
  ponto: number;
  /** The point's value of each name. */
  valores: Record<string, unknown>;
  variante: string;
  medida: string;
  /** Persons at the horizon: the sum over the units of the published counts (each the rounded mean over replicas). */
  valor: number;
  /** Units whose count the privacy rule hides (left out of valor). */
  escondidas: number;
}

/** A point's weekly curve: per variant, measure and week, the replicas' published counts summed over the units. */
export interface SweepCurveRow {
  ponto: number;
  valores: Record<string, unknown>;
  /** ISO date of the week's last simulated day. */
  data: string;
  semana: number;
  variante: string;
  medida: string;
  /** Mean, lowest and highest replica of the sum over the units (Simulation.bands over the territory). */
  media: number;
  minimo: number;
  maximo: number;
  /** Cells (unit x replica) hidden by the privacy rule and left out of the sums. */
  escondidas: number;
}

export interface SweepPoint {
  ponto: number;
  valores: Record<string, unknown>;
  sim: Simulation;
}

export interface SweepOptions extends RunSimulationOptions {
  /** The design (default a grid); random and Latin-hypercube draws are seeded by the scenario's grupo_comparacao unless it names a seed. */
  desenho?: SweepDesign;
  /** Called after each point with its number and the number of points. */
  onPoint?: (ponto: number, pontos: number) => void;
}

/** Runs the design's points in turn (each refused name or value before any point runs). */
export async function* sweepPoints(scenario: unknown, grid: SweepGrid, opts: SweepOptions = {}): AsyncGenerator<SweepPoint> {
  const { onPoint, desenho, ...runOptions } = opts;
  const checked: Scenario = validateScenario(scenario, opts.release);
  const points = designPoints(grid, desenho, checked.grupo_comparacao);
  // a point may name another release
  const runs = points.map((p) => applyOverrides(checked, p, opts.release, opts.parametros));
  for (let i = 0; i < points.length; i++) {
    const sim = await runSimulation(runs[i].cenario, { ...runOptions, release: runs[i].release, parametros: runs[i].parametros });
    yield { ponto: i + 1, valores: points[i], sim };
    onPoint?.(i + 1, points.length);
  }
}

/** A point's published horizon totals, per variant and measure. */
export function sweepRows({ ponto, valores, sim }: SweepPoint): SweepRow[] {
  return Object.entries(jobTotals(sim.result).variantes).flatMap(([variante, t]) =>
    Object.entries(t.medidas).map(([medida, valor]) => ({ ponto, valores, variante, medida, valor, escondidas: t.escondidas?.[medida] ?? 0 })));
}

/** A point's weekly curves, per variant, measure and week. */
export function sweepCurveRows({ ponto, valores, sim }: SweepPoint): SweepCurveRow[] {
  return sim.bands({ quantis: [0.5] }).map((b) => ({
    ponto, valores, data: b.data, semana: b.semana, variante: b.variante, medida: b.medida,
    media: b.media!, minimo: b.minimo!, maximo: b.maximo!, escondidas: b.escondidas,
  }));
}

/** The published horizon totals of every point. */
export async function sweep(scenario: unknown, grid: SweepGrid, opts: SweepOptions = {}): Promise<SweepRow[]> {
  const rows: SweepRow[] = [];
  for await (const point of sweepPoints(scenario, grid, opts)) rows.push(...sweepRows(point));
  return rows;
}

/** The sweep table as CSV: one column per name, then ponto, variante, medida, valor, escondidas. */
export function sweepCsv(rows: readonly SweepRow[]): string {
  const names = Object.keys(rows[0]?.valores ?? {});
  const lines = [csvLine([...names, 'ponto', 'variante', 'medida', 'valor', 'escondidas'])];
  for (const r of rows) lines.push(csvLine([...names.map((n) => r.valores[n]), r.ponto, r.variante, r.medida, r.valor, r.escondidas]));
  return lines.join('');
}

/** The curves as CSV: one column per name, then ponto, data, semana, variante, medida, media, minimo, maximo, escondidas. */
export function sweepCurvesCsv(rows: readonly SweepCurveRow[]): string {
  const names = Object.keys(rows[0]?.valores ?? {});
  const lines = [csvLine([...names, 'ponto', 'data', 'semana', 'variante', 'medida', 'media', 'minimo', 'maximo', 'escondidas'])];
  for (const r of rows) lines.push(csvLine([...names.map((n) => r.valores[n]), r.ponto, r.data, r.semana, r.variante, r.medida, r.media, r.minimo, r.maximo, r.escondidas]));
  return lines.join('');
}
