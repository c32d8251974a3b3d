// GET /v1/jobs/compare (spec "Findings and comparison"): two concluded simulations side by side.
// Registered as a static path, which the router always prefers to /v1/jobs/:job_id.
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { compareJobs } from '../../src/findings/index.js';
import { principalOf } from '../auth.js';
import type { ServiceContext } from '../http-context.js';
import { getJob } from '../jobs.js';
import { MUNICIPIO_LIST, SECURITY, errorResponses, ref } from '../http-schemas.js';
import { loadJobResult } from './job-results.js';

export async function compareRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/v1/jobs/compare', {
    config: { scope: 'results:read' },
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
  }, async (request) => {
    const p = principalOf(request);
    const q = request.query as { a: string; b: string; municipio?: string[]; limite: number; offset: number };
    const jobs = [await getJob(ctx.store, p.projectId, q.a), await getJob(ctx.store, p.projectId, q.b)];
    // A calibration is refused whatever its state, before any result is read.
    const calibration = jobs.find((j) => j.tipo !== 'simulacao');
    if (calibration) throw new ServiceError('not_a_simulation', `job ${calibration.id} is a ${calibration.tipo}, not a simulation`);
    const sides = [];
    for (const j of jobs) sides.push({ job: { id: j.id, nome: j.nome, tipo: j.tipo }, result: await loadJobResult(ctx, p.projectId, j.id) });
    return compareJobs(sides[0], sides[1], { municipio: q.municipio, limite: q.limite, offset: q.offset });
  });
}
