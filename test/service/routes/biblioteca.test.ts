// GET /v1/biblioteca and GET /v1/biblioteca/{modelo} through the real app on the real
// PostgreSQL: any key reads it (a simulate-only key too), free but counted; a filled template's
// pedido passes POST /v1/jobs/estimate as it is; unknown template 404; bad place 422 with the
// contract code and the query parameter as field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../library/templates.js';
import { openHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('biblioteca'); });
afterAll(async () => { await h?.close(); });

describe('GET /v1/biblioteca', () => {
  it('any key reads the templates and the cases; the call is counted; no key is 401', async () => {
    for (const key of [h.keys.reader, h.keys.simulator]) {
      const res = await h.call('GET', '/v1/biblioteca', key);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.modelos.map((m: { id: string }) => m.id)).toEqual(TEMPLATES.map((t) => t.id));
      // The newest release (v2.1.0) carries its own Pix case, v1.9.0's midia case and v2.0.0's exposure case.
      expect(body.casos.map((c: { id: string }) => c.id)).toEqual(['pix', 'midia', 'exposicao']);
      for (const c of body.casos) expect(c.ufs).toHaveLength(27);
      expect(typeof body.aviso).toBe('string');
      expect(res.headers['ratelimit-remaining']).toBeDefined();
    }
    const before = Number((await h.call('GET', '/v1/biblioteca', h.keys.reader)).headers['ratelimit-remaining']);
    const after = Number((await h.call('GET', '/v1/biblioteca', h.keys.reader)).headers['ratelimit-remaining']);
    expect(after).toBe(before - 1);
    expect((await h.call('GET', '/v1/biblioteca', null)).statusCode).toBe(401);
  });
});

describe('GET /v1/biblioteca/{modelo}', () => {
  it('without a place: the template and pedido null', async () => {
    const res = await h.call('GET', '/v1/biblioteca/festival-cultural', h.keys.reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'festival-cultural', setor: 'cultura', pedido: null, calibracao: 'nao_calibrado' });
    expect(res.json().cenario.canais).toHaveLength(2);
  });

  it("with a place: a pedido that POST /v1/jobs/estimate quotes as it is, starting the Monday after the service's today", async () => {
    const res = await h.call('GET', '/v1/biblioteca/vacinacao-adultos?municipio=1400100&municipio=1400050', h.keys.reader);
    expect(res.statusCode).toBe(200);
    const { pedido } = res.json();
    expect(pedido.geografia).toEqual({ ufs: ['RR'], municipios: ['1400100', '1400050'] });
    expect(pedido.horizonte.data_inicio).toBe('2026-11-09'); // the harness clock: Monday 2026-11-02
    const quote = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido } });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().ufs).toEqual(['RR']);
  });

  it('a single uf in the query is a one-item list', async () => {
    const res = await h.call('GET', '/v1/biblioteca/conta-digital?uf=AP', h.keys.reader);
    expect(res.statusCode).toBe(200);
    expect(res.json().pedido.geografia).toEqual({ ufs: ['AP'] });
  });

  it('unknown template: 404 not_found; bad place: 422 with the contract code and the query field', async () => {
    const a = await h.call('GET', '/v1/biblioteca/nao-existe', h.keys.reader);
    expect([a.statusCode, a.json().detail.code]).toEqual([404, 'not_found']);
    const b = await h.call('GET', '/v1/biblioteca/vacinacao-adultos?uf=XX', h.keys.reader);
    expect(b.statusCode).toBe(422);
    expect(b.json().detail).toMatchObject({ code: 'invalid_request', contract_code: 'uf_unknown', field: 'uf[0]' });
    const c = await h.call('GET', '/v1/biblioteca/vacinacao-adultos?uf=RR&municipio=3550308', h.keys.reader);
    expect(c.json().detail).toMatchObject({ contract_code: 'municipality_outside_ufs', field: 'municipio[0]' });
  });
});
