// The contract schemas compiled with Ajv (draft 2020-12 + ajv-formats), each once, when first
// used; the served copies, and the mapping of Ajv failures to the first contract refusal
// (docs/contracts.md, "Order of refusals").

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { contractError, type ContractCode, type ServiceError } from '../errors.js';
import { CALIBRATION_SCHEMA } from './calibration-schema.js';
import { CODE_KEYWORD, SCENARIO_SCHEMA, TYPE_NAME_KEYWORD, type CodeEntry, type JsonSchema } from './scenario-schema.js';

// ajv-formats is CommonJS with a default export; under NodeNext its namespace is what we get.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => Ajv2020;

const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
addFormats(ajv);
ajv.addKeyword({ keyword: CODE_KEYWORD, schemaType: 'object' });
ajv.addKeyword({ keyword: TYPE_NAME_KEYWORD, schemaType: 'string' });

// Each schema is compiled when first used, not at import: a command that checks one (the model
// parameters of `--param beta0=abc`) does not pay for the others (bench/cli-startup.ts).
const validators = new Map<JsonSchema, ValidateFunction>();
function compiled(schema: JsonSchema): ValidateFunction {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    validators.set(schema, v);
  }
  return v;
}

/**
 * A served copy of a contract schema: plain draft 2020-12 without the x-contract-code and
 * x-type-name annotations, so any validator in strict mode compiles it (the codes are in
 * docs/contracts.md).
 */
function servedCopy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(servedCopy);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== CODE_KEYWORD && k !== TYPE_NAME_KEYWORD) out[k] = servedCopy(v);
  return out;
}

/** The JSON Schema of the campaign scenario (a fresh copy: GET /v1/schemas/cenario-campanha). */
export function getScenarioSchema(): JsonSchema {
  return servedCopy(SCENARIO_SCHEMA) as JsonSchema;
}

/** The JSON Schema of the calibration request (a fresh copy: GET /v1/schemas/pedido-calibracao). */
export function getCalibrationSchema(): JsonSchema {
  return servedCopy(CALIBRATION_SCHEMA) as JsonSchema;
}

export const schemas = {
  'cenario-campanha': getScenarioSchema,
  'pedido-calibracao': getCalibrationSchema,
} as const;

export type Segment = string | number;

/** `canais[1].intensidade` from ['canais', 1, 'intensidade']. */
export function formatField(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out === '' ? s : `.${s}`;
  }
  return out;
}

// Keyword order at one field: shape before value (docs/contracts.md).
const KEYWORD_RANK = [
  'type', 'required', 'dependentRequired', 'minProperties', 'additionalProperties', 'not', 'const', 'enum',
  'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum',
  'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'oneOf',
];

/** What a schema-level refusal means, by contract code (the Ajv text is used for the rest). */
const MEANING: Partial<Record<ContractCode, string>> = {
  contract_version_unsupported: 'this contract version is not supported',
  release_malformed: 'must be a release version vX.Y.Z (digits)',
  family_unknown: 'must be adocao or recepcao',
  ufs_empty: 'must list at least one UF',
  uf_unknown: 'is not a UF code (AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO)',
  municipality_malformed: 'must be a municipality code of 7 digits',
  ap_malformed: 'must be a weighting-area code of 10 digits',
  audience_axis_refused: 'is not an audience axis (idades, sexos, niveis_instrucao, faixas_renda, racas)',
  audience_value_unknown: 'is outside the axis catalogue',
  age_misaligned: 'is off the 5-year edges: a band starts at 0, 5, ..., 80 and ends at 4, 9, ..., 79 or null (open)',
  channel_unknown: 'must be digital, tv, radio or exterior',
  channel_day_range: 'must be a day from 1 to 65535',
  channel_intensity: 'must be greater than 0 and at most 1',
  stim_id_malformed: 'must be 32 lowercase hexadecimal characters',
  launch_base_unknown: 'must be pix or calibracao',
  launch_calibration_required: 'is required when cenario_base is calibracao',
  launch_calibration_forbidden: 'is only given when cenario_base is calibracao',
  launch_calibration_malformed: 'must be the uuid of a calibration job',
  launch_day_range: 'must be a day from 1 to 65535',
  horizon_date_malformed: 'must be an existing date written YYYY-MM-DD',
  horizon_days_range: 'must be 1 to 65535 days',
  replicas_range: 'must be 1 to 20',
  comparison_group_malformed: 'must be a lowercase letter or digit followed by up to 63 lowercase letters, digits, _ . or -',
  kpis_empty: 'must list at least one indicator',
  kpi_unknown: 'is not an indicator (adotantes, alcance, ignora, absorve, repassa, rejeita)',
  answer_contract_version_unsupported: 'must be 1',
  answer_contract_empty: 'must have at least one question',
  answer_contract_too_many_questions: 'must have at most 20 questions',
  question_id_malformed: 'must be 1 to 40 lowercase letters, digits, _ or -, the first a letter or digit',
  question_form_unknown: 'must be quantos, quando, onde or comparar',
  question_measure_unknown: 'is not a measure',
  question_public_axis_refused: 'is not a public axis (grupo_idade, sexo, renda, escolaridade, raca, faixa_etaria_5)',
  question_public_value_unknown: 'is outside the axis range',
  question_territory_malformed: 'must be exactly one of municipios (7-digit codes), setores (15-digit codes), or ponto [longitude, latitude] with raio_m 50 to 50000',
  question_moment_malformed: 'quantos and onde take semana (a week from 1), quando takes parte',
  question_share_range: 'must be greater than 0 and at most 1',
  question_order_unknown: 'must be maior or menor',
  question_variants_malformed: 'must be two distinct variant names of the plan',
  question_nested_compare: 'a comparison cannot contain another comparison',
  spatial_holdout_municipalities: 'must be codes of 7 digits (municipality) or 10 digits (weighting area)',
};

const GENERIC: Record<string, ContractCode> = {
  type: 'wrong_type',
  required: 'missing_field',
  dependentRequired: 'missing_field',
  minProperties: 'missing_field',
  minItems: 'missing_field',
  additionalProperties: 'unknown_field',
  uniqueItems: 'duplicate_value',
};

function deref(node: JsonSchema | undefined, root: JsonSchema): JsonSchema | undefined {
  let n = node;
  for (let guard = 0; n && typeof n.$ref === 'string' && guard < 10; guard++) {
    const name = (n.$ref as string).replace('#/$defs/', '');
    n = (root.$defs as Record<string, JsonSchema>)[name];
  }
  return n;
}

/** Schema of a child of `node` (property or item), searching conditional branches; and its rank among siblings. */
function child(node: JsonSchema | undefined, seg: Segment, root: JsonSchema): { rank: number; node?: JsonSchema } {
  const queue: JsonSchema[] = [];
  const push = (n: unknown) => {
    const d = deref(n as JsonSchema | undefined, root);
    if (d && typeof d === 'object') queue.push(d);
  };
  push(node);
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i];
    if (typeof seg === 'number') {
      const prefix = n.prefixItems as JsonSchema[] | undefined;
      if (prefix?.[seg]) return { rank: seg, node: prefix[seg] };
      if (n.items && typeof n.items === 'object') return { rank: seg, node: n.items as JsonSchema };
    } else {
      const props = n.properties as Record<string, JsonSchema> | undefined;
      if (props && Object.hasOwn(props, seg)) return { rank: Object.keys(props).indexOf(seg), node: props[seg] };
    }
    for (const a of (n.allOf as JsonSchema[] | undefined) ?? []) push(a);
    push(n.then);
    push(n.else);
  }
  return { rank: typeof seg === 'number' ? seg : -1 };
}

/** Position of a field in contract order: the rank of each segment among its siblings (unknown fields first). */
function fieldRanks(segments: readonly Segment[], root: JsonSchema): number[] {
  const ranks: number[] = [];
  let node: JsonSchema | undefined = root;
  for (const s of segments) {
    const c = child(node, s, root);
    ranks.push(c.rank);
    node = c.node;
  }
  return ranks;
}

function firstDuplicate(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const k = JSON.stringify(list[i]);
    if (seen.has(k)) return i;
    seen.add(k);
  }
  return 0;
}

function pointerSegments(instancePath: string, data: unknown): Segment[] {
  if (instancePath === '') return [];
  const out: Segment[] = [];
  let cur: unknown = data;
  for (const raw of instancePath.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const seg: Segment = Array.isArray(cur) && /^\d+$/.test(key) ? Number(key) : key;
    out.push(seg);
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
  }
  return out;
}

interface Candidate {
  code: ContractCode;
  segments: Segment[];
  ranks: number[];
  keywordRank: number;
  message: string;
}

function compareCandidates(a: Candidate, b: Candidate): number {
  const n = Math.min(a.ranks.length, b.ranks.length);
  for (let i = 0; i < n; i++) if (a.ranks[i] !== b.ranks[i]) return a.ranks[i] - b.ranks[i];
  if (a.ranks.length !== b.ranks.length) return a.ranks.length - b.ranks.length;
  if (a.keywordRank !== b.keywordRank) return a.keywordRank - b.keywordRank;
  const fa = formatField(a.segments);
  const fb = formatField(b.segments);
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

function candidateOf(e: ErrorObject, data: unknown, root: JsonSchema, prefix: readonly Segment[]): Candidate {
  const path = pointerSegments(e.instancePath, data);
  let segments: Segment[] = path;
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'required' || e.keyword === 'dependentRequired') segments = [...path, p.missingProperty as string];
  else if (e.keyword === 'additionalProperties') segments = [...path, p.additionalProperty as string];
  else if (e.keyword === 'uniqueItems') segments = [...path, firstDuplicate(e.data)];
  const entry = ((e.parentSchema as JsonSchema | undefined)?.[CODE_KEYWORD] as Record<string, CodeEntry> | undefined)?.[e.keyword];
  let code: ContractCode = GENERIC[e.keyword] ?? 'wrong_type';
  if (typeof entry === 'string') code = entry;
  else if (entry) {
    code = entry.code;
    if (entry.field) segments = [...path, ...entry.field.split('.')];
  }
  const field = formatField([...prefix, ...segments]);
  let message: string;
  if (code === 'unknown_field') message = `unknown field ${field}: the contract is closed`;
  else if (e.keyword === 'required' || e.keyword === 'dependentRequired') message = `${field} is required`;
  else if (MEANING[code]) message = `${field}: ${MEANING[code]}`;
  else message = `${field || 'the document'} ${e.message ?? 'is invalid'}`;
  const kr = KEYWORD_RANK.indexOf(e.keyword);
  return { code, segments, ranks: fieldRanks(segments, root), keywordRank: kr < 0 ? KEYWORD_RANK.length : kr, message };
}

/**
 * Validates `data` against a compiled contract schema and returns the first refusal in contract
 * order (or null). `prefix` is prepended to the reported field (e.g. ['pedido']).
 */
export function firstSchemaError(schema: JsonSchema, data: unknown, prefix: readonly Segment[] = []): ServiceError | null {
  const validate = compiled(schema);
  if (validate(data)) return null;
  const errors = (validate.errors ?? []).filter(
    // Branch failures of oneOf/anyOf and the "must match then/else" summary are noise: the
    // branch's own errors (if/then/else) or the oneOf summary carry the refusal.
    (e) => e.keyword !== 'if' && !/\/(oneOf|anyOf)\/\d+\//.test(e.schemaPath),
  );
  if (errors.length === 0) return contractError('wrong_type', formatField(prefix), 'the document does not match the contract');
  const best = errors.map((e) => candidateOf(e, data, schema, prefix)).sort(compareCandidates)[0];
  return contractError(best.code, formatField([...prefix, ...best.segments]), best.message);
}

export { SCENARIO_SCHEMA, CALIBRATION_SCHEMA };
