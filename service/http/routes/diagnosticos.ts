// POST and GET /v1/diagnosticos/{codigo}, GET .../cotacao and POST .../crescimento (spec "City
// diagnosis and growth"): HTTP adapters over service/operations/open-city-diagnosis.ts,
// get-city-diagnosis.ts, quote-city-diagnosis.ts and estimate-growth.ts. Which release a city is
// read at is the store's (service/jobs/city-diagnoses.ts); the tables are src/context/'s.
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth.js';
import { typedRoutes } from '../typed-routes.js';
import { CONTEXT_NOTES, NOT_MODIFIED, SECURITY, errorResponses } from '../schemas.js';
import { sendHeavyRead, type HeavyReadRoutesOptions } from '../heavy-read.js';
import { estimateGrowth } from '../../operations/estimate-growth.js';
import { getCityDiagnosis, releaseOfDiagnosisRead } from '../../operations/get-city-diagnosis.js';
import { openCityDiagnosis } from '../../operations/open-city-diagnosis.js';
import { quoteCityDiagnosis } from '../../operations/quote-city-diagnosis.js';

const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;
const OPEN_LIST = { type: 'array', items: OPEN_OBJECT } as const;
const RELEASES = {
  release: { type: 'string', description: 'the release the city is read at: the newest the project opened it at' },
  release_mais_nova: { type: 'string', description: 'the newest release; open the city again to read it there' },
} as const;
const NOT_OPEN = 'diagnosis_not_open (the project has not opened the city: POST /v1/diagnosticos/{codigo}), or missing_scope';
const UNKNOWN = 'municipality_unknown (not a municipality of the 2022 Census grid)';

const RECEIPT = {
  type: 'object',
  required: ['recibo', 'municipio', 'nome', 'release', 'setores', 'preco_micros', 'aberto_em'],
  properties: {
    recibo: { type: 'string', format: 'uuid', description: 'the receipt: the same on every repeat at this release' },
    municipio: { type: 'string' },
    nome: { type: 'string' },
    release: { type: 'string', description: 'the newest release, at which the city is opened and from now on read' },
    setores: { type: 'integer', description: 'tracts of the city at that release' },
    preco_micros: { type: 'integer', description: 'what the opening cost, recorded on the receipt (zero since 2026-10-12)' },
    aberto_em: { type: 'string', format: 'date-time' },
  },
} as const;

const DIAGNOSIS = {
  type: 'object',
  additionalProperties: true,
  description:
    'Without variavel: the summary (setores; variaveis, each with its observed tables, how many modelled numbers are published ' +
    'under the error cutoff and why the others are not). With a count variable: observados (one table per census grid that observed it) ' +
    'and sinteticos (n and erro per tract of the release, or null with motivo: erro_acima_do_corte, erro_nao_medido, sem_populacao_sintetica). ' +
    'With escolas: the distance from each tract to the nearest school of each stage, or disponivel false with motivo.',
  required: ['municipio', 'nome', 'release', 'release_mais_nova', 'corte_erro', 'fontes', 'aviso'],
  properties: {
    municipio: { type: 'string' },
    nome: { type: 'string' },
    ...RELEASES,
    corte_erro: { type: 'number', description: 'the tract error above which a modelled number is hidden (0.50)' },
    variavel: { type: 'string' },
    setores: { description: 'summary: the number of tracts; escolas: one row per tract' },
    variaveis: OPEN_LIST,
    observados: OPEN_LIST,
    sinteticos: OPEN_OBJECT,
    ...CONTEXT_NOTES,
  },
} as const;

const QUOTE = {
  type: 'object',
  required: ['municipio', 'nome', 'release', 'setores', 'preco_micros', 'aberto'],
  properties: {
    municipio: { type: 'string' },
    nome: { type: 'string' },
    release: { type: 'string', description: 'the newest release: the one an opening uses' },
    setores: { type: 'integer', description: 'tracts of the city at that release' },
    preco_micros: { type: 'integer', description: 'zero since 2026-10-12; a city opened at that release shows the price its receipt recorded' },
    aberto: { type: 'boolean', description: 'the project already opened the city at the newest release' },
    release_aberta: { type: 'string', description: 'present when the project opened the city at any release: the release it is read at' },
  },
} as const;

const GROWTH = {
  type: 'object',
  additionalProperties: true,
  required: ['municipio', 'release', 'release_mais_nova', 'unidades', 'local', 'setores_referencia', 'respostas', 'fontes', 'aviso'],
  properties: {
    municipio: { type: 'string' },
    ...RELEASES,
    unidades: { type: 'integer' },
    local: { ...OPEN_OBJECT, description: 'lat, lon and origem (poligono: its area centroid; setores: the mean centre of the tracts)' },
    setores_referencia: { ...OPEN_LIST, description: 'the five urban tracts of the release nearest the site: setor, distancia_m, moradores_por_domicilio' },
    respostas: {
      type: 'object',
      additionalProperties: OPEN_OBJECT,
      description: 'residentes, criancas_0_14, atencao_basica, pronto_atendimento, hospital, escola_*, agua, esgoto, declividade: ' +
        'each valor (faixa where the measurement gives a band), unidade, base, texto, or retida true with motivo',
    },
    ...CONTEXT_NOTES,
  },
} as const;

export async function diagnosticoRoutes(fastify: FastifyInstance, { ctx, answers }: HeavyReadRoutesOptions): Promise<void> {
  const app = typedRoutes(fastify);
  app.post('/v1/diagnosticos/:codigo', {
    config: { scope: openCityDiagnosis.scope },
    schema: {
      tags: ['diagnosticos'],
      summary: 'Open the city\'s diagnosis for the key\'s project at the newest release (free)',
      description: '201 with the receipt when this opens the city at the newest release; 200 with the same receipt afterwards.',
      security: SECURITY,
      ...openCityDiagnosis.input,
      response: {
        200: { ...RECEIPT, description: 'the receipt of the earlier opening at this release' },
        201: { ...RECEIPT, description: 'the receipt, opened now' },
        ...errorResponses([401, 403, 404, 422, 429], { 404: UNKNOWN }),
      },
    },
  }, async (request, reply) => {
    const { receipt, created } = await openCityDiagnosis.run(ctx, principalOf(request), request.params);
    return reply.code(created ? 201 : 200).send(receipt);
  });

  app.get('/v1/diagnosticos/:codigo', {
    config: { scope: getCityDiagnosis.scope },
    schema: {
      tags: ['diagnosticos'],
      summary: 'The city\'s diagnosis at the release the project opened it: the summary, or one variable per tract',
      security: SECURITY,
      ...getCityDiagnosis.input,
      response: {
        200: DIAGNOSIS,
        304: NOT_MODIFIED,
        ...errorResponses([401, 403, 404, 422, 429, 503], { 403: NOT_OPEN, 404: UNKNOWN, 422: 'the validation form, unknown_variable (with variaveis) or release_unavailable' }),
      },
    },
  }, async (request, reply) => {
    // checked per project (open, at which release); the answer is the city's at that release,
    // the same for every project: a heavy read, built in the answer thread (http/heavy-read.ts;
    // São Paulo's escolas is 7 MB)
    const { codigo } = request.params;
    const { variavel } = request.query;
    const release = await releaseOfDiagnosisRead(ctx, principalOf(request), { codigo, variavel });
    return sendHeavyRead(ctx, request, reply, await answers.answerOf({ read: 'diagnostico', codigo, variavel, release }));
  });

  app.get('/v1/diagnosticos/:codigo/cotacao', {
    config: { scope: quoteCityDiagnosis.scope },
    schema: {
      tags: ['diagnosticos'],
      summary: 'What opening the city at the newest release gives and costs, and whether the project opened it',
      security: SECURITY,
      ...quoteCityDiagnosis.input,
      response: { 200: QUOTE, ...errorResponses([401, 403, 404, 422, 429], { 404: UNKNOWN }) },
    },
  }, async (request) => quoteCityDiagnosis.run(ctx, principalOf(request), request.params));

  app.post('/v1/diagnosticos/:codigo/crescimento', {
    config: { scope: estimateGrowth.scope },
    schema: {
      tags: ['diagnosticos'],
      summary: 'What a housing development asks of the city, from the diagnosis tables of the release the project opened (free)',
      description:
        'Residents and children by analogy with the five nearest urban tracts (with the band the measurement supports), the nearest ' +
        'health unit, schools, sanitation and slope; an answer the data cannot give is withheld with a reason. Refusals: 422 ' +
        'invalid_growth_request with a growth_* contract_code and field; 403 diagnosis_not_open.',
      security: SECURITY,
      ...estimateGrowth.input,
      response: {
        200: GROWTH,
        ...errorResponses([401, 403, 404, 422, 429, 503], { 403: NOT_OPEN, 404: UNKNOWN, 422: 'invalid_growth_request with contract_code and field, or the validation form' }),
      },
    },
  }, async (request) => estimateGrowth.run(ctx, principalOf(request), { ...request.params, pedido: request.body }));
}
