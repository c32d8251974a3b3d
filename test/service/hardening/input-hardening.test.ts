// Regression tests of issue 15 (bad input): each case once answered 500, echoed the whole input,
// or read the body of a keyless caller. Every answer here is the error envelope or the validation form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../service/accounts/ledger.js';
import { UF_CODES } from '../../../src/release/types.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { openHarness, type Harness } from '../routes/harness.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('hardening'); });
afterAll(async () => { await h?.close(); });

/** JSON text of `levels` nested objects under pedido (built as text: JSON.stringify of it would overflow). */
function deepPedido(levels: number): string {
  return `{"pedido":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
}

function post(url: string, key: string | null, payload: string, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST', url, payload,
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...headers },
  });
}

describe('issue 15: bad input never gives 500 nor echoes itself', () => {
  it("refuses the issue's job (27 UFs x 65,535 days x 20 replicas) with 422 job_too_long at estimate and submit, charging nothing", async () => {
    const pedido = httpScenario({ familia: 'adocao', geografia: { ufs: [...UF_CODES] }, horizonte: { data_inicio: '2026-01-05', dias: 65_535 }, replicas: 20,
      canais: undefined, mensagem: undefined, lancamento: { dia: 1, cenario_base: 'pix' }, kpis: ['adotantes'] });
    const before = await balance(h.store, h.orgId);
    const quote = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido } });
    expect([quote.statusCode, quote.json().detail.code]).toEqual([422, 'job_too_long']);
    const submit = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido }, headers: { 'idempotency-key': 'too-long' } });
    expect([submit.statusCode, submit.json().detail.code]).toEqual([422, 'job_too_long']);
    expect(await balance(h.store, h.orgId)).toBe(before);
  });

  it('answers 422 to 5,000 levels of JSON under pedido (objects or arrays), 401 without a key', async () => {
    const deepArray = `{"pedido":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const payload of [deepPedido(5000), deepArray, deepArray.slice('{"pedido":'.length, -1)]) {
      const res = await post('/v1/jobs/estimate', h.keys.full, payload);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
      expect(res.body.length).toBeLessThan(2000);
      expect((await post('/v1/jobs/estimate', null, payload)).statusCode).toBe(401);
    }
  });

  it('never echoes more than a short excerpt of a large input', async () => {
    const big = 'x'.repeat(200_000);
    const wrongType = await post('/v1/jobs/estimate', h.keys.full, JSON.stringify({ pedido: big }));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.body.length).toBeLessThan(2000);
    const extra = await post('/v1/jobs/estimate', h.keys.full, JSON.stringify({ pedido: { ...httpScenario(), [big]: 1 } }));
    expect(extra.statusCode).toBe(422);
    expect(extra.body.length).toBeLessThan(2000);
    const notJson = await post('/v1/jobs/estimate', h.keys.full, `{"pedido": ${big}`);
    expect(notJson.statusCode).toBe(422);
    expect(notJson.body.length).toBeLessThan(2000);
  });

  it.each([
    ['nome', { nome: 'a\u0000b' }],
    ['nome', { nome: 'a\uD800b' }],
    ['descricao', { descricao: 'fim\uDC00' }],
    ['mensagem.politica', { mensagem: { stim_id: '0123456789abcdef0123456789abcdef', template_ver: 'v1', politica: 'x\u0000' } }],
    ['mensagem.template_ver', { mensagem: { stim_id: '0123456789abcdef0123456789abcdef', template_ver: '\uD83D', politica: 'p' } }],
  ])('refuses NUL or a lone surrogate in %s with wrong_type at the quote and at the submit alike', async (field, over) => {
    const pedido = httpScenario(over);
    const quote = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido } });
    expect(quote.json().detail).toMatchObject({ code: 'invalid_request', contract_code: 'wrong_type', field });
    const submit = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido }, headers: { 'idempotency-key': `text-${field}-${Math.random()}` } });
    expect(submit.statusCode).toBe(422);
    expect(submit.json().detail).toMatchObject({ code: 'invalid_request', contract_code: 'wrong_type', field });
  });

  it('answers a keyless body with 401 before reading it', async () => {
    let read = 0;
    const { Readable } = await import('node:stream');
    const body = new Readable({ read() { read += 1; this.push(read > 1000 ? null : Buffer.alloc(64 * 1024, 0x20)); } });
    const res = await h.app.inject({ method: 'POST', url: '/v1/jobs/estimate', payload: body, headers: { 'content-type': 'application/json', 'content-length': String(1000 * 64 * 1024) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail.code).toBe('invalid_api_key');
    expect(read).toBeLessThan(1000);
  });

  it('refuses a job body over its route limit (1 MiB) with 413, and reads a calibration body of 150,000 rows', async () => {
    const res = await post('/v1/jobs/estimate', h.keys.full, JSON.stringify({ pedido: httpScenario({ descricao: 'x'.repeat(2 * 1024 * 1024) }) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body'], type: 'body_too_large' });
    const row = { periodo: 20260302, area: '1400100005', canal: 'exterior', grupo_idade: 6, sexo: 1, renda: 4, escolaridade: 3, raca: 4, valor: 123456.75 };
    const serie = JSON.stringify(Array.from({ length: 150_000 }, () => row), null, 1);
    const calibration = await post('/v1/calibracoes/estimate', h.keys.full, `{"pedido": {}, "serie": ${serie}}`);
    expect(calibration.statusCode).toBe(422);
    expect(calibration.json().detail.code).toBe('invalid_request');
  });

  it('refuses a body declared in another charset than UTF-8 with 422 in the validation form', async () => {
    const res = await post('/v1/jobs/estimate', h.keys.full, JSON.stringify({ pedido: httpScenario() }), { 'content-type': 'application/json; charset=utf-16' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['header', 'content-type'], input: 'utf-16' });
    const utf8 = await post('/v1/jobs/estimate', h.keys.full, JSON.stringify({ pedido: httpScenario() }), { 'content-type': 'application/json; charset=UTF-8' });
    expect(utf8.statusCode).toBe(200);
  });
});
