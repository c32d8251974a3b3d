// The contract layer (DESIGN 2: JSON Schemas, validation with contract codes, semantic rules,
// quotes). Public entry points; the package root re-exports them.
export { validateScenario, isValidatedScenario, readAsVersion3 } from './validate-scenario.js';
export { quoteSimulation, populationOf, priceMicros, personDays } from './quotes.js';
export { variantNames, scenarioChannels } from './variants.js';
export { jobGrid, firstBandOffMainGrid } from './age-bands.js';
export { getScenarioSchema, getCalibrationSchema, schemas } from './schemas.js';
export { seriesSha256, canonicalJson } from './series-hash.js';
export { hasElectoralContent } from './electoral-content.js';
export { GRID_PUBLIC_AXES, horizonWeeks, isPerTract, questionMeasures } from './answer-contract.js';
export { ufOfMunicipality } from './scenario-rules.js';
export { resolveRelease, type ReleaseSource } from './release-checks.js';
