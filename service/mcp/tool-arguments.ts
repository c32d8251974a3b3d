// The check of a tool's arguments against its input schema, with the validation items of the
// HTTP format check: every problem listed, defaults filled in, and a single value taken for a
// one-item list (municipio: "1400100"), as the HTTP query is read. Unlike the HTTP layer, an
// unknown argument is refused rather than dropped, so a model learns the tool's real inputs.
// Refused arguments throw RequestFormatError; tool-result.ts reads it as invalid_request.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { RequestFormatError, toValidationItems, type AjvErrorLike } from '../http/validation.js';

// ajv-formats is CommonJS with a default export; under NodeNext its namespace is what we get.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, useDefaults: true, coerceTypes: 'array', allowUnionTypes: true }));

const compiled = new WeakMap<object, ValidateFunction>();

export function checkArguments<I>(schema: Record<string, unknown>, args: Record<string, unknown>): I {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  // The arguments are this call's own parsed JSON: filling defaults in place touches nothing shared.
  const input = args;
  if (!validate(input)) {
    const items = toValidationItems((validate.errors ?? []) as AjvErrorLike[], 'body', input)
      .map((item) => ({ ...item, loc: ['arguments', ...item.loc.slice(1)] }));
    throw new RequestFormatError(items);
  }
  return input as I;
}
