// A growth estimate (POST /v1/diagnosticos/{codigo}/crescimento, tool estimate_growth): what a
// housing development asks of the city, from the diagnosis tables of the release the project
// opened the city at (src/context/growth-estimate.ts). Free, but under simulate, like the other
// estimate that takes a request body (POST /v1/jobs/estimate). The request is judged first (404
// municipality_unknown, 422 invalid_growth_request with its growth_* code), then the project's
// state (403 diagnosis_not_open).
import { contextMunicipality } from '../../src/context/context-municipality.js';
import { estimateGrowth as estimateGrowthAt, type GrowthEstimate } from '../../src/context/growth-estimate.js';
import { validateGrowthRequest } from '../../src/context/growth-request.js';
import { releaseReadAt } from '../jobs/city-diagnoses.js';
import { CODIGO_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

/**
 * The growth request, the HTTP body whole (tool argument pedido). Not checked by a schema: the
 * contract judges it, refusing with invalid_growth_request and a growth_* contract_code (a schema
 * here would answer the validation form instead). The OpenAPI document links the request's JSON
 * Schema (service/http/openapi.ts), an MCP tool advertises it (service/mcp/tools.ts).
 */
const GROWTH_REQUEST = { description: 'the growth request: versao 1, municipio (equal to codigo), unidades 1 to 20000, and exactly one of poligono or setores' } as const;

export interface GrowthInput {
  codigo: string;
  /** The growth request (versao 1, municipio, unidades, poligono or setores), judged by its contract. */
  pedido: unknown;
}

export const estimateGrowth = {
  name: 'estimate_growth',
  scope: 'simulate',
  input: { params: CODIGO_PARAMS, body: GROWTH_REQUEST },
  bodyField: 'pedido',
  async run(ctx, principal, { codigo, pedido }) {
    contextMunicipality(codigo);
    const request = validateGrowthRequest(pedido, codigo);
    return estimateGrowthAt(request, await releaseReadAt(ctx.store, principal.projectId, codigo));
  },
} satisfies Operation<GrowthInput, GrowthEstimate>;
