// The growth request (every growth_* contract code the spec lists) and the estimate: each answer
// has a number, its basis and a sentence, or is withheld with a reason.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { estimateGrowth } from '../../../src/context/growth-estimate.js';
import { validateGrowthRequest } from '../../../src/context/growth-request.js';
import { newestRelease, openRelease } from '../../../src/release/release.js';

const BOA_VISTA = '1400100';
const NEWEST = newestRelease();
// A block of central Boa Vista (about 1.1 km x 1.1 km).
const POLIGONO = [[-60.70, 2.82], [-60.69, 2.82], [-60.69, 2.83], [-60.70, 2.83]];
const valid = { versao: 1, municipio: BOA_VISTA, unidades: 500, poligono: POLIGONO };

function refusal(body: unknown, codigo = BOA_VISTA, release = NEWEST): { status: number; code: string; contract_code?: string; field?: string } {
  try {
    estimateGrowth(validateGrowthRequest(body, codigo), release);
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code, contract_code: e.contractCode, field: e.field };
    throw e;
  }
  throw new Error('no refusal');
}

const refused = (contract_code: string, field: string) => ({ status: 422, code: 'invalid_growth_request', contract_code, field });

describe('growth request contract codes', () => {
  it.each([
    ['growth_wrong_type (not an object)', 'texto', refused('growth_wrong_type', '')],
    ['growth_wrong_type (array)', [valid], refused('growth_wrong_type', '')],
    ['growth_unknown_field', { ...valid, prazo: 3 }, refused('growth_unknown_field', 'prazo')],
    ['growth_missing_field versao', { municipio: BOA_VISTA, unidades: 10, poligono: POLIGONO }, refused('growth_missing_field', 'versao')],
    ['growth_missing_field municipio', { versao: 1, unidades: 10, poligono: POLIGONO }, refused('growth_missing_field', 'municipio')],
    ['growth_missing_field unidades', { versao: 1, municipio: BOA_VISTA, poligono: POLIGONO }, refused('growth_missing_field', 'unidades')],
    ['growth_version_unsupported', { ...valid, versao: 2 }, refused('growth_version_unsupported', 'versao')],
    ['growth_municipality_malformed (digits)', { ...valid, municipio: '140010' }, refused('growth_municipality_malformed', 'municipio')],
    ['growth_municipality_malformed (not the route\'s)', { ...valid, municipio: '1400027' }, refused('growth_municipality_malformed', 'municipio')],
    ['growth_wrong_type (unidades not an integer)', { ...valid, unidades: 2.5 }, refused('growth_wrong_type', 'unidades')],
    ['growth_wrong_type (unidades a string)', { ...valid, unidades: '10' }, refused('growth_wrong_type', 'unidades')],
    ['growth_units_range (0)', { ...valid, unidades: 0 }, refused('growth_units_range', 'unidades')],
    ['growth_units_range (20001)', { ...valid, unidades: 20001 }, refused('growth_units_range', 'unidades')],
    ['growth_territory_malformed (neither)', { versao: 1, municipio: BOA_VISTA, unidades: 10 }, refused('growth_territory_malformed', 'poligono')],
    ['growth_territory_malformed (both)', { ...valid, setores: ['140010005000001'] }, refused('growth_territory_malformed', 'setores')],
    ['growth_territory_malformed (empty setores)', { versao: 1, municipio: BOA_VISTA, unidades: 10, setores: [] }, refused('growth_territory_malformed', 'setores')],
    ['growth_territory_malformed (14 digits)', { versao: 1, municipio: BOA_VISTA, unidades: 10, setores: ['14001000500000'] }, refused('growth_territory_malformed', 'setores[0]')],
    ['growth_territory_malformed (not a tract of the city)', { versao: 1, municipio: BOA_VISTA, unidades: 10, setores: ['140002705000001'] }, refused('growth_territory_malformed', 'setores[0]')],
    ['growth_polygon_malformed (2 points)', { ...valid, poligono: POLIGONO.slice(0, 2) }, refused('growth_polygon_malformed', 'poligono')],
    ['growth_polygon_malformed (1002 points)', { ...valid, poligono: Array.from({ length: 1002 }, (_, i) => [-60.7 + i * 1e-6, 2.82]) }, refused('growth_polygon_malformed', 'poligono')],
    ['growth_polygon_malformed (longitude out of range)', { ...valid, poligono: [[-200, 2.82], ...POLIGONO.slice(1)] }, refused('growth_polygon_malformed', 'poligono[0]')],
    ['growth_polygon_malformed (not a pair)', { ...valid, poligono: [[-60.7], ...POLIGONO.slice(1)] }, refused('growth_polygon_malformed', 'poligono[0]')],
    ['growth_polygon_malformed (outside the city)', { ...valid, poligono: [[-46.7, -23.6], [-46.6, -23.6], [-46.6, -23.5]] }, refused('growth_polygon_malformed', 'poligono')],
  ])('%s', (_name, body, expected) => {
    expect(refusal(body)).toEqual(expected);
  });

  it('accepts the limits: 1 and 20000 units, 3 and 1001 points', () => {
    expect(validateGrowthRequest({ ...valid, unidades: 1 }, BOA_VISTA).unidades).toBe(1);
    expect(validateGrowthRequest({ ...valid, unidades: 20000 }, BOA_VISTA).unidades).toBe(20000);
    expect(validateGrowthRequest({ ...valid, poligono: POLIGONO.slice(0, 3) }, BOA_VISTA).poligono).toHaveLength(3);
    const ring = Array.from({ length: 1001 }, (_, i) => [-60.695 + 0.004 * Math.cos((2 * Math.PI * i) / 1001), 2.825 + 0.004 * Math.sin((2 * Math.PI * i) / 1001)]);
    expect(validateGrowthRequest({ ...valid, poligono: ring }, BOA_VISTA).poligono).toHaveLength(1001);
  });

  it('404 municipality_unknown for a code outside the 2022 grid', () => {
    expect(refusal({ ...valid, municipio: '9999999' }, '9999999')).toMatchObject({ status: 404, code: 'municipality_unknown' });
  });
});

describe('growth estimate', () => {
  it('Boa Vista: residents and children with a band, nearest UBS, sanitation; withheld answers say why', () => {
    const g = estimateGrowth(validateGrowthRequest(valid, BOA_VISTA), NEWEST);
    expect(g).toMatchObject({ municipio: BOA_VISTA, release: NEWEST, release_mais_nova: NEWEST, unidades: 500, local: { origem: 'poligono' } });
    expect(g.setores_referencia).toHaveLength(5);
    for (const [name, a] of Object.entries(g.respostas)) {
      expect(a.texto, name).toBeTruthy();
      if (a.retida) expect(a).toMatchObject({ valor: null, base: null, motivo: expect.any(String) });
      else expect(a).toMatchObject({ valor: expect.any(Number), base: expect.any(String), motivo: null });
      if (a.faixa) {
        expect(a.faixa[0]).toBeLessThanOrEqual(a.valor!);
        expect(a.faixa[1]).toBeGreaterThanOrEqual(a.valor!);
      }
    }
    const { residentes, criancas_0_14 } = g.respostas;
    expect(residentes.valor! / 500).toBeGreaterThan(2);
    expect(residentes.valor! / 500).toBeLessThan(5);
    expect(criancas_0_14.valor!).toBeLessThan(residentes.valor!);
    expect(criancas_0_14.base).toMatch(/Censo 2022/);
    expect(g.respostas.atencao_basica.retida).toBe(false);
    expect(g.respostas.hospital.retida).toBe(false);
    expect(g.respostas.escola_ensino_fundamental.motivo).toMatch(/São Paulo/);
    expect(g.respostas.agua).toMatchObject({ valor: 81.96, retida: false });
    expect(g.respostas.agua.base).toMatch(/não só deste/);
    expect(g.respostas.declividade.retida).toBe(true);
  });

  it('a site given by tracts: the mean centre of the release\'s or the context grid\'s tracts', () => {
    const code = openRelease(NEWEST).tracts(BOA_VISTA)[0].codigo;
    const g = estimateGrowth(validateGrowthRequest({ versao: 1, municipio: BOA_VISTA, unidades: 20, setores: [code, '140010005000001'] }, BOA_VISTA), NEWEST);
    expect(g.local.origem).toBe('setores');
  });

  it('outside Boa Vista children are withheld (no observed tract ages with positions); a release without tract households withholds residents', () => {
    const amajari = openRelease(NEWEST).tracts('1400027').find((t) => t.urbano)!.codigo;
    const g = estimateGrowth(validateGrowthRequest({ versao: 1, municipio: '1400027', unidades: 50, setores: [amajari] }, '1400027'), NEWEST);
    expect(g.respostas.residentes.retida).toBe(false);
    expect(g.respostas.criancas_0_14).toMatchObject({ retida: true, motivo: expect.stringMatching(/Boa Vista/) });
    const old = estimateGrowth(validateGrowthRequest(valid, BOA_VISTA), 'v1.0.0');
    expect(old.respostas.residentes).toMatchObject({ retida: true, motivo: expect.stringMatching(/v1\.0\.0/) });
    expect(old.respostas.criancas_0_14.retida).toBe(true);
  });

  it('nearest hospital and urgent-care unit of each group where the CNES 2017 extract covers the UF, with the CNES code and the year', () => {
    const g = estimateGrowth(validateGrowthRequest(valid, BOA_VISTA), NEWEST);
    // The site is the block's centre (-60.695, 2.825): Hospital Geral de Roraima about 1.57 km away, Unimed 1.67 km.
    expect(g.respostas.hospital).toMatchObject({ retida: false, unidade: 'metros', texto: expect.stringMatching(/^O hospital mais próximo fica a/) });
    expect(g.respostas.hospital.valor).toBeGreaterThan(1500);
    expect(g.respostas.hospital.valor).toBeLessThan(1650);
    expect(g.respostas.hospital.base).toMatch(/^HOSPITAL GERAL HOSPITAL GERAL DE RORAIMA HGR \(CNES 2319659\), o mais próximo .* entre os 6 hospitais .*2017/);
    expect(g.respostas.pronto_atendimento).toMatchObject({ retida: false, base: expect.stringMatching(/CNES 2566206/) });
    expect(g.fontes.map((f) => f.id)).toContain('cnes_2017');
  });

  it('withheld with the reason: outside the 20 UFs of the extract, and where the only unit sits at the municipal seat', () => {
    const atAnUrbanTract = (codigo: string) => {
      const setor = openRelease(NEWEST).tracts(codigo).find((t) => t.urbano)!.codigo;
      return estimateGrowth(validateGrowthRequest({ versao: 1, municipio: codigo, unidades: 50, setores: [setor] }, codigo), NEWEST);
    };
    const adamantina = atAnUrbanTract('3500105');
    for (const grupo of ['hospital', 'pronto_atendimento']) {
      expect(adamantina.respostas[grupo], grupo).toMatchObject({ retida: true, valor: null, motivo: expect.stringMatching(/CNES de 2017 .* não cobre SP \(faltam BA, MG, PR, RJ, RS, SC, SP\)/) });
    }
    const cacoal = atAnUrbanTract('1100049'); // its one urgent-care unit is located at the seat in the source
    expect(cacoal.respostas.pronto_atendimento).toMatchObject({ retida: true, motivo: expect.stringMatching(/nenhuma unidade de pronto-atendimento do município tem coordenadas/) });
    expect(cacoal.respostas.hospital.retida).toBe(false);
  });
});
