// One simulation job end to end (DESIGN 2): the engine runs every (replica, variant) task of the
// scenario, then the replicas are combined once, under the privacy rule, into the stored result
// (JobResult) that every reader (findings tables, answers, comparisons, the CLI summary) takes its
// numbers from. The service's worker, the CLI, the findings benchmark and the golden baseline all
// run a job through here, so none of them publishes a count the privacy rule has not seen.
import type { Scenario } from './contract/types.js';
import { combineReplicas, type CombineOptions } from './findings/combine-replicas.js';
import { weeklyCurves, type WeeklyCurve } from './findings/weekly-curves.js';
import { weeklyRows } from './findings/weekly-rows.js';
import type { JobResult } from './findings/job-result.js';
import { combineOptionsFromRelease } from './findings/release-lookups.js';
import type { ReplicaResult } from './pool/replica-result.js';
import { modelFor } from './models/model-registry.js';
import type { Release } from './release/types.js';
import { simulate, type SimulateOptions, type SimulationResult } from './simulate.js';

/** The run's figures a job records (registro) and the CLI prints. */
export type RunFigures = Pick<SimulationResult, 'pessoa_dias' | 'segundos' | 'preparo_segundos' | 'threads' | 'tarefasSimultaneas' | 'shards'>;

/** What an engine hands the combiner: every task's counts, variant by variant in replica order, and the run's figures. */
export interface EngineRun {
  replicas: Iterable<ReplicaResult>;
  execucao: RunFigures;
  /** The published weekly curves per variant and measure (absent when the engine has no weekly series). */
  curvas?: WeeklyCurve[];
}

/** Runs every task of a scenario. */
export type JobEngine = (scenario: Scenario, opts: SimulateOptions) => Promise<EngineRun>;

/** What a simulate() answer hands the combiner. */
export function engineRun(r: SimulationResult): EngineRun {
  return {
    replicas: Object.values(r.variantes).flat(),
    curvas: weeklyCurves(weeklyRows(r)),
    execucao: {
      pessoa_dias: r.pessoa_dias, segundos: r.segundos, preparo_segundos: r.preparo_segundos,
      threads: r.threads, tarefasSimultaneas: r.tarefasSimultaneas, shards: r.shards,
    },
  };
}

/** The engine of every real job: simulate() on the worker pool. */
export const poolEngine: JobEngine = async (scenario, opts) => engineRun(await simulate(scenario, opts));

export interface SimulationJobOptions extends Omit<SimulateOptions, 'release' | 'plan'> {
  /** The scenario's release: its population, and the look-ups the result stores. */
  release: Release;
  /** cenario_base calibracao: the verdict of the calibration whose `parametros` the job runs (the result records it). */
  calibracaoVeredito?: 'aprovada' | 'reprovada';
  /** The release look-ups stored in the result (default: this release's municipality names and tract populations). */
  lookups?: CombineOptions;
  /** What runs the tasks (default poolEngine); the findings benchmark feeds synthetic replicas. */
  engine?: JobEngine;
}

export interface SimulationJob {
  result: JobResult;
  execucao: RunFigures;
}

/** Simulates a validated, normalised scenario and combines its replicas into the stored result. */
export async function runSimulationJob(scenario: Scenario, opts: SimulationJobOptions): Promise<SimulationJob> {
  const { calibracaoVeredito, lookups, engine = poolEngine, ...simulateOptions } = opts;
  const run = await engine(scenario, simulateOptions);
  const result = combineReplicas(scenario, run.replicas, lookups ?? combineOptionsFromRelease(opts.release));
  if (calibracaoVeredito) result.calibracao_veredito = calibracaoVeredito;
  if (run.curvas) result.curvas = run.curvas;
  // What the numbers rest on, as the release said it when the job ran (src/findings/premises.ts).
  result.aviso = opts.release.manifest.aviso;
  result.fontes = opts.release.manifest.fontes;
  if (simulateOptions.parametros && Object.keys(simulateOptions.parametros).length > 0) result.parametros_execucao = simulateOptions.parametros;
  // the GRPs the plan buys, at the run's own media scale (withheld ones stay out: older releases' results keep their bytes)
  const grp = modelFor(scenario.familia).planGrp?.(scenario, { beta0: simulateOptions.parametros?.beta0 });
  if (grp && !('motivo' in grp)) result.plano_grp = grp;
  return { result, execucao: run.execucao };
}
