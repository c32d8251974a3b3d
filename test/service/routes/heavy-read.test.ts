// Issue 54, item 3: heavy reads (service/http/heavy-read.ts). An answer is built once and kept as
// gzip bytes with an ETag (If-None-Match answers 304), sent gzipped or inflated as the client
// takes it, the same JSON either way; it counts in the caller's burst windows one call per
// started 256 KiB of its JSON, a 304 one call. The cache shares one build between concurrent
// readers, keeps no failed build and lets the least recently used answers go past its size.
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { BYTES_PER_CALL, callsOf, createAnswerCache } from '../../../service/http/heavy-read.js';
import { tractNames } from '../../../src/context/tract-names.js';
import { openHarness, type Harness } from './harness.js';

const BOA_VISTA = '1400100';
const SAO_PAULO = '3550308';
const BURST = 30;

let h: Harness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await openHarness('heavy_read');
  app = await buildApp({ store: h.store, clock: h.clock, rateLimits: { burstPerCredential: BURST } });
});
afterAll(async () => { await app?.close(); await h?.close(); });

const get = (url: string, key: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}`, ...headers } });

describe('a heavy read\'s answer', () => {
  it('is the JSON the route served, gzipped or not as the client takes it, with an ETag that If-None-Match revalidates', async () => {
    const key = await h.newKey(['results:read']);
    const url = `/v1/municipios/${BOA_VISTA}/setores/nomes`;
    const plain = await get(url, key);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers).toMatchObject({ vary: 'Accept-Encoding', 'cache-control': 'private, no-cache', etag: expect.stringMatching(/^W\/"[\w-]{27}"$/) });
    expect(plain.json()).toEqual(JSON.parse(JSON.stringify(tractNames(BOA_VISTA))));
    expect(plain.headers['ratelimit-remaining']).toBeDefined();

    const gzipped = await get(url, key, { 'accept-encoding': 'br, gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect((await get(url, key, { 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();

    const again = await get(url, key, { 'if-none-match': `"x", ${plain.headers.etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect((await get(url, key, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('keeps refusals out: an unknown municipality is 404 each time, never a kept answer', async () => {
    const key = await h.newKey(['results:read']);
    for (let i = 0; i < 2; i++) expect((await get('/v1/municipios/9999999/setores/nomes', key)).json().detail.code).toBe('municipality_unknown');
  });

  it('counts one call per started 256 KiB of its JSON in the credential\'s burst window, a 304 one', async () => {
    const key = await h.newKey(['results:read']);
    const url = `/v1/municipios/${SAO_PAULO}/setores?limite=5000`;
    const first = await get(url, key);
    expect(first.statusCode).toBe(200);
    const calls = callsOf(first.rawPayload.length);
    expect(calls).toBeGreaterThan(1);
    expect(calls).toBe(Math.ceil(first.rawPayload.length / BYTES_PER_CALL));
    expect((await get(url, key, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    // the burst window now holds `calls` + 1: the rest are the calls left before the 403
    let left = 0;
    while ((await get('/v1/whoami', key)).statusCode === 200) left++;
    expect(left).toBe(BURST - calls - 1);
    const blocked = await get('/v1/whoami', key);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toBe('');
    // the window empties in 5 minutes
    h.clock.advance(301_000);
    expect((await get('/v1/whoami', key)).statusCode).toBe(200);
  });

  it('is kept for a diagnosis (once its project opened the city) and for the library, with an ETag', async () => {
    const key = await h.newKey(['results:read', 'simulate']);
    expect((await get(`/v1/diagnosticos/${BOA_VISTA}`, key)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/v1/diagnosticos/${BOA_VISTA}`, headers: { authorization: `Bearer ${key}` } })).statusCode).toBeLessThan(300);
    for (const url of [`/v1/diagnosticos/${BOA_VISTA}?variavel=residentes`, '/v1/biblioteca']) {
      const res = await get(url, key);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toMatch(/^W\//);
      expect((await get(url, key, { 'if-none-match': res.headers.etag as string })).statusCode, url).toBe(304);
    }
  });
});

describe('the answer cache', () => {
  const text = (n: number) => async () => 'x'.repeat(n);

  it('builds once for concurrent readers of one key', async () => {
    const cache = createAnswerCache();
    let builds = 0;
    const build = async () => { builds++; return '{"a":1}'; };
    const [a, b] = await Promise.all([cache.answer('k', build), cache.answer('k', build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(a.bytes).toBe(7);
    expect(gunzipSync(a.gzip).toString()).toBe('{"a":1}');
  });

  it('keeps no failed build', async () => {
    const cache = createAnswerCache();
    await expect(cache.answer('k', async () => { throw new Error('lido mal'); })).rejects.toThrow('lido mal');
    expect((await cache.answer('k', async () => '[]')).bytes).toBe(2);
  });

  it('lets the least recently used answers go past its size, never the newest', async () => {
    // random text does not compress: each answer's gzip is about its size
    const random = (n: number) => async () => Array.from({ length: n }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join('');
    const cache = createAnswerCache(2000); // two such answers fit (about 850 bytes of gzip each), not three
    const a = await cache.answer('a', random(1000));
    await cache.answer('b', random(1000));
    expect(await cache.answer('a', text(1))).toBe(a); // a used again: b is now the oldest
    await cache.answer('c', random(1000));
    expect(await cache.answer('a', text(1))).toBe(a);
    expect((await cache.answer('b', text(1))).bytes).toBe(1); // b was let go and built again
    expect((await cache.answer('big', random(5000))).bytes).toBe(5000);
    expect((await cache.answer('big', text(1))).bytes).toBe(5000);
  });
});
