// Authentication, scopes, the format check (422 validation form) and the call limits through the
// real app on the real PostgreSQL, with a fake clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveProject, restoreProject } from '../../../service/accounts/accounts.js';
import { createApiKey, revokeApiKey } from '../../../service/accounts/api-keys.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../service/app.js';
import { createRateLimiter } from '../../../service/accounts/rate-limit.js';
import { openHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('auth'); });
afterAll(async () => { await h?.close(); });

function detail(res: { json(): unknown }) {
  return (res.json() as { detail: Record<string, unknown> }).detail;
}

describe('credentials (401 invalid_api_key)', () => {
  it('answers whoami for a valid key', async () => {
    const res = await h.call('GET', '/v1/whoami', h.keys.reader);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      project_id: h.projectId,
      organization_id: h.orgId,
      key_prefix: h.keys.reader.split('_')[1],
      scopes: ['results:read'],
    });
  });

  it.each([
    ['missing', null],
    ['not a bearer', 'Basic abc'],
    ['malformed', 'Bearer svc_nothing'],
    ['unknown', 'Bearer svc_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('refuses a %s credential with WWW-Authenticate: Bearer', async (_name, header) => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/whoami', headers: header ? { authorization: header } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(detail(res).code).toBe('invalid_api_key');
    expect(res.headers['ratelimit-remaining']).toBeUndefined();
  });

  it('refuses a key with a wrong secret, a revoked key, an expired key and a key of an archived project', async () => {
    const good = h.keys.reader;
    const wrongSecret = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    expect((await h.call('GET', '/v1/whoami', wrongSecret)).statusCode).toBe(401);

    const revoked = await createApiKey(h.store, { projectId: h.projectId, nome: 'to revoke', scopes: ['results:read'], expiresInDays: null });
    expect((await h.call('GET', '/v1/whoami', revoked.key)).statusCode).toBe(200);
    await revokeApiKey(h.store, revoked.record.id);
    const r1 = await h.call('GET', '/v1/whoami', revoked.key);
    expect([r1.statusCode, detail(r1).code, r1.headers['www-authenticate']]).toEqual([401, 'invalid_api_key', 'Bearer']);

    const expiring = await createApiKey(h.store, { projectId: h.projectId, nome: 'week', scopes: ['results:read'], expiresInDays: 7 });
    expect((await h.call('GET', '/v1/whoami', expiring.key)).statusCode).toBe(200);
    h.clock.advance(7 * 86_400_000 + 1000);
    expect((await h.call('GET', '/v1/whoami', expiring.key)).statusCode).toBe(401);

    await archiveProject(h.store, h.projectId);
    expect((await h.call('GET', '/v1/whoami', h.keys.reader)).statusCode).toBe(401);
    await restoreProject(h.store, h.projectId);
    expect((await h.call('GET', '/v1/whoami', h.keys.reader)).statusCode).toBe(200);
  });
});

describe('scopes (403 missing_scope)', () => {
  it('refuses a read route to a simulate-only key and a simulate route to a read-only key', async () => {
    const read = await h.call('GET', '/v1/jobs', h.keys.simulator);
    expect(read.statusCode).toBe(403);
    expect(detail(read).code).toBe('missing_scope');
    const sim = await h.call('POST', `/v1/jobs/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/cancel`, h.keys.reader);
    expect(sim.statusCode).toBe(403);
    expect(detail(sim).code).toBe('missing_scope');
    const erase = await h.call('POST', `/v1/jobs/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/erase`, h.keys.reader);
    expect(detail(erase).code).toBe('missing_scope');
  });

  it('counts neither a 401 nor a 403 against the hour', async () => {
    const key = await h.newKey(['results:read']);
    const first = await h.call('GET', '/v1/whoami', key);
    const before = Number(first.headers['ratelimit-remaining']);
    await h.call('POST', '/v1/jobs/estimate', key, { body: { pedido: {} } }); // 403, no simulate scope
    const after = await h.call('GET', '/v1/whoami', key);
    expect(Number(after.headers['ratelimit-remaining'])).toBe(before - 1);
    expect(after.headers['ratelimit-limit']).toBe('1000');
    expect(Number(after.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });
});

describe('format check (422 standard validation form)', () => {
  const JOB = '3f0e2c4a-9b1d-4c7e-8a2f-5d6b7c8e9f00';

  it('refuses a body without the {pedido} envelope', async () => {
    const res = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { versao_contrato: 3 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ loc: ['body', 'pedido'], msg: 'Field required', type: 'missing', input: { versao_contrato: 3 }, ctx: {} }],
    });
  });

  it('refuses a missing body, a body that is not JSON, and a pedido that is not an object', async () => {
    const none = await h.call('POST', '/v1/jobs/estimate', h.keys.full);
    expect(none.statusCode).toBe(422);
    expect(none.json().detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });

    const bad = await h.app.inject({
      method: 'POST', url: '/v1/jobs/estimate', payload: '{"pedido": ',
      headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ type: 'json_invalid', loc: ['body', 0] });

    const text = await h.app.inject({
      method: 'POST', url: '/v1/jobs/estimate', payload: 'pedido',
      headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().detail[0].loc).toEqual(['body']);

    const notObject = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido: 'x' } });
    expect(notObject.statusCode).toBe(422);
    expect(notObject.json().detail).toEqual([{ loc: ['body', 'pedido'], msg: 'Input should be a valid dictionary', type: 'dict_type', input: 'x', ctx: {} }]);
  });

  it('refuses a missing, empty or over-long Idempotency-Key, listing every problem', async () => {
    const missing = await h.call('POST', '/v1/jobs', h.keys.full, { body: {} });
    expect(missing.statusCode).toBe(422);
    const locs = missing.json().detail.map((d: { loc: unknown[] }) => d.loc);
    expect(locs).toContainEqual(['header', 'idempotency-key']);
    expect(locs).toContainEqual(['body', 'pedido']);
    expect(missing.json().detail.find((d: { loc: string[] }) => d.loc[0] === 'header')).toEqual({
      loc: ['header', 'idempotency-key'], msg: 'Field required', type: 'missing', input: null, ctx: {},
    });

    const long = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido: {} }, headers: { 'idempotency-key': 'k'.repeat(201) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toEqual([{
      loc: ['header', 'idempotency-key'], msg: 'String should have at most 200 characters', type: 'string_too_long',
      input: 'k'.repeat(201), ctx: { max_length: 200 },
    }]);

    const empty = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido: {} }, headers: { 'idempotency-key': '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({ type: 'string_too_short', ctx: { min_length: 1 } });
  });

  it('refuses a job_id that is not a uuid and query values of the wrong type or range', async () => {
    const path = await h.call('GET', '/v1/jobs/not-a-uuid', h.keys.reader);
    expect(path.statusCode).toBe(422);
    expect(path.json().detail).toEqual([{ loc: ['path', 'job_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing', input: 'not-a-uuid', ctx: {} }]);

    const zero = await h.call('GET', `/v1/jobs/${JOB}/findings?limite=0`, h.keys.reader);
    expect(zero.json().detail).toEqual([{ loc: ['query', 'limite'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal', input: 0, ctx: { ge: 1 } }]);
    const big = await h.call('GET', `/v1/jobs/${JOB}/findings?limite=1001`, h.keys.reader);
    expect(big.json().detail[0]).toMatchObject({ loc: ['query', 'limite'], type: 'less_than_equal', ctx: { le: 1000 } });
    const word = await h.call('GET', `/v1/jobs/${JOB}/findings?limite=abc`, h.keys.reader);
    expect(word.statusCode).toBe(422);
    expect(word.json().detail[0]).toMatchObject({ loc: ['query', 'limite'], type: 'int_parsing', input: 'abc' });
    const muni = await h.call('GET', `/v1/jobs/${JOB}/findings?municipio=1400100&municipio=12`, h.keys.reader);
    expect(muni.json().detail[0]).toMatchObject({ loc: ['query', 'municipio', 1], type: 'string_pattern_mismatch', input: '12' });
    const estado = await h.call('GET', '/v1/jobs?estado=rodando', h.keys.reader);
    expect(estado.json().detail[0]).toMatchObject({ loc: ['query', 'estado'], type: 'enum' });
    const compare = await h.call('GET', `/v1/jobs/compare?a=${JOB}`, h.keys.reader);
    expect(compare.json().detail).toEqual([{ loc: ['query', 'b'], msg: 'Field required', type: 'missing', input: null, ctx: {} }]);
    const setores = await h.call('GET', `/v1/jobs/${JOB}/setores?semana=0`, h.keys.reader);
    const setoresLocs = setores.json().detail.map((d: { loc: unknown[] }) => d.loc);
    expect(setoresLocs).toEqual(expect.arrayContaining([['query', 'municipio'], ['query', 'semana']]));
  });

  it('refuses the format before the credential, and counts a malformed call of a valid key', async () => {
    const anonymous = await h.call('GET', '/v1/jobs/not-a-uuid', null);
    expect(anonymous.statusCode).toBe(422);

    const key = await h.newKey(['results:read']);
    const first = Number((await h.call('GET', '/v1/whoami', key)).headers['ratelimit-remaining']);
    expect((await h.call('GET', '/v1/jobs/not-a-uuid', key)).statusCode).toBe(422);
    const third = Number((await h.call('GET', '/v1/whoami', key)).headers['ratelimit-remaining']);
    expect(third).toBe(first - 2);
  });
});

describe('public routes', () => {
  it('serves both JSON Schemas without a key and without counting', async () => {
    const key = await h.newKey(['results:read']);
    const before = Number((await h.call('GET', '/v1/whoami', key)).headers['ratelimit-remaining']);
    const scenario = await h.call('GET', '/v1/schemas/cenario-campanha', key);
    expect(scenario.statusCode).toBe(200);
    expect(scenario.json().properties.versao_contrato).toBeDefined();
    const calibration = await h.app.inject({ method: 'GET', url: '/v1/schemas/pedido-calibracao' });
    expect(calibration.statusCode).toBe(200);
    expect(calibration.json().required).toEqual(expect.arrayContaining(['versao_contrato', 'cenario', 'serie', 'janela', 'holdout', 'parametros', 'busca']));
    expect(scenario.headers['ratelimit-remaining']).toBeUndefined();
    const after = Number((await h.call('GET', '/v1/whoami', key)).headers['ratelimit-remaining']);
    expect(after).toBe(before - 1);
  });

  it('serves the OpenAPI document with every route of the API, and the docs page', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/v1/whoami', '/v1/schemas/cenario-campanha', '/v1/schemas/pedido-calibracao', '/v1/jobs/estimate', '/v1/jobs',
      '/v1/jobs/{job_id}', '/v1/jobs/{job_id}/cancel', '/v1/jobs/{job_id}/erase', '/v1/jobs/{job_id}/findings',
      '/v1/jobs/{job_id}/setores', '/v1/jobs/compare',
    ]));
    const post = doc.paths['/v1/jobs'].post;
    expect(post.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }));
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201', '401', '402', '409', '422']));
    expect(doc.components.schemas.Job.required).toContain('registro');
    // Every operation has a unique operationId; pedido links the contract's schema, with an example that quotes.
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((m) => Object.values(m));
    expect(ops.every((o) => typeof o.operationId === 'string')).toBe(true);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
    expect(doc.paths['/v1/jobs/{job_id}'].get.operationId).toBe('get_jobs_job_id');
    expect(doc.servers[0].url).toBe('http://127.0.0.1:8080');
    const body = doc.paths['/v1/jobs/estimate'].post.requestBody.content['application/json'];
    expect(body.schema.properties.pedido).toEqual({ $ref: '#/components/schemas/CenarioCampanha' });
    expect(doc.components.schemas.CenarioCampanha.properties.versao_contrato).toBeDefined();
    expect(doc.paths['/v1/calibracoes'].post.requestBody.content['application/json'].schema.properties.pedido).toEqual({ $ref: '#/components/schemas/PedidoCalibracao' });
    const quote = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: body.example });
    expect(quote.statusCode).toBe(200);
    const docs = await h.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers an unexpected failure with 500 internal_error and no internals', async () => {
    const failing = Object.assign(Object.create(h.store), {
      query: (sql: string, params?: unknown[]) =>
        /FROM jobs/.test(sql) ? Promise.reject(new Error('secret internals: relation jobs is corrupt')) : h.store.query(sql, params),
    });
    const app = await buildApp({ store: failing, clock: h.clock, limiter: createRateLimiter({ backend: 'memory', clock: h.clock }) });
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/jobs', headers: { authorization: `Bearer ${h.keys.reader}` } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: { code: 'internal_error', message: 'unexpected failure inside the service' } });
    } finally {
      await app.close();
    }
  });

  it('answers an unknown route with 404 not_found in the envelope', async () => {
    const res = await h.call('GET', '/v1/nothing', h.keys.reader);
    expect(res.statusCode).toBe(404);
    expect(detail(res).code).toBe('not_found');
  });
});

describe('limits', () => {
  // The spec's numbers are the default (RateLimit-Limit 1000 above); here small numbers injected
  // through buildApp make the windows' edges quick to reach, on the same PostgreSQL counter.
  const LIMITS = { perKeyPerHour: 10, perOrganizationPerHour: 15, burstPerCredential: 6, burstPerAddress: 8 };
  let small: FastifyInstance;
  let acct: { orgId: string; projectId: string; key: string };
  const call = (key: string, remoteAddress = '127.0.0.1') =>
    small.inject({ method: 'GET', url: '/v1/whoami', headers: { authorization: `Bearer ${key}` }, remoteAddress });
  beforeAll(async () => {
    small = await buildApp({ store: h.store, clock: h.clock, rateLimits: LIMITS });
    acct = await h.newAccount(0);
  });
  afterAll(async () => { await small?.close(); });

  it('allows the hourly budget per key in a sliding hour, then 429 with Retry-After; the window slides', async () => {
    // Counters are shared through the store: let the earlier tests' calls from 127.0.0.1 leave
    // the 5-minute window; then one call every 60 s keeps the bursts out of the way.
    h.clock.advance(301_000);
    for (let i = 0; i < LIMITS.perKeyPerHour; i++) {
      const r = await call(acct.key);
      expect(r.statusCode).toBe(200);
      expect(r.headers['ratelimit-limit']).toBe(String(LIMITS.perKeyPerHour));
      expect(r.headers['ratelimit-remaining']).toBe(String(LIMITS.perKeyPerHour - 1 - i));
      h.clock.advance(60_000);
    }
    const over = await call(acct.key);
    expect(over.statusCode).toBe(429);
    expect(detail(over).code).toBe('query_budget_exceeded');
    // The first call leaves the hour 3600 s after it was made, 600 s of which have passed.
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(3000);
    expect(retry).toBeLessThanOrEqual(3001);
    // A refused call is not counted: still refused one second before Retry-After, admitted at it.
    h.clock.advance((retry - 1) * 1000);
    expect((await call(acct.key)).statusCode).toBe(429);
    h.clock.advance(1000);
    expect((await call(acct.key)).statusCode).toBe(200);
  });

  it('allows the hourly budget per organization across its keys, then 429', async () => {
    h.clock.advance(3_700_000); // a fresh hour
    const keys = [acct.key, await h.newKey(['results:read'], acct.projectId), await h.newKey(['results:read'], acct.projectId)];
    for (let i = 0; i < LIMITS.perOrganizationPerHour; i++) {
      expect((await call(keys[i % 3])).statusCode).toBe(200);
      h.clock.advance(60_000);
    }
    const over = await call(keys[1]);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('blocks a credential after its burst in 5 minutes with 403 and no body, then releases it, uncounted', async () => {
    h.clock.advance(3_700_000);
    const key = await h.newKey(['results:read'], acct.projectId);
    for (let i = 0; i < LIMITS.burstPerCredential; i++) expect((await call(key, `10.0.0.${i}`)).statusCode).toBe(200);
    const blocked = await call(key, '10.0.1.1');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toBe('');
    // Another key is not blocked: the burst is per Authorization value.
    expect((await call(acct.key, '10.0.1.2')).statusCode).toBe(200);
    h.clock.advance(301_000);
    const again = await call(key, '10.0.1.3');
    expect(again.statusCode).toBe(200);
    // The 6 admitted calls and this one count against the key's hour; the blocked call did not.
    expect(again.headers['ratelimit-remaining']).toBe(String(LIMITS.perKeyPerHour - LIMITS.burstPerCredential - 1));
  });

  it('blocks an origin address after its burst in 5 minutes, whatever the credential, then releases it', async () => {
    h.clock.advance(3_700_000);
    const from = (remoteAddress: string) => small.inject({ method: 'GET', url: '/v1/jobs', remoteAddress });
    for (let i = 0; i < LIMITS.burstPerAddress; i++) expect((await from('10.9.8.7')).statusCode).toBe(401);
    const blocked = await from('10.9.8.7');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toBe('');
    expect((await from('10.9.8.6')).statusCode).toBe(401);
    h.clock.advance(301_000);
    expect((await from('10.9.8.7')).statusCode).toBe(401);
  });

  it('counts the OAuth endpoints for agents in the burst per origin address', async () => {
    h.clock.advance(301_000);
    const register = (remoteAddress: string) => small.inject({ method: 'POST', url: '/oauth/register', payload: {}, remoteAddress });
    for (let i = 0; i < LIMITS.burstPerAddress; i++) expect((await register('10.9.8.5')).statusCode).toBe(400);
    const blocked = await register('10.9.8.5');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toBe('');
    expect((await small.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource/mcp', remoteAddress: '10.9.8.5' })).statusCode).toBe(403);
  });
});
