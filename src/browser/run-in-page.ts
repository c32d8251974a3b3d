// A run in a web page: the same runSimulation as Node (src/research/simulation.ts), on the host's
// Web Workers, and what a page shows of it. Loaded by src/browser/index.ts once the page's data is
// held (some engine modules read the package's files when they load).
import type { Scenario } from '../contract/types.js';
import type { FindingsPage } from '../findings/findings-page.js';
import type { FindingsTableName } from '../findings/findings-tables.js';
import { weeklyBands, type WeeklyBand } from '../findings/weekly-bands.js';
import { weeklyRows } from '../findings/weekly-rows.js';
import { validateScenario } from '../contract/validate-scenario.js';
import { ServiceError } from '../errors.js';
import { runSimulation, type Simulation } from '../research/simulation.js';
import type { SimulationSummary } from '../research/simulation-summary.js';
import type { SimulateProgress } from '../simulate.js';

/** The summary's fields that time the run (they differ from run to run and machine to machine). */
const TIMING = ['segundos', 'preparo_segundos', 'pessoa_dias_por_segundo'] as const;

/** `campaign-sim simulate --json`'s summary without its timing fields. */
export type PageSummary = Omit<SimulationSummary, (typeof TIMING)[number]>;

export function withoutTiming(s: SimulationSummary): PageSummary {
  const out: Record<string, unknown> = { ...s };
  for (const k of TIMING) delete out[k];
  return out as PageSummary;
}

export interface RunOptions {
  /** Kernel threads (Web Workers); default the machine's cores. */
  threads?: number;
  onProgress?: (p: SimulateProgress) => void;
  signal?: AbortSignal;
}

/** Runs a scenario (validated first: a contract refusal is a ServiceError with contract_code and field). */
export async function runInPage(scenario: unknown, opts: RunOptions = {}): Promise<Simulation> {
  return runSimulation(scenario, { threads: opts.threads, onProgress: opts.onProgress, signal: opts.signal });
}

/** What the playground shows of a run: the summary, the weekly curves, and the findings tables it lists. */
export interface PageRun {
  resumo: PageSummary;
  /**
   * Each KPI's weekly curve per variant with its band over replicas (the means, the lowest and the
   * highest replica; what the CLI's plot draws): the page draws them in its own words.
   */
  curvas: WeeklyBand[];
  tabelas: Partial<{ [T in FindingsTableName]: FindingsPage<T> }>;
  cenario: Scenario;
}

export function pageRun(sim: Simulation, tabelas: readonly FindingsTableName[]): PageRun {
  const out: PageRun = { resumo: withoutTiming(sim.summary()), curvas: weeklyBands(weeklyRows(sim.run)), tabelas: {}, cenario: sim.cenario };
  for (const t of tabelas) (out.tabelas as Record<string, unknown>)[t] = sim.findings(t);
  return out;
}

/** The contract's refusal of a scenario (the same schema and rules as the service), or null when it runs. */
export function refusalOf(scenario: unknown): ReturnType<ServiceError['detail']> | null {
  try {
    validateScenario(scenario);
    return null;
  } catch (e) {
    if (e instanceof ServiceError) return e.detail();
    throw e;
  }
}
