// Issue 32, defect 1: any key, even results:read, could freeze the process: 27.7 MiB of nested
// brackets posted to a calibration route (or to /mcp) was parsed before the scope was checked,
// with no bound on its depth, and held the event loop for 7 s. Now the scope is checked before
// the body is read, JSON deeper than MAX_JSON_DEPTH is refused as it arrives (never built),
// and /mcp reads a calibration-sized body only from a credential that may submit one. The
// latency under that load is measured by bench/hostile-body.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../../service/http/body-limits.js';
import { MAX_JSON_DEPTH, trackJsonDepth } from '../../../service/http/json-depth.js';
import { openHarness, type Harness } from '../routes/harness.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('hostile'); });
afterAll(async () => { await h?.close(); });

/** `{"pedido":` + depth x `[` + depth x `]` + `}`: the attack's shape, at a chosen size. */
const brackets = (depth: number) => `{"pedido":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('nesting depth', () => {
  /** Whether `chunks`, fed in order, nest deeper than `max`. */
  const deeper = (max: number, ...chunks: string[]) => {
    const tracker = trackJsonDepth(max);
    return !chunks.every((c) => tracker.feed(Buffer.from(c)));
  };
  it('counts brackets outside strings only, across chunks', () => {
    expect(deeper(2, '[[1]]')).toBe(false);
    expect(deeper(2, '[[[1]]]')).toBe(true);
    expect(deeper(2, '[[', '[1]]]')).toBe(true);
    expect(deeper(1, '{"a":"[[[[[[\\"[[["}')).toBe(false);
    // a string (and an escaped quote inside it) that spans chunks
    expect(deeper(1, '{"a":"[[[\\', '"[[[', '"}')).toBe(false);
    expect(deeper(1, '{"a":"x"', ',"b":[[1]]}')).toBe(true);
    expect(deeper(MAX_JSON_DEPTH, `{"a":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`)).toBe(false);
  });
});

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
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(DEFAULT_BODY_LIMIT + 10) } });
    const call = (key: string) => h.app.inject({ method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` }, payload: big });
    const reader = await call(h.keys.reader);
    expect(reader.statusCode).toBe(413);
    expect(reader.json().detail[0].type).toBe('body_too_large');
    const invalid = await call('svc_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(invalid.statusCode).toBe(413);
    const simulator = await call(h.keys.simulator);
    expect(simulator.statusCode).toBe(200);
  });
});
