// The package root's runtime names (src/index.ts), pinned: a name added or removed here is a
// decision about the public surface (CHANGELOG.md), not a side effect. Engine parts belong to
// 'campaign-sim/internals' (src/internals.ts).
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as internals from '../../src/internals.js';

const ROOT = [
    'AGE_BAND_LABELS', 'CALIBRATION_CONTRACT_CODES', 'CANAIS', 'CONTRACT_CODES', 'DIAGNOSIS_VARIABLES', 'EIXOS_MARGENS', 'ERROR_STATUS',
    'FINDINGS_TABLES', 'LIMITE_SETORES_CONTEXTO', 'MACRO_REGIOES', 'MEDIDAS_MARGENS', 'MOTIVOS_VEREDITO', 'NIVEIS_INSTRUCAO', 'PORTES', 'PRIVACY_K', 'RACAS',
    'SENSITIVITY_COLUMNS', 'SEXOS', 'ServiceError', 'Simulation', 'TIDY_WEEKLY_COLUMNS', 'TRACT_QUERY_CONTRACT_CODES', 'UF_CODES', 'VOCABULARIO_VEREDITO',
    'WEEKLY_CSV_HEADER', 'answerQuestions', 'applyOverrides', 'buildFindings', 'buildTractEvents',
    'clearPopulationMemory', 'closePool', 'compareJobs', 'computeVerdict', 'curvesSvg', 'decodeJobResult',
    'defaultParameters', 'designPoints', 'diagnosisSummary', 'diagnosisVariable', 'encodeJobResult', 'estimateGrowth',
    'formatWeeklyCsv', 'getCalibrationSchema', 'getScenarioSchema', 'gridPoints', 'growthRequestSchema', 'healthUnits',
    'jobGrid', 'jobTotals', 'listReleases', 'municipalityProfile', 'municipalityRainfall', 'municipalityTracts',
    'newestRelease', 'openRelease', 'parameterTable', 'parseAssignments', 'parseTidyCsv', 'parseWeeklyCsv', 'populationMargins', 'quoteSimulation',
    'releaseManifest', 'runSimulation', 'runSimulationJob', 'sensitivity', 'sensitivityCsv', 'sensitivitySvg', 'seriesSha256', 'simulate', 'sourceCredits', 'svgToPng', 'sweep',
    'sweepCsv', 'sweepCurveRows', 'sweepCurvesCsv', 'sweepPoints', 'sweepRows', 'toRows', 'tractGeometry', 'tractNames', 'validateGrowthRequest', 'validateScenario', 'variantNames',
    'weeklyCurves', 'weeklyRows',
];

describe('the public surface', () => {
  it('exports exactly the listed names at the package root', () => {
    expect(Object.keys(root).sort()).toEqual(ROOT);
  });

  it('keeps the engine parts behind campaign-sim/internals', () => {
    for (const name of ['compilePlan', 'createPool', 'replicaKey', 'createCombiner', 'applyPrivacyRule', 'poolEngine']) {
      expect(name in root, name).toBe(false);
      expect(name in internals, name).toBe(true);
    }
  });
});
