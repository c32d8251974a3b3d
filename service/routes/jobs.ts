// Simulation jobs (spec "Simulation jobs"): quote, submit, list, read, cancel, erase.
// The scenario is checked by the contract layer (422 invalid_request / release_unavailable);
// the job, its reservation and the idempotency rule live in service/jobs.ts (one transaction).
import type { FastifyInstance } from 'fastify';
import { quoteSimulation, validateScenario } from '../../src/contract/index.js';
import { principalOf } from '../auth.js';
import { resolveCalibrationBase } from '../calibration-base.js';
import type { ServiceContext } from '../http-context.js';
import { IDEMPOTENCY_HEADERS, JOB_ID_PARAMS, PEDIDO_BODY, SECURITY, SUBMIT_RESPONSES, errorResponses, ref } from '../http-schemas.js';
import { submitJob } from '../http-submit.js';
import { JOB_KINDS, JOB_STATES, type JobKind, type JobState } from '../job-row.js';
import { MAX_LISTED_JOBS, cancelJob, eraseJob, getJob, listJobs, toJobResponse } from '../jobs.js';

/** The normalised scenario and its quote, or the contract's refusal (a calibracao base must be a concluded calibration of the project). */
async function checkScenario(ctx: ServiceContext, projectId: string, pedido: unknown) {
  const scenario = validateScenario(pedido);
  const quote = quoteSimulation(scenario);
  await resolveCalibrationBase(ctx.store, projectId, scenario);
  return { scenario, quote };
}

export async function jobRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post('/v1/jobs/estimate', {
    config: { scope: 'simulate' },
    schema: {
      tags: ['jobs'],
      summary: 'Validate a campaign scenario and quote it; reserves nothing',
      security: SECURITY,
      body: PEDIDO_BODY,
      response: { 200: ref('SimulationQuote'), ...errorResponses([401, 403, 422, 429]) },
    },
  }, async (request) => {
    return (await checkScenario(ctx, principalOf(request).projectId, (request.body as { pedido: unknown }).pedido)).quote;
  });

  app.post('/v1/jobs', {
    config: { scope: 'simulate' },
    schema: {
      tags: ['jobs'],
      summary: 'Submit a campaign scenario as a job: reserves the price',
      description:
        '201 when this Idempotency-Key creates the job; 200 with the same job when the key is repeated with the same ' +
        'request (charged once); 409 idempotency_key_reused when the key already created a job with another request. ' +
        'The request is compared by the sha256 of the canonical JSON of the normalised scenario.',
      security: SECURITY,
      headers: IDEMPOTENCY_HEADERS,
      body: PEDIDO_BODY,
      response: SUBMIT_RESPONSES,
    },
  }, async (request, reply) => {
    const { scenario, quote } = await checkScenario(ctx, principalOf(request).projectId, (request.body as { pedido: unknown }).pedido);
    return submitJob(ctx, request, reply, 'simulacao', scenario, quote);
  });

  app.get('/v1/jobs', {
    config: { scope: 'results:read' },
    schema: {
      tags: ['jobs'],
      summary: `The ${MAX_LISTED_JOBS} most recent jobs of the project (optionally of one estado and tipo), newest first`,
      security: SECURITY,
      querystring: {
        type: 'object',
        properties: {
          estado: { type: 'string', enum: [...JOB_STATES], description: 'keep only jobs in this state' },
          tipo: { type: 'string', enum: [...JOB_KINDS], description: 'keep only jobs of this kind' },
        },
      },
      response: {
        200: {
          type: 'object',
          required: ['jobs'],
          properties: { jobs: { type: 'array', items: ref('Job'), maxItems: MAX_LISTED_JOBS } },
        },
        ...errorResponses([401, 403, 422, 429]),
      },
    },
  }, async (request) => {
    const p = principalOf(request);
    const q = request.query as { estado?: JobState; tipo?: JobKind };
    const rows = await listJobs(ctx.store, p.projectId, { estado: q.estado, tipo: q.tipo });
    return { jobs: rows.map(toJobResponse) };
  });

  app.get('/v1/jobs/:job_id', {
    config: { scope: 'results:read' },
    schema: {
      tags: ['jobs'],
      summary: 'One job of the project',
      security: SECURITY,
      params: JOB_ID_PARAMS,
      response: { 200: ref('Job'), ...errorResponses([401, 403, 404, 422, 429]) },
    },
  }, async (request) => {
    const p = principalOf(request);
    return toJobResponse(await getJob(ctx.store, p.projectId, (request.params as { job_id: string }).job_id));
  });

  app.post('/v1/jobs/:job_id/cancel', {
    config: { scope: 'simulate' },
    schema: {
      tags: ['jobs'],
      summary: 'Cancel a job that has no machine yet; the reservation returns whole',
      security: SECURITY,
      params: JOB_ID_PARAMS,
      response: { 200: ref('Job'), ...errorResponses([401, 403, 404, 409, 422, 429]) },
    },
  }, async (request) => {
    const p = principalOf(request);
    const job = await cancelJob(ctx.store, p.projectId, (request.params as { job_id: string }).job_id);
    return toJobResponse(job);
  });

  app.post('/v1/jobs/:job_id/erase', {
    // The spec leaves the REST scope open; erase changes the project like cancel, and MCP's
    // erase_job_data needs simulate, so REST asks for simulate too (docs/api.md).
    config: { scope: 'simulate' },
    schema: {
      tags: ['jobs'],
      summary: 'Erase the request, inputs and result of a terminal job (scope simulate)',
      security: SECURITY,
      params: JOB_ID_PARAMS,
      response: { 200: ref('Job'), ...errorResponses([401, 403, 404, 409, 422, 429]) },
    },
  }, async (request) => {
    const p = principalOf(request);
    const job = await eraseJob(ctx.store, p.projectId, (request.params as { job_id: string }).job_id);
    return toJobResponse(job);
  });
}
