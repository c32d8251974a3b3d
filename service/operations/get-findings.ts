// A findings table of a concluded simulation under the privacy rule (GET /v1/jobs/{job_id}/findings,
// tool get_findings). The tables and the rule are the findings library's (src/findings).
import { buildFindings, type FindingsTable } from '../../src/findings/index.js';
import { loadJobResult } from './load-job-result.js';
import type { Operation } from './operation.js';

export interface FindingsInput {
  job_id: string;
  /** Default saturacao; an unknown table is 422 finding_unknown. */
  tabela?: string;
  municipio?: string[];
  /** 1 to 1000, default 200. */
  limite?: number;
}

export const getFindings: Operation<FindingsInput, FindingsTable> = {
  scope: 'results:read',
  async run(ctx, principal, input) {
    const result = await loadJobResult(ctx, principal.projectId, input.job_id);
    return buildFindings(result, { tabela: input.tabela ?? 'saturacao', municipio: input.municipio, limite: input.limite ?? 200 });
  },
};
