// Pieces of the operations' input schemas that several operations take: a job's id, a
// municipality code, a list of them, the scenario body, the idempotency key. Each is written once
// with its description, which the route (and so the OpenAPI document) and the MCP tool both show:
// words that fit either surface. Field names are the spec's, letter for letter.
// A contract document (the campaign scenario, the calibration request, the growth request) is
// checked here only in its envelope: its content is the contract layer's to judge, which refuses
// with the spec's contract codes rather than a schema error (src/contract, calibration/).

/** A job of the caller's project. */
export const JOB_ID = {
  type: 'string', format: 'uuid',
  description: 'id of a job of this project (the id its submission returned)',
} as const;

export const JOB_ID_PARAMS = { type: 'object', required: ['job_id'], properties: { job_id: JOB_ID } } as const;

/** A municipality of the 2022 Census grid (the context, diagnosis and growth operations). */
export const CODIGO_PARAMS = {
  type: 'object',
  required: ['codigo'],
  properties: {
    codigo: {
      type: 'string', pattern: '^[0-9]{7}$',
      description: '7-digit IBGE municipality code, e.g. 1400100 (Boa Vista, RR); a code outside the 2022 Census grid is municipality_unknown',
    },
  },
} as const;

export const MUNICIPIO_LIST = {
  type: 'array',
  items: { type: 'string', pattern: '^[0-9]{7}$' },
  description: 'municipality codes (7 digits); over HTTP repeat the parameter for several',
} as const;

/** The body of the scenario quote and submission. */
export const SCENARIO_BODY = {
  type: 'object',
  required: ['pedido'],
  properties: { pedido: { type: 'object', description: 'the campaign scenario (contract version 3): the JSON Schema of GET /v1/schemas/cenario-campanha' } },
} as const;

/** The Idempotency-Key header of the two submissions (tool argument idempotency_key). */
export const IDEMPOTENCY_HEADERS = {
  type: 'object',
  required: ['idempotency-key'],
  properties: {
    'idempotency-key': {
      type: 'string', minLength: 1, maxLength: 200,
      description: 'a key you choose for this submission (1 to 200 characters): repeating it with the same request returns the same job and charges once; with another request it is refused (idempotency_key_reused)',
    },
  },
} as const;
