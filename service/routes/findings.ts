// GET /v1/jobs/{job_id}/findings and GET /v1/jobs/{job_id}/setores (spec "Findings and comparison").
// The tables, the privacy rule and the per-tract reasons are the findings library's; this file
// only reads the stored result and passes the query on.
import type { FastifyInstance } from 'fastify';
import { buildFindings, buildTractEvents } from '../../src/findings/index.js';
import { principalOf } from '../auth.js';
import type { ServiceContext } from '../http-context.js';
import { JOB_ID_PARAMS, MUNICIPIO_LIST, SECURITY, errorResponses, ref } from '../http-schemas.js';
import { loadJobResult } from './job-results.js';

export async function findingsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/v1/jobs/:job_id/findings', {
    config: { scope: 'results:read' },
    schema: {
      tags: ['findings'],
      summary: 'Findings table of a concluded job, under the privacy rule',
      security: SECURITY,
      params: JOB_ID_PARAMS,
      querystring: {
        type: 'object',
        properties: {
          // Not an enum here: an unknown table is the coded 422 finding_unknown, not a format error.
          tabela: { type: 'string', default: 'saturacao', description: 'saturacao, alcance_efetivo, alcance_potencial, contribuicao, elasticidade or veredito' },
          municipio: MUNICIPIO_LIST,
          limite: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
        },
      },
      response: { 200: ref('FindingsTable'), ...errorResponses([401, 403, 404, 409, 422, 429, 503]) },
    },
  }, async (request) => {
    const p = principalOf(request);
    const q = request.query as { tabela: string; municipio?: string[]; limite: number };
    const result = await loadJobResult(ctx, p.projectId, (request.params as { job_id: string }).job_id);
    return buildFindings(result, { tabela: q.tabela, municipio: q.municipio, limite: q.limite });
  });

  app.get('/v1/jobs/:job_id/setores', {
    config: { scope: 'results:read' },
    schema: {
      tags: ['findings'],
      summary: 'Events of one municipality by census tract and week (jobs with saida_por_setor)',
      security: SECURITY,
      params: JOB_ID_PARAMS,
      querystring: {
        type: 'object',
        required: ['municipio'],
        properties: {
          municipio: { type: 'string', pattern: '^[0-9]{7}$' },
          semana: { type: 'integer', minimum: 1, description: 'a week; all weeks when absent' },
          tipo: { type: 'string', description: 'event type; default the first type the job has' },
        },
      },
      response: { 200: ref('TractEvents'), ...errorResponses([401, 403, 404, 409, 422, 429, 503]) },
    },
  }, async (request) => {
    const p = principalOf(request);
    const q = request.query as { municipio: string; semana?: number; tipo?: string };
    const result = await loadJobResult(ctx, p.projectId, (request.params as { job_id: string }).job_id);
    return buildTractEvents(result, { municipio: q.municipio, semana: q.semana, tipo: q.tipo });
  });
}
