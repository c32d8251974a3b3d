// Calibrations (spec "Calibrations"): quote, submit (a job of tipo calibracao that reserves the
// quoted price), read the result. The body {pedido, serie, serie_sha256} is checked by the
// contract layer (validateCalibrationRequest: request, series rows, hash); the worker runs the
// job with calibration/job.ts (runCalibrationJob) and progress rides on the job's heartbeats.
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { quoteCalibration, validateCalibrationRequest } from '../../calibration/index.js';
import { calibrationResultFromBytes } from '../../calibration/job.js';
import { principalOf } from '../auth.js';
import type { ServiceContext } from '../http-context.js';
import { IDEMPOTENCY_HEADERS, SECURITY, SUBMIT_RESPONSES, errorResponses } from '../http-schemas.js';
import { submitJob } from '../http-submit.js';
import { getJob } from '../jobs.js';
import { readStoredResult } from '../results.js';

const CALIBRATION_BODY = {
  type: 'object',
  required: ['pedido'],
  properties: {
    pedido: { type: 'object', description: 'a calibration request (GET /v1/schemas/pedido-calibracao), without serie.sha256' },
  },
  description: 'pedido, serie (array of rows, at most 150,000; columns in docs/calibration.md) and serie_sha256 (string or null)',
} as const;

const CALIBRATION_QUOTE = {
  type: 'object',
  required: ['release', 'ufs', 'dias', 'rodadas', 'replicas', 'pessoa_dias', 'preco_micros', 'minutos_estimados'],
  properties: {
    release: { type: 'string' },
    ufs: { type: 'array', items: { type: 'string' } },
    dias: { type: 'integer', description: 'simulated days, up to the last day of the holdout' },
    rodadas: { type: 'integer', description: 'search candidates + 2 per free parameter + 1' },
    replicas: { type: 'integer' },
    pessoa_dias: { type: 'integer' },
    preco_micros: { type: 'integer' },
    minutos_estimados: { type: 'integer' },
  },
} as const;

const CALIBRATION_RESULT = {
  type: 'object',
  required: ['veredito', 'identificabilidade', 'busca', 'parametros'],
  additionalProperties: true,
  properties: {
    veredito: { type: 'object', additionalProperties: true },
    identificabilidade: { type: 'object', additionalProperties: true },
    busca: { type: 'object', additionalProperties: true },
    parametros: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

function checkBody(body: unknown) {
  const normalised = validateCalibrationRequest(body);
  return { body: normalised, quote: quoteCalibration(normalised) };
}

export async function calibracaoRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post('/v1/calibracoes/estimate', {
    config: { scope: 'simulate' },
    schema: {
      tags: ['calibracoes'],
      summary: 'Check a calibration request and its series and quote it; reserves nothing',
      security: SECURITY,
      body: CALIBRATION_BODY,
      response: { 200: CALIBRATION_QUOTE, ...errorResponses([401, 403, 422, 429]) },
    },
  }, async (request) => checkBody(request.body).quote);

  app.post('/v1/calibracoes', {
    config: { scope: 'simulate' },
    schema: {
      tags: ['calibracoes'],
      summary: 'Submit a calibration as a job of tipo calibracao: reserves the quoted price',
      description:
        '201 when this Idempotency-Key creates the job; 200 with the same job when the key is repeated with the same ' +
        'request (charged once); 409 idempotency_key_reused with another request. Follow the job with GET /v1/jobs/{id}; ' +
        'while it runs, its progress is rodadas_feitas of rodadas.',
      security: SECURITY,
      headers: IDEMPOTENCY_HEADERS,
      body: CALIBRATION_BODY,
      response: SUBMIT_RESPONSES,
    },
  }, async (request, reply) => {
    const { body, quote } = checkBody(request.body);
    return submitJob(ctx, request, reply, 'calibracao', body, quote);
  });

  app.get('/v1/calibracoes/:id', {
    config: { scope: 'results:read' },
    schema: {
      tags: ['calibracoes'],
      summary: 'The result of a concluded calibration: verdict, identifiability, search record, parameters, calibrated scenario',
      security: SECURITY,
      params: ID_PARAMS,
      response: { 200: CALIBRATION_RESULT, ...errorResponses([401, 403, 404, 409, 422, 429, 503]) },
    },
  }, async (request) => {
    const p = principalOf(request);
    const id = (request.params as { id: string }).id;
    const job = await getJob(ctx.store, p.projectId, id); // 404 not_found outside the project
    if (job.tipo !== 'calibracao') throw new ServiceError('not_found', `calibration ${id} does not exist in this project (job ${id} is a ${job.tipo})`);
    const stored = await readStoredResult(ctx.store, p.projectId, id, ctx.clock.now());
    try {
      return calibrationResultFromBytes(stored);
    } catch {
      throw new ServiceError('results_unavailable', `the stored result of calibration ${id} cannot be read now`);
    }
  });
}
