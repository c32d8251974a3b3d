// Public library API of campaign-sim (the package root, `import ... from 'campaign-sim'`), in the
// order a researcher meets it: run a scenario and read it, scenarios and releases, stored results,
// the municipality context, errors and types. The engine's parts (plan compiler, worker pool, RNG
// key, combiner, privacy steps) are the subpath 'campaign-sim/internals' (src/internals.ts);
// calibration is 'campaign-sim/calibration' and the library of templates and cases
// 'campaign-sim/library': they sit above src/ in the stages (docs/architecture.md). A test pins
// this list (test/unit/public-surface.test.ts): adding a name here is a decision.

// 1. Run a scenario and read it (docs/library.md)
export { runSimulation, Simulation } from './research/simulation.js';
export type { RunSimulationOptions, RowsOptions, PlotOptions } from './research/simulation.js';
export type { SimulationSummary } from './research/simulation-summary.js';
export type { BandRow, BandsOptions } from './research/replica-bands.js';
export { sweep, sweepCsv, sweepPoints, sweepRows, sweepCurveRows, sweepCurvesCsv } from './research/sweep.js';
export type { SweepRow, SweepCurveRow, SweepPoint, SweepOptions } from './research/sweep.js';
export { gridPoints, designPoints, type SweepGrid, type SweepDesign } from './research/sweep-design.js';
export { sensitivity, sensitivityCsv, SENSITIVITY_COLUMNS } from './research/sensitivity.js';
export type { SensitivityOptions, SensitivityRanges, SensitivityResult, SensitivityRow, SensitivityMethod } from './research/sensitivity.js';
export { sensitivitySvg } from './research/sensitivity-chart.js';
export { applyOverrides, type Overridden } from './research/scenario-overrides.js';
export { parseAssignments } from './research/parameter-assignments.js';
export { parameterTable, type ParameterRow } from './research/parameter-table.js';
export { TIDY_WEEKLY_COLUMNS, parseTidyCsv, type TidyWeeklyRow } from './findings/tidy-weekly-rows.js';
export type { FindingsPage, FindingsPageQuery } from './findings/findings-page.js';
export type {
  FindingsRow, FindingsRowOf, SaturacaoRow, AlcanceEfetivoRow, AlcancePotencialRow, ContribuicaoRow, ElasticidadeRow, VereditoRow,
} from './findings/findings-rows.js';
export { simulate } from './simulate.js';
export type { SimulateOptions, SimulationResult, SimulateProgress } from './simulate.js';
export { runSimulationJob } from './run-simulation-job.js';
export type { SimulationJob, SimulationJobOptions, RunFigures } from './run-simulation-job.js';
export { closePool } from './pool/pool.js';
export { toRows, weeklyRows, type WeeklyRow } from './findings/weekly-rows.js';
export { formatWeeklyCsv, parseWeeklyCsv, WEEKLY_CSV_HEADER } from './findings/weekly-rows-csv.js';
export { weeklyCurves, type WeeklyCurve } from './findings/weekly-curves.js';
export { curvesSvg, type CurvesChartOptions } from './findings/curves-chart.js';
export { svgToPng } from './findings/chart-png.js';

// 2. Scenarios and releases (docs/contracts.md, docs/population.md)
export {
  validateScenario, quoteSimulation, variantNames, jobGrid, getScenarioSchema, getCalibrationSchema, seriesSha256,
} from './contract/index.js';
export type {
  Scenario, Familia, Canal, Kpi, Medida, Publico, PeriodoCanal, Mensagem, Lancamento, ContratoDeResposta, SimulationQuote,
} from './contract/types.js';
export { openRelease, listReleases, newestRelease, releaseManifest } from './release/release.js';
export { defaultParameters } from './plan/default-parameters.js';
export { populationMargins, EIXOS_MARGENS, MEDIDAS_MARGENS, type MarginRow, type MedidaMargem } from './plan/population-margins.js';
export { clearPopulationMemory } from './population/population-store.js';

// 3. Stored results (docs/findings.md): what the service keeps and `simulate --out` writes
export { decodeJobResult, encodeJobResult, type JobResult } from './findings/job-result.js';
export { buildFindings, FINDINGS_TABLES, type FindingsTable, type FindingsQuery, type FindingsTableName } from './findings/findings-tables.js';
export { jobTotals, type JobTotals, type VariantTotals } from './findings/job-totals.js';
export { computeVerdict, VOCABULARIO_VEREDITO, MOTIVOS_VEREDITO, type VereditoSimulacao } from './findings/veredito.js';
export type { Premissa } from './findings/premises.js';
export { compareJobs, type Comparison, type CompareQuery } from './findings/compare-jobs.js';
export { answerQuestions, type Answers } from './findings/answer-questions.js';
export { buildTractEvents, type TractEvents, type TractEventsQuery } from './findings/tract-events.js';
export { K as PRIVACY_K } from './findings/privacy.js';

// 4. The municipality context (docs/context.md)
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

// 5. Errors and types
export { ServiceError, ERROR_STATUS, CONTRACT_CODES, CALIBRATION_CONTRACT_CODES, TRACT_QUERY_CONTRACT_CODES } from './errors.js';
export type * from './errors.js';
export * from './contract/types.js';
export { UF_CODES, MACRO_REGIOES, PORTES, RACAS, NIVEIS_INSTRUCAO, SEXOS, AGE_BAND_LABELS } from './release/types.js';
export type * from './release/types.js';
