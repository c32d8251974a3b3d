// GET /v1/jobs/compare (spec "Findings and comparison"): two concluded simulations side by side;
// an adapter over operations/compare-simulations.ts. Registered as a static path, which the
// router always prefers to /v1/jobs/:job_id.
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth.js';
import type { ServiceContext } from '../../service-context.js';
import { MUNICIPIO_LIST, SECURITY, errorResponses, ref } from '../schemas.js';
import { compareSimulations, type CompareInput } from '../../operations/compare-simulations.js';

export async function compareRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/v1/jobs/compare', {
    config: { scope: compareSimulations.scope },
    schema: {
      tags: ['findings'],
      summary: 'Compare two concluded simulations of the project (differences are b minus a)',
      security: SECURITY,
      querystring: {
        type: 'object',
        required: ['a', 'b'],
        properties: {
          a: { type: 'string', format: 'uuid', description: 'first job' },
          b: { type: 'string', format: 'uuid', description: 'second job' },
          municipio: MUNICIPIO_LIST,
          limite: { type: 'integer', minimum: 1, maximum: 1000, default: 200, description: 'page size' },
          offset: { type: 'integer', minimum: 0, default: 0, description: 'rows to skip before the page' },
        },
      },
      response: { 200: ref('Comparison'), ...errorResponses([401, 403, 404, 409, 422, 429, 503]) },
    },
  }, async (request) => compareSimulations.run(ctx, principalOf(request), request.query as CompareInput));
}
