// How an operation's outcome becomes an MCP tool result (spec "Errors", MCP paragraph): the same
// JSON as the HTTP response in structuredContent with a short text; a refusal is isError with
// the text "code: message" and the error envelope {detail} in structuredContent (contract_code
// and field included). A tool's arguments outside its input schema read "invalid_request: ..."
// with the HTTP validation form {detail: [{loc, msg, type, input, ctx}]}.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ServiceError } from '../../src/errors.js';
import { RequestFormatError } from '../http/validation.js';

export function toolSuccess(data: object, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: data as Record<string, unknown> };
}

/** The tool result of a thrown error; `log` receives what is not a refusal (a failure inside the service). */
export function toolError(err: unknown, log: (err: unknown) => void): CallToolResult {
  if (err instanceof RequestFormatError) {
    return { isError: true, content: [{ type: 'text', text: `invalid_request: ${err.message}` }], structuredContent: { detail: err.items } };
  }
  const refusal = err instanceof ServiceError ? err : new ServiceError('internal_error', 'unexpected failure inside the service');
  if (refusal !== err) log(err);
  const detail = refusal.detail();
  const where = detail.contract_code ? ` (${detail.contract_code} at ${detail.field})` : '';
  return { isError: true, content: [{ type: 'text', text: `${refusal.code}: ${refusal.message}${where}` }], structuredContent: refusal.toEnvelope() as unknown as Record<string, unknown> };
}
