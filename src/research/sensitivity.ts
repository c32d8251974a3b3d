// sensitivity(scenario, faixas, opts): which assumed parameters move which KPI, and by how much.
// Each name (a model parameter of the scenario's family and release, as src/contract/model-parameters.ts
// lists them, e.g. beta0 or pesos_canais.digital, or a scenario field such as canais.0.intensidade)
// gets an interval [lo, hi] inside its documented range; the scenario runs at the points of a
// Morris design (morris.ts: mu*, mu and sigma of the elementary effects) or of a Latin hypercube
// (lhs-coefficients.ts: SRC, PRCC and the linear model's R^2), through sweepPoints, so every point
// keeps the scenario's grupo_comparacao (common random numbers: a difference between points is
// the parameters', not the draws'; a parameter that does not touch a KPI has effects of exactly 0).
// The KPI of a point is its published horizon total (sweepRows: the sum over the units of the
// rounded means, units the privacy rule hides left out), per variant and measure. Every name,
// interval and count is refused before any point runs.
import type { Scenario } from '../contract/types.js';
import { validateScenario } from '../contract/validate-scenario.js';
import { contractError } from '../errors.js';
import { csvLine } from './csv-cells.js';
import { linearCoefficients } from './lhs-coefficients.js';
import { morrisIndices } from './morris.js';
import { applyOverrides } from './scenario-overrides.js';
import type { SweepDesign } from './sweep-design.js';
import { sweepPoints, sweepRows, type SweepOptions, type SweepRow } from './sweep.js';

export type SensitivityMethod = 'morris' | 'hipercubo_latino';

/** Per name, its interval [lo, hi]. */
export type SensitivityRanges = Readonly<Record<string, readonly [number, number]>>;

export interface SensitivityOptions extends Omit<SweepOptions, 'desenho' | 'somentePlano'> {
  /** morris (default): elementary effects; hipercubo_latino: SRC and PRCC over a Latin hypercube. */
  metodo?: SensitivityMethod;
  /** Morris trajectories (default 10; at least 2), names + 1 runs each. */
  trajetorias?: number;
  /** Levels of the Morris grid (default 4; even, 2 to 20). */
  niveis?: number;
  /** Latin-hypercube runs (default 10 per name; at least names + 3). */
  amostras?: number;
  /** Seed of the design (default: the scenario's grupo_comparacao). */
  semente?: string;
  /** Also rank every counterfactual variant's measures (sem_<canal>, menos10_<canal>); default plano only. */
  todasVariantes?: boolean;
}

/** One parameter's effect on one KPI of one variant: the Morris columns or the hypercube's, the others null. */
export interface SensitivityRow {
  parametro: string;
  variante: string;
  kpi: string;
  metodo: SensitivityMethod;
  /** 1 = the largest effect on this variant's KPI (mu*, or |PRCC|); ties keep the order the names were given in. */
  posto: number;
  /** The interval the parameter ran over. */
  minimo: number;
  maximo: number;
  /** Runs behind the row. */
  pontos: number;
  /** The KPI's mean over the runs (persons), to read the effects against. */
  media_kpi: number;
  /** Morris: mean absolute elementary effect, in persons per the parameter's whole interval. */
  mu_estrela: number | null;
  /** Morris: mean signed effect (persons per interval; |mu| < mu* when the sign changes across the design). */
  mu: number | null;
  /** Morris: sd of the effects (persons per interval): large against mu* means interactions or nonlinearity. */
  sigma: number | null;
  /** Hypercube: standardized regression coefficient. */
  src: number | null;
  /** Hypercube: partial rank correlation coefficient, -1 to 1. */
  prcc: number | null;
  /** Hypercube: R^2 of the KPI's linear model in the parameters (the same on every row of the KPI). */
  r2: number | null;
}

export interface SensitivityResult {
  metodo: SensitivityMethod;
  /** Per variant and KPI, one row per parameter, by posto. */
  linhas: SensitivityRow[];
  /** Every run's horizon totals (what sweep() gives for the design's points). */
  pontos: SweepRow[];
}

const DEFAULT_TRAJECTORIES = 10;
const SAMPLES_PER_NAME = 10;

/** The names and their intervals, each refused on one line: not two numbers, lo >= hi, outside the parameter's range. */
function checkedRanges(scenario: Scenario, faixas: SensitivityRanges, opts: SensitivityOptions): string[] {
  if (faixas === null || typeof faixas !== 'object' || Array.isArray(faixas)) throw contractError('wrong_type', 'faixas', 'faixas must be an object {name: [lo, hi]}');
  const names = Object.keys(faixas);
  if (names.length === 0) throw contractError('missing_field', 'faixas', 'a sensitivity analysis needs at least one parameter with its interval (e.g. beta0=-2,-0.5)');
  for (const name of names) {
    const range = faixas[name];
    if (!Array.isArray(range) || range.length !== 2 || !range.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw contractError('wrong_type', name, `${name}: give its interval as two numbers, lo and hi (got ${JSON.stringify(range)})`);
    }
    const [lo, hi] = range;
    if (lo >= hi) throw contractError('parameter_range', name, `${name}: lo ${lo} must be below hi ${hi}`);
    // unknown names, parameters that do not act in the family, ends outside the documented range
    // (the ranges are intervals: both ends inside means every point inside)
    for (const end of [lo, hi]) applyOverrides(scenario, { [name]: end }, opts.release, opts.parametros);
  }
  return names;
}

/** The design a method runs, its counts checked against the names. */
function designFor(names: number, opts: Pick<SensitivityOptions, 'metodo' | 'trajetorias' | 'niveis' | 'amostras' | 'semente'>): SweepDesign {
  const { metodo = 'morris', semente } = opts;
  if (metodo === 'morris') return { metodo, trajetorias: opts.trajetorias ?? DEFAULT_TRAJECTORIES, niveis: opts.niveis, semente };
  if (metodo !== 'hipercubo_latino') throw contractError('wrong_type', 'metodo', `metodo must be morris or hipercubo_latino, got ${JSON.stringify(metodo)}`);
  const pontos = opts.amostras ?? SAMPLES_PER_NAME * names;
  if (!Number.isInteger(pontos) || pontos < names + 3) {
    throw contractError('wrong_type', 'amostras', `${names} parameters need amostras, a whole number of at least ${names + 3} (the parameters + 3, so the regression is determined), got ${JSON.stringify(opts.amostras)}`);
  }
  return { metodo, pontos, semente };
}

/** Runs the design and ranks every name by its effect on each variant's KPIs. */
export async function sensitivity(scenario: unknown, faixas: SensitivityRanges, opts: SensitivityOptions = {}): Promise<SensitivityResult> {
  const { metodo = 'morris', trajetorias, niveis, amostras, semente, todasVariantes, ...runOptions } = opts;
  const checked = validateScenario(scenario, opts.release);
  const names = checkedRanges(checked, faixas, opts);
  const desenho = designFor(names.length, { metodo, trajetorias, niveis, amostras, semente });
  const pontos: SweepRow[] = [];
  const values: number[][] = [];
  for await (const point of sweepPoints(checked, faixas, { ...runOptions, desenho, somentePlano: !todasVariantes })) {
    values.push(names.map((n) => point.valores[n] as number));
    pontos.push(...sweepRows(point));
  }
  const ranges = names.map((n) => faixas[n]);
  const linhas: SensitivityRow[] = [];
  for (const [key, y] of responses(pontos, values.length)) {
    const [variante, kpi] = JSON.parse(key) as [string, string];
    const base = { variante, kpi, metodo, pontos: y.length, media_kpi: y.reduce((a, v) => a + v, 0) / y.length };
    const rows: Omit<SensitivityRow, 'posto'>[] = [];
    if (metodo === 'morris') {
      morrisIndices(values, y, ranges).forEach((m, i) => rows.push({
        parametro: names[i], ...base, minimo: ranges[i][0], maximo: ranges[i][1], mu_estrela: m.mu_estrela, mu: m.mu, sigma: m.sigma, src: null, prcc: null, r2: null,
      }));
    } else {
      const c = await linearCoefficients(values, y);
      names.forEach((parametro, i) => rows.push({
        parametro, ...base, minimo: ranges[i][0], maximo: ranges[i][1], mu_estrela: null, mu: null, sigma: null, src: c.src[i], prcc: c.prcc[i], r2: c.r2,
      }));
    }
    const size = (r: Omit<SensitivityRow, 'posto'>) => (metodo === 'morris' ? r.mu_estrela! : Math.abs(r.prcc ?? 0));
    // a stable sort: equal effects (an exact 0 among them) keep the names' order
    const ranked = rows.map((r, i) => ({ r, i })).sort((a, b) => size(b.r) - size(a.r) || a.i - b.i);
    ranked.forEach(({ r }, i) => linhas.push({ ...r, posto: i + 1 }));
  }
  return { metodo, linhas, pontos };
}

/** Per variant and measure (a JSON key, in the rows' order), the value at each point. */
function responses(rows: readonly SweepRow[], points: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.variante, r.medida]);
    if (!out.has(key)) out.set(key, new Array<number>(points).fill(0));
    out.get(key)![r.ponto - 1] = r.valor;
  }
  return out;
}

/** The columns of sensitivityCsv, in order. */
export const SENSITIVITY_COLUMNS = [
  'parametro', 'variante', 'kpi', 'metodo', 'posto', 'minimo', 'maximo', 'pontos', 'media_kpi', 'mu_estrela', 'mu', 'sigma', 'src', 'prcc', 'r2',
] as const satisfies readonly (keyof SensitivityRow)[];

/** The rows as CSV (null cells empty). */
export function sensitivityCsv(rows: readonly SensitivityRow[]): string {
  return [csvLine([...SENSITIVITY_COLUMNS]), ...rows.map((r) => csvLine(SENSITIVITY_COLUMNS.map((c) => r[c])))].join('');
}
