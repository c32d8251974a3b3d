// Public library API of campaign-sim (the package root). Each module adds its exports here.
export * from './errors.js';
export * from './release/types.js';
export * from './contract/types.js';
export type { ReplicaResult, Grade, TaskTiming } from './pool/replica-result.js';
export { openRelease, listReleases, newestRelease, releaseManifest } from './release/release.js';
export * from '../calibration/index.js';
export * from './findings/index.js';
export {
  validateScenario, validateCalibrationRequest, quoteSimulation, quoteCalibration, variantNames, jobGrid,
  schemas, getScenarioSchema, getCalibrationSchema, seriesSha256, hasElectoralContent,
} from './contract/index.js';
