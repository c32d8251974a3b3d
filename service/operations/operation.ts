// What an operation is: one thing a caller may do with the service (quote, submit, read a job,
// read findings, ...), taking the authenticated caller and plain input, returning plain data
// or throwing the project's one error type (ServiceError). The HTTP routes (service/http/routes/)
// and the MCP tools (service/mcp/) are adapters over these objects: they admit the call
// (admit-call.ts: credential, the operation's scope, the hourly budgets), turn their request
// into the input and the result or ServiceError into their own response. So a rule lives in
// one place whichever way it is reached.
import type { AuthenticatedKey, Scope } from '../accounts/api-keys.js';
import type { ServiceContext } from '../service-context.js';

/** The caller behind a valid credential: its project, organization, scopes and credential id (an API key today; an agent's token later). */
export type Principal = AuthenticatedKey;

export interface Operation<I, O> {
  /**
   * The scope the caller needs (spec "Scopes"); the adapters check it through admitPrincipal before
   * run. null: any valid key, whatever its scopes (the library: "any key may read").
   */
  readonly scope: Scope | null;
  run(ctx: ServiceContext, principal: Principal, input: I): Promise<O>;
}
