// Simulation jobs (spec "Simulation jobs"): quote, submit, list, read, cancel, erase. HTTP
// adapters over service/operations/: each route takes its operation's scope and input schemas,
// turns the (typed) request into the operation's input and sends its result.
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth.js';
import { typedRoutes } from '../typed-routes.js';
import type { ServiceContext } from '../../service-context.js';
import { SECURITY, SUBMIT_RESPONSES, errorResponses, ref } from '../schemas.js';
import { sendSubmitted } from '../submit.js';
import { MAX_LISTED_JOBS } from '../../jobs/jobs.js';
import { cancelJob } from '../../operations/cancel-job.js';
import { eraseJobData } from '../../operations/erase-job-data.js';
import { estimateSimulation } from '../../operations/estimate-simulation.js';
import { getJob } from '../../operations/get-job.js';
import { listJobs } from '../../operations/list-jobs.js';
import { submitSimulation } from '../../operations/submit-simulation.js';

export async function jobRoutes(fastify: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = typedRoutes(fastify);
  app.post('/v1/jobs/estimate', {
    config: { scope: estimateSimulation.scope },
    schema: {
      tags: ['jobs'],
      summary: 'Validate a campaign scenario and quote it; reserves nothing',
      security: SECURITY,
      ...estimateSimulation.input,
      response: { 200: ref('SimulationQuote'), ...errorResponses([401, 403, 413, 422, 429]) },
    },
  }, async (request) => estimateSimulation.run(ctx, principalOf(request), request.body));

  app.post('/v1/jobs', {
    config: { scope: submitSimulation.scope },
    schema: {
      tags: ['jobs'],
      summary: 'Submit a campaign scenario as a job: reserves the price',
      description:
        '201 when this Idempotency-Key creates the job; 200 with the same job when the key is repeated with the same ' +
        'request (charged once); 409 idempotency_key_reused when the key already created a job with another request. ' +
        'The request is compared by the sha256 of the canonical JSON of the normalised scenario.',
      security: SECURITY,
      ...submitSimulation.input,
      response: SUBMIT_RESPONSES,
    },
  }, async (request, reply) => {
    const input = { pedido: request.body.pedido, idempotency_key: request.headers['idempotency-key'] };
    return sendSubmitted(reply, await submitSimulation.run(ctx, principalOf(request), input));
  });

  app.get('/v1/jobs', {
    config: { scope: listJobs.scope },
    schema: {
      tags: ['jobs'],
      summary: `The ${MAX_LISTED_JOBS} most recent jobs of the project (optionally of one estado and tipo), newest first`,
      security: SECURITY,
      ...listJobs.input,
      response: {
        200: {
          type: 'object',
          required: ['jobs'],
          properties: { jobs: { type: 'array', items: ref('Job'), maxItems: MAX_LISTED_JOBS } },
        },
        ...errorResponses([401, 403, 422, 429]),
      },
    },
  }, async (request) => listJobs.run(ctx, principalOf(request), request.query));

  app.get('/v1/jobs/:job_id', {
    config: { scope: getJob.scope },
    schema: {
      tags: ['jobs'],
      summary: 'One job of the project',
      security: SECURITY,
      ...getJob.input,
      response: { 200: ref('Job'), ...errorResponses([401, 403, 404, 422, 429]) },
    },
  }, async (request) => getJob.run(ctx, principalOf(request), request.params));

  app.post('/v1/jobs/:job_id/cancel', {
    config: { scope: cancelJob.scope },
    schema: {
      tags: ['jobs'],
      summary: 'Cancel a job that has no machine yet; the reservation returns whole',
      security: SECURITY,
      ...cancelJob.input,
      response: { 200: ref('Job'), ...errorResponses([401, 403, 404, 409, 422, 429]) },
    },
  }, async (request) => cancelJob.run(ctx, principalOf(request), request.params));

  app.post('/v1/jobs/:job_id/erase', {
    config: { scope: eraseJobData.scope },
    schema: {
      tags: ['jobs'],
      summary: 'Erase the request, inputs and result of a terminal job (scope simulate)',
      security: SECURITY,
      ...eraseJobData.input,
      response: { 200: ref('Job'), ...errorResponses([401, 403, 404, 409, 422, 429]) },
    },
  }, async (request) => eraseJobData.run(ctx, principalOf(request), request.params));
}
