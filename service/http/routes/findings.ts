// GET /v1/jobs/{job_id}/findings, GET /v1/jobs/{job_id}/setores (spec "Findings and comparison")
// and GET /v1/jobs/{job_id}/respostas (this project's extension: the answers to the job's answer
// contract). HTTP adapters over service/operations/; the tables, the answers, the privacy rule
// and the per-tract reasons are the findings library's.
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth.js';
import { typedRoutes } from '../typed-routes.js';
import type { ServiceContext } from '../../service-context.js';
import { SECURITY, errorResponses, ref } from '../schemas.js';
import { getAnswers } from '../../operations/get-answers.js';
import { getFindings } from '../../operations/get-findings.js';
import { getTractEvents } from '../../operations/get-tract-events.js';

const FINDINGS_ERRORS = errorResponses([401, 403, 404, 409, 422, 429, 503]);

export async function findingsRoutes(fastify: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = typedRoutes(fastify);
  app.get('/v1/jobs/:job_id/findings', {
    config: { scope: getFindings.scope },
    schema: {
      tags: ['findings'],
      summary: 'Findings table of a concluded job, under the privacy rule',
      security: SECURITY,
      ...getFindings.input,
      response: { 200: ref('FindingsTable'), ...FINDINGS_ERRORS },
    },
  }, async (request) => getFindings.run(ctx, principalOf(request), { ...request.query, ...request.params }));

  app.get('/v1/jobs/:job_id/setores', {
    config: { scope: getTractEvents.scope },
    schema: {
      tags: ['findings'],
      summary: 'Events of one municipality by census tract and week (jobs with saida_por_setor)',
      security: SECURITY,
      ...getTractEvents.input,
      response: { 200: ref('TractEvents'), ...FINDINGS_ERRORS },
    },
  }, async (request) => getTractEvents.run(ctx, principalOf(request), { ...request.query, ...request.params }));

  app.get('/v1/jobs/:job_id/respostas', {
    config: { scope: getAnswers.scope },
    schema: {
      tags: ['findings'],
      summary: 'Answers to the job\'s answer contract (contrato_de_resposta), under the privacy rule (extension)',
      description:
        'An extension of this service (the spec names the MCP tool get_answers, not a route). For a concluded simulation, ' +
        'one answer per question of contrato_de_resposta, in its order: quantos (n, base, parte, erro_padrao at the week asked), ' +
        'quando (the first week the share is reached), onde (the territory\'s units ranked at the week asked), comparar (a and b, ' +
        'each the plain answer for one variant, and diferenca b minus a). Each answer repeats the question\'s territorio and publico; ' +
        'a withheld number is null with retida true and motivo (menor_que_k, complementar, erro_acima_do_corte, erro_nao_medido, sem_resultado, ' +
        'semana_fora_do_horizonte; nao_alcancada for a share not reached). A job without a contract answers respostas []. ' +
        'Refusals as for findings: 404 not_found, 409 result_not_ready, 422 not_a_simulation for a calibration.',
      security: SECURITY,
      ...getAnswers.input,
      response: { 200: ref('Answers'), ...FINDINGS_ERRORS },
    },
  }, async (request) => getAnswers.run(ctx, principalOf(request), request.params));
}
