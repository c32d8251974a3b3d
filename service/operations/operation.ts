// What an operation is: one thing a caller may do with the service (quote, submit, read a job,
// read findings, ...), taking the authenticated caller and plain input, returning plain data
// or throwing the project's one error type (ServiceError). The HTTP routes (service/http/routes/)
// and the MCP tools (service/mcp/) are adapters over these objects: they admit the call
// (admit-call.ts: credential, the operation's scope, the hourly budgets), turn their request
// into the input and the result or ServiceError into their own response. So a rule lives in
// one place whichever way it is reached.
// The input's JSON Schemas live here too, by where HTTP carries each part (path, query, body,
// header): the route takes them as its schema (and so the OpenAPI document shows them), and an
// MCP tool's input schema is their union (service/mcp/tool-input.ts). Each schema and
// description is written once.
import type { AuthenticatedKey, Scope } from '../accounts/api-keys.js';
import type { ServiceContext } from '../service-context.js';

/** The caller behind a valid credential: its project, organization, scopes and credential id (an API key today; an agent's token later). */
export type Principal = AuthenticatedKey;

/** A JSON Schema (draft 2020-12 as Ajv reads it), declared `as const` so route handlers get its type. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** A JSON Schema of an object: the parts of an input whose properties are input fields. */
export type ObjectSchema = JsonSchema & { readonly type: 'object'; readonly properties: { readonly [name: string]: JsonSchema }; readonly required?: readonly string[] };

/** The input's schemas by where HTTP carries each part; the names are Fastify's route schema keys. */
export interface InputSchemas {
  /** Path parameters (`:name` of the route). */
  readonly params?: ObjectSchema;
  readonly querystring?: ObjectSchema;
  /** An object whose properties are input fields, unless the operation names a bodyField. */
  readonly body?: JsonSchema;
  /** Request headers; the input field is the header's name with '_' for '-' (idempotency-key: idempotency_key). */
  readonly headers?: ObjectSchema;
}

export interface Operation<I, O, S extends InputSchemas = InputSchemas> {
  /** snake_case; the MCP tool's name where the operation is a tool (spec "Other"). */
  readonly name: string;
  /**
   * The scope the caller needs (spec "Scopes"); the adapters check it through admitPrincipal before
   * run. null: any valid key, whatever its scopes (the library: "any key may read").
   */
  readonly scope: Scope | null;
  /** The input's JSON Schemas; {} for an operation without input. */
  readonly input: S;
  /** When the HTTP body is one input field whole (the growth request is `pedido`), that field. */
  readonly bodyField?: string;
  run(ctx: ServiceContext, principal: Principal, input: I): Promise<O>;
}
