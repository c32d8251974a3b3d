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
import type { Operation, Principal } from './operation.js';
import type { ServiceContext } from '../service-context.js';

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

/** The city's diagnosis at `release`: the same for every project that reads the city there (the heavy reads' thread runs it, service/http/heavy-read.ts). */
export function diagnosisAt({ codigo, variavel }: CityDiagnosisInput, release: string): Promise<CityDiagnosis> {
  return variavel === undefined ? diagnosisSummary(codigo, release) : diagnosisVariable(codigo, release, variavel);
}

/** The checks of a read, in their order (module comment): the release the project reads the city at. */
export async function releaseOfDiagnosisRead(ctx: ServiceContext, principal: Principal, { codigo, variavel }: CityDiagnosisInput): Promise<string> {
  contextMunicipality(codigo);
  if (variavel !== undefined) diagnosisVariableOf(variavel);
  return releaseReadAt(ctx.store, principal.projectId, codigo);
}

export const getCityDiagnosis = {
  name: 'get_city_diagnosis',
  scope: 'results:read',
  input: { params: CODIGO_PARAMS, querystring: DIAGNOSIS_QUERY },
  async run(ctx, principal, input) {
    return diagnosisAt(input, await releaseOfDiagnosisRead(ctx, principal, input));
  },
} satisfies Operation<CityDiagnosisInput, CityDiagnosis>;
