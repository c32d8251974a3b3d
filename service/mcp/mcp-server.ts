// The MCP server of one request: lists the tools and calls them for the credential the request
// carried. A tool call is admitted like an HTTP call (operations/admit-call.ts: credential,
// the operation's scope, the hourly budgets of the key and its organization, so an MCP call and
// an API call with one key share one budget), then its arguments are checked and the operation
// runs. Built on the SDK's low-level Server rather than McpServer because the tools' input
// schemas are JSON Schema (the operations' own, service/operations/, and the contract schemas),
// checked with Ajv as the HTTP routes check them (tool-arguments.ts); McpServer would want them
// as zod, a second schema of every input.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ErrorCode, InitializeRequestSchema, ListToolsRequestSchema, McpError, PingRequestSchema, type CallToolResult,
  type JSONRPCRequest, type Tool as ListedTool,
} from '@modelcontextprotocol/sdk/types.js';
import { readPackageVersion } from '../../src/package-version.js';
import { admitPrincipal } from '../operations/admit-call.js';
import type { Principal } from '../operations/operation.js';
import type { ServiceContext } from '../service-context.js';
import { checkArguments } from './tool-arguments.js';
import { toolError, toolSuccess } from './tool-result.js';
import { TOOLS } from './tools.js';

type AnyTool = (typeof TOOLS)[number];
const BY_NAME = new Map<string, AnyTool>(TOOLS.map((t) => [t.name, t]));
const LISTED: ListedTool[] = TOOLS.map((t) => ({
  name: t.name, title: t.title, description: `${t.description} Scope: ${t.operation.scope ?? 'any key'}.`,
  inputSchema: t.advertised as ListedTool['inputSchema'], annotations: t.annotations,
}));
const VERSION = readPackageVersion();

const INSTRUCTIONS =
  'Campaign simulations over a synthetic population of Brazilian municipalities. Typical flow: list_releases, ' +
  'estimate_simulation {pedido}, submit_simulation {pedido, idempotency_key}, get_job until estado is concluido, then ' +
  'get_findings and get_answers. City diagnosis: open_city_diagnosis {codigo} (free), then get_city_diagnosis and estimate_growth. ' +
  'Prices are in micros of a real. A refusal reads "code: message" (the API\'s error codes).';

/**
 * The server of one request. `authenticate` gives the request's principal or throws the
 * credential's refusal (mcp-route.ts: an API key, or an agent's token read once per request).
 */
export function createMcpServer(ctx: ServiceContext, authenticate: () => Promise<Principal>, log: (err: unknown) => void): Server {
  const server = new Server({ name: 'campaign-sim', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTED }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const t = BY_NAME.get(request.params.name);
    if (!t) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}; tools: ${[...BY_NAME.keys()].join(', ')}`);
    return callTool(ctx, authenticate, t, request.params.arguments ?? {}, log);
  });
  answerInvalidParams(server);
  return server;
}

type RequestHandler = (request: JSONRPCRequest, extra: unknown) => Promise<unknown>;
/** The schema of each method the server answers (keep in step with the handlers above and the SDK's own: initialize, ping). */
const METHOD_SCHEMAS = new Map<string, typeof PingRequestSchema | typeof InitializeRequestSchema | typeof ListToolsRequestSchema | typeof CallToolRequestSchema>([
  ['initialize', InitializeRequestSchema], ['ping', PingRequestSchema], ['tools/list', ListToolsRequestSchema], ['tools/call', CallToolRequestSchema],
]);

/**
 * Params outside a method's schema answer JSON-RPC's -32602 Invalid params. The SDK parses a
 * request against its method's schema before the handler, and its parse error is no McpError,
 * so it answered -32603 Internal error (issue 54: `initialize` with malformed params). The SDK
 * keeps its handlers in a private map; each is wrapped here with the same check first.
 */
function answerInvalidParams(server: Server): void {
  const handlers = (server as unknown as { _requestHandlers: Map<string, RequestHandler> })._requestHandlers;
  for (const [method, handle] of handlers) {
    const schema = METHOD_SCHEMAS.get(method);
    if (!schema) continue;
    handlers.set(method, (request, extra) => {
      const checked = schema.safeParse(request);
      if (checked.success) return handle(request, extra);
      const problems = checked.error.issues.map((i) => `${i.path.join('.') || 'the request'}: ${i.message}`).join('; ');
      return Promise.reject(new McpError(ErrorCode.InvalidParams, `invalid params of ${method}: ${problems}`));
    });
  }
}

async function callTool(ctx: ServiceContext, authenticate: () => Promise<Principal>, t: AnyTool, args: Record<string, unknown>, log: (err: unknown) => void): Promise<CallToolResult> {
  try {
    const { principal } = await admitPrincipal(ctx, await authenticate(), t.operation.scope, 'mcp');
    const result = await t.operation.run(ctx, principal, checkArguments(t.input, args));
    const { data, text } = t.output(result);
    return toolSuccess(data, text);
  } catch (err) {
    return toolError(err, log);
  }
}
