// The OAuth routes on the API's app (docs/agents.md):
//  - /.well-known/oauth-protected-resource/mcp (and /.well-known/oauth-protected-resource):
//    the MCP server's protected-resource metadata (RFC 9728), naming the authorization server;
//  - /.well-known/oauth-authorization-server and /.well-known/openid-configuration: the
//    authorization server's metadata (RFC 8414), the provider's own discovery document;
//  - /oauth/*: the provider's endpoints (authorize, token, register, revoke, jwks, ...).
// The provider is a Koa app: these routes hand it the raw request and response. Its bodies are
// left unread here (a pass-through parser in this plugin only) so it parses them itself.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AGENT_SCOPES } from './agent-scopes.js';
import { handleWithProvider, MCP_RESOURCE_PATH, OAUTH_PATH, type AgentAuthorization, type AuthorizationServer } from './agent-authorization.js';

const PRM_PATH = '/.well-known/oauth-protected-resource';

/** Where the MCP server's protected-resource metadata is (WWW-Authenticate of /mcp). */
export function resourceMetadataUrl(server: AuthorizationServer): string {
  return `${server.issuer}${PRM_PATH}${MCP_RESOURCE_PATH}`;
}

export async function oauthRoutes(app: FastifyInstance, { agents }: { agents: AgentAuthorization }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));
  // not in the OpenAPI document (the metadata describe them); under the burst per origin address
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
    route.config = { ...route.config, porOrigem: true };
  });

  const toProvider = (rewrite?: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const server = agents.server();
    if (rewrite) request.raw.url = rewrite;
    reply.hijack();
    handleWithProvider(server, request.raw, reply.raw);
  };
  app.all(`${OAUTH_PATH}/*`, toProvider());
  app.get('/.well-known/openid-configuration', toProvider());
  app.get('/.well-known/oauth-authorization-server', toProvider('/.well-known/openid-configuration'));

  const metadata = async (_request: FastifyRequest, reply: FastifyReply) => {
    const server = agents.server();
    return reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600').send({
      resource: server.resource,
      authorization_servers: [server.issuer],
      scopes_supported: [...AGENT_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'campaign-sim MCP server',
      resource_documentation: `${server.issuer}/docs`,
    });
  };
  app.get(`${PRM_PATH}${MCP_RESOURCE_PATH}`, metadata);
  app.get(PRM_PATH, metadata);
}
