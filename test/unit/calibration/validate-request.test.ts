// The calibration request body: rules beyond the fixtures, the normalised result, the series hash.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validateCalibrationRequest } from '../../../calibration/validate-request.js';
import { canonicalJson, seriesSha256 } from '../../../src/contract/series-hash.js';
import { fixture, refusal } from '../contract/helpers.js';

const detail = (fn: () => unknown) => refusal(fn).toEnvelope().detail;

describe('validateCalibrationRequest', () => {
  it('returns the body read as version 3 with the platform hash in pedido.serie.sha256 and serie_sha256', () => {
    const body = fixture('valid-calibracao-v2');
    const out = validateCalibrationRequest(body);
    const sha = seriesSha256(body.serie);
    expect(out.serie_sha256).toBe(sha);
    expect(out.pedido.serie.sha256).toBe(sha);
    expect(out.pedido.versao_contrato).toBe(3);
    expect(out.pedido.cenario.versao_contrato).toBe(3);
    expect(out.serie).toEqual(body.serie);
    expect(body.pedido.versao_contrato).toBe(2); // the caller's object is untouched
  });

  it('accepts the matching serie_sha256 sent by the client and refuses any other', () => {
    const body = fixture('valid-calibracao');
    body.serie_sha256 = seriesSha256(body.serie);
    expect(validateCalibrationRequest(body).serie_sha256).toBe(body.serie_sha256);
    body.serie_sha256 = body.serie_sha256.toUpperCase();
    expect(detail(() => validateCalibrationRequest(body))).toMatchObject({ contract_code: 'series_sha256_mismatch', field: 'serie_sha256' });
  });

  it('refuses more than 150,000 rows', () => {
    const body = fixture('valid-calibracao');
    const row = body.serie[0];
    body.serie = Array.from({ length: 150_001 }, () => row);
    expect(detail(() => validateCalibrationRequest(body))).toMatchObject({ code: 'invalid_request', contract_code: 'series_too_long', field: 'serie' });
  });

  it('with beta_expo, pesos_canais needs canais (missing_field) and at most 4 of them', () => {
    const body = fixture('valid-calibracao');
    body.pedido.parametros.pesos_canais = { min: 0, max: 1, passo: 0.5 };
    expect(detail(() => validateCalibrationRequest(body))).toMatchObject({ contract_code: 'missing_field', field: 'pedido.parametros.pesos_canais.canais' });
    body.pedido.parametros.pesos_canais.canais = ['domicilio', 'turma', 'estabelecimento', 'vizinhanca'];
    expect(validateCalibrationRequest(body).pedido.parametros.pesos_canais?.canais).toHaveLength(4);
    delete body.pedido.parametros.beta_expo; // without beta_expo every layer may be free
    body.pedido.parametros.pesos_canais.canais.push('digital');
    expect(() => validateCalibrationRequest(body)).not.toThrow();
  });

  it('parameters per family: recepcao may not calibrate logit_lancamento, adocao may not calibrate conversao_social', () => {
    const body = fixture('valid-calibracao');
    body.pedido.cenario = { ...fixture('valid-recepcao-min'), horizonte: { data_inicio: '2024-01-01', dias: 300 } };
    body.pedido.parametros.logit_lancamento = { min: -5, max: -3, passo: 1 };
    expect(detail(() => validateCalibrationRequest(body))).toMatchObject({ contract_code: 'parameter_not_allowed', field: 'pedido.parametros.logit_lancamento' });
    delete body.pedido.parametros.logit_lancamento;
    body.pedido.parametros.conversao_social = { min: 0, max: 1, passo: 0.5 };
    expect(() => validateCalibrationRequest(body)).not.toThrow();
  });

  it('schema bounds of parameters and search', () => {
    const cases: Array<[(b: any) => void, string, string]> = [
      [(b) => { b.pedido.parametros.dia_lancamento = { min: 0, max: 10, passo: 1 }; }, 'parameter_range', 'pedido.parametros.dia_lancamento.min'],
      [(b) => { b.pedido.parametros.dia_lancamento = { min: 1.5, max: 10, passo: 1 }; }, 'wrong_type', 'pedido.parametros.dia_lancamento.min'],
      [(b) => { b.pedido.parametros.beta0.passo = 0; }, 'parameter_range', 'pedido.parametros.beta0.passo'],
      [(b) => { b.pedido.parametros.deslocamento_porte = { min: -6, max: 0, passo: 1 }; }, 'parameter_range', 'pedido.parametros.deslocamento_porte.min'],
      [(b) => { b.pedido.parametros.beta0.canais = ['digital']; }, 'unknown_field', 'pedido.parametros.beta0.canais'],
      [(b) => { b.pedido.parametros.gamma = { min: 0, max: 1 }; }, 'unknown_field', 'pedido.parametros.gamma'],
      [(b) => { b.pedido.busca = { metodo: 'aleatoria', candidatos: 10001 }; }, 'candidates_range', 'pedido.busca.candidatos'],
      // a grid of 2^47 values on one axis: counted, never listed (listing it crashed the process)
      [(b) => { b.pedido.parametros.beta0 = { min: -65536, max: 65536, passo: 1e-9 }; }, 'candidates_range', 'pedido.parametros'],
      [(b) => { b.pedido.parametros.beta0 = { min: -7, max: -5, passo: 5e-324 }; }, 'candidates_range', 'pedido.parametros'],
      [(b) => { b.pedido.busca.replicas = 0; }, 'replicas_range', 'pedido.busca.replicas'],
      [(b) => { b.pedido.serie.declaracao.granularidade = 'semana'; }, 'wrong_type', 'pedido.serie.declaracao.granularidade'],
      [(b) => { b.pedido.serie.declaracao.versao_contrato = 2; }, 'contract_version_unsupported', 'pedido.serie.declaracao.versao_contrato'],
      [(b) => { delete b.pedido.busca; }, 'missing_field', 'pedido.busca'],
      [(b) => { b.pedido.holdout_espacial = { metodo: 'plataforma', municipios: ['1400100'] }; }, 'spatial_holdout_municipalities', 'pedido.holdout_espacial.municipios'],
      [(b) => { b.pedido.holdout_espacial = { metodo: 'cliente', municipios: ['1200401'] }; }, 'spatial_holdout_municipalities', 'pedido.holdout_espacial.municipios[0]'],
      [(b) => { b.pedido.janela.inicio = 202312; }, 'window_order', 'pedido.janela.inicio'],
      [(b) => { b.pedido.cenario.kpis = []; }, 'kpis_empty', 'pedido.cenario.kpis'],
      [(b) => { b.pedido.cenario.versao_contrato = 5; }, 'contract_version_unsupported', 'pedido.cenario.versao_contrato'],
      [(b) => { b.extra = 1; }, 'unknown_field', 'extra'],
      [(b) => { delete b.pedido; }, 'missing_field', 'pedido'],
      [(b) => { b.serie = {}; }, 'wrong_type', 'serie'],
    ];
    for (const [mutate, code, field] of cases) {
      const body = fixture('valid-calibracao');
      mutate(body);
      expect(detail(() => validateCalibrationRequest(body)), `${code} ${field}`).toMatchObject({ code: 'invalid_request', contract_code: code, field });
    }
  });

  it('spatial holdout by weighting area (10 digits) of the release', () => {
    const body = fixture('valid-calibracao');
    body.pedido.holdout_espacial = { metodo: 'cliente', municipios: ['1400100001', '1400050'] };
    expect(() => validateCalibrationRequest(body)).not.toThrow();
    body.pedido.holdout_espacial.municipios[0] = '1400100999';
    expect(detail(() => validateCalibrationRequest(body))).toMatchObject({ contract_code: 'spatial_holdout_municipalities', field: 'pedido.holdout_espacial.municipios[0]' });
  });
});

describe('series hash (canonical form of docs/contracts.md)', () => {
  const rows = [
    { periodo: 202401, municipio: '1400100', valor: 1000 },
    { valor: 0.5, municipio: '1400050', periodo: 202402 },
  ];

  it('is the SHA-256 of the sorted canonical rows in a JSON array', () => {
    const text = '[{"municipio":"1400050","periodo":202402,"valor":0.5},{"municipio":"1400100","periodo":202401,"valor":1000}]';
    expect(seriesSha256(rows)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    expect(seriesSha256(rows)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores row order and key order; sees any change of a value', () => {
    const reordered = [{ municipio: '1400050', periodo: 202402, valor: 0.5 }, { valor: 1000, periodo: 202401, municipio: '1400100' }];
    expect(seriesSha256(reordered)).toBe(seriesSha256(rows));
    expect(seriesSha256([rows[0], { ...rows[1], valor: 0.51 }])).not.toBe(seriesSha256(rows));
    expect(seriesSha256([rows[0], { ...rows[1], municipio: 1400050 }])).not.toBe(seriesSha256(rows));
  });

  it('writes numbers in the shortest round-trip form and -0 as 0', () => {
    expect(canonicalJson({ b: 1.0, a: -0, c: 1e21, d: 0.1 + 0.2, e: 'ç' })).toBe('{"a":0,"b":1,"c":1e+21,"d":0.30000000000000004,"e":"ç"}');
  });

  it('of an empty series is the hash of []', () => {
    expect(seriesSha256([])).toBe(createHash('sha256').update('[]').digest('hex'));
  });
});
