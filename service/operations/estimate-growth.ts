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
import type { Operation } from './operation.js';

export interface GrowthInput {
  codigo: string;
  /** The growth request (versao 1, municipio, unidades, poligono or setores), judged by its contract. */
  pedido: unknown;
}

export const estimateGrowth: Operation<GrowthInput, GrowthEstimate> = {
  scope: 'simulate',
  async run(ctx, principal, { codigo, pedido }) {
    contextMunicipality(codigo);
    const request = validateGrowthRequest(pedido, codigo);
    return estimateGrowthAt(request, await releaseReadAt(ctx.store, principal.projectId, codigo));
  },
};
