// GET /v1/municipios/{codigo}/perfil, /setores, /setores/nomes, /setores/geometria, /chuva and
// /saude through the real app on the real PostgreSQL: Boa Vista's answers are the library's,
// letter for letter, with known numbers from the files (its 45 UBS and 7 CNES facilities, its mean yearly rainfall
// 2001-2023, its 2022 tract residents summing to the published total); the geometry arrives as
// gzip GeoJSON inside the municipality's bounding box; every refusal with its code or the
// validation form; a municipality outside a data set's coverage answers 200 with empty lists.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthUnits } from '../../../src/context/health-units.js';
import { municipalityProfile } from '../../../src/context/municipality-profile.js';
import { municipalityRainfall } from '../../../src/context/municipality-rainfall.js';
import { municipalityTracts } from '../../../src/context/municipality-tracts.js';
import { tractNames } from '../../../src/context/tract-names.js';
import { loadUfShapes } from '../../../src/release/geometry.js';
import { openHarness, type Harness } from './harness.js';

const BOA_VISTA = '1400100';
const SAO_PAULO = '3550308';
const NORONHA = '2605459';
const ROUTES = ['perfil', 'setores', 'setores/nomes', 'setores/geometria', 'chuva', 'saude'];

let h: Harness;
beforeAll(async () => { h = await openHarness('municipios'); });
afterAll(async () => { await h?.close(); });

const get = (path: string, key = h.keys.reader, headers?: Record<string, string>) => h.call('GET', `/v1/municipios/${path}`, key, { headers });
/** The library's answer as JSON would carry it. */
const asJson = (x: unknown) => JSON.parse(JSON.stringify(x));

describe('Boa Vista (1400100)', () => {
  it('perfil: the library\'s profile, with fontes and aviso', async () => {
    const res = await get(`${BOA_VISTA}/perfil`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(asJson(municipalityProfile(BOA_VISTA)));
    expect(res.json()).toMatchObject({ municipio: BOA_VISTA, uf: 'RR', area_urbanizada_2022_km2: null, nulos: { cobertura_terra_2025: expect.any(String) } });
    expect(res.json().fontes.length).toBeGreaterThan(0);
    expect(res.headers['ratelimit-remaining']).toBeDefined();
  });

  it('setores: the whole grid by default, a page with limite and offset, the summary alone with limite 0; residents sum to the published 404,583', async () => {
    const all = await get(`${BOA_VISTA}/setores`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual(asJson(municipalityTracts(BOA_VISTA)));
    expect(all.json().resumo).toMatchObject({ setores: 528, malha: 'ibge_2022', residentes: 404583 });
    expect(all.json().setores.reduce((s: number, t: { residentes: number | null }) => s + (t.residentes ?? 0), 0)).toBe(404583);
    expect(all.json()).toMatchObject({ total: 528, limite: 1000, offset: 0, truncado: false });
    const page = await get(`${BOA_VISTA}/setores?limite=5&offset=10`);
    expect(page.json().setores).toEqual(all.json().setores.slice(10, 15));
    expect(page.json()).toMatchObject({ limite: 5, offset: 10, truncado: true });
    const summary = await get(`${BOA_VISTA}/setores?limite=0`);
    expect(summary.json().setores).toEqual([]);
    expect(summary.json().resumo).toEqual(all.json().resumo);
  });

  it('setores/nomes: a name for every tract of the grid, origem from the spec\'s list', async () => {
    const res = await get(`${BOA_VISTA}/setores/nomes`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(asJson(tractNames(BOA_VISTA)));
    expect(res.json().setores).toHaveLength(528);
    expect(res.json().setores[0]).toMatchObject({ lugar: 'Boa Vista', origem: 'stat_distrito', bairro: null });
  });

  it('setores/geometria: gzip GeoJSON, one feature per polygon tract with property setor, all inside the municipality\'s bounding box', async () => {
    const res = await get(`${BOA_VISTA}/setores/geometria`, h.keys.reader, { 'accept-encoding': 'gzip, deflate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    const doc = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features).toHaveLength(506);
    expect(typeof doc.aviso).toBe('string');
    expect(doc.fontes.length).toBeGreaterThan(0);
    const codes = new Set(municipalityTracts(BOA_VISTA).setores.map((s) => s.setor));
    const polygons = loadUfShapes('RR').get(BOA_VISTA)!.polygons.flat(2) as number[][];
    const lon = polygons.map((p) => p[0]);
    const lat = polygons.map((p) => p[1]);
    const tol = 0.01; // the 2022 tract mesh against the older municipality mesh
    for (const f of doc.features) {
      expect(codes.has(f.properties.setor)).toBe(true);
      for (const [x, y] of (JSON.stringify(f.geometry.coordinates).match(/-?\d+(\.\d+)?(e-?\d+)?,-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map((p) => p.split(',').map(Number))) {
        expect(x).toBeGreaterThanOrEqual(Math.min(...lon) - tol);
        expect(x).toBeLessThanOrEqual(Math.max(...lon) + tol);
        expect(y).toBeGreaterThanOrEqual(Math.min(...lat) - tol);
        expect(y).toBeLessThanOrEqual(Math.max(...lat) + tol);
      }
    }
    // A client that refuses gzip gets the same document uncompressed.
    const plain = await get(`${BOA_VISTA}/setores/geometria`, h.keys.reader, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(doc);
  });

  it('chuva: normal over 2001-2023 (mean yearly rainfall about 1,568 mm), years with anomaly, the monthly series', async () => {
    const res = await get(`${BOA_VISTA}/chuva`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(asJson(municipalityRainfall(BOA_VISTA)));
    expect(body.periodo_disponivel).toEqual({ inicio: '2001-01', fim: '2024-02' });
    expect(body.normal.periodo).toBe('2001-2023');
    const complete = body.anos.filter((a: { ano: number }) => a.ano <= 2023);
    expect(complete).toHaveLength(23);
    const mean = complete.reduce((s: number, a: { total_mm: number }) => s + a.total_mm, 0) / complete.length;
    expect(mean).toBeGreaterThan(1560);
    expect(mean).toBeLessThan(1575);
    expect(body.anos.find((a: { ano: number }) => a.ano === 2024)).toMatchObject({ meses: 2, anomalia_mm: null });
    expect(body.meses).toHaveLength(23 * 12 + 2);
  });

  it('saude: its 45 UBS, 6 hospitals and 1 urgent-care unit with coordinates, usada when nearest of its group to some tract', async () => {
    const res = await get(`${BOA_VISTA}/saude`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(asJson(healthUnits(BOA_VISTA)));
    expect(res.json().resumo).toMatchObject({ atencao_basica: 45, hospital: 6, pronto_atendimento: 1 });
    const unidades = res.json().unidades as Array<{ grupo: string; tipo: string; lat: number; usada: boolean }>;
    expect(unidades.every((u) => Number.isFinite(u.lat))).toBe(true);
    expect(unidades.find((u) => u.grupo === 'hospital')!.tipo).toMatch(/^(HOSPITAL|UNIDADE MISTA)/);
    for (const grupo of ['atencao_basica', 'pronto_atendimento', 'hospital']) expect(unidades.some((u) => u.grupo === grupo && u.usada), grupo).toBe(true);
  });
});

describe('outside a data set\'s coverage', () => {
  it('São Paulo: chuva 200 with empty lists and the coverage in aviso; its tracts modelled, saying so', async () => {
    const chuva = await get(`${SAO_PAULO}/chuva`);
    expect(chuva.statusCode).toBe(200);
    expect(chuva.json()).toMatchObject({ periodo_disponivel: null, normal: null, anos: [], meses: [] });
    expect(chuva.json().aviso).toMatch(/região Norte/);
    const setores = await get(`${SAO_PAULO}/setores?limite=1`);
    expect(setores.statusCode).toBe(200);
    expect(setores.json().resumo.malha).toBe('modelado');
    expect(setores.json().setores).toHaveLength(1);
  });

  it('São Paulo: saude 200 with hospital and pronto_atendimento null (the CNES 2017 extract misses SP), the reason in aviso', async () => {
    const res = await get(`${SAO_PAULO}/saude`);
    expect(res.statusCode).toBe(200);
    expect(res.json().resumo).toMatchObject({ hospital: null, pronto_atendimento: null });
    expect(res.json().unidades.every((u: { grupo: string }) => u.grupo === 'atencao_basica')).toBe(true);
    expect(res.json().aviso).toMatch(/SP não está no extrato/);
  });
});

describe('refusals', () => {
  it('404 municipality_unknown from every route for a code outside the 2022 grid', async () => {
    for (const r of ROUTES) {
      const res = await get(`9999999/${r}`);
      expect([r, res.statusCode, res.json().detail.code]).toEqual([r, 404, 'municipality_unknown']);
    }
  });

  it('404 relief_missing for the tracts of a municipality without relief (Fernando de Noronha)', async () => {
    const res = await get(`${NORONHA}/setores`);
    expect([res.statusCode, res.json().detail.code]).toEqual([404, 'relief_missing']);
  });

  it('a malformed code or query is 422 in the validation form', async () => {
    const code = await get('14001/perfil');
    expect(code.statusCode).toBe(422);
    expect(code.json().detail[0]).toMatchObject({ loc: ['path', 'codigo'], type: 'string_pattern_mismatch' });
    const negative = await get(`${BOA_VISTA}/setores?limite=-1&offset=-2`);
    expect(negative.statusCode).toBe(422);
    expect(negative.json().detail).toEqual(expect.arrayContaining([
      expect.objectContaining({ loc: ['query', 'limite'], type: 'greater_than_equal', ctx: { ge: 0 } }),
      expect.objectContaining({ loc: ['query', 'offset'], type: 'greater_than_equal', ctx: { ge: 0 } }),
    ]));
    const text = await get(`${BOA_VISTA}/setores?offset=muitos`);
    expect(text.json().detail[0]).toMatchObject({ loc: ['query', 'offset'], type: 'int_parsing' });
  });

  it('results:read: a simulate-only key is 403 missing_scope, no key 401', async () => {
    for (const r of ROUTES) {
      const res = await get(`${BOA_VISTA}/${r}`, h.keys.simulator);
      expect([r, res.statusCode, res.json().detail.code]).toEqual([r, 403, 'missing_scope']);
    }
    const none = await h.call('GET', `/v1/municipios/${BOA_VISTA}/perfil`, null);
    expect(none.statusCode).toBe(401);
  });
});
