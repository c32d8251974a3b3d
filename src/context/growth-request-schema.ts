// The JSON Schema of the growth request, for readers: the OpenAPI document of POST
// /v1/diagnosticos/{codigo}/crescimento and the input the MCP tool estimate_growth advertises, so
// a client or a model can write the request unaided. The request itself is judged by
// validateGrowthRequest (growth-request.ts), whose refusals carry the spec's growth_* codes; this
// schema says the same limits in JSON Schema words.
import { PONTOS_POLIGONO, UNIDADES_MAX } from './growth-request.js';

export function growthRequestSchema(): Record<string, unknown> {
  return {
    type: 'object',
    title: 'Growth request (versao 1)',
    description: 'A housing development in one municipality: how many units and where (exactly one of poligono or setores).',
    required: ['versao', 'municipio', 'unidades'],
    additionalProperties: false,
    properties: {
      versao: { const: 1, description: 'contract version, always 1' },
      municipio: { type: 'string', pattern: '^[0-9]{7}$', description: '7-digit IBGE code of the municipality; must be the one of the path (or of codigo)' },
      unidades: { type: 'integer', minimum: 1, maximum: UNIDADES_MAX, description: `housing units, 1 to ${UNIDADES_MAX}; every unit is counted as one occupied household` },
      poligono: {
        type: 'array', minItems: PONTOS_POLIGONO.min, maxItems: PONTOS_POLIGONO.max,
        description: `the site as a ring of ${PONTOS_POLIGONO.min} to ${PONTOS_POLIGONO.max} [longitude, latitude] points (WGS 84 degrees); its area centroid must lie in the municipality`,
        items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' }, description: '[longitude -180..180, latitude -90..90]' },
      },
      setores: {
        type: 'array', minItems: 1,
        description: 'the site as census tracts of the municipality (15-digit codes, as GET /v1/municipios/{codigo}/setores lists them); the site is their mean centre',
        items: { type: 'string', pattern: '^[0-9]{15}$' },
      },
    },
    oneOf: [{ required: ['poligono'] }, { required: ['setores'] }],
    examples: [{ versao: 1, municipio: '1400100', unidades: 500, poligono: [[-60.70, 2.82], [-60.69, 2.82], [-60.69, 2.83], [-60.70, 2.83]] }],
  };
}
