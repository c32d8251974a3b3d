// OAuth 2.1 for people's agents on the MCP server, end to end over real HTTP (the app listening on
// a free port, real PostgreSQL): a real OAuth client library (oauth4webapi) discovers the
// authorization server from /mcp's 401, registers (dynamic registration, and a client ID metadata
// document served over https), authorizes with PKCE S256 through the console's sign-in and
// consent in headless Chromium, gets tokens and calls tools with the MCP SDK client; refresh
// rotation and reuse detection, disconnect, role downgrade, member removal; the refused cases.
// Waits on navigation and responses, never on time; the 10-minute limit is crossed on the fake
// clock.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as oauth from 'oauth4webapi';
import { chromium, type Browser } from 'playwright-core';
import { checkPage, failed, notPortuguese, type PageCheck } from '../console/page-checks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, archiveProject, changeMember, restoreProject } from '../../../service/accounts/accounts.js';
import { buildApp } from '../../../service/app.js';
import { sweepOAuthRecords } from '../../../service/oauth/oauth-adapter.js';
import { createPerson } from '../../../service/accounts/people.js';
import { projectPath } from '../../../src/project-path.js';
import type { Store } from '../../../service/store/open-store.js';
import { createFakeClock } from '../../fixtures/fake-clock.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { openTestStore, seedOrganization } from '../store/test-store.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = projectPath('.cache', 'screenshots');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TLS = { cert: readFileSync(new URL('../../fixtures/tls/localhost.crt', import.meta.url)), key: readFileSync(new URL('../../fixtures/tls/localhost.key', import.meta.url)) };
const INSECURE = { [oauth.allowInsecureRequests]: true };
const PASSWORD = 'senha-bem-longa';
const AGENT_BUDGET = 25;
// the agent's loopback redirect (a native client's): a local server that keeps what reached it
let REDIRECT = '';
let callbackServer: HttpServer;
const callbacks: string[] = [];

const clock = createFakeClock(Date.now());
let store: Store & { drop(): Promise<void> };
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;
let orgId: string;
let projectId: string;
let browser: Browser;
let metadataServer: Server;
let metadataBase: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  store = await openTestStore('oauth_agents', { clock });
  ({ org: { id: orgId }, project: { id: projectId } } = await seedOrganization(store, 'Org agentes', 1_000_000_000));
  for (const [email, papel] of [['ana@exemplo.org', 'member'], ['bia@exemplo.org', 'reader'], ['caio@exemplo.org', 'admin']] as const) {
    await createPerson(store, email, PASSWORD);
    await addMember(store, { organizationId: orgId, email, papel });
  }
  // loopback allowed for fetching metadata documents, as in development; private addresses stay refused
  // a small hourly budget per key or agent, so one test spends an agent's whole budget
  app = await buildApp({ store, clock, webhookPolicy: { allowLoopback: true }, oauthOutboundCa: TLS.cert, rateLimits: { perKeyPerHour: AGENT_BUDGET } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  callbackServer = createHttpServer((req, res) => {
    callbacks.push(new URL(req.url!, REDIRECT).toString());
    res.end('ok');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  REDIRECT = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  metadataServer = createServer(TLS, (req, res) => {
    const clientId = `${metadataBase}${req.url}`;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      client_id: clientId, client_name: 'Agente por documento', redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none',
    }));
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  metadataBase = `https://localhost:${(metadataServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => {
  await browser?.close();
  metadataServer?.close();
  callbackServer?.close();
  await app?.close();
  await store?.drop();
});

/** A browser without JavaScript: cookies by name, redirects followed by hand. */
class CookieClient {
  cookies = new Map<string, string>();
  async go(url: string, init: { method?: string; form?: Record<string, string | string[]> } = {}): Promise<Response> {
    const body = init.form ? new URLSearchParams(Object.entries(init.form).flatMap(([k, v]) => [v].flat().map((x): [string, string] => [k, x]))).toString() : undefined;
    const res = await fetch(new URL(url, base), {
      method: init.method ?? (body ? 'POST' : 'GET'), redirect: 'manual', body,
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(pair.slice(0, i));
      else this.cookies.set(pair.slice(0, i), value);
    }
    return res;
  }
  /** Follows redirects from `url` until one leaves for `stop` (returned) or a page answers. */
  async follow(url: string, stop: string = REDIRECT): Promise<{ url: string; res: Response | null }> {
    let at = url;
    for (let i = 0; i < 10; i++) {
      if (at.startsWith(stop)) return { url: at, res: null };
      const res = await this.go(at);
      const to = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !to) return { url: at, res };
      at = new URL(to, at.startsWith('http') ? at : base).toString();
    }
    throw new Error('too many redirects');
  }
  async signIn(email: string): Promise<void> {
    const page = await (await this.go('/console/entrar')).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1];
    const res = await this.go('/console/entrar', { form: { _csrf: csrf, email, senha: PASSWORD } });
    expect(res.status).toBe(303);
  }
}

async function discover(): Promise<oauth.AuthorizationServer> {
  const res = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(res.status).toBe(401);
  const challenge = res.headers.get('www-authenticate')!;
  const prmUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1];
  const prm = await (await fetch(prmUrl)).json() as { resource: string; authorization_servers: string[] };
  expect(prm.resource).toBe(`${base}/mcp`);
  const issuer = new URL(prm.authorization_servers[0]);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...INSECURE }));
}

async function register(as: oauth.AuthorizationServer, name = 'Agente de teste'): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(as, {
    client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'],
  }, INSECURE);
  return oauth.processDynamicClientRegistrationResponse(res) as Promise<oauth.Client>;
}

interface Started { url: string; verifier: string; state: string }
async function authorizationUrl(as: oauth.AuthorizationServer, client: oauth.Client, scope = 'results:read simulate', extra: Record<string, string | null> = {}): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string | null> = {
    client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope, state, resource: `${base}/mcp`,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...extra,
  };
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return { url: url.toString(), verifier, state };
}

async function exchange(as: oauth.AuthorizationServer, client: oauth.Client, started: Started, callback: string) {
  const answered = new URL(callback);
  if (answered.searchParams.has('error')) throw new Error(`the authorization answered ${answered.search}`);
  const params = oauth.validateAuthResponse(as, client, answered, started.state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, { additionalParameters: { resource: `${base}/mcp` }, ...INSECURE });
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

/** The consent over plain HTTP: sign in, choose the project and scopes, come back with the code. */
async function authorizeOverHttp(as: oauth.AuthorizationServer, client: oauth.Client, email: string, escopos: string[], browserless = new CookieClient()) {
  const started = await authorizationUrl(as, client);
  if (!browserless.cookies.has('sessao')) await browserless.signIn(email);
  const { url: consentUrl, res } = await browserless.follow(started.url);
  expect(res, `the consent page, not ${consentUrl}`).not.toBeNull();
  const page = await res!.text();
  expect(page).toContain('Conectar agente');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1];
  const answer = await browserless.go(consentUrl, { form: { _csrf: csrf, projeto: projectId, escopos, acao: 'permitir' } });
  expect(answer.status).toBe(303);
  const { url } = await browserless.follow(new URL(answer.headers.get('location')!, base).toString());
  return exchange(as, client, started, url);
}

async function mcp(token: string) {
  const client = new McpClient({ name: 'teste', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

async function callText(token: string, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; text: string }> {
  const client = await mcp(token);
  try {
    const r = await client.callTool({ name, arguments: args });
    return { isError: r.isError === true, text: (r.content as Array<{ text: string }>)[0].text };
  } finally {
    await client.close();
  }
}

describe('OAuth for agents on the MCP server', () => {
  it('publishes the protected-resource and authorization-server metadata', async () => {
    const as = await discover();
    expect(as.issuer).toBe(base);
    expect(as).toMatchObject({
      code_challenge_methods_supported: ['S256'], authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true, registration_endpoint: `${base}/oauth/register`,
      authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/oauth/token`,
    });
    const rfc8414 = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as oauth.AuthorizationServer;
    expect(rfc8414.issuer).toBe(base);
    const root = await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json();
    expect(root).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base], scopes_supported: ['results:read', 'simulate'] });
  });

  it('registers, authorizes with PKCE in Chromium through sign-in and consent, calls tools, rotates the refresh token and catches its reuse', async () => {
    const as = await discover();
    const client = await register(as);
    const started = await authorizationUrl(as, client);
    // the console's CSP would refuse axe, injected by the page checks
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(started.url);
    await page.waitForURL(/\/console\/entrar\?voltar=/);
    await page.getByLabel('E-mail').fill('ana@exemplo.org');
    await page.getByLabel(/Senha/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/console\/agentes\/autorizar\//);
    await expect(page.locator('#cliente').textContent()).resolves.toBe('Agente de teste');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/agente-autorizar.png`, fullPage: true });
    // issue 59: the consent at a phone's and a desktop's width is clean (page-checks.ts), and "Permitir" (primary) and "Negar" look different
    const checks: PageCheck[] = [];
    for (const largura of [390, 1280]) {
      await page.setViewportSize({ width: largura, height: 900 });
      checks.push(await checkPage(page, 'agente-autorizar', largura));
    }
    expect(failed(checks)).toEqual([]);
    expect(notPortuguese(checks)).toEqual([]);
    const look = (name: string) => page.evaluate<string>(`(() => {
      const s = getComputedStyle([...document.querySelectorAll('button')].find((b) => b.textContent.trim() === '${name}'));
      return s.backgroundColor + ' ' + s.color;
    })()`);
    expect(await look('Permitir')).not.toBe(await look('Negar'));
    await page.getByLabel(/simulate/).check();
    await Promise.all([page.waitForURL((u) => u.toString().startsWith(REDIRECT)), page.getByRole('button', { name: 'Permitir' }).click()]);
    await context.close();
    const callback = callbacks.find((c) => c.includes(`state=${started.state}`))!;
    expect(new URL(callback).searchParams.get('iss')).toBe(base);

    const tokens = await exchange(as, client, started, callback);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();
    const tools = await mcp(tokens.access_token);
    expect((await tools.listTools()).tools.length).toBeGreaterThan(10);
    await tools.close();
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: false });
    const quote = await callText(tokens.access_token, 'estimate_simulation', { pedido: httpScenario() });
    expect(quote.isError, quote.text).toBe(false);
    // a token for /mcp is not an API key
    expect((await fetch(`${base}/v1/whoami`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);

    const refreshed = await oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { additionalParameters: { resource: `${base}/mcp` }, ...INSECURE }));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await callText(refreshed.access_token, 'list_releases')).toMatchObject({ isError: false });
    // the used refresh token again: refused, and the whole family is revoked
    await expect(oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { additionalParameters: { resource: `${base}/mcp` }, ...INSECURE })))
      .rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(mcp(refreshed.access_token)).rejects.toThrow(/401|Unauthorized/i);
    await expect(oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, { additionalParameters: { resource: `${base}/mcp` }, ...INSECURE })))
      .rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('registers by client ID metadata document', async () => {
    const as = await discover();
    const client: oauth.Client = { client_id: `${metadataBase}/agente.json`, token_endpoint_auth_method: 'none' };
    const tokens = await authorizeOverHttp(as, client, 'ana@exemplo.org', ['results:read']);
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: false });
    expect(await callText(tokens.access_token, 'estimate_simulation', { pedido: httpScenario() })).toMatchObject({ isError: true, text: expect.stringMatching(/^insufficient_scope: /) });
  });

  // issue "Production hardening, round 2", defect 5: after one consent, the next authorization in
  // the same browser went straight back to the agent with error=access_denied, without the page
  it('shows the consent page for every authorization in the same browser, of the same client or another', async () => {
    const as = await discover();
    const first = await register(as, 'Agente repetido');
    const jar = new CookieClient();
    for (const client of [first, first, await register(as, 'Agente seguinte')]) {
      const tokens = await authorizeOverHttp(as, client, 'ana@exemplo.org', ['results:read'], jar);
      expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: false });
    }
    const silent = await jar.follow((await authorizationUrl(as, first, 'results:read', { prompt: 'none' })).url);
    expect(new URL(silent.url).searchParams.get('error')).toBe('consent_required');
  });

  it('disconnecting an agent on the console stops its tokens at once', async () => {
    const as = await discover();
    const client = await register(as, 'Agente a desconectar');
    const tokens = await authorizeOverHttp(as, client, 'ana@exemplo.org', ['results:read']);
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: false });
    // a reader of the organization sees it and may not disconnect it; the admin may
    const bia = new CookieClient();
    await bia.signIn('bia@exemplo.org');
    const biaPage = await (await bia.go('/console/agentes')).text();
    expect(biaPage).toContain('Agente a desconectar');
    const id = /id="agente-([^"]+)">Agente a desconectar/.exec(biaPage)![1];
    expect(biaPage).not.toContain(`/console/agentes/${id}/desconectar`);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(biaPage)![1];
    expect((await bia.go(`/console/agentes/${id}/desconectar`, { form: { _csrf: csrf } })).status).toBe(403);
    const caio = new CookieClient();
    await caio.signIn('caio@exemplo.org');
    const caioPage = await (await caio.go('/console/agentes')).text();
    const caioCsrf = /name="_csrf" value="([^"]+)"/.exec(caioPage)![1];
    expect((await caio.go(`/console/agentes/${id}/desconectar`, { form: { _csrf: caioCsrf } })).status).toBe(303);
    // the token is gone: HTTP 401 before any tool, so the agent's client authorizes again
    const dead = await fetch(`${base}/mcp`, {
      method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    expect(dead.status).toBe(401);
    expect(dead.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    await expect(mcp(tokens.access_token)).rejects.toThrow(/401|Unauthorized/i);
    expect(await (await caio.go('/console/agentes')).text()).not.toContain('Agente a desconectar');
  });

  it('checks each use against the current role and membership', async () => {
    const as = await discover();
    const client = await register(as, 'Agente de papel');
    await changeMember(store, orgId, 'ana@exemplo.org', 'member');
    const tokens = await authorizeOverHttp(as, client, 'ana@exemplo.org', ['results:read', 'simulate']);
    expect(await callText(tokens.access_token, 'estimate_simulation', { pedido: httpScenario() })).toMatchObject({ isError: false });
    await changeMember(store, orgId, 'ana@exemplo.org', 'reader');
    expect(await callText(tokens.access_token, 'estimate_simulation', { pedido: httpScenario() })).toMatchObject({ isError: true, text: expect.stringMatching(/^insufficient_scope: /) });
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: false });
    // an archived project stops its agents; restoring it brings them back
    await archiveProject(store, projectId);
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: true, text: expect.stringMatching(/^unauthorized: /) });
    await restoreProject(store, projectId);
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: false });
    await changeMember(store, orgId, 'ana@exemplo.org', null);
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: true, text: expect.stringMatching(/^unauthorized: /) });
    await addMember(store, { organizationId: orgId, email: 'ana@exemplo.org', papel: 'member' });
  });

  it('gives each agent its own hourly budget, as a key has', async () => {
    const as = await discover();
    const tokens = await authorizeOverHttp(as, await register(as, 'Agente gastador'), 'ana@exemplo.org', ['results:read']);
    const client = await mcp(tokens.access_token);
    for (let i = 0; i < AGENT_BUDGET; i++) expect((await client.callTool({ name: 'list_releases', arguments: {} })).isError, `call ${i + 1}`).toBeFalsy();
    const over = await client.callTool({ name: 'list_releases', arguments: {} });
    await client.close();
    expect(over.isError).toBe(true);
    expect((over.content as Array<{ text: string }>)[0].text).toMatch(/^query_budget_exceeded: /);
    // another agent of the same organization still has its own
    const other = await authorizeOverHttp(as, await register(as, 'Outro agente'), 'ana@exemplo.org', ['results:read']);
    expect(await callText(other.access_token, 'list_releases')).toMatchObject({ isError: false });
  });

  it('a reader may give only results:read', async () => {
    const as = await discover();
    const client = await register(as, 'Agente do leitor');
    const started = await authorizationUrl(as, client);
    const bia = new CookieClient();
    await bia.signIn('bia@exemplo.org');
    const { url, res } = await bia.follow(started.url);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await res!.text())![1];
    const refused = await bia.go(url, { form: { _csrf: csrf, projeto: projectId, escopos: ['results:read', 'simulate'], acao: 'permitir' } });
    // back to the same request's page by GET (the flash), the refusal beside the choices and the choices kept
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(new URL(url).pathname);
    const shown = await (await bia.go(url)).text();
    expect(shown).toContain('um leitor só dá results:read');
    expect(shown).toMatch(/value="simulate"[^>]*checked[^>]*aria-invalid="true" aria-describedby="agente-erro"/);
  });

  it('refuses a request without PKCE, with plain PKCE, with a wrong redirect URI, past 10 minutes, and a metadata document at a private address', async () => {
    const as = await discover();
    const client = await register(as, 'Agente recusado');
    const jar = new CookieClient();
    const error = async (started: Started) => {
      const res = await jar.go(started.url);
      return { status: res.status, location: res.headers.get('location') ?? '', body: res.status === 303 ? '' : await res.text() };
    };
    const noPkce = await error(await authorizationUrl(as, client, 'results:read', { code_challenge: null, code_challenge_method: null }));
    expect(noPkce.location.startsWith(`${REDIRECT}?error=invalid_request`)).toBe(true);
    const plain = await error(await authorizationUrl(as, client, 'results:read', { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }));
    expect(plain.location).toMatch(/error=invalid_request/);
    const wrong = await error(await authorizationUrl(as, client, 'results:read', { redirect_uri: REDIRECT.replace('/callback', '/elsewhere') }));
    expect(wrong.status).toBe(400);
    expect(wrong.location).toBe('');
    expect(wrong.body).toMatch(/redirect_uri/);

    clock.set(Date.now());
    const started = await authorizationUrl(as, client);
    await jar.signIn('ana@exemplo.org');
    const { url, res } = await jar.follow(started.url);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await res!.text())![1];
    clock.advance(10 * 60_000 + 5_000);
    const late = await jar.go(url, { form: { _csrf: csrf, projeto: projectId, escopos: 'results:read', acao: 'permitir' } });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('não vale mais');
    clock.set(Date.now());

    const privateDoc = await error(await authorizationUrl(as, { client_id: 'https://10.1.2.3/agente.json' }, 'results:read'));
    expect(privateDoc.status).toBe(400);
    expect(privateDoc.body).toMatch(/invalid_client/);
  });

  it('keeps tokens hashed, and the sweep deletes records past their expiry', async () => {
    const as = await discover();
    const tokens = await authorizeOverHttp(as, await register(as, 'Agente varrido'), 'ana@exemplo.org', ['results:read']);
    const stored = await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM oauth_records WHERE payload::text LIKE $1 OR id = $2`,
      [`%${tokens.access_token}%`, tokens.access_token]);
    expect(stored.rows[0].n).toBe(0);
    expect(await sweepOAuthRecords(store)).toBeGreaterThanOrEqual(0);
    expect(await callText(tokens.access_token, 'list_releases')).toMatchObject({ isError: false });
    // 91 days on: the refresh token (90 days) and everything else of this grant are gone
    expect(await sweepOAuthRecords(store, new Date(Date.now() + 91 * 86_400_000))).toBeGreaterThan(0);
    await expect(mcp(tokens.access_token)).rejects.toThrow(/401|Unauthorized/i);
  });
});
