// /mcp: the MCP server on the API's Fastify app and port, Streamable HTTP transport.
// Stateless: every POST gets a new server and transport (no session id, JSON responses rather
// than an event stream). Why: each request carries its own credential and every tool call is
// admitted on its own, the tools are request/response with nothing to push, and so any
// service instance can answer any request with no session store to share; building the server
// costs microseconds (bench/mcp.ts). GET (a server-to-client stream) and DELETE (ending a
// session) have nothing to serve: 405, as the SDK's stateless examples answer.
// Without a credential the endpoint answers HTTP 401 before any tool and before reading the body
// (spec "Errors", MCP), with WWW-Authenticate: Bearer resource_metadata="<its protected-resource
// metadata>" (RFC 9728), where an agent's client discovers the authorization server
// (service/oauth/). A credential that is not valid reaches the tools, which answer
// isError "unauthorized: ...". Every request is under the burst limits (service/http/auth.ts).
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { looksLikeApiKey } from '../accounts/api-keys.js';
import { bearerToken } from '../http/auth.js';
import { readAgentToken } from '../oauth/agent-connections.js';
import { authenticateCall, credentialRefusal } from '../operations/admit-call.js';
import type { Principal } from '../operations/operation.js';
import { CALIBRATION_BODY_LIMIT } from '../http/body-limits.js';
import type { AgentAuthorization } from '../oauth/agent-authorization.js';
import { resourceMetadataUrl } from '../oauth/oauth-routes.js';
import type { ServiceContext } from '../service-context.js';
import { createMcpServer } from './mcp-server.js';

export const MCP_PATH = '/mcp';

export interface McpRouteOptions {
  ctx: ServiceContext;
  agents: AgentAuthorization;
}

export async function mcpRoutes(app: FastifyInstance, { ctx, agents }: McpRouteOptions): Promise<void> {
  /**
   * The credential, checked before the body is read: none, or something that is neither an API
   * key nor a live agent token (unknown, expired, revoked: disconnected), is HTTP 401 naming the
   * protected-resource metadata, so an agent's client authorizes again (the MCP authorization
   * specification). A live token whose holder lost its power (left the organization, project
   * archived) and an API key that is not valid reach the tools, which answer unauthorized.
   */
  async function credentialOf(request: FastifyRequest): Promise<() => Promise<Principal>> {
    // made here so a token issued before a restart is read by this process's provider
    const server = agents.server();
    const credential = bearerToken(request.headers.authorization);
    const challenge = `resource_metadata="${resourceMetadataUrl(server)}"`;
    if (credential === null) {
      throw new ServiceError('unauthorized',
        'send a project API key as Authorization: Bearer <API_KEY>, or connect as a person\'s agent through OAuth (see WWW-Authenticate)',
        { headers: { 'WWW-Authenticate': `Bearer ${challenge}` } });
    }
    // an API key is authenticated by each tool call (with the keys' cache)
    if (looksLikeApiKey(credential)) return () => authenticateCall(ctx, credential, 'mcp');
    // an agent's token is read once for the request
    const agent = await readAgentToken(ctx.store, server, credential, ctx.clock.now());
    if (!agent.live) {
      throw new ServiceError('unauthorized', 'the access token is unknown, expired or revoked: authorize the agent again',
        { headers: { 'WWW-Authenticate': `Bearer error="invalid_token", ${challenge}` } });
    }
    const { principal } = agent;
    return async () => principal ?? Promise.reject(credentialRefusal('mcp', true));
  }

  const checked = new WeakMap<FastifyRequest, () => Promise<Principal>>();
  // submit_calibration carries a series: the calibration routes' body limit.
  const refuseKeyless = async (request: FastifyRequest) => { checked.set(request, await credentialOf(request)); };
  app.post(MCP_PATH, { config: { mcp: true }, schema: { hide: true }, bodyLimit: CALIBRATION_BODY_LIMIT, onRequest: refuseKeyless }, async (request: FastifyRequest, reply: FastifyReply) => {
    const server = createMcpServer(ctx, checked.get(request)!, (err) => request.log.error({ err }, 'unexpected failure in an MCP tool'));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    await credentialOf(request);
    return reply.code(405).header('Allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, POST only' }, id: null });
  };
  app.get(MCP_PATH, { config: { mcp: true }, schema: { hide: true } }, notAllowed);
  app.delete(MCP_PATH, { config: { mcp: true }, schema: { hide: true } }, notAllowed);
}
