// A tool's input schema, derived from its operation's (service/operations/operation.ts): one
// object whose properties are the fields of every part HTTP carries apart (path, query, body,
// headers), each property the very schema object the route declares, so a field and its
// description are written once. A header's field is its name with '_' for '-'
// (idempotency-key: idempotency_key); a body taken whole (bodyField) is that one field. Unlike
// the HTTP layer, an unknown argument is refused (additionalProperties false) rather than
// dropped, so a model learns the tool's real inputs.
import type { InputSchemas, JsonSchema, ObjectSchema, Operation } from '../operations/operation.js';

// A type, not an interface: it is read where any JSON Schema object is.
export type ToolInput = {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties: false;
};

export function toolInputOf(operation: Pick<Operation<never, unknown, InputSchemas>, 'input' | 'bodyField'>): ToolInput {
  const { params, querystring, body, headers } = operation.input;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const add = (part: ObjectSchema | undefined, field = (name: string) => name) => {
    for (const [name, schema] of Object.entries(part?.properties ?? {})) properties[field(name)] = schema;
    for (const name of part?.required ?? []) required.push(field(name));
  };
  add(params);
  add(querystring);
  if (body !== undefined && operation.bodyField !== undefined) {
    properties[operation.bodyField] = body;
    required.push(operation.bodyField);
  } else add(body as ObjectSchema | undefined);
  add(headers, (name) => name.replace(/-/g, '_'));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}
