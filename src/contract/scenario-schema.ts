// JSON Schema (draft 2020-12) of the campaign scenario and of its answer contract (spec
// "Campaign scenario", "Answer contract"). The one owner of the closed shape: its TS types
// (schema-types.ts) are generated from it by `npm run schemas:types`, and the semantic rules a
// schema cannot state live in scenario-rules.ts and answer-contract.ts.
//
// Each node may carry `x-contract-code`: for a failing keyword at that node, the contract_code
// to report (and optionally a field suffix). Keywords without an entry get the generic codes
// of ajv-errors.ts (unknown_field, missing_field, wrong_type, duplicate_value). A node may also
// carry `x-type-name`: the name of its generated TS type. Both are stripped from the served copy.

import { NIVEIS_INSTRUCAO, RACAS, SEXOS, UF_CODES } from '../release/types.js';
import type { ContractCode } from '../errors.js';

export type CodeEntry = ContractCode | { code: ContractCode; field?: string };
export type JsonSchema = Record<string, unknown>;

/** The annotation keyword (registered with Ajv as an annotation-only keyword). */
export const CODE_KEYWORD = 'x-contract-code';

/** Attaches contract codes to the keywords of a schema node. */
export function codes(map: Record<string, CodeEntry>): { [CODE_KEYWORD]: Record<string, CodeEntry> } {
  return { [CODE_KEYWORD]: map };
}

/** The annotation keyword naming a node's generated TS type (annotation-only for Ajv too). */
export const TYPE_NAME_KEYWORD = 'x-type-name';

/** Names the generated TS type of a schema node (schema-types.ts). */
export function named(name: string): { [TYPE_NAME_KEYWORD]: string } {
  return { [TYPE_NAME_KEYWORD]: name };
}

export const SCENARIO_SCHEMA_ID = 'https://campaign-sim.dev/schemas/cenario-campanha.json';
export const CALIBRATION_SCHEMA_ID = 'https://campaign-sim.dev/schemas/pedido-calibracao.json';

const MAX_DAY = 65535;
const AGE_STARTS = Array.from({ length: 17 }, (_, i) => 5 * i); // 0 .. 80
const AGE_ENDS = Array.from({ length: 16 }, (_, i) => 5 * i + 4); // 4 .. 79

/** Media channels of a scenario's canais. */
export const CANAIS = ['digital', 'tv', 'radio', 'exterior'] as const;

/** Measures of the answer contract (spec list, in its order). */
export const MEDIDAS = [
  'adotantes', 'alcance', 'ignora', 'absorve', 'repassa', 'rejeita', 'adocao',
  'exposta_social', 'exposta_midia_medida', 'exposta_midia_declarada', 'exposta_midia_ambas',
] as const;

/** Value ranges of the answer contract's public axes (grupo_idade, sexo, renda from the spec; the rest are the grids' axes). */
export const PUBLIC_AXIS_SIZES = {
  grupo_idade: 7, sexo: 2, renda: 5, escolaridade: 4, raca: 5, faixa_etaria_5: 17,
} as const;

const publicAxis = (size: number): JsonSchema => ({
  type: 'array',
  uniqueItems: true,
  items: { type: 'integer', minimum: 0, maximum: size - 1, ...codes({ minimum: 'question_public_value_unknown', maximum: 'question_public_value_unknown' }) },
});

const moment = {
  semana: { type: 'integer', minimum: 1, ...codes({ minimum: 'question_moment_malformed' }), description: 'week (7-day blocks from day 1); quantos and onde' },
  parte: {
    type: 'number', exclusiveMinimum: 0, maximum: 1,
    ...codes({ exclusiveMinimum: 'question_share_range', maximum: 'question_share_range' }),
    description: 'share of the final value, (0, 1]; quando',
  },
};

/** The scenario's $defs (shared with the calibration schema, which embeds the scenario). */
export const SCENARIO_DEFS: Record<string, JsonSchema> = {
  periodoCanal: {
    ...named('PeriodoCanal'),
    type: 'object',
    additionalProperties: false,
    required: ['canal', 'dia_inicio', 'dia_fim', 'intensidade'],
    properties: {
      canal: { ...named('Canal'), type: 'string', enum: [...CANAIS], ...codes({ enum: 'channel_unknown' }) },
      dia_inicio: { type: 'integer', minimum: 1, maximum: MAX_DAY, ...codes({ minimum: 'channel_day_range', maximum: 'channel_day_range' }) },
      dia_fim: { type: 'integer', minimum: 1, maximum: MAX_DAY, ...codes({ minimum: 'channel_day_range', maximum: 'channel_day_range' }) },
      intensidade: { type: 'number', exclusiveMinimum: 0, maximum: 1, ...codes({ exclusiveMinimum: 'channel_intensity', maximum: 'channel_intensity' }) },
    },
  },
  territorio: {
    ...named('Territorio'),
    description: 'exactly one of municipios, setores, or ponto with raio_m',
    type: 'object',
    additionalProperties: false,
    properties: {
      municipios: {
        type: 'array', minItems: 1, uniqueItems: true,
        items: { type: 'string', pattern: '^[0-9]{7}$', ...codes({ pattern: 'question_territory_malformed' }) },
        ...codes({ minItems: 'question_territory_malformed' }),
      },
      setores: {
        type: 'array', minItems: 1, uniqueItems: true,
        items: { type: 'string', pattern: '^[0-9]{15}$', ...codes({ pattern: 'question_territory_malformed' }) },
        ...codes({ minItems: 'question_territory_malformed' }),
      },
      ponto: {
        description: '[longitude, latitude]',
        type: 'array', minItems: 2, maxItems: 2,
        prefixItems: [
          { type: 'number', minimum: -180, maximum: 180, ...codes({ minimum: 'question_territory_malformed', maximum: 'question_territory_malformed' }) },
          { type: 'number', minimum: -90, maximum: 90, ...codes({ minimum: 'question_territory_malformed', maximum: 'question_territory_malformed' }) },
        ],
        ...codes({ minItems: 'question_territory_malformed', maxItems: 'question_territory_malformed' }),
      },
      raio_m: { type: 'number', minimum: 50, maximum: 50000, ...codes({ minimum: 'question_territory_malformed', maximum: 'question_territory_malformed' }) },
    },
    dependentRequired: { ponto: ['raio_m'], raio_m: ['ponto'] },
    oneOf: [{ required: ['municipios'] }, { required: ['setores'] }, { required: ['ponto'] }],
    ...codes({
      additionalProperties: 'question_territory_malformed',
      dependentRequired: 'question_territory_malformed',
      oneOf: 'question_territory_malformed',
    }),
  },
  perguntaSimples: {
    ...named('PerguntaSimples'),
    type: 'object',
    additionalProperties: false,
    required: ['id', 'forma', 'medida', 'territorio'],
    properties: {
      id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,39}$', ...codes({ pattern: 'question_id_malformed' }) },
      forma: { type: 'string', enum: ['quantos', 'quando', 'onde'], ...codes({ enum: 'question_form_unknown' }) },
      medida: { ...named('Medida'), type: 'string', enum: [...MEDIDAS], ...codes({ enum: 'question_measure_unknown' }) },
      publico: {
        ...named('PublicoPergunta'),
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(Object.entries(PUBLIC_AXIS_SIZES).map(([k, n]) => [k, publicAxis(n)])),
        ...codes({ additionalProperties: 'question_public_axis_refused' }),
      },
      territorio: { $ref: '#/$defs/territorio' },
      ...moment,
      ordem: { type: 'string', enum: ['maior', 'menor'], ...codes({ enum: 'question_order_unknown' }) },
    },
    allOf: [
      {
        if: { properties: { forma: { enum: ['quantos', 'onde'] } }, required: ['forma'] },
        then: { required: ['semana'], not: { required: ['parte'] }, ...codes({ required: 'question_moment_malformed', not: { code: 'question_moment_malformed', field: 'parte' } }) },
      },
      {
        if: { properties: { forma: { const: 'quando' } }, required: ['forma'] },
        then: { required: ['parte'], not: { required: ['semana'] }, ...codes({ required: 'question_moment_malformed', not: { code: 'question_moment_malformed', field: 'semana' } }) },
      },
    ],
  },
  perguntaComparar: {
    ...named('PerguntaComparar'),
    type: 'object',
    additionalProperties: false,
    required: ['id', 'forma', 'variantes', 'pergunta'],
    properties: {
      id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,39}$', ...codes({ pattern: 'question_id_malformed' }) },
      forma: { const: 'comparar' },
      variantes: {
        type: 'array', minItems: 2, maxItems: 2, uniqueItems: true,
        items: { type: 'string' },
        ...codes({ minItems: 'question_variants_malformed', maxItems: 'question_variants_malformed', uniqueItems: 'question_variants_malformed' }),
      },
      pergunta: {
        description: 'a plain question (a comparison cannot contain another comparison)',
        type: 'object',
        if: { properties: { forma: { const: 'comparar' } }, required: ['forma'] },
        then: { not: {}, ...codes({ not: { code: 'question_nested_compare', field: 'forma' } }) },
        else: { $ref: '#/$defs/perguntaSimples' },
      },
    },
  },
  pergunta: {
    ...named('Pergunta'),
    type: 'object',
    if: { properties: { forma: { const: 'comparar' } }, required: ['forma'] },
    then: { $ref: '#/$defs/perguntaComparar' },
    else: { $ref: '#/$defs/perguntaSimples' },
  },
  contratoDeResposta: {
    ...named('ContratoDeResposta'),
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['versao', 'perguntas'],
    properties: {
      versao: { const: 1, ...codes({ const: 'answer_contract_version_unsupported' }) },
      perguntas: {
        type: 'array', minItems: 1, maxItems: 20,
        items: { $ref: '#/$defs/pergunta' },
        ...codes({ minItems: 'answer_contract_empty', maxItems: 'answer_contract_too_many_questions' }),
      },
    },
  },
};

/** The scenario schema's body (without $schema, $id, $defs): embedded by the calibration schema. */
export const SCENARIO_BODY: JsonSchema = {
  ...named('Scenario'),
  title: 'cenario de campanha',
  description:
    'Campaign scenario, contract version 3. A version 2 document is accepted and read as version 3. ' +
    'The server also enforces rules a schema cannot state (between fields, against the release, the calendar, ' +
    'the electoral reading of free text); see docs/contracts.md.',
  type: 'object',
  additionalProperties: false,
  required: ['versao_contrato', 'release', 'familia', 'geografia', 'horizonte', 'replicas', 'grupo_comparacao', 'kpis'],
  properties: {
    versao_contrato: { const: 3, description: '3 (a document with 2 is read as 3)', ...codes({ const: 'contract_version_unsupported' }) },
    release: { type: 'string', pattern: '^v[0-9]+\\.[0-9]+\\.[0-9]+$', ...codes({ pattern: 'release_malformed' }) },
    familia: { ...named('Familia'), type: 'string', enum: ['adocao', 'recepcao'], ...codes({ enum: 'family_unknown' }) },
    geografia: {
      type: 'object',
      additionalProperties: false,
      required: ['ufs'],
      properties: {
        ufs: {
          type: 'array', minItems: 1, uniqueItems: true,
          items: { ...named('UfCode'), type: 'string', enum: [...UF_CODES], ...codes({ enum: 'uf_unknown' }) },
          ...codes({ minItems: 'ufs_empty' }),
        },
        municipios: {
          type: 'array', uniqueItems: true,
          items: { type: 'string', pattern: '^[0-9]{7}$', ...codes({ pattern: 'municipality_malformed' }) },
        },
        aps: {
          type: 'array', uniqueItems: true,
          items: { type: 'string', pattern: '^[0-9]{10}$', ...codes({ pattern: 'ap_malformed' }) },
        },
      },
    },
    publico: {
      ...named('Publico'),
      type: 'object',
      additionalProperties: false,
      properties: {
        idades: {
          type: 'array',
          items: {
            description: '[start, end] in years; end null = open',
            type: 'array', minItems: 2, maxItems: 2,
            prefixItems: [
              { type: 'integer', enum: AGE_STARTS, ...codes({ enum: 'age_misaligned' }) },
              { type: ['integer', 'null'], enum: [...AGE_ENDS, null], ...codes({ enum: 'age_misaligned' }) },
            ],
            ...codes({ minItems: 'wrong_type', maxItems: 'wrong_type' }),
          },
        },
        sexos: { type: 'array', uniqueItems: true, items: { type: 'string', enum: [...SEXOS], ...codes({ enum: 'audience_value_unknown' }) } },
        niveis_instrucao: { type: 'array', uniqueItems: true, items: { type: 'string', enum: [...NIVEIS_INSTRUCAO], ...codes({ enum: 'audience_value_unknown' }) } },
        faixas_renda: {
          type: 'array', uniqueItems: true,
          items: { type: 'integer', minimum: 0, maximum: 4, ...codes({ minimum: 'audience_value_unknown', maximum: 'audience_value_unknown' }) },
        },
        racas: { type: 'array', uniqueItems: true, items: { type: 'string', enum: [...RACAS], ...codes({ enum: 'audience_value_unknown' }) } },
      },
      ...codes({ additionalProperties: 'audience_axis_refused' }),
    },
    canais: { type: 'array', items: { $ref: '#/$defs/periodoCanal' } },
    mensagem: {
      ...named('Mensagem'),
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['stim_id', 'template_ver', 'politica'],
      properties: {
        stim_id: { type: 'string', pattern: '^[0-9a-f]{32}$', ...codes({ pattern: 'stim_id_malformed' }) },
        template_ver: { type: 'string', pattern: '\\S', ...codes({ pattern: 'missing_field' }) },
        politica: { type: 'string', pattern: '\\S', ...codes({ pattern: 'missing_field' }) },
      },
    },
    lancamento: {
      ...named('Lancamento'),
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['dia', 'cenario_base'],
      properties: {
        dia: { type: 'integer', minimum: 1, maximum: MAX_DAY, ...codes({ minimum: 'launch_day_range', maximum: 'launch_day_range' }) },
        cenario_base: { type: 'string', enum: ['pix', 'calibracao'], ...codes({ enum: 'launch_base_unknown' }) },
        calibracao: { type: 'string', format: 'uuid', ...codes({ format: 'launch_calibration_malformed' }) },
      },
      if: { type: 'object', properties: { cenario_base: { const: 'calibracao' } }, required: ['cenario_base'] },
      then: { required: ['calibracao'], ...codes({ required: 'launch_calibration_required' }) },
      // `type: 'object'` inside the not: a null lancamento has no calibracao to forbid (a bare
      // `required` holds vacuously for null, and null was refused as launch_calibration_forbidden).
      else: { not: { type: 'object', required: ['calibracao'] }, ...codes({ not: { code: 'launch_calibration_forbidden', field: 'calibracao' } }) },
    },
    horizonte: {
      type: 'object',
      additionalProperties: false,
      required: ['data_inicio', 'dias'],
      properties: {
        data_inicio: {
          type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date',
          ...codes({ pattern: 'horizon_date_malformed', format: 'horizon_date_malformed' }),
        },
        dias: { type: 'integer', minimum: 1, maximum: MAX_DAY, ...codes({ minimum: 'horizon_days_range', maximum: 'horizon_days_range' }) },
      },
    },
    replicas: { type: 'integer', minimum: 1, maximum: 20, ...codes({ minimum: 'replicas_range', maximum: 'replicas_range' }) },
    grupo_comparacao: { type: 'string', pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$', ...codes({ pattern: 'comparison_group_malformed' }) },
    kpis: {
      type: 'array', minItems: 1, uniqueItems: true,
      items: { ...named('Kpi'), type: 'string', enum: ['adotantes', 'alcance', 'ignora', 'absorve', 'repassa', 'rejeita'], ...codes({ enum: 'kpi_unknown' }) },
      ...codes({ minItems: 'kpis_empty' }),
    },
    nome: { type: 'string', maxLength: 80, ...codes({ maxLength: 'text_too_long' }) },
    descricao: { type: 'string', maxLength: 500, ...codes({ maxLength: 'text_too_long' }) },
    saida_por_setor: { type: 'boolean' },
    contrato_de_resposta: { $ref: '#/$defs/contratoDeResposta' },
  },
};

export const SCENARIO_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: SCENARIO_SCHEMA_ID,
  ...SCENARIO_BODY,
  $defs: SCENARIO_DEFS,
};
