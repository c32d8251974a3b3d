// GET /v1/jobs/compare (spec "Findings and comparison"): two concluded simulations side by side;
// an adapter over operations/compare-simulations.ts. Registered as a static path, which the
// router always prefers to /v1/jobs/:job_id.
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth.js';
import { typedRoutes } from '../typed-routes.js';
import type { ServiceContext } from '../../service-context.js';
import { SECURITY, errorResponses, ref } from '../schemas.js';
import { compareSimulations } from '../../operations/compare-simulations.js';

export async function compareRoutes(fastify: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = typedRoutes(fastify);
  app.get('/v1/jobs/compare', {
    config: { scope: compareSimulations.scope },
    schema: {
      tags: ['findings'],
      summary: 'Compare two concluded simulations of the project (differences are b minus a)',
      security: SECURITY,
      ...compareSimulations.input,
      response: { 200: ref('Comparison'), ...errorResponses([401, 403, 404, 409, 422, 429, 503]) },
    },
  }, async (request) => compareSimulations.run(ctx, principalOf(request), request.query));
}
