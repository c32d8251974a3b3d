// Reading a city's diagnosis (GET /v1/diagnosticos/{codigo}, tool get_city_diagnosis): without
// variavel the summary, with it that variable per tract (src/context/city-diagnosis.ts), at the
// newest release the project opened the city at. The request is judged before the project's
// state: an unknown municipality is 404 and an unknown variable 422 whether or not the city is
// open; then 403 diagnosis_not_open.
import { diagnosisSummary, diagnosisVariable, type DiagnosisCounts, type DiagnosisSchools, type DiagnosisSummary } from '../../src/context/city-diagnosis.js';
import { contextMunicipality } from '../../src/context/context-municipality.js';
import { DIAGNOSIS_VARIABLES, diagnosisVariableOf } from '../../src/tracts/diagnosis-variables.js';
import { releaseReadAt } from '../jobs/city-diagnoses.js';
import { CODIGO_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

const DIAGNOSIS_QUERY = {
  type: 'object',
  properties: {
    // Not an enum: an unknown name is the coded 422 unknown_variable, which lists the variables.
    variavel: { type: 'string', description: `one of ${Object.entries(DIAGNOSIS_VARIABLES).map(([k, v]) => `${k} (${v})`).join('; ')}. Absent: the summary` },
  },
} as const;

export interface CityDiagnosisInput {
  codigo: string;
  /** residentes, domicilios, criancas_0_14, idosos_60_mais or escolas; absent: the summary. */
  variavel?: string;
}

export type CityDiagnosis = DiagnosisSummary | DiagnosisCounts | DiagnosisSchools;

export const getCityDiagnosis = {
  name: 'get_city_diagnosis',
  scope: 'results:read',
  input: { params: CODIGO_PARAMS, querystring: DIAGNOSIS_QUERY },
  async run(ctx, principal, { codigo, variavel }) {
    contextMunicipality(codigo);
    if (variavel !== undefined) diagnosisVariableOf(variavel);
    const release = await releaseReadAt(ctx.store, principal.projectId, codigo);
    return variavel === undefined ? diagnosisSummary(codigo, release) : diagnosisVariable(codigo, release, variavel);
  },
} satisfies Operation<CityDiagnosisInput, CityDiagnosis>;
