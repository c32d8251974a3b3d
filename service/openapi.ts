// The OpenAPI 3.1 document of the /v1 API, built from the routes' own schemas (so it cannot drift
// from what the service checks), served at GET /v1/openapi.json and as a browsable page at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { readPackageVersion } from '../src/package-version.js';

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
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'svc_<prefix>_<secret>' } },
      },
      tags: [
        { name: 'identity' }, { name: 'schemas' }, { name: 'jobs' }, { name: 'findings' }, { name: 'calibracoes' }, { name: 'library' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
