// Calibrations (spec "Calibrations"): quote, submit (a job of tipo calibracao that reserves the
// quoted price), read the result. HTTP adapters over service/operations/ (the body
// {pedido, serie, serie_sha256} is checked there by calibration/validate-request.ts); the worker
// runs the job with calibration/job.ts and progress rides on the job's heartbeats.
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth.js';
import { typedRoutes } from '../typed-routes.js';
import { CALIBRATION_BODY_LIMIT } from '../body-limits.js';
import type { ServiceContext } from '../../service-context.js';
import { SECURITY, SUBMIT_RESPONSES, errorResponses } from '../schemas.js';
import { sendSubmitted } from '../submit.js';
import { estimateCalibration } from '../../operations/estimate-calibration.js';
import { getCalibration } from '../../operations/get-calibration.js';
import { submitCalibration } from '../../operations/submit-calibration.js';

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

export async function calibracaoRoutes(fastify: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = typedRoutes(fastify);
  app.post('/v1/calibracoes/estimate', {
    config: { scope: estimateCalibration.scope, body: CALIBRATION_BODY_LIMIT },
    schema: {
      tags: ['calibracoes'],
      summary: 'Check a calibration request and its series and quote it; reserves nothing',
      security: SECURITY,
      ...estimateCalibration.input,
      response: { 200: CALIBRATION_QUOTE, ...errorResponses([401, 403, 413, 422, 429]) },
    },
  }, async (request) => estimateCalibration.run(ctx, principalOf(request), request.body));

  app.post('/v1/calibracoes', {
    config: { scope: submitCalibration.scope, body: CALIBRATION_BODY_LIMIT },
    schema: {
      tags: ['calibracoes'],
      summary: 'Submit a calibration as a job of tipo calibracao: reserves the quoted price',
      description:
        '201 when this Idempotency-Key creates the job; 200 with the same job when the key is repeated with the same ' +
        'request (charged once); 409 idempotency_key_reused with another request. Follow the job with GET /v1/jobs/{id}; ' +
        'while it runs, its progress is rodadas_feitas of rodadas.',
      security: SECURITY,
      ...submitCalibration.input,
      response: SUBMIT_RESPONSES,
    },
  }, async (request, reply) => {
    const input = { ...request.body, idempotency_key: request.headers['idempotency-key'] };
    return sendSubmitted(reply, await submitCalibration.run(ctx, principalOf(request), input));
  });

  app.get('/v1/calibracoes/:id', {
    config: { scope: getCalibration.scope },
    schema: {
      tags: ['calibracoes'],
      summary: 'The result of a concluded calibration: verdict, identifiability, search record, parameters, calibrated scenario',
      security: SECURITY,
      ...getCalibration.input,
      response: { 200: CALIBRATION_RESULT, ...errorResponses([401, 403, 404, 409, 422, 429, 503]) },
    },
  }, async (request) => getCalibration.run(ctx, principalOf(request), request.params));
}
