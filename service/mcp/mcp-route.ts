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
// (service/oauth/). An API key that is not valid (any credential but an agent token's form)
// reaches the tools, which answer isError "unauthorized: ..."; an agent token that is dead is
// HTTP 401 with error="invalid_token", as the MCP authorization specification asks, so the
// agent's client authorizes again (docs/agents.md). Every request is under the burst limits
// (service/http/auth.ts). The body's limit (service/http/body-limits.ts) follows the credential,
// known before any byte is read: the calibration routes' for a credential that may submit one
// (scope simulate), whose series needs it; the ordinary one for another valid credential; an
// MCP message's envelope for one that holds no power (its tools can only answer unauthorized),
// and over that HTTP 401 without reading the body (issue 54: 1 MiB bodies under a fresh junk
// bearer each were parsed, and slowed every other client).
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { bearerToken } from '../http/auth.js';
import { looksLikeAgentToken, readAgentToken } from '../oauth/agent-connections.js';
import { authenticateCall, credentialRefusal, lacksScope } from '../operations/admit-call.js';
import type { Principal } from '../operations/operation.js';
import { CALIBRATION_BODY_LIMIT, DEFAULT_BODY_LIMIT, MCP_WITHOUT_POWER_BODY_LIMIT } from '../http/body-limits.js';
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
   * The principal of the request's credential, read before the body: none is HTTP 401 naming the
   * protected-resource metadata; an agent token's form that is dead (unknown, expired, revoked:
   * disconnected) is HTTP 401 invalid_token, so an agent's client authorizes again. Null: an API
   * key that is not valid, or a live token whose holder lost its power (left the organization,
   * project archived); the tools answer those unauthorized.
   */
  async function principalOf(request: FastifyRequest): Promise<Principal | null> {
    // made here so a token issued before a restart is read by this process's provider
    const server = agents.server();
    const credential = bearerToken(request.headers.authorization);
    const challenge = `resource_metadata="${resourceMetadataUrl(server)}"`;
    if (credential === null) {
      throw new ServiceError('unauthorized',
        'send a project API key as Authorization: Bearer <API_KEY>, or connect as a person\'s agent through OAuth (see WWW-Authenticate)',
        { headers: { 'WWW-Authenticate': `Bearer ${challenge}` } });
    }
    if (!looksLikeAgentToken(credential)) {
      return authenticateCall(ctx, credential, 'mcp').catch((err: unknown) => {
        if (err instanceof ServiceError && err.code === 'unauthorized') return null;
        throw err;
      });
    }
    const agent = await readAgentToken(ctx.store, server, credential, ctx.clock.now());
    if (!agent.live) {
      throw new ServiceError('unauthorized', 'the access token is unknown, expired or revoked: authorize the agent again',
        { headers: { 'WWW-Authenticate': `Bearer error="invalid_token", ${challenge}` } });
    }
    return agent.principal;
  }

  /** The 401 of a body over the envelope from a credential without power: not read. */
  const powerlessBody = () => new ServiceError('unauthorized',
    `the API key or agent is not valid: wrong, expired or revoked, its project archived, or its person left the organization (a body over ${MCP_WITHOUT_POWER_BODY_LIMIT.bytes} bytes is not read from it)`,
    { headers: { 'WWW-Authenticate': `Bearer error="invalid_token", resource_metadata="${resourceMetadataUrl(agents.server())}"` } });

  const principals = new WeakMap<FastifyRequest, Principal | null>();
  const readCredential = async (request: FastifyRequest) => {
    const principal = await principalOf(request);
    principals.set(request, principal);
    // submit_calibration carries a series: the route's limit (the calibration routes') for those who may send it
    request.callerBodyLimit = principal === null ? { ...MCP_WITHOUT_POWER_BODY_LIMIT, refusal: powerlessBody }
      : lacksScope(principal, 'simulate') ? DEFAULT_BODY_LIMIT : null;
  };
  app.post(MCP_PATH, {
    config: { mcp: true, body: CALIBRATION_BODY_LIMIT }, schema: { hide: true }, onRequest: readCredential,
  }, async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = principals.get(request) ?? null;
    const server = createMcpServer(ctx, async () => principal ?? Promise.reject(credentialRefusal('mcp', true)),
      (err) => request.log.error({ err }, 'unexpected failure in an MCP tool'));
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
    await principalOf(request);
    return reply.code(405).header('Allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, POST only' }, id: null });
  };
  app.get(MCP_PATH, { config: { mcp: true }, schema: { hide: true } }, notAllowed);
  app.delete(MCP_PATH, { config: { mcp: true }, schema: { hide: true } }, notAllowed);
}
