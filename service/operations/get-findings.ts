// A findings table of a concluded simulation under the privacy rule (GET /v1/jobs/{job_id}/findings,
// tool get_findings). The tables and the rule are the findings library's (src/findings).
import { buildFindings, type FindingsTable } from '../../src/findings/index.js';
import { loadJobResult } from './load-job-result.js';
import { JOB_ID_PARAMS, MUNICIPIO_LIST } from './input-schemas.js';
import type { Operation } from './operation.js';

const FINDINGS_QUERY = {
  type: 'object',
  properties: {
    // Not an enum here: an unknown table is the coded 422 finding_unknown, not a format error.
    tabela: { type: 'string', default: 'saturacao', description: 'saturacao (default), alcance_efetivo, alcance_potencial, contribuicao, elasticidade or veredito' },
    municipio: MUNICIPIO_LIST,
    limite: { type: 'integer', minimum: 1, maximum: 1000, default: 200, description: 'rows per page, 1 to 1000' },
  },
} as const;

export interface FindingsInput {
  job_id: string;
  /** Default saturacao; an unknown table is 422 finding_unknown. */
  tabela?: string;
  municipio?: string[];
  /** 1 to 1000, default 200. */
  limite?: number;
}

export const getFindings = {
  name: 'get_findings',
  scope: 'results:read',
  input: { params: JOB_ID_PARAMS, querystring: FINDINGS_QUERY },
  async run(ctx, principal, input) {
    const result = await loadJobResult(ctx, principal.projectId, input.job_id);
    return buildFindings(result, { tabela: input.tabela ?? 'saturacao', municipio: input.municipio, limite: input.limite ?? 200 });
  },
} satisfies Operation<FindingsInput, FindingsTable>;
