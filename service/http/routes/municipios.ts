// GET /v1/municipios/{codigo}/perfil, /setores, /setores/nomes, /setores/geometria, /chuva and
// /saude (spec "Municipality context", results:read): HTTP adapters over
// service/operations/get-municipality-context.ts. What each answer holds, and what this data
// version lacks, is src/context/'s (docs/context.md).
import type { FastifyInstance } from 'fastify';
import { CONTEXT_NOTES, NOT_MODIFIED, SECURITY, errorResponses } from '../schemas.js';
import { sendHeavyRead, type HeavyReadRoutesOptions } from '../heavy-read.js';
import { typedRoutes } from '../typed-routes.js';
import {
  getHealthUnits, getMunicipalityProfile, getMunicipalityRainfall, getMunicipalityTracts, getTractGeometry, getTractNames,
  type ContextRead,
} from '../../operations/get-municipality-context.js';

const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;
const OPEN_LIST = { type: 'array', items: OPEN_OBJECT } as const;
const NULOS = { type: 'object', additionalProperties: { type: 'string' }, description: 'why each null field is null' } as const;
const CONTEXT_ERRORS = {
  404: 'municipality_unknown (not a municipality of the 2022 Census grid)',
  503: 'tracts_unavailable, rainfall_unavailable, relief_unavailable or diagnosis_unavailable: a source file cannot be read',
};

/** A response of the context routes: the fields named, fontes and aviso, and what else the library adds. */
function contextResponse(description: string, properties: Record<string, unknown>) {
  return {
    type: 'object', description, additionalProperties: true,
    required: ['municipio', ...Object.keys(properties), 'fontes', 'aviso'],
    properties: { municipio: { type: 'string' }, ...properties, ...CONTEXT_NOTES },
  };
}

const PROFILE = contextResponse('what this data version has of the municipality; absent data null with the reason in nulos', {
  nome: { type: 'string' },
  uf: { type: 'string' },
  populacao_2022: { type: 'integer' },
  domicilios_ocupados_2022: { type: 'integer' },
  renda_media_responsavel_2022: { type: ['number', 'null'], description: 'mean income of household heads, R$ of 2022' },
  altitude_sede_m: { type: ['number', 'null'] },
  distritos: OPEN_LIST,
  saneamento: { ...OPEN_LIST, description: 'SNIS 2021, one row per provider filed under the municipality' },
  area_urbanizada_2022_km2: { type: 'null' },
  crescimento_area_urbanizada_desde_2019: { type: 'null' },
  cobertura_terra_2025: { type: 'null' },
  area_urbana_desde_1985: { type: 'null' },
  nulos: NULOS,
});

const TRACTS = contextResponse('a page of the tract grid with its summary (resumo); limite 0 gives the summary only', {
  resumo: { ...OPEN_OBJECT, description: 'setores, malha (ibge_2022, ibge_2010 or modelado), release, com_residentes, residentes, domicilios, urbanos, com_posicao' },
  setores: { ...OPEN_LIST, description: 'setor, urbano, residentes, domicilios, cobertura_terra, edificacoes, declividade_pct' },
  nulos: NULOS,
  total: { type: 'integer' },
  limite: { type: 'integer' },
  offset: { type: 'integer' },
  truncado: { type: 'boolean' },
});

const NAMES = contextResponse('a label for each tract, by the spec\'s precedence as far as this data version goes', {
  setores: { ...OPEN_LIST, description: 'setor, nome, lugar, origem (stat_bairro, stat_distrito; null for the last digits of the code), credito, distancia_m, bairro, distrito, subdistrito' },
});

const RAINFALL = contextResponse('monthly rainfall (BR-DWGD, grid cell nearest the centroid; North region, 2001-01 to 2024-02)', {
  periodo_disponivel: { type: ['object', 'null'], additionalProperties: true, description: '{inicio, fim} as YYYY-MM; null outside the coverage' },
  normal: { type: ['object', 'null'], additionalProperties: true, description: 'periodo, meses_mm, anual_mm, mes_mais_chuvoso over the complete years available' },
  anos: { ...OPEN_LIST, description: 'ano, total_mm, meses, anomalia_mm (null for a year with fewer than 12 months)' },
  meses: { ...OPEN_LIST, description: 'ano, mes, chuva_mm' },
});

const HEALTH = contextResponse('health facilities with coordinates: UBS, and hospitals and urgent care of the CNES of mid-2017 (20 UFs)', {
  unidades: { ...OPEN_LIST, description: 'cnes, nome, lat, lon, grupo (atencao_basica, pronto_atendimento, hospital), tipo (UBS or the CNES unit type), usada (nearest of its group to some tract; null without tract positions), dentro_do_municipio' },
  resumo: { ...OPEN_OBJECT, description: 'atencao_basica, pronto_atendimento, hospital (facilities in the source), sem_coordenadas and usadas per group; pronto_atendimento and hospital null where the CNES 2017 extract does not cover the UF (BA MG PR RJ RS SC SP)' },
});

const GEOMETRY_RESPONSE = {
  description: 'a GeoJSON FeatureCollection, one feature per tract with properties setor and modelado, simplified to about 11 m, ' +
    'with fontes and aviso as foreign members; sent with Content-Encoding: gzip (as identity when Accept-Encoding refuses gzip)',
  content: { 'application/geo+json': { schema: { type: 'object', required: ['type', 'features', 'fontes', 'aviso'], properties: { type: { const: 'FeatureCollection' }, features: OPEN_LIST, ...CONTEXT_NOTES } } } },
};

export async function municipioRoutes(fastify: FastifyInstance, { ctx, answers }: HeavyReadRoutesOptions): Promise<void> {
  const app = typedRoutes(fastify);
  // Every context answer is a heavy read (http/heavy-read.ts): public data, the same for every
  // caller with results:read, up to 7 MB (São Paulo's tract names), built in the answer thread.
  const route = (path: string, read: 'perfil' | 'nomes' | 'chuva' | 'saude', summary: string, operation: ContextRead<unknown>, response: object) =>
    app.get(`/v1/municipios/:codigo${path}`, {
      config: { scope: operation.scope },
      schema: { tags: ['municipios'], summary, security: SECURITY, ...operation.input, response: { 200: response, 304: NOT_MODIFIED, ...errorResponses([401, 403, 404, 422, 429, 503], CONTEXT_ERRORS) } },
    }, async (request, reply) => sendHeavyRead(ctx, request, reply, await answers.answerOf({ read, codigo: request.params.codigo })));

  route('/perfil', 'perfil', 'Profile of a municipality: 2022 population, households and income, seat altitude, districts, sanitation', getMunicipalityProfile, PROFILE);
  route('/setores/nomes', 'nomes', 'A name for each tract (reported neighbourhood, district, or the last digits of the code); public data', getTractNames, NAMES);
  route('/chuva', 'chuva', 'Monthly rainfall: the normal of each month, yearly totals with anomaly, the monthly series', getMunicipalityRainfall, RAINFALL);
  route('/saude', 'saude', 'Health facilities with coordinates (primary care, urgent care, hospitals); usada when nearest of its group to some tract', getHealthUnits, HEALTH);

  app.get('/v1/municipios/:codigo/setores', {
    config: { scope: getMunicipalityTracts.scope },
    schema: {
      tags: ['municipios'],
      summary: 'The municipality\'s tracts with a summary; land cover, buildings and slope per tract are null with the reason',
      security: SECURITY,
      ...getMunicipalityTracts.input,
      response: { 200: TRACTS, 304: NOT_MODIFIED, ...errorResponses([401, 403, 404, 422, 429, 503], { ...CONTEXT_ERRORS, 404: `${CONTEXT_ERRORS[404]} or relief_missing (no relief in this data version)` }) },
    },
  }, async (request, reply) => {
    const { codigo } = request.params;
    const { limite, offset } = request.query;
    return sendHeavyRead(ctx, request, reply, await answers.answerOf({ read: 'setores', codigo, limite, offset }));
  });

  app.get('/v1/municipios/:codigo/setores/geometria', {
    config: { scope: getTractGeometry.scope },
    schema: {
      tags: ['municipios'],
      summary: 'GeoJSON of the municipality\'s tracts, simplified to about 11 m, gzip',
      security: SECURITY,
      ...getTractGeometry.input,
      response: { 200: GEOMETRY_RESPONSE, 304: NOT_MODIFIED, ...errorResponses([401, 403, 404, 422, 429, 503], CONTEXT_ERRORS) },
    },
  }, async (request, reply) => {
    const answer = await answers.answerOf({ read: 'geometria', codigo: request.params.codigo });
    return sendHeavyRead(ctx, request, reply, answer, { type: 'application/geo+json; charset=utf-8', gzipWhenUnasked: true });
  });
}
