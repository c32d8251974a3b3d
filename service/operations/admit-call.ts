// Admitting a call, for the HTTP routes and the MCP tools alike (spec "Authentication" and
// "Limits"): the credential must be valid, hold the operation's scope, and the call must fit the
// hourly budgets of its key and organization; an admitted call is counted. One key has one
// budget whether it calls over HTTP or MCP, because both count here. A refused credential or
// scope is not counted. The codes differ by surface, as the spec names them: over HTTP
// invalid_api_key (with WWW-Authenticate: Bearer) and missing_scope; over MCP unauthorized and
// insufficient_scope. The burst limits are per HTTP request and stay in service/http/auth.ts.
// Over MCP a credential may also be a person's agent's OAuth access token, read by the MCP route
// (service/oauth/agent-connections.ts): its principal carries the scopes its connection holds
// now and goes through the same admitPrincipal (scope, budgets: its connection is its "key").
import { ServiceError, type ErrorCode } from '../../src/errors.js';
import { authenticateApiKey, type Scope } from '../accounts/api-keys.js';
import type { CallBudget } from '../accounts/rate-limit.js';
import type { ServiceContext } from '../service-context.js';
import type { Principal } from './operation.js';

export type Surface = 'http' | 'mcp';

const REFUSALS: Record<Surface, { credential: ErrorCode; scope: ErrorCode }> = {
  http: { credential: 'invalid_api_key', scope: 'missing_scope' },
  mcp: { credential: 'unauthorized', scope: 'insufficient_scope' },
};

export interface AdmittedCall {
  principal: Principal;
  budget: CallBudget;
}

/**
 * The principal of `credential` (the bearer token, or null when none was sent); throws the
 * surface's credential refusal. Not counted. HTTP calls it before reading the body.
 */
export async function authenticateCall(ctx: ServiceContext, credential: string | null, surface: Surface): Promise<Principal> {
  const principal = credential === null ? null : await authenticateApiKey(ctx.store, credential, ctx.clock.now());
  if (principal === null) throw credentialRefusal(surface, credential !== null);
  return principal;
}

/** The surface's refusal of a credential: none sent, or one that is not valid (a key, or an agent whose power is gone). */
export function credentialRefusal(surface: Surface, sent: boolean): ServiceError {
  return new ServiceError(REFUSALS[surface].credential,
    !sent ? 'missing API key: send Authorization: Bearer <API_KEY>'
      : surface === 'mcp' ? 'the API key or agent is not valid: wrong, expired or revoked, its project archived, or its person left the organization'
        : 'API key is wrong, expired, revoked, or its project is archived',
    { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** Whether the principal lacks the scope an operation needs (null: any valid credential). */
export function lacksScope(principal: Principal, scope: Scope | null): boolean {
  return scope !== null && !principal.scopes.includes(scope);
}

/** The surface's refusal of a call without the scope (not counted). */
export function scopeRefusal(surface: Surface, scope: Scope): ServiceError {
  return new ServiceError(REFUSALS[surface].scope, `this call needs the scope ${scope}`);
}

/**
 * Admits an authenticated principal to an operation of `scope` (null: any valid key) now and counts the call. Throws
 * the surface's scope refusal (not counted), or 429 query_budget_exceeded (with Retry-After).
 */
export async function admitPrincipal(ctx: ServiceContext, principal: Principal, scope: Scope | null, surface: Surface): Promise<AdmittedCall> {
  if (lacksScope(principal, scope)) throw scopeRefusal(surface, scope!);
  const budget = await ctx.limiter.countCall({ keyId: principal.keyId, orgId: principal.organizationId });
  return { principal, budget };
}

