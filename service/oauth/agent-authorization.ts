// The OAuth 2.1 authorization server for people's agents on the MCP server (spec "Agents on the
// MCP server"; docs/agents.md): oidc-provider, a certified library, configured for the MCP
// authorization specification, never OAuth written by hand.
//  - Metadata (RFC 8414; the provider's discovery document, also served at
//    /.well-known/oauth-authorization-server): S256 only, the iss parameter in the response
//    (RFC 9207), dynamic registration (RFC 7591) and client ID metadata documents.
//  - Public clients only (token_endpoint_auth_method none), PKCE S256 required on every request.
//  - Resource indicators (RFC 8707): every token is for <issuer>/mcp and nothing else.
//  - Access tokens 1 hour, opaque; refresh tokens 90 days, rotated at each use (the provider
//    revokes the whole grant when a used refresh token comes back).
//  - Login and consent happen in the console (service/console/console-agent-routes.ts), which
//    records the agent connection (agent-connections.ts) with the person's chosen project.
// Client ID metadata documents: client-metadata-document.ts (SSRF-safe, limited, cached).
// oidc-provider 8.8: the line that supports Node 20 (9.x wants Node 22 and warns on 20; its
// client ID metadata document feature is the one thing 8.x lacks, added here through the adapter).
// The provider counts time on Date.now, not on the service clock.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, interactionPolicy, type Configuration } from 'oidc-provider';
import type { Store } from '../store/open-store.js';
import type { AddressPolicy } from '../webhooks/address-policy.js';
import { AGENT_SCOPES } from './agent-scopes.js';
import { clientDocumentFetcher } from './client-metadata-document.js';
import { oauthAdapter } from './oauth-adapter.js';
import { escapeHtml } from '../http/escape-html.js';
import { retryAfterOnOutage, runAsProviderRequest } from './provider-outage.js';

export const OAUTH_PATH = '/oauth';
export const MCP_RESOURCE_PATH = '/mcp';
/** The console page of an agent's request (console-agent-routes.ts). */
export const AUTHORIZE_PAGE = '/console/agentes/autorizar';
/** Spec "Agents on the MCP server": the agent's request is valid for 10 minutes. */
export const REQUEST_TTL_S = 600;
export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 90 * 86_400;

export interface AgentAuthorizationOptions {
  store: Store;
  /**
   * The service's public origin (public-origin.ts): CAMPAIGN_SIM_PUBLIC_URL, or the address the app
   * listens on; never taken from a request. Asked at each use: an app starts listening after it is built.
   */
  issuer: () => string;
  /** Signs the provider's cookies. */
  cookieSecret: string;
  /** Which addresses client metadata documents may be fetched from. */
  outboundPolicy: AddressPolicy;
  /** Extra certificate authorities for those fetches (tests). */
  outboundCa?: string | Buffer;
  /** Where the provider's own failures go (its answers to clients are 500 server_error). */
  logError: (err: unknown) => void;
}

/** The authorization server of one issuer. */
export interface AuthorizationServer {
  provider: Provider;
  /** The public origin. */
  issuer: string;
  /** <issuer>/mcp: the one resource tokens are for. */
  resource: string;
}

/** What the console, the OAuth routes and the MCP route need from the authorization server. */
export interface AgentAuthorization {
  /** The server of the issuer, made on first use (a second one only if the app starts listening after a first use). */
  server(): AuthorizationServer;
}

export function createAgentAuthorization(o: AgentAuthorizationOptions): AgentAuthorization {
  const made = new Map<string, AuthorizationServer>();
  return {
    server() {
      const issuer = o.issuer();
      let server = made.get(issuer);
      if (!server) {
        server = { issuer, resource: `${issuer}${MCP_RESOURCE_PATH}`, provider: buildProvider(o, issuer) };
        made.set(issuer, server);
      }
      return server;
    },
  };
}

function buildProvider(o: AgentAuthorizationOptions, issuer: string): Provider {
  const resource = `${issuer}${MCP_RESOURCE_PATH}`;
  // Consent may grant fewer scopes than asked: the token use checks the connection's scopes, so
  // the provider must not send the person back to consent for the ones left out.
  const policy = interactionPolicy.base();
  const consent = policy.get('consent')!;
  consent.checks.remove('op_scopes_missing');
  consent.checks.remove('rs_scopes_missing');
  // Every authorization goes through the console's consent page, where the person picks the
  // project each time; loadExistingGrant below ignores earlier grants. Without this check, a
  // browser whose provider session had signed in once skipped the page and, with no grant,
  // answered access_denied.
  consent.checks.add(new interactionPolicy.Check('consent_each_time', 'every authorization is consented on the console', 'consent_required',
    (ctx) => (ctx.oidc.result?.consent ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT)));

  // A signing key for the provider's JWTs (none are issued to agents: tokens are opaque and no
  // ID token is offered); fresh per process.
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const configuration: Configuration = {
    adapter: oauthAdapter(o.store, clientDocumentFetcher({ policy: o.outboundPolicy, ca: o.outboundCa })),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'ES256', use: 'sig' } as never] },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] } as Configuration['enabledJWA'],
    cookies: { keys: [o.cookieSecret], long: { signed: true }, short: { signed: true } },
    scopes: ['openid', 'offline_access', ...AGENT_SCOPES],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none'],
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    discovery: { client_id_metadata_document_supported: true },
    routes: {
      authorization: `${OAUTH_PATH}/authorize`, token: `${OAUTH_PATH}/token`, registration: `${OAUTH_PATH}/register`,
      revocation: `${OAUTH_PATH}/revoke`, jwks: `${OAUTH_PATH}/jwks`, end_session: `${OAUTH_PATH}/logout`,
      userinfo: `${OAUTH_PATH}/userinfo`, pushed_authorization_request: `${OAUTH_PATH}/par`,
      introspection: `${OAUTH_PATH}/introspect`, code_verification: `${OAUTH_PATH}/device`,
      device_authorization: `${OAUTH_PATH}/device/auth`, backchannel_authentication: `${OAUTH_PATH}/backchannel`,
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`tokens are issued for ${resource} only`);
          return { scope: AGENT_SCOPES.join(' '), audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL_S, accessTokenFormat: 'opaque' };
        },
      },
    },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    interactions: { policy, url: (_ctx, interaction) => `${AUTHORIZE_PAGE}/${interaction.uid}` },
    // every authorization goes through the console, where the person picks the project each
    // time: only the grant of this request's consent counts, never an earlier one of the session
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // an error the provider cannot send back to the client (unknown client, wrong redirect URI,
    // the database out of reach): a plain page in the console's language, with the OAuth error
    // code and its description
    renderError: (ctx, out) => {
      const outage = out.error === 'temporarily_unavailable';
      const title = outage ? 'Serviço indisponível' : 'Pedido de agente recusado';
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>${title}</title>` +
        `<h1>${title}</h1><p role="alert"><code>${escapeHtml(String(out.error))}</code>: ${escapeHtml(String(out.error_description ?? ''))}</p>` +
        (outage ? '<p>O servidor não consegue atender agora. Tente de novo em alguns segundos.</p></html>'
          : '<p>O agente pediu acesso de um jeito que este servidor não aceita. Volte ao agente e conecte de novo.</p></html>');
    },
    expiresWithSession: () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S, AuthorizationCode: 60, Interaction: REQUEST_TTL_S, Grant: REFRESH_TOKEN_TTL_S,
      RefreshToken: REFRESH_TOKEN_TTL_S, Session: 14 * 86_400, IdToken: 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  // the provider reads scheme and host from X-Forwarded-*, which asProvidersRequest sets to the issuer's
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, err: unknown) => o.logError(err));
  provider.use(retryAfterOnOutage);

  return provider;
}

/**
 * `req` as the provider must see it, at the issuer's origin whatever its Host and X-Forwarded-*
 * said: the provider builds its endpoints' addresses from them (discovery, redirects) and marks
 * its cookies Secure when the scheme is https. Every request or response handed to the provider
 * (here and on the console's consent page) goes through this. (X-Forwarded-For is left as it
 * is: the provider reads the client's address only for the device flow, which is off.)
 */
export function asProvidersRequest(server: AuthorizationServer, req: IncomingMessage): IncomingMessage {
  const origin = new URL(server.issuer);
  req.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
  req.headers['x-forwarded-host'] = origin.host;
  return req;
}

const handlers = new WeakMap<Provider, (req: IncomingMessage, res: ServerResponse) => unknown>();

/** Hands a request to the provider (its own Koa app): the Fastify route has hijacked the reply. */
export function handleWithProvider(server: AuthorizationServer, req: IncomingMessage, res: ServerResponse): void {
  let handle = handlers.get(server.provider);
  if (!handle) {
    handle = server.provider.callback();
    handlers.set(server.provider, handle);
  }
  runAsProviderRequest(() => handle(asProvidersRequest(server, req), res));
}
