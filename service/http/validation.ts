// The HTTP layer's format check: a body, header, path or query value outside a route's schema is
// refused with 422 and the standard validation form {detail: [{loc, msg, type, input, ctx}]}
// (spec "Errors"). The items follow the widely used FastAPI/pydantic form so generic clients read
// them; `type` and `msg` below are that vocabulary. Fastify validates with Ajv; this file turns
// Ajv's errors into those items. An item shows at most a short excerpt of the input (input-excerpt.ts).
import { excerptOf, shortText } from './input-excerpt.js';

/** One item of the standard validation form. */
export interface ValidationItem {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input: unknown;
  ctx: Record<string, unknown>;
}

/** The part of Ajv's error object this file reads (Fastify passes Ajv's errors through). */
export interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Where Fastify ran the schema: its names, and the names of the validation form. */
export type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';
const LOC_ROOT: Record<ValidationContext, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/**
 * A refusal of the request's format, 422 (or 413 for a body over its route's limit of values:
 * json-scan.ts); the error handler writes `items` as {detail: items}.
 */
export class RequestFormatError extends Error {
  constructor(readonly items: ValidationItem[], readonly statusCode: 413 | 422 = 422) {
    super(items.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.name = 'RequestFormatError';
  }
}

function pointerSegments(instancePath: string): Array<string | number> {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

function valueAt(root: unknown, segments: Array<string | number>): unknown {
  let v: unknown = root;
  for (const s of segments) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[s];
  }
  return v;
}

function listWords(values: unknown[]): string {
  const quoted = values.map((v) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v)));
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

const TYPE_WORDS: Record<string, { type: string; parsing?: string; msg: string }> = {
  object: { type: 'dict_type', msg: 'Input should be a valid dictionary' },
  array: { type: 'list_type', msg: 'Input should be a valid list' },
  string: { type: 'string_type', msg: 'Input should be a valid string' },
  integer: { type: 'int_type', parsing: 'int_parsing', msg: 'Input should be a valid integer' },
  number: { type: 'float_type', parsing: 'float_parsing', msg: 'Input should be a valid number' },
  boolean: { type: 'bool_type', parsing: 'bool_parsing', msg: 'Input should be a valid boolean' },
};

/** Turns one Ajv error into one item; `data` is the request part the schema was checked against. */
export function toValidationItem(err: AjvErrorLike, context: ValidationContext, data: unknown): ValidationItem {
  const item = itemOfAjvError(err, context, data);
  return { ...item, input: excerptOf(item.input) };
}

function itemOfAjvError(err: AjvErrorLike, context: ValidationContext, data: unknown): ValidationItem {
  const path = pointerSegments(err.instancePath);
  const root = LOC_ROOT[context];
  const input = valueAt(data, path);
  const p = err.params;
  switch (err.keyword) {
    case 'required': {
      const name = String(p.missingProperty);
      // A missing body has no parent object to show; header, query and path parts have none either.
      const parent = context === 'body' && input !== undefined ? input : null;
      return { loc: [root, ...path, name], msg: 'Field required', type: 'missing', input: parent, ctx: {} };
    }
    case 'type': {
      if (context === 'body' && path.length === 0 && (data === undefined || data === null)) {
        return { loc: [root], msg: 'Field required', type: 'missing', input: null, ctx: {} };
      }
      const expected = String(p.type).split(',')[0];
      const words = TYPE_WORDS[expected] ?? { type: `${expected}_type`, msg: `Input should be of type ${expected}` };
      const parsing = typeof input === 'string' && words.parsing !== undefined;
      return {
        loc: [root, ...path],
        msg: parsing ? `${words.msg}, unable to parse string as ${expected === 'integer' ? 'an integer' : `a ${expected}`}` : words.msg,
        type: parsing ? words.parsing! : words.type,
        input,
        ctx: {},
      };
    }
    case 'maxLength':
      return { loc: [root, ...path], msg: `String should have at most ${p.limit} characters`, type: 'string_too_long', input, ctx: { max_length: p.limit } };
    case 'minLength':
      return { loc: [root, ...path], msg: `String should have at least ${p.limit} character${p.limit === 1 ? '' : 's'}`, type: 'string_too_short', input, ctx: { min_length: p.limit } };
    case 'minItems':
      return { loc: [root, ...path], msg: `List should have at least ${p.limit} item${p.limit === 1 ? '' : 's'} after validation`, type: 'too_short', input, ctx: { field_type: 'List', min_length: p.limit } };
    case 'maxItems':
      return { loc: [root, ...path], msg: `List should have at most ${p.limit} items after validation`, type: 'too_long', input, ctx: { field_type: 'List', max_length: p.limit } };
    case 'minimum':
      return { loc: [root, ...path], msg: `Input should be greater than or equal to ${p.limit}`, type: 'greater_than_equal', input, ctx: { ge: p.limit } };
    case 'maximum':
      return { loc: [root, ...path], msg: `Input should be less than or equal to ${p.limit}`, type: 'less_than_equal', input, ctx: { le: p.limit } };
    case 'exclusiveMinimum':
      return { loc: [root, ...path], msg: `Input should be greater than ${p.limit}`, type: 'greater_than', input, ctx: { gt: p.limit } };
    case 'exclusiveMaximum':
      return { loc: [root, ...path], msg: `Input should be less than ${p.limit}`, type: 'less_than', input, ctx: { lt: p.limit } };
    case 'pattern':
      return { loc: [root, ...path], msg: `String should match pattern '${p.pattern}'`, type: 'string_pattern_mismatch', input, ctx: { pattern: p.pattern } };
    case 'format':
      if (p.format === 'uuid') {
        return { loc: [root, ...path], msg: 'Input should be a valid UUID', type: 'uuid_parsing', input, ctx: {} };
      }
      return { loc: [root, ...path], msg: `Input should match format ${p.format}`, type: `${p.format}_parsing`, input, ctx: { format: p.format } };
    case 'enum': {
      const expected = listWords(p.allowedValues as unknown[]);
      return { loc: [root, ...path], msg: `Input should be ${expected}`, type: 'enum', input, ctx: { expected } };
    }
    case 'const': {
      const expected = listWords([p.allowedValue]);
      return { loc: [root, ...path], msg: `Input should be ${expected}`, type: 'literal_error', input, ctx: { expected } };
    }
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      return { loc: [root, ...path, name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden', input: valueAt(input, [name]), ctx: {} };
    }
    default:
      return { loc: [root, ...path], msg: err.message ?? 'Invalid value', type: 'value_error', input, ctx: { keyword: err.keyword } };
  }
}

/** Every Ajv error of one failed check as validation items, in Ajv's order, without repeats. */
export function toValidationItems(errors: AjvErrorLike[], context: ValidationContext, data: unknown): ValidationItem[] {
  const seen = new Set<string>();
  const items: ValidationItem[] = [];
  for (const e of errors) {
    const item = toValidationItem(e, context, data);
    const key = JSON.stringify([item.loc, item.type]);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** The item for a body that is not JSON (Fastify's parser refused it). */
export function jsonInvalidItem(message: string): ValidationItem {
  const m = /position (\d+)/.exec(message);
  const at = m ? Number(m[1]) : 0;
  return { loc: ['body', at], msg: 'JSON decode error', type: 'json_invalid', input: {}, ctx: { error: shortText(message) } };
}
