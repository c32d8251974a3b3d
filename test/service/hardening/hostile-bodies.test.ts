// Issue 32, defect 1: any key, even results:read, could freeze the process: 27.7 MiB of nested
// brackets posted to a calibration route (or to /mcp) was parsed before the scope was checked,
// with no bound on its depth, and held the event loop for 7 s. Now the scope is checked before
// the body is read, JSON deeper than MAX_JSON_DEPTH is refused as it arrives (never built),
// and /mcp reads a calibration-sized body only from a credential that may submit one. The
// latency under that load is measured by bench/hostile-body.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { CALIBRATION_BODY_LIMIT, DEFAULT_BODY_LIMIT, MCP_WITHOUT_POWER_BODY_LIMIT } from '../../../service/http/body-limits.js';
import { MAX_JSON_DEPTH } from '../../../service/http/json-scan.js';
import { openHarness, type Harness } from '../routes/harness.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('hostile'); });
afterAll(async () => { await h?.close(); });

/** `{"pedido":` + depth x `[` + depth x `]` + `}`: the attack's shape, at a chosen size. */
const brackets = (depth: number) => `{"pedido":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('issue 32: a body cannot freeze the service', () => {
  it('refuses a key without the scope before reading the body (403 missing_scope, not counted)', async () => {
    const res = await h.call('POST', '/v1/calibracoes/estimate', h.keys.reader, {
      body: brackets(200_000), headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail.code).toBe('missing_scope');
    expect(res.headers['ratelimit-remaining']).toBeUndefined();
  });

  it('refuses JSON nested deeper than the limit with the validation form, for a key with the scope', async () => {
    const res = await h.call('POST', '/v1/calibracoes/estimate', h.keys.full, {
      body: brackets(1_000_000), headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body'], type: 'value_error', ctx: { max_depth: MAX_JSON_DEPTH } });
    expect(res.json().detail[0].msg).toMatch(/nested deeper than 64/);
  });

  it('refuses deep JSON on /mcp too', async () => {
    const res = await h.app.inject({
      method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, authorization: `Bearer ${h.keys.reader}` },
      payload: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_job","arguments":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toMatch(/nested deeper/);
  });

  it('survives the body over real HTTP: a deep body refused at /mcp\'s size limit leaves the service answering', async () => {
    const url = await h.app.listen({ host: '127.0.0.1', port: 0 });
    for (const key of [h.keys.reader, h.keys.simulator]) {
      const res = await fetch(`${url}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` }, body: brackets(2_000_000) }).catch(() => null);
      if (res) expect([413, 422]).toContain(res.status);
    }
    expect((await fetch(`${url}/v1/whoami`, { headers: { authorization: `Bearer ${h.keys.reader}` } })).status).toBe(200);
    // a refused upload's connection is not drained: it would stay until the request timeout
    h.app.server.closeAllConnections();
  });

  it('takes a calibration-sized body on /mcp only from a credential with the simulate scope', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: Array(1000).fill('x'.repeat(DEFAULT_BODY_LIMIT.bytes / 1000)) } });
    const call = (key: string) => h.app.inject({ method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` }, payload: big });
    const reader = await call(h.keys.reader);
    expect(reader.statusCode).toBe(413);
    expect(reader.json().detail[0].type).toBe('body_too_large');
    const invalid = await call('svc_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(invalid.statusCode).toBe(401);
    const simulator = await call(h.keys.simulator);
    expect(simulator.statusCode).toBe(200);
  });
});

// Issue 54: a large but shallow body (7 M `{}`, 21 MB) from any simulate key held the event loop
// for seconds, /mcp tools/list included; and /mcp parsed 1 MiB bodies under junk bearers.
describe('issue 54: a shallow body cannot freeze the service either', () => {
  /** 7 M `{}` (21 MB) where a route takes a value: the attack's shape. */
  const emptyObjects = (prefix: string, suffix: string) => `${prefix}[${'{},'.repeat(7_000_000)}{}]${suffix}`;
  /** A 20 MB shallow body within the calibration limits: 150,000 rows of 133 bytes. */
  const rows = (prefix: string, suffix: string) =>
    `${prefix}[${Array.from({ length: 150_000 }, (_, i) => `{"periodo": 202401, "municipio": "1400100", "valor": ${100_000 + i}, "nota": "${'x'.repeat(64)}"}`).join(',\n')}]${suffix}`;
  const MCP_LIST = ['{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":', '}}'] as const;
  const CALIBRATION = ['{"pedido":{},"serie":', '}'] as const;

  /** A body that counts the bytes taken from it, sent in 64 KiB chunks. */
  const counted = (text: string) => {
    const bytes = Buffer.from(text);
    const body = { read: 0, stream: null as unknown as Readable, length: bytes.length };
    body.stream = new Readable({
      read() {
        const chunk = bytes.subarray(body.read, body.read + 65536);
        body.read += chunk.length;
        this.push(chunk.length > 0 ? chunk : null);
      },
    });
    return body;
  };

  it.each([['/mcp', MCP_LIST], ['/v1/calibracoes', CALIBRATION]] as const)('refuses 21 MB of {} to %s early, at the route\'s limit of objects (413), having read a fraction of it', async (url, [prefix, suffix]) => {
    const body = counted(emptyObjects(prefix, suffix));
    const res = await h.app.inject({
      method: 'POST', url, payload: body.stream,
      headers: { ...MCP_HEADERS, authorization: `Bearer ${h.keys.full}`, 'idempotency-key': 'shallow', 'content-length': String(body.length) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body'], type: 'body_too_large', ctx: { max_containers: CALIBRATION_BODY_LIMIT.containers } });
    expect(body.read).toBeLessThan(body.length / 10);
  });

  it.each([['/mcp', MCP_LIST], ['/v1/calibracoes', CALIBRATION]] as const)('parses a 20 MB shallow body to %s in slices: a request sent once it is in is answered first', async (url, [prefix, suffix]) => {
    const body = counted(rows(prefix, suffix));
    expect(body.length).toBeGreaterThan(20_000_000);
    const order: string[] = [];
    const arrived = new Promise<void>((resolve) => body.stream.on('end', resolve));
    const big = h.app.inject({
      method: 'POST', url, payload: body.stream,
      headers: { ...MCP_HEADERS, authorization: `Bearer ${h.keys.full}`, 'idempotency-key': 'shallow-rows' },
    }).then((res) => { order.push('big'); return res; });
    await arrived;
    const small = await h.call('GET', '/v1/whoami', h.keys.reader).then((res) => { order.push('small'); return res; });
    expect(small.statusCode).toBe(200);
    const res = await big;
    expect(order).toEqual(['small', 'big']);
    // parsed whole: tools/list answers; the calibration is refused by its contract (pedido empty)
    if (url === '/mcp') expect(res.json().result.tools.length).toBeGreaterThan(0);
    else expect(res.json().detail).toMatchObject({ code: 'invalid_request' });
  });

  it('answers /mcp under a junk bearer with HTTP 401 without reading a body over an MCP message\'s envelope', async () => {
    const body = counted(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(1024 * 1024)}"}}`);
    const res = await h.app.inject({
      method: 'POST', url: '/mcp', payload: body.stream,
      headers: { ...MCP_HEADERS, authorization: `Bearer junk-${Math.random()}`, 'content-length': String(body.length) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail.code).toBe('unauthorized');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token", resource_metadata="/);
    expect(body.read).toBeLessThan(MCP_WITHOUT_POWER_BODY_LIMIT.bytes + 65536);
    // sent without a length, it is cut at the envelope with the same answer
    const chunked = counted(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":${JSON.stringify(Array(8).fill('x'.repeat(1024 * 1024)))}}}`);
    const cut = await h.app.inject({ method: 'POST', url: '/mcp', payload: chunked.stream, headers: { ...MCP_HEADERS, authorization: 'Bearer junk' } });
    expect(cut.statusCode).toBe(401);
    expect(chunked.read).toBeLessThan(chunked.length / 10);
  });
});
