// Issue 54, item 6: text the authorization server cannot keep is refused as OAuth says, never a
// 500. Dynamic registration (RFC 7591) with a NUL, a lone UTF-16 surrogate or a control character
// in client_name, redirect_uris or logo_uri answers 400 (invalid_redirect_uri for redirect_uris,
// invalid_client_metadata otherwise); an authorization request whose parameters hold a NUL goes
// back to the client as invalid_request; an id holding a NUL is no record.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { clientMetadataTextRefusal } from '../../../service/oauth/client-metadata-text.js';
import { openHarness, type Harness } from '../routes/harness.js';

const ORIGIN = 'http://localhost:8080';
const REDIRECT = 'http://127.0.0.1:3000/cb';
const CLIENT = { client_name: 'Agente', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' };

let h: Harness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await openHarness('oauth_text');
  app = await buildApp({ store: h.store, clock: h.clock, publicUrl: ORIGIN });
});
afterAll(async () => { await app?.close(); await h?.close(); });

const register = (metadata: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/oauth/register', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...CLIENT, ...metadata }) });

describe('POST /oauth/register with text jsonb cannot hold', () => {
  it.each([
    ['client_name', 'a\u0000b', 'invalid_client_metadata'],
    ['client_name', 'a\uD800b', 'invalid_client_metadata'],
    ['client_name', '\uDC00', 'invalid_client_metadata'],
    ['client_name', 'a\u0007b', 'invalid_client_metadata'],
    ['redirect_uris', [`${REDIRECT}\u0000`], 'invalid_redirect_uri'],
    ['redirect_uris', [`${REDIRECT}/\uD800`], 'invalid_redirect_uri'],
    ['logo_uri', 'https://agente.example/logo\u0000.png', 'invalid_client_metadata'],
    ['logo_uri', 'https://agente.example/\uDBFF.png', 'invalid_client_metadata'],
  ])('%s holding %j answers 400 %s', async (field, value, error) => {
    const res = await register({ [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error, error_description: expect.stringContaining(`${field}`) });
  });

  it('registers a name with accents and a character outside the BMP (a surrogate pair)', async () => {
    const res = await register({ client_name: 'Agente de São Paulo 🗳️', logo_uri: 'https://agente.example/logo.png' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().client_name).toBe('Agente de São Paulo 🗳️');
  });
});

describe('the registration access token', () => {
  it('reads the client\'s record and is stored only as its digest, like the other bearer tokens', async () => {
    const client = (await register({})).json();
    const res = await app.inject({ method: 'GET', url: new URL(client.registration_client_uri).pathname, headers: { authorization: `Bearer ${client.registration_access_token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().client_id).toBe(client.client_id);
    const stored = await h.store.query<{ n: number }>('SELECT count(*)::int AS n FROM oauth_records WHERE id = $1', [client.registration_access_token]);
    expect(stored.rows[0].n).toBe(0);
  });
});

describe('other /oauth inputs holding a NUL', () => {
  it('sends an authorization request whose state holds a NUL back to the client as invalid_request', async () => {
    const client = (await register({})).json();
    const q = new URLSearchParams({
      client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'results:read', state: 'a\u0000',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', resource: `${ORIGIN}/mcp`,
    });
    const res = await app.inject({ method: 'GET', url: `/oauth/authorize?${q}` });
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it.each([
    ['GET', '/oauth/register/%00', { authorization: 'Bearer \u0000' }],
    ['GET', `/oauth/authorize?client_id=%00&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`, {}],
    ['POST', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=authorization_code&code=x&client_id=%00'],
    ['POST', '/oauth/revoke', { 'content-type': 'application/x-www-form-urlencoded' }, 'token=%00&client_id=%00'],
  ] as const)('%s %s answers below 500', async (method, url, headers, payload?: string) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  });
});

describe('clientMetadataTextRefusal (client ID metadata documents too)', () => {
  it('refuses control characters, NUL and lone surrogates in values and member names, without echoing the name', () => {
    expect(clientMetadataTextRefusal({ client_name: 'Agente', redirect_uris: [REDIRECT] })).toBeNull();
    expect(clientMetadataTextRefusal({ client_name: 'tab\there' })?.error_description).toMatch(/^client_name holds/);
    expect(clientMetadataTextRefusal({ redirect_uris: [REDIRECT, 'x\u009b'] })?.message).toBe('invalid_redirect_uri');
    expect(clientMetadataTextRefusal({ jwks: { keys: [{ 'k\u0000': 1 }] } })?.error_description).toMatch(/^jwks\.keys\[0\]\.\(a member name\) holds/);
  });
});
