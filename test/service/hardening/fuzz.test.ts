// Fuzz suite (issue 15): thousands of seeded random requests, built by fast-check, against the
// real app and PostgreSQL. Whatever a client sends, the answer is never a 5xx and is either the
// error envelope {detail: {code, message}}, the validation form {detail: [{loc, msg, type}]}, or
// a success; refusals never echo more than an excerpt. A scenario mutated at random is judged
// the same by the quote and by the submit. MCP tool calls with random arguments never give 5xx.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { openHarness, type Harness } from '../routes/harness.js';

const SEED = 15;
const UNLIMITED = { perKeyPerHour: 1e9, perOrganizationPerHour: 1e9, burstPerCredential: 1e9, burstPerAddress: 1e9 };

let h: Harness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await openHarness('fuzz', 1e12);
  app = await buildApp({ store: h.store, clock: h.clock, rateLimits: UNLIMITED });
});
afterAll(async () => { await app?.close(); await h?.close(); });

/** The answer is a success, the error envelope, or the validation form; never 5xx, never a large echo. */
function expectWellFormed(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.body.length, what).toBeLessThan(8000);
  const detail = res.json().detail;
  if (Array.isArray(detail)) {
    expect(detail.length, what).toBeGreaterThan(0);
    for (const item of detail) {
      expect(item, what).toMatchObject({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    }
  } else {
    expect(detail, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  }
}

const UUID = '00000000-0000-4000-8000-000000000000';
const ROUTES: Array<['GET' | 'POST', string]> = [
  ['GET', '/v1/whoami'], ['POST', '/v1/jobs/estimate'], ['POST', '/v1/jobs'], ['GET', '/v1/jobs'],
  ['GET', '/v1/jobs/{id}'], ['POST', '/v1/jobs/{id}/cancel'], ['POST', '/v1/jobs/{id}/erase'],
  ['GET', '/v1/jobs/{id}/findings'], ['GET', '/v1/jobs/{id}/setores'], ['GET', '/v1/jobs/{id}/respostas'],
  ['GET', '/v1/jobs/compare'], ['POST', '/v1/calibracoes/estimate'], ['POST', '/v1/calibracoes'],
  ['GET', '/v1/calibracoes/{id}'], ['GET', '/v1/schemas/cenario-campanha'], ['GET', '/v1/nada'],
];

/** Text a careless or hostile client might send, NUL and lone surrogates included. */
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', 'a\uD800', '\uDC00b', '%', '%E0%A4%A', '../../etc', 'x'.repeat(3000), '{"a":', '[]', 'null', '1e999'),
);

const deepJson = fc.integer({ min: 1, max: 6000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
const bodyText = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.jsonValue().map((v) => JSON.stringify({ pedido: v })),
  deepJson,
  deepJson.map((d) => `{"pedido":${d}}`),
  nastyText,
  fc.constant(''),
);

const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('full', 'reader', 'simulator').chain((k) => fc.constantFrom(`Bearer KEY:${k}`, `bearer KEY:${k}`, `BEARER  KEY:${k}`)),
  nastyText.map((t) => `Bearer ${t}`),
  nastyText,
);

const contentType = fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x');

describe('issue 15: fuzzed HTTP requests', () => {
  it('never answers 5xx and always answers in the envelope (3,000 seeded requests)', async () => {
    const keys = h.keys as Record<string, string>;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES), fc.oneof(fc.constant(UUID), fc.constant('%E0%A4%A'), nastyText.map((t) => encodeURIComponent(t.toWellFormed()))), fc.dictionary(fc.constantFrom('tabela', 'limite', 'municipio', 'semana', 'tipo', 'a', 'b', 'estado', 'offset'), nastyText, { maxKeys: 3 }),
        authorization, contentType, fc.option(bodyText), fc.option(nastyText.map((t) => t.replace(/[^\x20-\x7e]/g, '')).filter((t) => t.length < 300)),
        async ([method, route], id, query, auth, type, body, idem) => {
          const headers: Record<string, string> = {};
          if (auth !== undefined) headers.authorization = auth.replace(/KEY:(\w+)/, (_, k: string) => keys[k]);
          if (type !== undefined) headers['content-type'] = type;
          if (idem !== null) headers['idempotency-key'] = idem;
          const qs = new URLSearchParams(query).toString();
          const url = `${route.replace('{id}', id)}${qs ? `?${qs}` : ''}`;
          let res: LightMyRequestResponse;
          try {
            res = await app.inject({ method, url, headers, ...(body !== null && method === 'POST' ? { payload: body } : {}) });
          } catch (err) {
            // Only header values Node itself refuses to send (invalid characters) may not reach the app.
            if (err instanceof TypeError && /header/i.test(err.message)) return;
            throw err;
          }
          expectWellFormed(res, `${method} ${url}`);
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('judges a randomly mutated scenario the same at the quote and at the submit, never with 5xx (500 scenarios)', async () => {
    const base = httpScenario();
    const fields = [...Object.keys(base), 'descricao', 'publico', 'saida_por_setor', 'contrato_de_resposta', 'lancamento', 'extra'];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyText), { maxKeys: 2 }),
        async (changes) => {
          const pedido = { ...base, ...changes };
          const quote = await app.inject({ method: 'POST', url: '/v1/jobs/estimate', headers: { authorization: `Bearer ${h.keys.full}` }, payload: { pedido } });
          const submit = await app.inject({ method: 'POST', url: '/v1/jobs', headers: { authorization: `Bearer ${h.keys.full}`, 'idempotency-key': `fuzz-${n++}` }, payload: { pedido } });
          expectWellFormed(quote, 'estimate');
          expectWellFormed(submit, 'submit');
          if (quote.statusCode === 200) {
            expect(submit.statusCode, submit.body.slice(0, 300)).toBe(201);
          } else {
            expect(submit.statusCode).toBe(quote.statusCode);
            const pick = (r: LightMyRequestResponse) => { const d = r.json().detail; return Array.isArray(d) ? d.map((i) => i.loc) : [d.code, d.contract_code, d.field]; };
            expect(pick(submit)).toEqual(pick(quote));
          }
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('issue 15: fuzzed MCP tool calls', () => {
  it('never answers 5xx to random arguments of every tool (500 seeded calls)', async () => {
    const tools = ['list_releases', 'estimate_simulation', 'submit_simulation', 'get_job', 'get_findings', 'get_answers',
      'cancel_job', 'erase_job_data', 'estimate_calibration', 'submit_calibration', 'get_calibration', 'no_such_tool'];
    let id = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tools), fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(fc.constantFrom('pedido', 'job_id', 'id', 'tabela', 'limite', 'idempotency_key', 'serie'), fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyText))),
        async (name, args) => {
          const res = await app.inject({
            method: 'POST', url: '/mcp',
            headers: { authorization: `Bearer ${h.keys.full}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
            payload: { jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } },
          });
          expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
          const msg = res.json();
          expect(msg.jsonrpc).toBe('2.0');
          expect('result' in msg || 'error' in msg).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});
