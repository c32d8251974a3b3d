// Public library API of campaign-sim (the package root, `import ... from 'campaign-sim'`): the engine
// and the municipality context. Calibration is the subpath 'campaign-sim/calibration' (calibration/index.ts)
// and the library of templates and cases 'campaign-sim/library' (library/index.ts): they sit above src/ in
// the stages (docs/architecture.md), so the engine's entry does not re-export them.
export * from './errors.js';
export * from './release/types.js';
export * from './contract/types.js';
export type { ReplicaResult } from './pool/replica-result.js';
export { GRID_AXES, gridCellCount, type Grade, type GridAxis } from './release/publication-grid.js';
export { openRelease, listReleases, newestRelease, releaseManifest } from './release/release.js';
export { defaultParameters } from './plan/default-parameters.js';
export { populationMargins, EIXOS_MARGENS, MEDIDAS_MARGENS, type MarginRow, type MedidaMargem } from './plan/population-margins.js';
export { clearPopulationMemory } from './release/population-store.js';
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
export { municipalityProfile, type MunicipalityProfile } from './context/municipality-profile.js';
export { municipalityTracts, LIMITE_SETORES_CONTEXTO, type MunicipalityTracts, type TractPage } from './context/municipality-tracts.js';
export { tractNames, type TractNames, type TractName, type NameOrigin } from './context/tract-names.js';
export { tractGeometry, type TractGeometry, type TractFeatureCollection } from './context/tract-geometry.js';
export { municipalityRainfall, type MunicipalityRainfall } from './context/municipality-rainfall.js';
export { healthUnits, type HealthUnits, type HealthFacility } from './context/health-units.js';
export { diagnosisSummary, diagnosisVariable, type DiagnosisSummary, type DiagnosisCounts, type DiagnosisSchools } from './context/city-diagnosis.js';
export { DIAGNOSIS_VARIABLES, type DiagnosisVariable } from './tracts/diagnosis-variables.js';
export { validateGrowthRequest, type GrowthRequest } from './context/growth-request.js';
export { growthRequestSchema } from './context/growth-request-schema.js';
export { estimateGrowth, type GrowthEstimate, type GrowthAnswer } from './context/growth-estimate.js';
export { sourceCredits, type ContextSource } from './tracts/context-sources.js';
