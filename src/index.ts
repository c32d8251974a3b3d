// Public library API of campaign-sim (the package root). Each module adds its exports here.
export * from './errors.js';
export * from './release/types.js';
export * from './contract/types.js';
export type { ReplicaResult } from './pool/replica-result.js';
export { GRID_AXES, gridCellCount, type Grade, type GridAxis } from './release/publication-grid.js';
export { openRelease, listReleases, newestRelease, releaseManifest } from './release/release.js';
export { defaultParameters } from './plan/default-parameters.js';
export { clearPopulationMemory } from './release/population-store.js';
export * from '../calibration/index.js';
export * from './findings/index.js';
export {
  validateScenario, isValidatedScenario, quoteSimulation, variantNames, jobGrid,
  schemas, getScenarioSchema, getCalibrationSchema, seriesSha256, hasElectoralContent,
} from './contract/index.js';
export { simulate, toReplicaResult } from './simulate.js';
export type { SimulateOptions, SimulationResult, SimulateProgress } from './simulate.js';
export { runSimulationJob, poolEngine, engineRun } from './run-simulation-job.js';
export type { SimulationJob, SimulationJobOptions, JobEngine, EngineRun, RunFigures } from './run-simulation-job.js';
export { compilePlan, compilePlanFor } from './plan/compile-plan.js';
export type { CompilePlanOptions, PlanScope } from './plan/compile-plan.js';
export type { Plan, ReduceSpec } from './plan/types.js';
export { createPool, sharedPool, closePool } from './pool/pool.js';
export type { SimPool, PoolOptions } from './pool/pool.js';
export { replicaKey } from './kernel/rng-key.js';
export { listLibrary, type Library } from './library/list-library.js';
export { fillTemplate, findTemplate, nextMonday, LIBRARY_AVISO, type FilledTemplate, type TemplatePlace, type TemplateView } from './library/fill-template.js';
export { publicCases, publicCase, type PublicCase } from './library/public-cases.js';
export { TEMPLATES, type Template, type TemplateQuestion, type TemplateScenario } from './library/templates.js';
