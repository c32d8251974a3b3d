// Municipality context (src/context/): known answers read independently from the files, coverage
// gaps said out loud, the spec's errors, and the tract geometry inside the municipality.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { healthUnits } from '../../../src/context/health-units.js';
import { municipalityProfile } from '../../../src/context/municipality-profile.js';
import { municipalityRainfall } from '../../../src/context/municipality-rainfall.js';
import { municipalityTracts } from '../../../src/context/municipality-tracts.js';
import { tractGeometry } from '../../../src/context/tract-geometry.js';
import { tractNames } from '../../../src/context/tract-names.js';
import { observedTables } from '../../../src/tracts/diagnosis-variables.js';
import { contextMunicipality } from '../../../src/context/context-municipality.js';
import { loadHealthUnits, loadHospitalsAndUrgentCare, UFS_CNES_2017 } from '../../../src/release/context-files.js';
import { listContextSources } from '../../../src/tracts/context-sources.js';
import { loadMunicipalities } from '../../../src/release/data-files.js';
import { loadUfShapes } from '../../../src/release/geometry.js';
import { projectPath } from '../../../src/project-path.js';

const BOA_VISTA = '1400100';
const AMAJARI = '1400027';
const SAO_PAULO = '3550308';

function refusal(f: () => unknown): { status: number; code: string } {
  try { f(); } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code };
    throw e;
  }
  throw new Error('no refusal');
}

describe('Boa Vista: known answers from the files', () => {
  it('mean yearly rainfall 2001-2023 equals the raw BR-DWGD file summed by year (about 1,568 mm)', () => {
    const raw = parse(readFileSync(projectPath('test', 'fixtures', 'contexto', 'clima_mensal_RR_2001_2024.csv'), 'utf8'), { columns: true }) as Array<Record<string, string>>;
    const byYear = new Map<number, number>();
    for (const r of raw) if (r.CD_MUN === BOA_VISTA && Number(r.year) <= 2023) byYear.set(Number(r.year), (byYear.get(Number(r.year)) ?? 0) + Number(r.pr));
    expect(byYear.size).toBe(23);
    const mean = [...byYear.values()].reduce((s, v) => s + v, 0) / byYear.size;
    expect(mean).toBeGreaterThan(1560);
    expect(mean).toBeLessThan(1575);
    const chuva = municipalityRainfall(BOA_VISTA);
    expect(chuva.normal!.periodo).toBe('2001-2023');
    expect(Math.abs(chuva.normal!.anual_mm - mean)).toBeLessThanOrEqual(0.6); // 12 monthly means rounded to 0.1
    for (const a of chuva.anos.filter((y) => y.ano <= 2023)) expect(a.total_mm).toBeCloseTo(byYear.get(a.ano)!, 0);
  });

  it('says the years it has (2001-01 to 2024-02), never 1981, and gives a partial year no anomaly', () => {
    const chuva = municipalityRainfall(BOA_VISTA);
    expect(chuva.periodo_disponivel).toEqual({ inicio: '2001-01', fim: '2024-02' });
    expect(chuva.meses).toHaveLength(23 * 12 + 2);
    expect(chuva.anos.at(-1)).toMatchObject({ ano: 2024, meses: 2, anomalia_mm: null });
    expect(chuva.anos[0].anomalia_mm).not.toBeNull();
    expect(chuva.aviso).toContain('2001');
    expect(JSON.stringify(chuva)).not.toContain('1981');
    expect(chuva.normal!.mes_mais_chuvoso).toBeGreaterThanOrEqual(5); // May-July: Roraima's northern regime
    expect(chuva.normal!.mes_mais_chuvoso).toBeLessThanOrEqual(7);
  });

  it('has 45 UBS, each atencao_basica with coordinates, some used by a tract', () => {
    const saude = healthUnits(BOA_VISTA);
    const ubs = saude.unidades.filter((u) => u.grupo === 'atencao_basica');
    expect(saude.resumo.atencao_basica).toBe(45);
    expect(ubs).toHaveLength(45);
    expect(ubs.every((u) => u.tipo === 'UBS' && Number.isFinite(u.lat) && Number.isFinite(u.lon))).toBe(true);
    expect(saude.resumo.usadas.atencao_basica).toBeGreaterThan(0);
    expect(ubs.filter((u) => u.usada).length).toBe(saude.resumo.usadas.atencao_basica);
  });

  it('RR tract residents sum to the observed totals: 2010 tracts to 450,479 (RR), 2022 tracts to 404,583 (Boa Vista, published)', () => {
    const rr = loadMunicipalities().filter((m) => m.uf === 'RR');
    expect(rr).toHaveLength(15);
    const total2010 = rr.reduce((s, m) => s + observedTables(m, 'residentes').find((t) => t.ano === 2010)!.setores.reduce((a, t) => a + (t.valor ?? 0), 0), 0);
    expect(total2010).toBe(450479);
    const resumo = municipalityTracts(BOA_VISTA, { limite: 0 }).resumo;
    expect(resumo).toMatchObject({ setores: 528, malha: 'ibge_2022', com_residentes: 506, residentes: 404583, com_posicao: 506 });
  });

  it('profile: Census 2022 population, households and income; urbanised area and land cover null with the reason', () => {
    const p = municipalityProfile(BOA_VISTA);
    expect(p).toMatchObject({ populacao_2022: 413486, domicilios_ocupados_2022: 119466, renda_media_responsavel_2022: 3026, altitude_sede_m: 80 });
    expect(p.saneamento[0]).toMatchObject({ sigla: 'CAER', abrangencia: 'Regional', atendimento_agua_pct: 81.96 });
    for (const k of ['area_urbanizada_2022_km2', 'crescimento_area_urbanizada_desde_2019', 'cobertura_terra_2025', 'area_urbana_desde_1985'] as const) {
      expect(p[k]).toBeNull();
      expect(p.nulos[k]).toBeTruthy();
    }
    expect(p.fontes.map((f) => f.id)).toContain('censo2022_basico');
  });
});

describe('tracts, names and geometry', () => {
  it('pages tracts with limite and offset; limite 0 is the summary only', () => {
    const all = municipalityTracts(BOA_VISTA, { limite: 10000 });
    const page = municipalityTracts(BOA_VISTA, { limite: 5, offset: 10 });
    expect(page.setores).toEqual(all.setores.slice(10, 15));
    expect(page).toMatchObject({ total: 528, limite: 5, offset: 10, truncado: true });
    expect(municipalityTracts(BOA_VISTA, { limite: 0 }).setores).toEqual([]);
    expect(all.setores.every((s) => s.declividade_pct === null && s.cobertura_terra === null && s.edificacoes === null)).toBe(true);
  });

  it('serves the 2010 grid in the rest of Roraima and the release\'s modelled grid elsewhere, saying so', () => {
    const amajari = municipalityTracts(AMAJARI, { limite: 0 });
    expect(amajari.resumo).toMatchObject({ malha: 'ibge_2010', com_posicao: 0 });
    expect(amajari.aviso).toContain('2010');
    const sp = municipalityTracts(SAO_PAULO, { limite: 1 });
    expect(sp.resumo.malha).toBe('modelado');
    expect(sp.resumo.release).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(sp.aviso).toMatch(/modelados/);
  });

  it('names every tract by the precedence the data allows, with origem from the spec\'s list or null', () => {
    const allowed = [null, 'stat_bairro', 'stat_aglomerado', 'stat_nucleo', 'map_dentro', 'map_limite', 'map_perto', 'stat_distrito'];
    for (const codigo of [BOA_VISTA, AMAJARI, '1100015']) {
      const n = tractNames(codigo);
      expect(n.setores.length).toBeGreaterThan(0);
      for (const s of n.setores) {
        expect(allowed).toContain(s.origem);
        expect(s.nome).toContain(s.setor.slice(-4));
        if (s.origem === 'stat_distrito') expect(s.lugar).toBe(s.distrito);
        expect(s.distancia_m).toBeNull();
      }
    }
    expect(tractNames(BOA_VISTA).setores[0]).toMatchObject({ lugar: 'Boa Vista', origem: 'stat_distrito', bairro: null });
  });

  it('geometry: one feature per polygon tract with property setor, all inside Boa Vista\'s bounding box, gzip of the same JSON', async () => {
    const g = await tractGeometry(BOA_VISTA);
    const shape = loadUfShapes('RR').get(BOA_VISTA)!;
    const tol = 0.01; // the 2022 tract mesh against the municipality mesh of about 2010
    expect(g.geojson.features).toHaveLength(506);
    const codes = new Set(municipalityTracts(BOA_VISTA, { limite: 10000 }).setores.map((s) => s.setor));
    for (const f of g.geojson.features) {
      expect(codes.has(f.properties.setor)).toBe(true);
      const flat = JSON.stringify(f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []).match(/-?\d+\.?\d*(e-?\d+)?/g)!.map(Number);
      for (let i = 0; i < flat.length; i += 2) {
        expect(flat[i]).toBeGreaterThanOrEqual(shape.minLon - tol);
        expect(flat[i]).toBeLessThanOrEqual(shape.maxLon + tol);
        expect(flat[i + 1]).toBeGreaterThanOrEqual(shape.minLat - tol);
        expect(flat[i + 1]).toBeLessThanOrEqual(shape.maxLat + tol);
      }
    }
    expect(JSON.parse(gunzipSync(g.gzip).toString('utf8'))).toEqual(JSON.parse(JSON.stringify(g.geojson)));
    const raw = readFileSync(projectPath('data', 'br', 'contexto', 'setores_2022_boa_vista', 'boa_vista_setores_2022.geojson'), 'utf8');
    expect(JSON.stringify(g.geojson).length).toBeLessThan(raw.length); // simplified
  });

  it('geometry of the 2010 grid is empty with the reason; of a modelled grid, modelled cells', async () => {
    const amajari = await tractGeometry(AMAJARI);
    expect(amajari.geojson.features).toEqual([]);
    expect(amajari.geojson.aviso).toMatch(/vazia/);
    const modelled = await tractGeometry('1100015');
    expect(modelled.geojson.features.length).toBeGreaterThan(0);
    expect(modelled.geojson.features.every((f) => f.properties.modelado)).toBe(true);
  });
});

describe('outside a dataset\'s coverage: empty lists and the coverage in aviso', () => {
  it('rainfall outside the North region', () => {
    const sp = municipalityRainfall(SAO_PAULO);
    expect(sp).toMatchObject({ periodo_disponivel: null, normal: null, anos: [], meses: [] });
    expect(sp.aviso).toMatch(/região Norte/);
  });

  it('health units of a municipality the UBS file does not list', () => {
    const without = loadMunicipalities().find((m) => !loadHealthUnits().has(m.codigo))!;
    const h = healthUnits(without.codigo);
    expect(h.unidades.filter((u) => u.grupo === 'atencao_basica')).toEqual([]);
    expect(h.resumo.atencao_basica).toBe(0);
    expect(h.aviso).toMatch(/Nenhuma UBS deste município/);
  });

  it('observed tracts outside Roraima', () => {
    expect(observedTables(contextMunicipality(SAO_PAULO), 'residentes')).toEqual([]);
  });

  it('sanitation of a municipality that heads no provider', () => {
    const p = municipalityProfile('1400050');
    expect(p.saneamento).toEqual([]);
    expect(p.aviso).toMatch(/regional/);
  });
});

describe('saude: hospitals and urgent care (CNES of mid-2017, 20 UFs)', () => {
  const raw = parse(readFileSync(projectPath('data', 'br', 'contexto', 'cnes_2017_20ufs', 'hospitais_pronto_atendimento.csv'), 'utf8'), { columns: true }) as Array<Record<string, string>>;
  const CACOAL = '1100049';

  it('serves Boa Vista\'s 6 hospitals and 1 urgent-care unit with CNES code, type and the declared point', () => {
    const saude = healthUnits(BOA_VISTA);
    expect(saude.resumo).toMatchObject({ atencao_basica: 45, hospital: 6, pronto_atendimento: 1, sem_coordenadas: { hospital: 0, pronto_atendimento: 0 } });
    expect(saude.unidades.find((u) => u.cnes === '2319659')).toEqual({
      cnes: '2319659', nome: 'HOSPITAL GERAL DE RORAIMA HGR', lat: 2.83436, lon: -60.68445, grupo: 'hospital', tipo: 'HOSPITAL GERAL',
      usada: expect.any(Boolean), dentro_do_municipio: true,
    });
    expect(saude.unidades.find((u) => u.cnes === '2566206')).toMatchObject({ grupo: 'pronto_atendimento', tipo: 'PRONTO ATENDIMENTO' });
    expect(saude.fontes.map((f) => f.id)).toEqual(['ubs', 'cnes_2017']);
    expect(saude.fontes[1].cobertura).toMatch(/2017.*faltam BA, MG, PR, RJ, RS, SC, SP/);
    expect(saude.aviso).toMatch(/abertos depois/);
    expect(saude.aviso).toMatch(/não cobre BA, MG, PR, RJ, RS, SC, SP/);
  });

  it('usada is per group: the only urgent-care unit is nearest of its group to every tract; each group has its own count', () => {
    const saude = healthUnits(BOA_VISTA);
    for (const grupo of ['atencao_basica', 'pronto_atendimento', 'hospital'] as const) {
      const of = saude.unidades.filter((u) => u.grupo === grupo);
      expect(of.filter((u) => u.usada).length, grupo).toBe(saude.resumo.usadas[grupo]);
      expect(saude.resumo.usadas[grupo], grupo).toBeGreaterThan(0);
    }
    expect(saude.unidades.find((u) => u.grupo === 'pronto_atendimento')!.usada).toBe(true);
  });

  it('never serves a row located at the municipal seat (origem SEDE MUNICIPIO): counted without coordinates', () => {
    const atSeat = raw.filter((r) => r.co_ibge === CACOAL.slice(0, 6) && r.origem_coord === 'SEDE MUNICIPIO');
    expect(atSeat.map((r) => [r.co_cnes, r.category])).toEqual([['7704364', 'urgent_care']]);
    const saude = healthUnits(CACOAL);
    expect(saude.unidades.some((u) => u.cnes === '7704364')).toBe(false);
    expect(saude.resumo).toMatchObject({ pronto_atendimento: 1, sem_coordenadas: { pronto_atendimento: 1 }, usadas: { pronto_atendimento: 0 } });
    expect(saude.resumo.hospital).toBe(raw.filter((r) => r.co_ibge === '110004' && r.category === 'hospital').length);
    expect(saude.aviso).toMatch(/SEDE MUNICIPIO/);
    const located = [...loadHospitalsAndUrgentCare().values()].flat().filter((f) => f.lat !== null);
    expect(located).toHaveLength(raw.filter((r) => r.origem_coord !== 'SEDE MUNICIPIO').length);
  });

  it('a UF outside the extract (São Paulo): hospital and pronto_atendimento null with the reason, never zero', () => {
    const saude = healthUnits(SAO_PAULO);
    expect(saude.resumo).toMatchObject({
      hospital: null, pronto_atendimento: null,
      sem_coordenadas: { hospital: null, pronto_atendimento: null }, usadas: { hospital: null, pronto_atendimento: null },
    });
    expect(saude.resumo.atencao_basica).toBeGreaterThan(0);
    expect(saude.unidades.every((u) => u.grupo === 'atencao_basica')).toBe(true);
    expect(saude.aviso).toMatch(/SP não está no extrato: pronto_atendimento e hospital são null/);
  });

  it('maps every row to a 7-digit municipality of its UF through the municipality list; the file holds exactly the 20 UFs', () => {
    const loaded = loadHospitalsAndUrgentCare();
    const byCode = new Map(loadMunicipalities().map((m) => [m.codigo, m]));
    expect([...loaded.values()].flat()).toHaveLength(raw.length);
    for (const [codigo, list] of loaded) for (const f of list) expect(byCode.get(codigo)!.codigo.slice(0, 6)).toBe(raw.find((r) => r.co_cnes === String(Number(f.cnes)))!.co_ibge);
    expect([...new Set(raw.map((r) => r.uf))].sort()).toEqual([...UFS_CNES_2017]);
    expect(loaded.get('5300108')!.find((f) => f.nome.includes('HOSPITAL DE BASE'))!.cnes).toBe('0010456'); // the leading zeros back
  });
});

describe('credits', () => {
  it('every context source is a folder of data/br/contexto with its PROVENANCE.md', () => {
    for (const s of listContextSources()) {
      expect(s.arquivo).toMatch(/^data\/br\/contexto\/[a-z0-9_]+\/$/);
      expect(existsSync(projectPath(s.arquivo, 'PROVENANCE.md')), s.id).toBe(true);
    }
  });
});

describe('errors', () => {
  it('404 municipality_unknown outside the 2022 grid, from every context function', async () => {
    for (const f of [municipalityProfile, municipalityTracts, tractNames, municipalityRainfall, healthUnits, tractGeometry]) {
      expect(refusal(() => f('9999999'))).toEqual({ status: 404, code: 'municipality_unknown' });
    }
    expect(refusal(() => municipalityProfile('5101837'))).toEqual({ status: 404, code: 'municipality_unknown' }); // installed after the Census
  });

  it('404 relief_missing where the data version has no relief (Fernando de Noronha)', () => {
    expect(refusal(() => municipalityTracts('2605459'))).toEqual({ status: 404, code: 'relief_missing' });
    expect(municipalityProfile('2605459').altitude_sede_m).toBeNull();
  });
});
