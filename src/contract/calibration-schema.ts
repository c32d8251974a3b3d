// JSON Schema (draft 2020-12) of the calibration request (spec "Calibration request"). The
// scenario is embedded (its $defs are copied beside `cenario`) so the served document stands
// alone. Rules between fields (parameters per family, passo for grade, candidatos, dates by
// granularidade, holdout_espacial) are in calibration-rules.ts.

import {
  CALIBRATION_SCHEMA_ID, SCENARIO_BODY, SCENARIO_DEFS, codes, named, type JsonSchema,
} from './scenario-schema.js';

const LAYERS = ['domicilio', 'turma', 'estabelecimento', 'vizinhanca', 'digital'];
const GROUPINGS = ['regiao', 'faixa', 'sexo', 'raca', 'nivel', 'renda'];

/** A parametros entry: min and max (required), passo, and the parameter's own members. */
function range(opts: { integer?: boolean; lo?: number; hi?: number; extra?: Record<string, JsonSchema> } = {}): JsonSchema {
  const bound: JsonSchema = { type: opts.integer ? 'integer' : 'number' };
  const map: Record<string, 'parameter_range'> = {};
  if (opts.lo !== undefined) { bound.minimum = opts.lo; map.minimum = 'parameter_range'; }
  if (opts.hi !== undefined) { bound.maximum = opts.hi; map.maximum = 'parameter_range'; }
  if (Object.keys(map).length > 0) Object.assign(bound, codes(map));
  return {
    type: 'object',
    additionalProperties: false,
    required: ['min', 'max'],
    properties: {
      min: bound,
      max: bound,
      passo: { type: opts.integer ? 'integer' : 'number', exclusiveMinimum: 0, ...codes({ exclusiveMinimum: 'parameter_range' }) },
      ...opts.extra,
    },
  };
}

const period = (code: 'window_date_malformed' | 'holdout_date_malformed'): JsonSchema => ({
  description: 'YYYYMM with granularidade mes, YYYYMMDD with granularidade dia',
  type: 'object',
  additionalProperties: false,
  required: ['inicio', 'fim'],
  properties: {
    inicio: { type: 'integer', minimum: 100001, maximum: 99991231, ...codes({ minimum: code, maximum: code }) },
    fim: { type: 'integer', minimum: 100001, maximum: 99991231, ...codes({ minimum: code, maximum: code }) },
  },
});

export const CALIBRATION_BODY: JsonSchema = {
  ...named('CalibrationRequest'),
  title: 'pedido de calibracao',
  description:
    'Calibration request, contract version 3 (a version 2 request is read as 3). serie.sha256 is left out by the ' +
    'client: the platform computes it from the rows (docs/contracts.md, "Series hash").',
  type: 'object',
  additionalProperties: false,
  required: ['versao_contrato', 'cenario', 'serie', 'janela', 'holdout', 'parametros', 'busca'],
  properties: {
    versao_contrato: { const: 3, description: '3 (a request with 2 is read as 3)', ...codes({ const: 'contract_version_unsupported' }) },
    cenario: { $ref: '#/$defs/cenario' },
    serie: {
      type: 'object',
      additionalProperties: false,
      required: ['declaracao'],
      properties: {
        declaracao: {
          type: 'object',
          additionalProperties: false,
          required: ['versao_contrato', 'granularidade', 'medida'],
          properties: {
            versao_contrato: { const: 1, ...codes({ const: 'contract_version_unsupported' }) },
            granularidade: { type: 'string', enum: ['mes', 'dia'] },
            medida: { type: 'string', enum: ['novos', 'acumulado'] },
            eixos: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['canal', 'grupo_idade', 'sexo', 'renda', 'escolaridade', 'raca'] } },
            unidade: { type: 'string', enum: ['municipio', 'area_ponderacao'] },
          },
        },
        // The client leaves it out (the platform fills it): any value sent is refused as unknown_field.
        sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'computed by the platform from the rows', ...codes({ pattern: 'unknown_field' }) },
      },
    },
    janela: period('window_date_malformed'),
    holdout: period('holdout_date_malformed'),
    parametros: {
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      properties: {
        beta0: range(),
        logit_lancamento: range(),
        dia_lancamento: range({ integer: true, lo: 1, hi: 65535 }),
        beta_expo: range(),
        amortecimento_saturacao: range({ lo: 0, hi: 1 }),
        conversao_social: range({ lo: 0 }),
        pesos_canais: range({
          lo: 0,
          extra: { canais: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: LAYERS } } },
        }),
        gamma_celulas: range({
          extra: {
            agrupamento: {
              description: 'the constant celula, or a unique non-empty array of axes',
              type: ['string', 'array'],
              if: { type: 'string' },
              then: { const: 'celula' },
              else: { minItems: 1, uniqueItems: true, items: { type: 'string', enum: GROUPINGS } },
            },
          },
        }),
        deslocamento_porte: range({ lo: -5, hi: 5 }),
      },
      ...codes({ minProperties: 'missing_field' }),
    },
    holdout_espacial: {
      type: 'object',
      additionalProperties: false,
      required: ['metodo'],
      properties: {
        metodo: { type: 'string', enum: ['plataforma', 'cliente', 'nenhum'] },
        municipios: {
          description: 'required when metodo is cliente, forbidden otherwise',
          type: 'array', minItems: 1, uniqueItems: true,
          items: { type: 'string', pattern: '^([0-9]{7}|[0-9]{10})$', ...codes({ pattern: 'spatial_holdout_municipalities' }) },
          ...codes({ minItems: 'spatial_holdout_municipalities' }),
        },
      },
    },
    busca: {
      type: 'object',
      additionalProperties: false,
      required: ['metodo'],
      properties: {
        metodo: { type: 'string', enum: ['grade', 'aleatoria', 'sequencial'] },
        candidatos: {
          description: 'forbidden for grade, required otherwise',
          type: 'integer', minimum: 1, maximum: 10000, ...codes({ minimum: 'candidates_range', maximum: 'candidates_range' }),
        },
        replicas: { type: 'integer', minimum: 1, maximum: 20, ...codes({ minimum: 'replicas_range', maximum: 'replicas_range' }) },
      },
    },
  },
};

export const CALIBRATION_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: CALIBRATION_SCHEMA_ID,
  ...CALIBRATION_BODY,
  $defs: { ...SCENARIO_DEFS, cenario: SCENARIO_BODY },
};
