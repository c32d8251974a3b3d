// The city diagnosis over HTTP, Boa Vista end to end through the real app on the real
// PostgreSQL: quote, open (201, then 200 with the same receipt), read the summary and a variable
// at the release opened, estimate growth, quote again; a city opened at an older release read
// there until opened at the newest; the price a receipt recorded; every refusal (403
// diagnosis_not_open, 404 municipality_unknown, 422 unknown_variable, each growth_* code with
// its field, the validation form, the scopes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosisSummary, diagnosisVariable } from '../../../src/context/city-diagnosis.js';
import { estimateGrowth } from '../../../src/context/growth-estimate.js';
import { validateGrowthRequest } from '../../../src/context/growth-request.js';
import { listReleases, newestRelease } from '../../../src/release/release.js';
import { recordDiagnosisOpening } from '../../../service/jobs/city-diagnoses.js';
import { openHarness, type Harness } from './harness.js';

const BOA_VISTA = '1400100';
const AMAJARI = '1400027';
const NEWEST = newestRelease();
const OLDEST = listReleases()[0];
// A block of central Boa Vista (about 1.1 km x 1.1 km).
const POLIGONO = [[-60.70, 2.82], [-60.69, 2.82], [-60.69, 2.83], [-60.70, 2.83]];
const GROWTH = { versao: 1, municipio: BOA_VISTA, unidades: 500, poligono: POLIGONO };

let h: Harness;
beforeAll(async () => { h = await openHarness('diagnosticos'); });
afterAll(async () => { await h?.close(); });

const asJson = (x: unknown) => JSON.parse(JSON.stringify(x));
const growth = (body: unknown, key = h.keys.full, codigo = BOA_VISTA) =>
  h.call('POST', `/v1/diagnosticos/${codigo}/crescimento`, key, { body, headers: { 'content-type': 'application/json' } });

describe('Boa Vista end to end', () => {
  it('before opening: the quote says not open, price zero; reading and growth are 403 diagnosis_not_open', async () => {
    const quote = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}/cotacao`, h.keys.reader);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toEqual({ municipio: BOA_VISTA, nome: 'Boa Vista', release: NEWEST, setores: expect.any(Number), preco_micros: 0, aberto: false });
    const read = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.reader);
    expect([read.statusCode, read.json().detail.code]).toEqual([403, 'diagnosis_not_open']);
    const g = await growth(GROWTH);
    expect([g.statusCode, g.json().detail.code]).toEqual([403, 'diagnosis_not_open']);
  });

  it('opens: 201 with the receipt at the newest release, then 200 with the same receipt', async () => {
    const first = await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.simulator);
    expect(first.statusCode).toBe(201);
    const receipt = first.json();
    expect(receipt).toEqual({
      recibo: expect.stringMatching(/^[0-9a-f-]{36}$/), municipio: BOA_VISTA, nome: 'Boa Vista', release: NEWEST,
      setores: expect.any(Number), preco_micros: 0, aberto_em: '2026-11-02T12:00:00.000Z',
    });
    h.clock.advance(60_000);
    const again = await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.full);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(receipt);
    const quote = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}/cotacao`, h.keys.reader);
    expect(quote.json()).toMatchObject({ aberto: true, release_aberta: NEWEST, preco_micros: 0, setores: receipt.setores });
  });

  it('reads the summary and each variable at the release opened, as the library gives them', async () => {
    const summary = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.reader);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual(asJson(await diagnosisSummary(BOA_VISTA, NEWEST)));
    expect(summary.json()).toMatchObject({ release: NEWEST, release_mais_nova: NEWEST, corte_erro: 0.5 });
    expect(summary.json().variaveis.map((v: { variavel: string }) => v.variavel)).toEqual(['residentes', 'domicilios', 'criancas_0_14', 'idosos_60_mais', 'escolas']);

    const children = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}?variavel=criancas_0_14`, h.keys.reader);
    expect(children.statusCode).toBe(200);
    const body = children.json();
    expect(body).toEqual(asJson(await diagnosisVariable(BOA_VISTA, NEWEST, 'criancas_0_14')));
    expect(body.observados.map((t: { ano: number }) => t.ano)).toEqual([2022, 2010]);
    for (const r of body.sinteticos.linhas) {
      if (r.n === null) expect(['erro_acima_do_corte', 'erro_nao_medido', 'sem_populacao_sintetica']).toContain(r.motivo);
      else expect(r.erro).toBeLessThanOrEqual(0.5);
    }
    const schools = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}?variavel=escolas`, h.keys.reader);
    expect(schools.json()).toMatchObject({ variavel: 'escolas', disponivel: false, motivo: expect.stringMatching(/São Paulo/) });
  });

  it('estimates growth at the release opened: every answer a number with basis and sentence, or withheld with a reason', async () => {
    const res = await growth(GROWTH, h.keys.simulator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(asJson(estimateGrowth(validateGrowthRequest(GROWTH, BOA_VISTA), NEWEST)));
    expect(body).toMatchObject({ municipio: BOA_VISTA, release: NEWEST, release_mais_nova: NEWEST, unidades: 500, local: { origem: 'poligono' } });
    expect(body.setores_referencia).toHaveLength(5);
    expect(body.respostas.residentes.valor).toBeGreaterThan(500);
    expect(body.respostas.residentes.faixa[0]).toBeLessThanOrEqual(body.respostas.residentes.valor);
    expect(body.respostas.atencao_basica).toMatchObject({ retida: false, valor: expect.any(Number) });
    expect(body.respostas.hospital).toMatchObject({ retida: false, valor: expect.any(Number), base: expect.stringMatching(/CNES/) });
    for (const a of Object.values(body.respostas) as Array<{ retida: boolean; valor: unknown; texto: string; base: unknown; motivo: unknown }>) {
      expect(a.texto.length).toBeGreaterThan(0);
      if (a.retida) expect([a.valor, typeof a.motivo]).toEqual([null, 'string']);
      else expect(typeof a.base).toBe('string');
    }
    expect(body.fontes.length).toBeGreaterThan(0);
  });

  it('growth by tracts: the mean centre of the release\'s tracts', async () => {
    const summary = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}?variavel=residentes`, h.keys.reader);
    const setores = summary.json().sinteticos.linhas.slice(0, 2).map((r: { setor: string }) => r.setor);
    const res = await growth({ versao: 1, municipio: BOA_VISTA, unidades: 10, setores });
    expect(res.statusCode).toBe(200);
    expect(res.json().local.origem).toBe('setores');
  });
});

describe('releases and receipts', () => {
  it('a city opened at an older release is read there until opened at the newest', async () => {
    await recordDiagnosisOpening(h.store, h.projectId, AMAJARI, OLDEST, h.clock.now());
    const quote = await h.call('GET', `/v1/diagnosticos/${AMAJARI}/cotacao`, h.keys.reader);
    expect(quote.json()).toMatchObject({ release: NEWEST, aberto: false, release_aberta: OLDEST, preco_micros: 0 });
    const old = await h.call('GET', `/v1/diagnosticos/${AMAJARI}?variavel=residentes`, h.keys.reader);
    expect(old.json()).toMatchObject({ release: OLDEST, release_mais_nova: NEWEST });
    const g = await growth({ versao: 1, municipio: AMAJARI, unidades: 10, setores: [old.json().sinteticos.linhas[0].setor] }, h.keys.full, AMAJARI);
    expect(g.json()).toMatchObject({ release: OLDEST, release_mais_nova: NEWEST });

    const opened = await h.call('POST', `/v1/diagnosticos/${AMAJARI}`, h.keys.full);
    expect([opened.statusCode, opened.json().release]).toEqual([201, NEWEST]);
    const now = await h.call('GET', `/v1/diagnosticos/${AMAJARI}`, h.keys.reader);
    expect(now.json()).toMatchObject({ release: NEWEST, release_mais_nova: NEWEST });
    const after = await h.call('GET', `/v1/diagnosticos/${AMAJARI}/cotacao`, h.keys.reader);
    expect(after.json()).toMatchObject({ aberto: true, release_aberta: NEWEST });
  });

  it('the quote shows the price the receipt recorded; another project sees its own state', async () => {
    const other = await h.newAccount(0);
    const opened = await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}`, other.key);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().recibo).not.toBe((await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.full)).json().recibo);
    // As if opened before 2026-10-12, when opening a city had a price.
    await h.store.query('UPDATE diagnoses SET preco_micros = 5000000 WHERE recibo = $1', [opened.json().recibo]);
    const quote = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}/cotacao`, other.key);
    expect(quote.json()).toMatchObject({ aberto: true, preco_micros: 5000000 });
    const unopened = await h.newAccount(0);
    const read = await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}`, unopened.key);
    expect(read.json().detail.code).toBe('diagnosis_not_open');
  });
});

describe('refusals', () => {
  it('404 municipality_unknown from every route; a malformed code is the validation form', async () => {
    const calls = [
      () => h.call('POST', '/v1/diagnosticos/9999999', h.keys.full),
      () => h.call('GET', '/v1/diagnosticos/9999999', h.keys.full),
      () => h.call('GET', '/v1/diagnosticos/9999999/cotacao', h.keys.full),
      () => growth({ ...GROWTH, municipio: '9999999' }, h.keys.full, '9999999'),
    ];
    for (const c of calls) {
      const res = await c();
      expect([res.statusCode, res.json().detail.code]).toEqual([404, 'municipality_unknown']);
    }
    const bad = await h.call('POST', '/v1/diagnosticos/14001x0', h.keys.full);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['path', 'codigo'], type: 'string_pattern_mismatch' });
  });

  it('422 unknown_variable with the list of variables (whether or not the city is open)', async () => {
    for (const codigo of [BOA_VISTA, '1400050']) {
      const res = await h.call('GET', `/v1/diagnosticos/${codigo}?variavel=renda`, h.keys.reader);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatchObject({ code: 'unknown_variable', variaveis: ['residentes', 'domicilios', 'criancas_0_14', 'idosos_60_mais', 'escolas'] });
    }
  });

  const refused = (contract_code: string, field: string) => ({ code: 'invalid_growth_request', contract_code, field });
  it.each([
    ['growth_wrong_type (an array)', [GROWTH], refused('growth_wrong_type', '')],
    ['growth_unknown_field', { ...GROWTH, prazo: 3 }, refused('growth_unknown_field', 'prazo')],
    ['growth_missing_field', { versao: 1, municipio: BOA_VISTA, poligono: POLIGONO }, refused('growth_missing_field', 'unidades')],
    ['growth_version_unsupported', { ...GROWTH, versao: 2 }, refused('growth_version_unsupported', 'versao')],
    ['growth_municipality_malformed (not the path\'s)', { ...GROWTH, municipio: AMAJARI }, refused('growth_municipality_malformed', 'municipio')],
    ['growth_wrong_type (unidades a string)', { ...GROWTH, unidades: '10' }, refused('growth_wrong_type', 'unidades')],
    ['growth_units_range', { ...GROWTH, unidades: 20001 }, refused('growth_units_range', 'unidades')],
    ['growth_territory_malformed (both)', { ...GROWTH, setores: ['140010005000001'] }, refused('growth_territory_malformed', 'setores')],
    ['growth_territory_malformed (14 digits)', { versao: 1, municipio: BOA_VISTA, unidades: 10, setores: ['14001000500000'] }, refused('growth_territory_malformed', 'setores[0]')],
    ['growth_territory_malformed (not a tract of the city)', { versao: 1, municipio: BOA_VISTA, unidades: 10, setores: ['140002705000001'] }, refused('growth_territory_malformed', 'setores[0]')],
    ['growth_polygon_malformed (2 points)', { ...GROWTH, poligono: POLIGONO.slice(0, 2) }, refused('growth_polygon_malformed', 'poligono')],
    ['growth_polygon_malformed (latitude out of range)', { ...GROWTH, poligono: [[-60.7, 95], ...POLIGONO.slice(1)] }, refused('growth_polygon_malformed', 'poligono[0]')],
    ['growth_polygon_malformed (outside the city)', { ...GROWTH, poligono: [[-46.7, -23.6], [-46.6, -23.6], [-46.6, -23.5]] }, refused('growth_polygon_malformed', 'poligono')],
  ])('422 %s', async (_name, body, expected) => {
    const res = await growth(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject(expected);
  });

  it('422 growth_wrong_type for a POST without a body', async () => {
    const res = await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}/crescimento`, h.keys.full, { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject(refused('growth_wrong_type', ''));
  });

  it('scopes: opening and growth need simulate, reading and the quote results:read; no key is 401', async () => {
    const open = await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.reader);
    expect([open.statusCode, open.json().detail.code]).toEqual([403, 'missing_scope']);
    const g = await growth(GROWTH, h.keys.reader);
    expect([g.statusCode, g.json().detail.code]).toEqual([403, 'missing_scope']);
    for (const path of [`/v1/diagnosticos/${BOA_VISTA}`, `/v1/diagnosticos/${BOA_VISTA}/cotacao`]) {
      const res = await h.call('GET', path, h.keys.simulator);
      expect([res.statusCode, res.json().detail.code]).toEqual([403, 'missing_scope']);
    }
    expect((await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}`, null)).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the municipality and diagnosis routes under their tags, the growth body as its contract\'s schema', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const p of ['perfil', 'setores', 'setores/nomes', 'setores/geometria', 'chuva', 'saude']) {
      expect(doc.paths[`/v1/municipios/{codigo}/${p}`].get.tags).toEqual(['municipios']);
    }
    expect(doc.paths['/v1/municipios/{codigo}/setores/geometria'].get.responses['200'].content['application/geo+json']).toBeDefined();
    expect(Object.keys(doc.paths['/v1/diagnosticos/{codigo}'])).toEqual(['post', 'get']);
    expect(Object.keys(doc.paths['/v1/diagnosticos/{codigo}'].post.responses)).toEqual(expect.arrayContaining(['200', '201', '404']));
    const growth = doc.paths['/v1/diagnosticos/{codigo}/crescimento'].post;
    expect(growth.tags).toEqual(['diagnosticos']);
    expect(growth.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PedidoCrescimento' });
    const example = doc.components.schemas.PedidoCrescimento.examples[0];
    expect(validateGrowthRequest(example, example.municipio).unidades).toBe(example.unidades);
  });
});
