// Public API of the calibration module (re-exported from src/index.ts).
export { runCalibration, calibratedParameters } from './run.js';
export type { CalibrationResult, ParametroCalibrado, RunCalibrationOptions, CalibrationModel, ModelFactory, ModelContext } from './run.js';
export { checkSeries, readSeriesFile, parseSeriesCsv, seriesUnits, MAX_SERIES_ROWS, AXIS_SIZES } from './series.js';
export type { CheckedSeries, SeriesBlock, Eixo } from './series.js';
export { freeDimensions, countRounds, countCandidates, gridValues, applyCandidate } from './parameters.js';
export type { Dimension } from './parameters.js';
export { simulationModel, roundScenario, roundDays } from './simulation-model.js';
export type { SimulateFn } from './simulation-model.js';
export { alignReplicaResults } from './align.js';
export { meanBlockMape } from './loss.js';
export { LIMITES as CALIBRATION_LIMITS, judgeCalibration } from './verdict.js';
export type { Veredito, Metrica } from './verdict.js';
export type { Fixado, Grupo } from './identifiability.js';
export { spatialHoldoutUnits } from './spatial-holdout.js';
export { runCalibrationJob, runCalibrationJobOnEngine, calibrationResultFromBytes, calibrationParametersFromBytes, CALIBRATION_RESULT_FORMAT } from './job.js';
export type { CalibrationProgress, CalibrationJobContext, CalibrationBase } from './job.js';
export { engineSimulate } from './engine.js';
