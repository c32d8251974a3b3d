// GET /: the service's front door. A browser (Accept naming text/html) is sent to the console
// (303 to /console, which asks a signed-out person to sign in); any other client gets a small
// JSON pointer to the API's documentation instead of a 404. Public and never counted, like /docs;
// kept out of the OpenAPI document (not part of the API). docs/console.md says both answers.
import type { FastifyInstance } from 'fastify';

export const ROOT_POINTER = {
  servico: 'campaign-sim',
  docs: '/docs',
  openapi: '/v1/openapi.json',
  console: '/console',
} as const;

export async function rootRoutes(app: FastifyInstance, o: { consolePath: string }): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (req, reply) => {
    if ((req.headers.accept ?? '').includes('text/html')) return reply.redirect(o.consolePath, 303);
    return ROOT_POINTER;
  });
}
