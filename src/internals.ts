// The engine's parts (the package subpath 'campaign-sim/internals'): for benchmarks, the service's
// own adapters and people extending the engine. Not the researcher's surface (src/index.ts): these
// names follow the engine's layout and may change with it between minor versions (CHANGELOG.md).
export * from './findings/index.js';
export type { ReplicaResult } from './pool/replica-result.js';
export { GRID_AXES, gridCellCount, type Grade, type GridAxis } from './release/publication-grid.js';
export { isValidatedScenario, schemas, hasElectoralContent } from './contract/index.js';
export { toReplicaResult } from './simulate.js';
export { poolEngine, engineRun } from './run-simulation-job.js';
export type { JobEngine, EngineRun } from './run-simulation-job.js';
export { compilePlan, compilePlanFor } from './plan/compile-plan.js';
export type { CompilePlanOptions, PlanScope } from './plan/compile-plan.js';
export type { Plan, ReduceSpec } from './plan/types.js';
export { createPool, sharedPool } from './pool/pool.js';
export type { SimPool, PoolOptions } from './pool/pool.js';
export { replicaKey } from './kernel/rng-key.js';
export { findingsPage, unsuppressedResult } from './findings/findings-page.js';
export { horizonRows } from './findings/horizon-rows.js';
export { tidyWeeklyRows, tidyCsvLines, tidyJsonLines, weekEndDate, TIDY_WEEKLY_CSV_HEADER, type TidyContext } from './findings/tidy-weekly-rows.js';
export { weeklyBands, type WeeklyBand } from './findings/weekly-bands.js';
export { summarise } from './research/simulation-summary.js';
export { contractError, reviveError } from './errors.js';
export { AGE_BANDS, NO_GROUP, PERSON_ATTRS, personAttr } from './release/types.js';
