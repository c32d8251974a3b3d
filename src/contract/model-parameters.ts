// The model parameters' values: each parameter's type and range stated once, as a JSON Schema
// checked with Ajv like the contract's own schemas, with the families in which it acts. Every run
// checks its parameter overrides against it before anything runs (`--param`, a sweep's axes,
// `runSimulation`'s and `simulate`'s `parametros`), and `campaign-sim params` prints it beside each
// release's defaults. The bounds of the parameters a calibration request may fit are the spec's
// (table "Every parametros entry"): the same numbers here, so a calibrated value always passes.
import { contractError, type ServiceError } from '../errors.js';
import type { ModelParameters } from '../release/types.js';
import { MACRO_REGIOES } from '../release/types.js';
import { codes, type JsonSchema } from './scenario-schema.js';
import { firstSchemaError, formatField, type Segment } from './schemas.js';
import type { Familia } from './types.js';

const LAYERS = ['domicilio', 'turma', 'estabelecimento', 'vizinhanca', 'digital'] as const;
const AXES = ['regiao', 'faixa', 'sexo', 'raca', 'nivel', 'renda'] as const;
/** The sources of reception's response memory (memoria_meia_vida_dias): the channels, then word of mouth. */
const MEMORY_SOURCES = ['tv', 'radio', 'digital', 'exterior', 'social'] as const;
/** Size strata of deslocamento_porte (municipalities by population, `porte` 0-6). */
const PORTES = 7;

/** A finite number (Ajv's `number` refuses NaN and Infinity), bounds refused as parameter_range. */
function number(description: string, bounds: { minimum?: number; maximum?: number; exclusiveMinimum?: number } = {}): JsonSchema {
  const map = Object.fromEntries(Object.keys(bounds).map((k) => [k, 'parameter_range' as const]));
  return { type: 'number', description, ...bounds, ...(Object.keys(map).length > 0 ? codes(map) : {}) };
}

/** A list of exactly `n` items (a count off is a wrong type, not a range). */
function list(description: string, n: number, items: JsonSchema): JsonSchema {
  return { type: 'array', description, minItems: n, maxItems: n, items, ...codes({ minItems: 'wrong_type', maxItems: 'wrong_type' }) };
}

/** Each parameter's type, range and meaning (docs/model.md); property order is the order `params` lists them in. */
export const MODEL_PARAMETERS_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    beta0: number('log of the daily base hazard: adoption\'s spontaneous hazard (times m_i), reception\'s media contact hazard at intensity 1 and affinity 1'),
    beta_expo: number('log of the word-of-mouth hazard per unit of weighted adopter (adoption) or spreader (reception) share'),
    logit_lancamento: number('log-odds of adopting at once on lancamento.dia (plus ln m_i)'),
    amortecimento_saturacao: number('saturation damping: the hazard times (1 - amortecimento x the adopted share of the municipality)', { minimum: 0, maximum: 1 }),
    conversao_social: number('share of word-of-mouth contacts that reach (reception: times exp(beta_expo))', { minimum: 0 }),
    gamma_celulas: number('weight of the cell propensity s_c in ln m_i (both families)'),
    agrupamento: {
      description: 'cells of the propensity s_c: celula (regiao x faixa x sexo x raca x nivel x renda) or a list of those axes',
      anyOf: [{ const: 'celula' }, { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...AXES] } }],
    },
    pesos_canais: {
      type: 'object',
      description: 'weight of each word-of-mouth layer (domicilio, turma, estabelecimento, vizinhanca, digital)',
      additionalProperties: false,
      properties: Object.fromEntries(LAYERS.map((l) => [l, number(`weight of the ${l} layer`, { minimum: 0 })])),
    },
    deslocamento_porte: list(`level shift of ln m_i per municipality size stratum (porte 0-${PORTES - 1})`, PORTES, number('level shift', { minimum: -5, maximum: 5 })),
    idade_minima_adocao: {
      type: 'integer',
      description: 'model 2: persons younger than this (years) never adopt',
      minimum: 0,
      maximum: 80,
      multipleOf: 5,
      ...codes({ minimum: 'parameter_range', maximum: 'parameter_range', multipleOf: 'parameter_range' }),
    },
    padronizacao_celulas: {
      type: 'object',
      description: 'model 2: fixed mean and sd that standardise the raw cell score (absent: over the simulated population)',
      additionalProperties: false,
      required: ['media', 'dp'],
      properties: { media: number('mean of the raw score'), dp: number('sd of the raw score', { exclusiveMinimum: 0 }) },
    },
    impulso_lancamento: number('model 2: launch impulse, the spontaneous hazard times (1 + impulso x 2^(-days since launch / meia_vida))', { minimum: 0 }),
    meia_vida_impulso_dias: number('model 2: half-life of the launch impulse, days', { exclusiveMinimum: 0 }),
    inclinacao_renda_lancamento: number('model 2: launch timing by national income quintile q, odds and impulse times exp(s (q - 2))'),
    inclinacao_renda_uf_lancamento: number('model 2: launch timing by the UF\'s income, odds and impulse times (rdpc_UF / rdpc_BR)^s'),
    deslocamento_regiao: list(`model 2: level shift of ln m_i per macro-region (${MACRO_REGIOES.join(', ')})`, MACRO_REGIOES.length, number('level shift', { minimum: -5, maximum: 5 })),
    deslocamento_capital: number('model 2: level shift of ln m_i for persons in their UF\'s capital', { minimum: -5, maximum: 5 }),
    pesos_escore: {
      type: 'object',
      description: 'model 2: weights of the raw cell score, escolaridade x level + renda x quintile + internet x user - idade x |age group - 3|',
      additionalProperties: false,
      required: ['escolaridade', 'renda', 'internet', 'idade'],
      properties: Object.fromEntries(['escolaridade', 'renda', 'internet', 'idade'].map((k) => [k, number(`weight of ${k}`, { minimum: 0 })])),
    },
    memoria_meia_saturacao: number(
      'reception v2.1.0 on, an assumption: the memory (contacts of one source, each 1, fading) at which the source gives half its ceiling of absorve and repassa',
      { minimum: 0.1, maximum: 20 },
    ),
    memoria_expoente: number('reception v2.1.0 on, an assumption: the Hill exponent n of the memory\'s effect m^n / (K^n + m^n)', { minimum: 0.5, maximum: 4 }),
    memoria_meia_vida_dias: {
      type: 'object',
      description: 'reception v2.1.0 on, an assumption: the days in which the memory of each channel\'s contacts and of word of mouth (social) halves',
      additionalProperties: false,
      properties: Object.fromEntries(MEMORY_SOURCES.map((k) => [k, number(`half-life of the ${k} memory, days`, { minimum: 1, maximum: 90 })])),
    },
  },
};

/**
 * The families in which each parameter changes a run (src/plan/compile-plan.ts): an override of
 * one that does not is refused, since it would run and change nothing.
 */
export const PARAMETER_FAMILIES: Readonly<Record<keyof ModelParameters, readonly Familia[]>> = {
  beta0: ['adocao', 'recepcao'],
  beta_expo: ['adocao', 'recepcao'],
  logit_lancamento: ['adocao'],
  amortecimento_saturacao: ['adocao'],
  conversao_social: ['recepcao'],
  gamma_celulas: ['adocao', 'recepcao'],
  agrupamento: ['adocao', 'recepcao'],
  pesos_canais: ['adocao', 'recepcao'],
  deslocamento_porte: ['adocao'],
  idade_minima_adocao: ['adocao', 'recepcao'],
  padronizacao_celulas: ['adocao', 'recepcao'],
  impulso_lancamento: ['adocao'],
  meia_vida_impulso_dias: ['adocao'],
  inclinacao_renda_lancamento: ['adocao'],
  inclinacao_renda_uf_lancamento: ['adocao'],
  deslocamento_regiao: ['adocao', 'recepcao'],
  deslocamento_capital: ['adocao', 'recepcao'],
  pesos_escore: ['adocao', 'recepcao'],
  memoria_meia_saturacao: ['recepcao'],
  memoria_expoente: ['recepcao'],
  memoria_meia_vida_dias: ['recepcao'],
};

const PROPERTIES = MODEL_PARAMETERS_SCHEMA.properties as Record<string, JsonSchema>;

/** Whether `name` is a model parameter (a key of ModelParameters). */
export function isModelParameter(name: string): name is keyof ModelParameters {
  return Object.hasOwn(PROPERTIES, name);
}

/** A schema node's type and range in words: `a number from 0 to 1`, `7 numbers from -5 to 5`, ... */
export function rangeText(node: JsonSchema): string {
  if (Array.isArray(node.anyOf)) return (node.anyOf as JsonSchema[]).map(rangeText).join(', or ');
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return `one of ${node.enum.join(', ')}`;
  if (node.type === 'array') {
    const items = node.items as JsonSchema;
    const count = node.minItems === node.maxItems ? `${String(node.minItems)} ` : 'a list of ';
    const each = Array.isArray(items.enum) ? items.enum.join(', ') : rangeText(items).replace(/^an? (number|integer)/, '$1s');
    return `${count}${each}${node.uniqueItems ? ', each once' : ''}`;
  }
  if (node.type === 'object') {
    const props = Object.entries(node.properties as Record<string, JsonSchema>).map(([k, v]) => `${k}: ${rangeText(v).replace(/^an? /, '')}`);
    return `an object {${props.join('; ')}}${node.required ? '' : ' (any of them)'}`;
  }
  const kind = node.type === 'integer' ? 'an integer' : 'a number';
  const { minimum: lo, maximum: hi, exclusiveMinimum: gt, multipleOf: step } = node as Record<string, number | undefined>;
  const bounds = lo !== undefined && hi !== undefined ? ` from ${lo} to ${hi}` : lo !== undefined ? ` >= ${lo}` : gt !== undefined ? ` > ${gt}` : hi !== undefined ? ` <= ${hi}` : '';
  return `${kind}${bounds}${step !== undefined ? `, a multiple of ${step}` : ''}`;
}

/** The schema node at a field's segments (properties and items), for the refusal's wording. */
function nodeAt(segments: readonly Segment[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = MODEL_PARAMETERS_SCHEMA;
  for (const s of segments) {
    if (node === undefined) return undefined;
    node = (typeof s === 'number' ? node.items : (node.properties as Record<string, JsonSchema> | undefined)?.[s]) as JsonSchema | undefined;
  }
  return node;
}

function valueAt(data: unknown, segments: readonly Segment[]): unknown {
  let v = data;
  for (const s of segments) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[s] : undefined;
  return v;
}

/** `pesos_canais.digital` -> ['pesos_canais', 'digital']; `deslocamento_porte[3]` -> [..., 3]. */
function segmentsOf(field: string): Segment[] {
  return field.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * Checks parameter values (any subset of ModelParameters) against their types and ranges; the
 * first refusal is the contract's 422 invalid_request with contract_code (wrong_type,
 * parameter_range, unknown_field, missing_field) and field (`prefix` first, e.g. 'parametros').
 */
export function checkModelParameters(parametros: unknown, prefix: readonly Segment[] = []): void {
  const refusal = firstSchemaError(MODEL_PARAMETERS_SCHEMA, parametros, prefix);
  if (refusal) throw explained(refusal, parametros, prefix);
}

/** The refusal reworded with the value given and the range it must be in. */
function explained(e: ServiceError, data: unknown, prefix: readonly Segment[]): ServiceError {
  const segments = segmentsOf(e.field ?? '').slice(prefix.length);
  const field = formatField([...prefix, ...segments]);
  const hint = '(campaign-sim params lists every parameter)';
  if (segments.length === 0) return e;
  if (e.contractCode === 'unknown_field' || e.contractCode === 'missing_field') {
    const parent = nodeAt(segments.slice(0, -1));
    const what = e.contractCode === 'unknown_field' ? 'is not one' : 'is required: it is one';
    if (segments.length === 1 || parent === undefined) return contractError(e.contractCode, field, `${field} ${what} of the model parameters ${hint}`);
    return contractError(e.contractCode, field, `${field} ${what} of the members of ${formatField([...prefix, ...segments.slice(0, -1)])}, ${rangeText(parent)}`);
  }
  const node = nodeAt(segments);
  if (node === undefined) return e;
  const given = valueAt(data, segments);
  const shown = typeof given === 'number' || given === undefined ? String(given) : JSON.stringify(given);
  return contractError(e.contractCode ?? 'wrong_type', field, `${field}: ${shown} is not ${rangeText(node)} ${hint}`);
}
