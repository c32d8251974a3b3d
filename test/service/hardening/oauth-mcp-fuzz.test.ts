// Fuzz of the routes test/service/hardening/fuzz.test.ts leaves out (issue 54, item 6): the
// authorization server's /oauth/* and its metadata (no login needed), and /mcp's JSON-RPC methods
// other than tools/call, with seeded random requests built by fast-check, against the real app
// and PostgreSQL. Whatever a client sends, the answer is never a 5xx; the OAuth endpoints answer
// their refusals in OAuth's form ({error, error_description}) or as a page.
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { openHarness, type Harness } from '../routes/harness.js';

const SEED = 54;
const UNLIMITED = { perKeyPerHour: 1e9, perOrganizationPerHour: 1e9, burstPerCredential: 1e9, burstPerAddress: 1e9 };
const ORIGIN = 'http://localhost:8080';

let h: Harness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await openHarness('oauth_fuzz');
  app = await buildApp({ store: h.store, clock: h.clock, rateLimits: UNLIMITED, publicUrl: ORIGIN });
});
afterAll(async () => { await app?.close(); await h?.close(); });

/** Text a careless or hostile client might send: NUL, lone surrogates, controls, broken escapes. */
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', 'a\uD800', '\uDC00b', '\u0007', '\r\nX-Injected: 1', '\u202e', '%', '%00', '%E0%A4%A', '../../etc', 'x'.repeat(3000),
    'https://x.example/cb', 'http://127.0.0.1:3000/cb', 'http://127.0.0.1:3000/c\u0000b', 'https://x.example/\uD800', 'javascript:alert(1)'),
);
const nastyValue = fc.oneof(nastyText, fc.array(nastyText, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));

/** Every string of the request survived as the client sent it, as far as a URL or a header can carry it. */
function expectNo5xx(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
}

async function inject(opts: InjectOptions): Promise<LightMyRequestResponse | null> {
  try {
    return await app.inject(opts);
  } catch (err) {
    // Only header values Node itself refuses to send (invalid characters) may not reach the app.
    if (err instanceof TypeError && /header/i.test(err.message)) return null;
    throw err;
  }
}

describe('issue 54: fuzzed OAuth requests', () => {
  it('never answers 5xx to a registration (1,000 seeded bodies)', async () => {
    const base = { client_name: 'Agente', redirect_uris: ['http://127.0.0.1:3000/cb'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'], response_types: ['code'] };
    const field = fc.constantFrom('client_name', 'redirect_uris', 'logo_uri', 'client_uri', 'policy_uri', 'tos_uri', 'contacts', 'scope', 'software_id',
      'software_version', 'post_logout_redirect_uris', 'grant_types', 'response_types', 'token_endpoint_auth_method', 'jwks_uri', 'x\u0000');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, nastyValue, { minKeys: 1, maxKeys: 3 }), fc.boolean(), async (changes, asText) => {
        const body = { ...base, ...changes };
        const res = await inject({ method: 'POST', url: '/oauth/register', headers: { 'content-type': 'application/json' }, payload: asText ? JSON.stringify(body) : body });
        if (!res) return;
        expectNo5xx(res, `register ${JSON.stringify(changes).slice(0, 200)}`);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: expect.any(String) });
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('never answers 5xx to the other endpoints (1,500 seeded requests)', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/oauth/authorize'], ['POST', '/oauth/authorize'], ['POST', '/oauth/token'], ['POST', '/oauth/revoke'], ['GET', '/oauth/jwks'],
      ['GET', '/oauth/register/{id}'], ['PUT', '/oauth/register/{id}'], ['DELETE', '/oauth/register/{id}'], ['GET', '/oauth/authorize/{id}'],
      ['GET', '/oauth/logout'], ['POST', '/oauth/logout'], ['GET', '/oauth/userinfo'], ['POST', '/oauth/introspect'], ['POST', '/oauth/par'],
      ['GET', '/oauth/{id}'], ['GET', '/.well-known/openid-configuration'], ['GET', '/.well-known/oauth-authorization-server'],
      ['GET', '/.well-known/oauth-protected-resource/mcp'],
    ];
    const param = fc.constantFrom('client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource',
      'grant_type', 'code', 'code_verifier', 'refresh_token', 'token', 'token_type_hint', 'request_uri', 'prompt', 'nonce', 'id_token_hint');
    const type = fc.constantFrom(undefined, 'application/x-www-form-urlencoded', 'application/json', 'text/plain');
    const authorization = fc.option(fc.oneof(nastyText.map((t) => `Bearer ${t}`), nastyText.map((t) => `Basic ${Buffer.from(t).toString('base64')}`), nastyText));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), nastyText, fc.dictionary(param, nastyText, { maxKeys: 5 }), fc.dictionary(param, nastyText, { maxKeys: 5 }), type, authorization,
        async ([method, route], id, query, form, contentType, auth) => {
          const url = `${route.replace('{id}', encodeURIComponent(id.toWellFormed()))}?${new URLSearchParams(query).toString()}`;
          const headers: Record<string, string> = {};
          if (contentType) headers['content-type'] = contentType;
          if (auth !== null) headers.authorization = auth;
          const payload = method === 'GET' ? undefined : contentType === 'application/json' ? JSON.stringify(form) : new URLSearchParams(form).toString();
          const res = await inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
          if (res) expectNo5xx(res, `${method} ${url.slice(0, 200)}`);
        }),
      { seed: SEED, numRuns: 1500 },
    );
  });

  it('never answers 5xx to a registered client\'s authorization request with random parameters (500 seeded requests)', async () => {
    const registered = await app.inject({ method: 'POST', url: '/oauth/register', payload: { client_name: 'Agente', redirect_uris: ['http://127.0.0.1:3000/cb'], token_endpoint_auth_method: 'none' } });
    expect(registered.statusCode).toBe(201);
    const request = {
      client_id: registered.json().client_id as string, redirect_uri: 'http://127.0.0.1:3000/cb', response_type: 'code', scope: 'results:read',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's', resource: `${ORIGIN}/mcp`,
    };
    const param = fc.constantFrom('scope', 'state', 'nonce', 'prompt', 'resource', 'code_challenge', 'response_mode', 'login_hint', 'ui_locales', 'claims', 'x\u0000');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(param, nastyText, { minKeys: 1, maxKeys: 3 }), fc.boolean(), async (changes, post) => {
        const params = new URLSearchParams({ ...request, ...changes }).toString();
        const res = await inject(post
          ? { method: 'POST', url: '/oauth/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: params }
          : { method: 'GET', url: `/oauth/authorize?${params}` });
        if (res) expectNo5xx(res, `authorize ${JSON.stringify(changes).slice(0, 200)}`);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('issue 54: fuzzed MCP methods', () => {
  it('never answers 5xx, and answers a JSON-RPC message, to random methods and params (800 seeded requests)', async () => {
    const method = fc.constantFrom('initialize', 'notifications/initialized', 'ping', 'tools/list', 'tools/call', 'resources/list', 'prompts/list', 'logging/setLevel', 'nada');
    let id = 0;
    await fc.assert(
      fc.asyncProperty(method, fc.option(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom('protocolVersion', 'capabilities', 'clientInfo', 'name', 'arguments', 'cursor', 'level'), nastyValue))),
        async (m, params) => {
          const res = await inject({
            method: 'POST', url: '/mcp',
            headers: { authorization: `Bearer ${h.keys.full}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
            payload: { jsonrpc: '2.0', id: ++id, method: m, ...(params !== null ? { params } : {}) },
          });
          if (!res) return;
          expectNo5xx(res, `${m} ${JSON.stringify(params).slice(0, 200)}`);
          if (res.statusCode !== 200) return;
          const msg = res.json();
          expect(msg.jsonrpc).toBe('2.0');
          // malformed params are the client's: -32602, never the -32603 of a failure inside
          expect(msg.error?.code, res.body.slice(0, 300)).not.toBe(-32603);
        }),
      { seed: SEED, numRuns: 800 },
    );
  });
});

describe('issue 54: MCP params outside the method\'s schema', () => {
  it.each([
    ['initialize', undefined],
    ['initialize', {}],
    ['initialize', { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'a', version: '1' } }],
    ['tools/call', { arguments: {} }],
  ])('%s with params %j answers -32602 Invalid params', async (method, params) => {
    const res = await app.inject({
      method: 'POST', url: '/mcp',
      headers: { authorization: `Bearer ${h.keys.full}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method, ...(params !== undefined ? { params } : {}) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: expect.stringContaining(`invalid params of ${method}`) } });
  });
});
