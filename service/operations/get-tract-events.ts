// Events of one municipality by census tract and week, for a job with saida_por_setor
// (GET /v1/jobs/{job_id}/setores); the reasons and the error cutoff are the findings library's.
import { buildTractEvents } from '../../src/findings/index.js';
import { loadJobResult } from './load-job-result.js';
import type { Operation } from './operation.js';

export const getTractEvents: Operation<{ job_id: string; municipio: string; semana?: number; tipo?: string }, ReturnType<typeof buildTractEvents>> = {
  scope: 'results:read',
  async run(ctx, principal, input) {
    const result = await loadJobResult(ctx, principal.projectId, input.job_id);
    return buildTractEvents(result, { municipio: input.municipio, semana: input.semana, tipo: input.tipo });
  },
};
