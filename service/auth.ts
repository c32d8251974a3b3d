// Who may call what, and how calls are counted (spec "Authentication" and "Limits").
// Order of checks for a request, and why:
// 1. burst (onRequest): per Authorization header value and per origin address; a blocked call gets
//    403 with no body and is not counted against the hour. It comes first because it protects the
//    service from floods whatever they carry.
// 2. format (422 validation form): "refused before anything else", so it wins over 401/403/429; a
//    call with a valid credential and scope is still counted (every call a key may make counts).
// 3. credential (401 invalid_api_key with WWW-Authenticate: Bearer), 4. scope (403 missing_scope):
//    neither is counted.
// 5. the hourly budgets (429 query_budget_exceeded with Retry-After), then the handler.
// Routes without `config.scope` (schemas, OpenAPI, docs) are public and never counted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../src/errors.js';
import { authenticateApiKey, type AuthenticatedKey, type Scope } from './api-keys.js';
import { sendFormatError, itemsOfValidation } from './error-handler.js';
import type { ServiceContext } from './http-context.js';

/** The caller behind a valid credential (an API key today; an agent's token later). */
export type Principal = AuthenticatedKey;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope the route needs (spec table "Scopes"); absent for public routes. */
    scope?: Scope;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The key of `Authorization: Bearer <key>`, or null when the header is absent or of another scheme. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1] : null;
}

function invalidApiKey(message: string): ServiceError {
  return new ServiceError('invalid_api_key', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** The principal a request must have past the preHandler of a scoped route. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw new Error('route without config.scope read the principal');
  return request.principal;
}

export function installAuth(app: FastifyInstance, ctx: ServiceContext): void {
  app.decorateRequest('principal', null);

  // Every route reports its format errors to the preHandler below instead of failing at once,
  // so a counted caller's malformed call is still counted before the 422.
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Public routes (schemas, OpenAPI, docs) are outside the call limits (service/rate-limit.ts).
    if (request.routeOptions.config.scope === undefined) return;
    const burst = await ctx.limiter.checkCredentialBurst(request.headers.authorization ?? null, request.ip);
    if (burst.blocked) {
      // Spec: "403 with no JSON body".
      reply.code(403).header('Content-Length', '0').send();
      return reply;
    }
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = request.routeOptions.config.scope;
    const formatError = request.validationError;
    if (scope === undefined) {
      if (formatError) return sendFormatError(reply, itemsOfValidation(request, formatError as never));
      return;
    }
    const token = bearerToken(request.headers.authorization);
    const principal = token === null ? null : await authenticateApiKey(ctx.store, token, ctx.clock.now());
    const allowed = principal !== null && principal.scopes.includes(scope);

    if (formatError) {
      // The format refusal answers even over budget (then the call is not counted: countCall refuses it).
      if (allowed) {
        await ctx.limiter.countCall({ keyId: principal.keyId, orgId: principal.organizationId }).catch((err: unknown) => {
          if (!(err instanceof ServiceError && err.code === 'query_budget_exceeded')) throw err;
        });
      }
      return sendFormatError(reply, itemsOfValidation(request, formatError as never));
    }
    if (token === null) throw invalidApiKey('missing API key: send Authorization: Bearer <API_KEY>');
    if (principal === null) throw invalidApiKey('API key is wrong, expired, revoked, or its project is archived');
    if (!allowed) throw new ServiceError('missing_scope', `this route needs the scope ${scope}`);

    // Over budget this throws 429 query_budget_exceeded with Retry-After and the RateLimit headers.
    const budget = await ctx.limiter.countCall({ keyId: principal.keyId, orgId: principal.organizationId });
    reply.headers(budget.headers);
    request.principal = principal;
  });
}
