// runSimulation(scenario, opts) -> Simulation: one path from a scenario to everything a researcher
// reads. It runs the scenario as a job (runSimulationJob: the same stored result, bit for bit, as
// the service and `campaign-sim simulate`) and keeps the simulate() answer beside it, so weekly
// rows, findings, the summary, CSV, JSON Lines and the chart (SVG or PNG) all come from one run.
// Every reader is under the privacy rule unless asked `{ raw: true }`, whose rows are all
// publicavel: false.
import type { Scenario } from '../contract/types.js';
import { resolveRelease } from '../contract/release-checks.js';
import { validateScenario } from '../contract/validate-scenario.js';
import { svgToPng } from '../findings/chart-png.js';
import { curvesSvg } from '../findings/curves-chart.js';
import { findingsPage, type FindingsPage, type FindingsPageQuery } from '../findings/findings-page.js';
import type { FindingsTableName } from '../findings/findings-tables.js';
import type { JobResult } from '../findings/job-result.js';
import { jobTotals } from '../findings/job-totals.js';
import { tidyCsvLines, tidyJsonLines, tidyWeeklyRows, weekEndDate, type TidyWeeklyRow } from '../findings/tidy-weekly-rows.js';
import { weeklyBands } from '../findings/weekly-bands.js';
import { weeklyCurves } from '../findings/weekly-curves.js';
import { weeklyRows } from '../findings/weekly-rows.js';
import type { ModelParameters, Release } from '../release/types.js';
import { engineRun, runSimulationJob, type RunFigures } from '../run-simulation-job.js';
import { simulate, type SimulateOptions, type SimulationResult } from '../simulate.js';
import { datedWeeks } from './dated-weeks.js';
import { replicaBands, type BandRow, type BandsOptions } from './replica-bands.js';
import { summarise, type SimulationSummary } from './simulation-summary.js';

export interface RunSimulationOptions extends Omit<SimulateOptions, 'plan' | 'population' | 'variantes'> {
  /** Default: the release the scenario names (openRelease). */
  release?: Release;
  parametros?: Partial<ModelParameters>;
  /**
   * Run the plano variant alone, without the counterfactual sem_<c> and menos10_<c> variants (a
   * run option, not a scenario field: contract v3 has none): faster exploration, with no
   * contribuicao or elasticidade rows.
   */
  somentePlano?: boolean;
}

export interface RowsOptions {
  /** Unsuppressed counts for one's own machine: every row publicavel: false. Default: the privacy rule. */
  raw?: boolean;
}

export interface PlotOptions {
  /** Only these measures (default every KPI). */
  medida?: readonly string[];
  titulo?: string;
}

export class Simulation {
  constructor(
    /** The stored result (what the service keeps, `simulate --out` writes and `export` reads). */
    readonly result: JobResult,
    readonly execucao: RunFigures,
    /** The per-replica counts the weekly rows are read from. */
    readonly run: SimulationResult,
  ) {}

  get cenario(): Scenario {
    return this.result.cenario;
  }

  /** Weekly rows in long format, dated and named: variant, replica, unit, week, measure order. */
  *weeklyRows(opts: RowsOptions = {}): Generator<TidyWeeklyRow> {
    const raw = opts.raw === true;
    yield* tidyWeeklyRows(weeklyRows(this.run, { raw }), { horizonte: this.cenario.horizonte, municipios: this.result.municipios, publicavel: !raw });
  }

  weekly(opts: RowsOptions = {}): TidyWeeklyRow[] {
    return [...this.weeklyRows(opts)];
  }

  /** Every row of a findings table (no 1,000-row cap in-process), paged by offset and limite. */
  findings<T extends FindingsTableName>(tabela: T, query: FindingsPageQuery = {}): FindingsPage<T> {
    return findingsPage(this.result, tabela, query);
  }

  /**
   * The spread over replicas as tidy rows: per variant, measure and week (per unit with `por:
   * 'municipio'`), dated, the mean, lowest and highest replica and the quantiles asked (default
   * 0.05, 0.5, 0.95; columns q05, q50, q95), over the published counts unless `raw`.
   */
  bands(opts: BandsOptions & RowsOptions = {}): BandRow[] {
    return replicaBands(this.weeklyRows(opts), opts);
  }

  summary(): SimulationSummary {
    return summarise({ result: this.result, execucao: this.execucao }, jobTotals(this.result), weeklyCurves(weeklyRows(this.run)));
  }

  toCSV(opts: RowsOptions = {}): string {
    return [...tidyCsvLines(this.weeklyRows(opts))].join('');
  }

  toJSONL(opts: RowsOptions = {}): string {
    return [...tidyJsonLines(this.weeklyRows(opts))].join('');
  }

  /** SVG: a panel per measure, each variant's mean line and its min-max band over replicas, plano on top, the weeks' last days across. */
  plot(opts: PlotOptions = {}): string {
    const bands = weeklyBands(weeklyRows(this.run)).filter((b) => opts.medida === undefined || opts.medida.includes(b.medida));
    return curvesSvg(bands, opts.titulo, datedWeeks((w) => weekEndDate(this.cenario.horizonte, w)));
  }

  /** The same chart as a PNG (needs the optional package @resvg/resvg-js; a ServiceError says so when it is absent). */
  async plotPng(opts: PlotOptions = {}): Promise<Uint8Array> {
    return svgToPng(this.plot(opts));
  }
}

/** Validates the scenario (a contract refusal is a ServiceError), runs it and combines it under the privacy rule. */
export async function runSimulation(scenario: unknown, opts: RunSimulationOptions = {}): Promise<Simulation> {
  const { release: given, somentePlano, ...simulateOptions } = opts;
  const checked = validateScenario(scenario, given);
  const release = given ?? resolveRelease(checked.release);
  let run: SimulationResult | undefined;
  const job = await runSimulationJob(checked, {
    ...simulateOptions,
    release,
    engine: async (s, o) => engineRun((run = await simulate(s, { ...o, variantes: somentePlano ? ['plano'] : undefined }))),
  });
  return new Simulation(job.result, job.execucao, run!);
}
