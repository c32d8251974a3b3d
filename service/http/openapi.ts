// The OpenAPI 3.1 document of the /v1 API, built from the routes' own schemas (so it cannot drift
// from what the service checks), served at GET /v1/openapi.json and as a browsable page at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { getCalibrationSchema, getScenarioSchema } from '../../src/contract/schemas.js';
import { growthRequestSchema } from '../../src/context/growth-request-schema.js';
import { fillTemplate } from '../../library/fill-template.js';
import { readPackageVersion } from '../../src/package-version.js';
import { openRelease } from '../../src/release/release.js';

/** operationId of a route: its method and path, e.g. get_jobs_job_id for GET /v1/jobs/:job_id. */
export function operationIdOf(method: string, url: string): string {
  const path = url.replace(/^\/v1\//, '/').split('/').filter(Boolean).map((p) => p.replace(/^:/, '').replace(/[^a-zA-Z0-9]+/g, '_'));
  return [method.toLowerCase(), ...path].join('_');
}

type Doc = { paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; $ref?: string }; example?: unknown }> } }>>; components?: Record<string, unknown> };

/**
 * The document as published: `pedido` of every request body points at the contract's own JSON
 * Schema (a components entry, also served at /v1/schemas/...), with an example from the library,
 * and the growth request body at its own (PedidoCrescimento).
 * Only the document changes: the routes still check `pedido` as an object and leave its content
 * to the contract, whose refusals carry contract codes (docs/api.md).
 */
function linkContracts(doc: Doc): Doc {
  const example = { pedido: fillTemplate('vacinacao-adultos', { municipio: ['1400100'] }, openRelease(), new Date('2026-11-23T00:00:00Z')).pedido };
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const op of Object.values(methods)) {
      const json = op.requestBody?.content?.['application/json'];
      // The growth request is the whole body, judged by its contract (growth_* codes) too.
      if (json && path.endsWith('/crescimento')) {
        json.schema = { $ref: '#/components/schemas/PedidoCrescimento' };
        continue;
      }
      if (!json?.schema?.properties?.pedido) continue;
      const calibration = path.startsWith('/v1/calibracoes');
      json.schema.properties.pedido = { $ref: `#/components/schemas/${calibration ? 'PedidoCalibracao' : 'CenarioCampanha'}` };
      if (!calibration) json.example = example;
    }
  }
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  components.schemas = { ...components.schemas, CenarioCampanha: getScenarioSchema(), PedidoCalibracao: getCalibrationSchema(), PedidoCrescimento: growthRequestSchema() };
  return { ...doc, components };
}

/** Registers the document generator; must run before the routes so it sees them. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'campaign-sim service',
        version: readPackageVersion(),
        description:
          'Campaign simulation over a synthetic population of Brazilian municipalities. ' +
          'Every route except the two schema routes needs Authorization: Bearer <API_KEY>. ' +
          'Errors: {detail: {code, message, contract_code?, field?}}; a request outside a route\'s format: ' +
          '422 {detail: [{loc, msg, type, input, ctx}]}; a burst limit: 403 with no body. See docs/api.md.',
      },
      servers: [{ url: 'http://127.0.0.1:8080', description: 'campaign-sim serve (npm start), its default address' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'svc_<prefix>_<secret>' } },
      },
      tags: [
        { name: 'identity' }, { name: 'schemas' }, { name: 'jobs' }, { name: 'findings' }, { name: 'calibracoes' }, { name: 'library' }, { name: 'health' },
        { name: 'municipios', description: 'municipality context: read-only public data, never an input to a simulation' },
        { name: 'diagnosticos', description: 'city diagnosis and growth estimate' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => ({
      schema: schema && !(schema as { hide?: boolean }).hide
        ? { ...schema, operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(String(route.method), url) } as typeof schema
        : schema,
      url,
    }),
    transformObject: (d) => linkContracts((d as { openapiObject: Doc }).openapiObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
