// GET /v1/biblioteca and GET /v1/biblioteca/{modelo} (spec "Library": any key may read; free,
// counted like any call; the list is a heavy read, http/heavy-read.ts). HTTP adapters over
// service/operations/get-library.ts; the templates,
// how a place is filled and the public cases are library/'s (docs/library.md).
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth.js';
import { typedRoutes } from '../typed-routes.js';
import { NOT_MODIFIED, SECURITY, errorResponses } from '../schemas.js';
import { getLibrary, getLibraryTemplate } from '../../operations/get-library.js';
import { sendHeavyRead, type HeavyReadRoutesOptions } from '../heavy-read.js';
import { newestRelease } from '../../../src/release/release.js';

const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;
const STRINGS = { type: 'array', items: { type: 'string' } } as const;

const TEMPLATE_VIEW = {
  id: { type: 'string' },
  setor: { type: 'string' },
  nome: { type: 'string' },
  para_que_serve: { type: 'string' },
  premissas: { ...STRINGS, description: 'assumptions, not results: audience, channels with days and intensity, horizon' },
  calibracao: { type: 'string', enum: ['calibrado', 'nao_calibrado'], description: 'nao_calibrado: not calibrated against real data, and a job made from the template says so' },
} as const;

export async function bibliotecaRoutes(fastify: FastifyInstance, { ctx, answers }: HeavyReadRoutesOptions): Promise<void> {
  const app = typedRoutes(fastify);
  app.get('/v1/biblioteca', {
    config: { scope: getLibrary.scope },
    schema: {
      tags: ['library'],
      summary: 'Campaign templates by sector and the public validation cases (any key; free, counted like any call)',
      security: SECURITY,
      ...getLibrary.input,
      response: {
        200: {
          type: 'object',
          required: ['modelos', 'casos', 'aviso'],
          properties: {
            modelos: { type: 'array', items: { type: 'object', required: Object.keys(TEMPLATE_VIEW), properties: TEMPLATE_VIEW } },
            casos: { type: 'array', items: { ...OPEN_OBJECT, description: 'id, nome, o_que_foi_medido, release, vale_ate_dia, resumo, ufs, testes, fonte, metodo, aviso; agregados and, for pix, veredito_em_vigor (extensions)' } },
            aviso: { type: 'string' },
          },
        },
        304: NOT_MODIFIED,
        ...errorResponses([401, 429]),
      },
    },
  }, async (request, reply) => {
    // the same for every key (25 to 50 ms to build): a heavy read (http/heavy-read.ts)
    const principal = principalOf(request);
    const answer = await answers.answer(`/biblioteca|${newestRelease()}`, async () => reply.serialize(await getLibrary.run(ctx, principal, {})));
    return sendHeavyRead(ctx, request, reply, answer);
  });

  app.get('/v1/biblioteca/:modelo', {
    config: { scope: getLibraryTemplate.scope },
    schema: {
      tags: ['library'],
      summary: 'One template; with uf and/or municipio, pedido: the complete scenario for that place, checked as the quote checks it',
      security: SECURITY,
      ...getLibraryTemplate.input,
      response: {
        200: {
          type: 'object',
          required: [...Object.keys(TEMPLATE_VIEW), 'cenario', 'perguntas', 'aviso', 'pedido'],
          properties: {
            ...TEMPLATE_VIEW,
            cenario: { ...OPEN_OBJECT, description: 'a campaign request without place and without what the platform fills' },
            perguntas: { type: 'array', items: { ...OPEN_OBJECT, description: '{texto, pergunta}: an answer-contract question without territorio, and its wording' } },
            aviso: { type: 'string' },
            pedido: { ...OPEN_OBJECT, nullable: true, description: 'the complete campaign scenario for the place; null without a place' },
          },
        },
        ...errorResponses([401, 404, 422, 429]),
      },
    },
  }, async (request) => getLibraryTemplate.run(ctx, principalOf(request), { ...request.query, ...request.params }));
}
