// GET /v1/whoami (spec "Identity"): the key's project, organization, prefix and scopes.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../service-context.js';
import { principalOf } from '../auth.js';
import { typedRoutes } from '../typed-routes.js';
import { SECURITY, errorResponses } from '../schemas.js';
import { whoami } from '../../operations/whoami.js';

export async function whoamiRoutes(fastify: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = typedRoutes(fastify);
  app.get('/v1/whoami', {
    config: { scope: whoami.scope },
    schema: {
      tags: ['identity'],
      summary: 'The project, organization, key prefix and scopes of the calling key',
      security: SECURITY,
      ...whoami.input,
      response: {
        200: {
          type: 'object',
          required: ['project_id', 'organization_id', 'key_prefix', 'scopes'],
          properties: {
            project_id: { type: 'string', format: 'uuid' },
            organization_id: { type: 'string', format: 'uuid' },
            key_prefix: { type: 'string' },
            scopes: { type: 'array', items: { type: 'string' } },
          },
        },
        ...errorResponses([401, 403, 429]),
      },
    },
  }, async (request) => whoami.run(ctx, principalOf(request), {}));
}
