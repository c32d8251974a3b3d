// Who may call what, and how calls are counted (spec "Authentication" and "Limits").
// Order of checks for a request, and why:
// 1. burst (onRequest): per credential (the bearer token, whatever the spelling of the scheme)
//    and per origin address; a blocked call gets 403 with no body and is not counted against the
//    hour. It comes first because it protects the service from floods whatever they carry.
// 2. credential and scope of a request that carries a body (onRequest, before the body is
//    read): 401 invalid_api_key, 403 missing_scope. A client without the route's power must not
//    make the service read and parse a large body (a read-only key posting 27 MiB of brackets
//    to a calibration route held the event loop for 7 s).
// 3. format (422 validation form): "refused before anything else" among what is read; a call
//    with a valid credential and scope is still counted (every call a key may make counts).
// 4. credential of a request without a body (401 invalid_api_key with WWW-Authenticate: Bearer),
//    5. scope (403 missing_scope): neither is counted.
// 6. the hourly budgets (429 query_budget_exceeded with Retry-After), then the handler.
// The credential is looked up once, in onRequest (authenticateCall); scope and budget are
// admitPrincipal (operations/admit-call.ts), which the MCP tools use too. A call without a body
// whose key the cache holds (no query to find it) and that has the route's scope takes 1 and 6
// in one exchange with the counters (checkBurstThenCount: on PostgreSQL one round trip of two)
// and keeps the count's outcome for the preHandler: the same checks in the same order, the same
// outcome (a format error is counted there as here, and answers 422 over budget too).
// Routes without `config.scope` (schemas, OpenAPI, docs) are public and never counted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { cachedApiKey, type Scope } from '../accounts/api-keys.js';
import type { CallBudget } from '../accounts/rate-limit.js';
import { sendFormatError, itemsOfValidation } from './error-handler.js';
import { admitPrincipal, authenticateCall, lacksScope, scopeRefusal } from '../operations/admit-call.js';
import type { Principal } from '../operations/operation.js';
import type { ServiceContext } from '../service-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope the route needs (spec table "Scopes"); null: any valid key; absent for public routes. */
    scope?: Scope | null;
    /** The MCP endpoint: under the burst limits like the API; its tool calls are admitted one by one (service/mcp/). */
    mcp?: boolean;
    /**
     * Under the burst per origin address only (the spec counts it "across the app, API and MCP"):
     * the OAuth endpoints for agents (service/oauth/), whose Authorization header is no API credential.
     */
    porOrigem?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The credential's lookup, made in onRequest: its principal, or the refusal to answer when the format is right. */
    authentication: { principal: Principal; count?: CallBudget | ServiceError } | { refusal: ServiceError } | null;
  }
}

/** The key of `Authorization: Bearer <key>`, or null when the header is absent or of another scheme. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1] : null;
}

/** What the burst per credential counts the request by: its bearer token, or the Authorization value of another form; none on the OAuth endpoints. */
export function burstCredentialOf(request: FastifyRequest): string | null {
  if (request.routeOptions.config.porOrigem) return null;
  const header = request.headers.authorization;
  return bearerToken(header) ?? header ?? null;
}

/** True when the request announces a body (Content-Length above 0, or a chunked body). */
function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The burst limit's refusal. Spec: "403 with no JSON body". */
function refuseBurst(reply: FastifyReply): FastifyReply {
  reply.code(403).header('Content-Length', '0').send();
  return reply;
}

/** The principal a request must have past the preHandler of a scoped route. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw new Error('route without config.scope read the principal');
  return request.principal;
}

export function installAuth(app: FastifyInstance, ctx: ServiceContext): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('authentication', null);

  // Every route reports its format errors to the preHandler below instead of failing at once,
  // so a counted caller's malformed call is still counted before the 422.
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Public routes (schemas, OpenAPI, docs) are outside the call limits (service/accounts/rate-limit.ts).
    const config = request.routeOptions.config;
    if (config.scope === undefined && !config.mcp && !config.porOrigem) return;
    const credential = bearerToken(request.headers.authorization);
    const burstCredential = burstCredentialOf(request);
    const known = config.scope !== undefined && !carriesBody(request) ? cachedApiKey(ctx.store, credential, ctx.clock.now()) : undefined;
    if (known && !lacksScope(known, config.scope!)) {
      const both = await ctx.limiter.checkBurstThenCount(burstCredential, request.ip, { keyId: known.keyId, orgId: known.organizationId });
      if (both.blocked) return refuseBurst(reply);
      request.authentication = { principal: known, count: both.count };
      return;
    }
    const burst = await ctx.limiter.checkCredentialBurst(burstCredential, request.ip);
    if (burst.blocked) return refuseBurst(reply);
    if (config.scope === undefined) return;
    try {
      const principal = await authenticateCall(ctx, credential, 'http');
      if (carriesBody(request) && lacksScope(principal, config.scope)) throw scopeRefusal('http', config.scope!);
      request.authentication = { principal };
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      if (carriesBody(request)) throw err;
      request.authentication = { refusal: err };
    }
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = request.routeOptions.config.scope;
    const formatError = request.validationError;
    if (scope === undefined) {
      if (formatError) return sendFormatError(reply, itemsOfValidation(request, formatError as never));
      return;
    }
    const authentication = request.authentication!;
    if (formatError) {
      // A caller admitted to the route is counted; the format refusal answers in every case,
      // over budget too (then admitPrincipal refused and did not count it).
      if ('principal' in authentication && authentication.count === undefined) {
        await admitPrincipal(ctx, authentication.principal, scope, 'http').catch((err: unknown) => {
          if (!(err instanceof ServiceError)) throw err;
        });
      }
      return sendFormatError(reply, itemsOfValidation(request, formatError as never));
    }
    // 401 invalid_api_key, 403 missing_scope, or 429 query_budget_exceeded with Retry-After and the RateLimit headers.
    if ('refusal' in authentication) throw authentication.refusal;
    if (authentication.count instanceof ServiceError) throw authentication.count;
    const { principal, budget } = authentication.count !== undefined ? { principal: authentication.principal, budget: authentication.count }
      : await admitPrincipal(ctx, authentication.principal, scope, 'http');
    reply.headers(budget.headers);
    request.principal = principal;
  });
}
