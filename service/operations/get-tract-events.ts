// Events of one municipality by census tract and week, for a job with saida_por_setor
// (GET /v1/jobs/{job_id}/setores); the reasons and the error cutoff are the findings library's.
import { buildTractEvents } from '../../src/findings/index.js';
import { loadJobResult } from './load-job-result.js';
import { JOB_ID_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

const TRACT_EVENTS_QUERY = {
  type: 'object',
  required: ['municipio'],
  properties: {
    municipio: { type: 'string', pattern: '^[0-9]{7}$' },
    semana: { type: 'integer', minimum: 1, description: 'a week; all weeks when absent' },
    tipo: { type: 'string', description: 'event type; default the first type the job has' },
  },
} as const;

export const getTractEvents = {
  name: 'get_tract_events',
  scope: 'results:read',
  input: { params: JOB_ID_PARAMS, querystring: TRACT_EVENTS_QUERY },
  async run(ctx, principal, input) {
    const result = await loadJobResult(ctx, principal.projectId, input.job_id);
    return buildTractEvents(result, { municipio: input.municipio, semana: input.semana, tipo: input.tipo });
  },
} satisfies Operation<{ job_id: string; municipio: string; semana?: number; tipo?: string }, ReturnType<typeof buildTractEvents>>;
