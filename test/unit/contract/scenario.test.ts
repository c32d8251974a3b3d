// validateScenario beyond the one-fixture-per-code table: order of refusals, grids, variants,
// release checks, v2 reading.
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import { jobGrid, firstBandOffMainGrid } from '../../../src/contract/age-bands.js';
import { variantNames } from '../../../src/contract/variants.js';
import type { Scenario } from '../../../src/contract/types.js';
import { fixture, handRelease, refusal } from './helpers.js';

const detail = (doc: unknown, rel?: Parameters<typeof validateScenario>[1]) => refusal(() => validateScenario(doc, rel)).toEnvelope().detail;
const rec = (patch: Record<string, unknown> = {}) => ({ ...fixture('valid-recepcao-min'), ...patch });

// Issue 32, spec deviation: lancamento is "null or object", required for adocao, forbidden for
// recepcao; a null lancamento was refused as launch_calibration_forbidden in both families.
describe('lancamento null', () => {
  it('passes in recepcao (null is no lancamento) and is launch_required in adocao', () => {
    expect(validateScenario(rec({ lancamento: null }))).toMatchObject({ familia: 'recepcao' });
    expect(detail({ ...fixture('valid-adocao-min'), lancamento: null })).toMatchObject({ contract_code: 'launch_required', field: 'lancamento' });
  });
});

describe('order of refusals', () => {
  it('versao_contrato comes first, even before unknown fields', () => {
    expect(detail({ ...rec({ versao_contrato: 1 }), foo: 1 })).toMatchObject({ contract_code: 'contract_version_unsupported' });
    expect(detail({ ...rec(), versao_contrato: '3' })).toMatchObject({ contract_code: 'wrong_type', field: 'versao_contrato' });
    const noVersion: Record<string, unknown> = rec();
    delete noVersion.versao_contrato;
    expect(detail(noVersion)).toMatchObject({ contract_code: 'missing_field', field: 'versao_contrato' });
    expect(detail([1, 2])).toMatchObject({ contract_code: 'wrong_type', field: '' });
    expect(detail(null)).toMatchObject({ contract_code: 'wrong_type', field: '' });
  });

  it('reads the input as JSON data: undefined members are absent, a cycle or a BigInt is wrong_type', () => {
    expect(validateScenario({ ...rec(), nome: undefined })).toEqual(rec());
    const cyclic: Record<string, unknown> = rec();
    cyclic.self = cyclic;
    expect(detail(cyclic)).toMatchObject({ contract_code: 'wrong_type', field: '' });
    expect(detail(rec({ replicas: 2n }))).toMatchObject({ contract_code: 'wrong_type', field: '' });
    expect(detail(rec({ replicas: Number.NaN }))).toMatchObject({ contract_code: 'wrong_type', field: 'replicas' });
  });

  it('schema refusals follow the contract field order, whatever the key order of the document', () => {
    const doc = rec({ replicas: 50, release: 'x', kpis: [] });
    expect(detail(doc)).toMatchObject({ contract_code: 'release_malformed', field: 'release' });
    const reversed = Object.fromEntries(Object.entries(doc).reverse());
    expect(detail(reversed)).toMatchObject({ contract_code: 'release_malformed', field: 'release' });
  });

  it('at one field, a wrong type comes before a value refusal; list items by index', () => {
    expect(detail(rec({ familia: 7 }))).toMatchObject({ contract_code: 'wrong_type', field: 'familia' });
    expect(detail(rec({ geografia: { ufs: ['XX', 7] } }))).toMatchObject({ contract_code: 'uf_unknown', field: 'geografia.ufs[0]' });
    expect(detail(rec({ geografia: { ufs: [7, 'XX'] } }))).toMatchObject({ contract_code: 'wrong_type', field: 'geografia.ufs[0]' });
  });

  it('schema refusals come before the rules between fields, and those before the release', () => {
    // media_in_adoption (rule) and replicas_range (schema) together: the schema wins
    const d = { ...fixture('valid-adocao-min'), canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 2, intensidade: 1 }], replicas: 0 };
    expect(detail(d)).toMatchObject({ contract_code: 'replicas_range' });
    // a rule and a release refusal together: the rule wins
    expect(detail(rec({ release: 'v9.9.9', kpis: ['adotantes'] }))).toMatchObject({ contract_code: 'kpi_unknown' });
  });

  it('gives the same refusal on every call (deterministic)', () => {
    const doc = rec({ canais: [{ canal: 'tv', dia_inicio: 5, dia_fim: 1, intensidade: 2, extra: 1 }] });
    const first = detail(doc);
    for (let i = 0; i < 5; i++) expect(detail(structuredClone(doc))).toEqual(first);
    expect(first).toMatchObject({ contract_code: 'unknown_field', field: 'canais[0].extra' });
  });
});

describe('rules between fields', () => {
  it('channel periods of different channels may overlap; back-to-back periods of one channel do not overlap', () => {
    const canais = [
      { canal: 'tv', dia_inicio: 1, dia_fim: 10, intensidade: 1 },
      { canal: 'radio', dia_inicio: 1, dia_fim: 10, intensidade: 1 },
      { canal: 'tv', dia_inicio: 11, dia_fim: 28, intensidade: 0.5 },
    ];
    expect(validateScenario(rec({ canais })).canais).toHaveLength(3);
    canais[2].dia_inicio = 10;
    expect(detail(rec({ canais }))).toMatchObject({ contract_code: 'channel_periods_overlap', field: 'canais[2]' });
  });

  it('a period may end on the last day of the horizon, a launch may fall on it', () => {
    expect(() => validateScenario(rec({ canais: [{ canal: 'tv', dia_inicio: 28, dia_fim: 28, intensidade: 1 }] }))).not.toThrow();
    expect(() => validateScenario({ ...fixture('valid-adocao-min'), lancamento: { dia: 120, cenario_base: 'pix' } })).not.toThrow();
  });

  it('an adoption scenario may carry canais: [] and mensagem: null (nothing to refuse)', () => {
    expect(() => validateScenario({ ...fixture('valid-adocao-min'), canais: [], mensagem: null })).not.toThrow();
  });

  it('age bands: end before start, open-ended overlap', () => {
    expect(detail(rec({ publico: { idades: [[30, 24]] } }))).toMatchObject({ contract_code: 'age_misaligned', field: 'publico.idades[0]' });
    expect(detail(rec({ publico: { idades: [[60, null], [80, null]] } }))).toMatchObject({ contract_code: 'age_ranges_overlap', field: 'publico.idades[1]' });
    expect(detail(rec({ publico: { idades: [[20, 27]] } }))).toMatchObject({ contract_code: 'age_misaligned', field: 'publico.idades[0][1]' });
  });

  it('weighting areas without municipios must lie in the listed UFs', () => {
    expect(validateScenario(rec({ geografia: { ufs: ['RR'], aps: ['1400100001'] } })).geografia.aps).toEqual(['1400100001']);
    expect(detail(rec({ geografia: { ufs: ['RR'], aps: ['1200401001'] } }))).toMatchObject({ contract_code: 'ap_outside_municipalities' });
  });

  it('kpis per family', () => {
    expect(detail({ ...fixture('valid-adocao-min'), kpis: ['alcance'] })).toMatchObject({ contract_code: 'kpi_unknown', field: 'kpis[0]' });
    expect(detail(rec({ kpis: ['alcance', 'adotantes'] }))).toMatchObject({ contract_code: 'kpi_unknown', field: 'kpis[1]' });
    expect(detail(rec({ kpis: ['vendas'] }))).toMatchObject({ contract_code: 'kpi_unknown', field: 'kpis[0]' });
  });

  it('text limits count characters: 80 in nome and 500 in descricao pass, one more is refused', () => {
    expect(() => validateScenario(rec({ nome: 'é'.repeat(80), descricao: 'a'.repeat(500) }))).not.toThrow();
    expect(detail(rec({ descricao: 'a'.repeat(501) }))).toMatchObject({ contract_code: 'text_too_long', field: 'descricao' });
  });

  it('electoral content in each free-text field names that field', () => {
    const msg = { stim_id: '0123456789abcdef0123456789abcdef', template_ver: 'v1', politica: 'padrao' };
    expect(detail(rec({ nome: 'Eleições 2026' }))).toMatchObject({ contract_code: 'electoral_content', field: 'nome' });
    expect(detail(rec({ mensagem: { ...msg, template_ver: 'v0te-13' } }))).toMatchObject({ contract_code: 'electoral_content', field: 'mensagem.template_ver' });
    expect(detail(rec({ mensagem: { ...msg, politica: 'apoio ao candidato a prefeito' } }))).toMatchObject({ contract_code: 'electoral_content', field: 'mensagem.politica' });
  });
});

describe('publication grid (target_finer_than_grid, age_grid_not_open, jobGrid)', () => {
  it('10-year groups, or neighbouring 5-year bands forming them, fit the main grid', () => {
    expect(jobGrid({ publico: { idades: [[20, 29]] } })).toBe('principal');
    expect(jobGrid({ publico: { idades: [[25, 29], [20, 24]] } })).toBe('principal');
    expect(jobGrid({ publico: { idades: [[60, null]] } })).toBe('principal');
    expect(jobGrid({ publico: { idades: [[60, 69], [70, 79], [80, null]] } })).toBe('principal');
    expect(jobGrid({ publico: { idades: [[0, 59]] } })).toBe('principal');
    expect(jobGrid({})).toBe('principal');
    expect(jobGrid({ publico: { idades: [[20, 24]] } })).toBe('etaria');
    expect(jobGrid({ publico: { idades: [[25, 34]] } })).toBe('etaria');
    expect(jobGrid({ publico: { idades: [[60, 64]] } })).toBe('etaria');
    expect(jobGrid({ publico: { idades: [[60, 79]] } })).toBe('etaria'); // 80+ is part of the 60+ group
    expect(firstBandOffMainGrid([[20, 29], [40, 44], [45, 49], [55, 59]])).toBe(3);
  });

  it('5-year bands are refused with adocao, aps, faixas_renda, niveis_instrucao or racas; the field says which', () => {
    const five = { idades: [[20, 24]] };
    expect(detail({ ...fixture('valid-adocao-min'), publico: five })).toMatchObject({ contract_code: 'target_finer_than_grid', field: 'familia' });
    expect(detail(rec({ geografia: { ufs: ['RR'], municipios: ['1400100'], aps: ['1400100001'] }, publico: five }))).toMatchObject({ contract_code: 'target_finer_than_grid', field: 'geografia.aps' });
    expect(detail(rec({ publico: { ...five, faixas_renda: [0] } }))).toMatchObject({ field: 'publico.faixas_renda' });
    expect(detail(rec({ publico: { ...five, niveis_instrucao: ['superior_completo'] } }))).toMatchObject({ field: 'publico.niveis_instrucao' });
    expect(detail(rec({ publico: { ...five, sexos: ['feminino'], racas: ['branca'] } }))).toMatchObject({ field: 'publico.racas' });
    // the same axes with 10-year groups are fine, and 5-year bands with sexos alone are fine
    expect(() => validateScenario({ ...fixture('valid-adocao-min'), publico: { idades: [[20, 24], [25, 29]], racas: ['branca'] } })).not.toThrow();
    expect(validateScenario(rec({ publico: { ...five, sexos: ['feminino'] } })).publico?.idades).toEqual([[20, 24]]);
  });

  it('age_grid_not_open lists the request\'s closed UFs (from the release manifest)', () => {
    const closed = handRelease({ rate: 1, throughput: 1, closed: ['AC'] });
    const doc = rec({ release: 'v7.0.0', geografia: { ufs: ['RR', 'AC'] }, publico: { idades: [[15, 19]] } });
    expect(detail(doc, closed)).toMatchObject({ contract_code: 'age_grid_not_open', field: 'publico.idades[0]', ufs: ['AC'] });
    expect(() => validateScenario({ ...doc, geografia: { ufs: ['RR'] } }, closed)).not.toThrow();
  });
});

describe('release', () => {
  it('a release or a UF not offered is 422 release_unavailable (not invalid_request)', () => {
    const small = handRelease({ rate: 1, throughput: 1 }); // offers AC and RR only
    const e1 = refusal(() => validateScenario(rec({ release: 'v7.0.0', geografia: { ufs: ['RR', 'SP'] } }), small));
    expect([e1.status, e1.code, e1.contractCode]).toEqual([422, 'release_unavailable', undefined]);
    expect(e1.message).toContain('SP');
    const e2 = refusal(() => validateScenario(rec({ release: 'v1.0.0' }), small));
    expect([e2.status, e2.code]).toEqual([422, 'release_unavailable']);
    const e3 = refusal(() => validateScenario(rec({ release: 'v9.0.0' })));
    expect([e3.status, e3.code]).toEqual([422, 'release_unavailable']);
    expect(e3.message).toContain('v1.0.0');
  });

  it('resolves the release by version through a function', () => {
    const seen: string[] = [];
    validateScenario(rec({ release: 'v1.1.0' }), (v) => { seen.push(v); return handRelease({ rate: 1, throughput: 1 }); });
    expect(seen).toEqual(['v1.1.0']);
  });
});

describe('variants and version 2', () => {
  it('variant names: plano alone with fewer than two channels, else sem_ and menos10_ per channel in order of appearance', () => {
    expect(variantNames({})).toEqual(['plano']);
    expect(variantNames({ canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 2, intensidade: 1 }, { canal: 'tv', dia_inicio: 3, dia_fim: 4, intensidade: 1 }] })).toEqual(['plano']);
    const s = fixture<Scenario>('valid-recepcao');
    expect(variantNames(s)).toEqual(['plano', 'sem_digital', 'menos10_digital', 'sem_tv', 'menos10_tv']);
    const radioFirst = { canais: [{ canal: 'radio' as const, dia_inicio: 1, dia_fim: 2, intensidade: 1 }, { canal: 'digital' as const, dia_inicio: 1, dia_fim: 2, intensidade: 1 }] };
    expect(variantNames(radioFirst)).toEqual(['plano', 'sem_radio', 'menos10_radio', 'sem_digital', 'menos10_digital']);
  });

  it('a version 2 document is read as version 3 and otherwise unchanged; the input is not modified', () => {
    const v2 = fixture('valid-v2-adocao');
    const out = validateScenario(v2);
    expect(out).toEqual({ ...v2, versao_contrato: 3 });
    expect(v2.versao_contrato).toBe(2);
  });
});
