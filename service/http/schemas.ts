// JSON Schemas of the HTTP layer: response shapes (fast serialisation, and the OpenAPI document)
// and what the routes share around them. The request formats Fastify checks (422 validation form
// when a request breaks them) are the operations' input schemas (service/operations/).
// Field names are the spec's, letter for letter ("Resources and their fields", "Endpoints").

export const JOB_STATES_DOC = 'reservado, em_execucao (has a machine), concluido, falhou, cancelado';

/** The release's aviso and fontes, which the findings and the answers carry (src/findings/premises.ts releaseNotes). */
const RELEASE_NOTES = {
  aviso: { type: 'string', description: 'the release\'s aviso: what is modelled, what is data, and how its parameters are labelled' },
  fontes: {
    type: 'array',
    description: 'the release\'s sources: id, credito, licenca, url, arquivo, uso (what was modelled from it)',
    items: { type: 'object', additionalProperties: true },
  },
} as const;

/** Shared schemas, added to the app with addSchema and named in the OpenAPI components. */
export const SHARED_SCHEMAS = [
  {
    $id: 'Job',
    type: 'object',
    description: 'A job (spec "Job"). After erasure registro carries apagado_em.',
    required: ['id', 'project_id', 'estado', 'tipo', 'preco_micros', 'criado_em', 'registro'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      project_id: { type: 'string', format: 'uuid' },
      nome: { type: ['string', 'null'] },
      estado: { type: 'string', description: `one of ${JOB_STATES_DOC}` },
      tipo: { type: 'string', description: 'simulacao or calibracao' },
      preco_micros: { type: 'integer', description: 'price in millionths of a real' },
      criado_em: { type: 'string', format: 'date-time' },
      registro: { type: 'object', additionalProperties: true },
      apagamento_pedido_em: { type: ['string', 'null'], format: 'date-time' },
    },
  },
  {
    $id: 'SimulationQuote',
    type: 'object',
    required: ['release', 'ufs', 'dias', 'variantes', 'replicas', 'pessoa_dias', 'preco_micros'],
    properties: {
      release: { type: 'string' },
      ufs: { type: 'array', items: { type: 'string' } },
      dias: { type: 'integer' },
      variantes: { type: 'integer' },
      replicas: { type: 'integer' },
      pessoa_dias: { type: 'integer' },
      preco_micros: { type: 'integer' },
      minutos_estimados: { type: 'integer', minimum: 0 },
      plano_grp: {
        type: 'object',
        additionalProperties: true,
        description: 'extension (docs/api.md): a reception scenario of a release with exposure propensities: the gross rating points (GRP, contacts per ' +
          '100 persons of the audience) each channel period buys, per period (periodos) and week (semanas), and per channel and for any channel ' +
          '(canais: grp, alcance, the expected 1+ reach as a share of the audience, and frequencia_media, contacts per person reached, of media ' +
          'contacts without word of mouth), expected values of the release\'s model; for an older release {motivo}, why they are withheld',
      },
    },
  },
  {
    $id: 'ErrorEnvelope',
    type: 'object',
    description: 'Every refusal except the format check and the burst limit (spec "Errors").',
    required: ['detail'],
    properties: {
      detail: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          contract_code: { type: 'string' },
          field: { type: 'string' },
        },
        additionalProperties: true,
      },
    },
  },
  {
    $id: 'ValidationError',
    type: 'object',
    description: 'A body, header, path or query value outside the route\'s format: 422 in the standard validation form.',
    required: ['detail'],
    properties: {
      detail: {
        type: 'array',
        items: {
          type: 'object',
          required: ['loc', 'msg', 'type', 'input', 'ctx'],
          properties: {
            loc: { type: 'array', items: { type: ['string', 'integer'] } },
            msg: { type: 'string' },
            type: { type: 'string' },
            input: {},
            ctx: { type: 'object', additionalProperties: true },
          },
        },
      },
    },
  },
  {
    $id: 'FindingsTable',
    type: 'object',
    description: 'A findings table (spec "Findings table"), with premissas, aviso and fontes (extensions; docs/findings.md, "Premises").',
    required: ['tabela', 'colunas', 'descricao', 'municipios', 'linhas', 'total', 'truncado', 'grade', 'premissas', 'aviso', 'fontes'],
    properties: {
      tabela: { type: 'string' },
      colunas: { type: 'array', items: { type: 'string' } },
      descricao: { type: 'object', additionalProperties: { type: 'string' } },
      municipios: { type: 'object', additionalProperties: { type: 'string' } },
      linhas: { type: 'array', items: { type: 'object', additionalProperties: true } },
      total: { type: 'integer' },
      truncado: { type: 'boolean' },
      grade: { type: 'string', description: 'principal or etaria' },
      premissas: {
        type: 'array',
        description: 'what each column (of each KPI, when medida is set) rests on: the parameters and model forms assumed, and the data fitted or anchored to (ids of fontes)',
        items: {
          type: 'object',
          required: ['colunas', 'medida', 'assumidos', 'dados'],
          properties: {
            colunas: { type: 'array', items: { type: 'string' } },
            medida: { type: ['string', 'null'] },
            assumidos: { type: 'array', items: { type: 'string' } },
            dados: { type: 'array', items: { type: 'string' }, description: 'ids of fontes, or calibracao <job id> for a client calibration\'s series' },
          },
        },
      },
      ...RELEASE_NOTES,
    },
    additionalProperties: true,
  },
  {
    $id: 'TractEvents',
    type: 'object',
    required: ['municipio', 'semanas', 'tipos', 'tipo', 'semana', 'corte_erro', 'linhas', 'motivos', 'total', 'truncado'],
    properties: {
      municipio: { type: 'string' },
      semanas: { type: 'integer' },
      tipos: { type: 'array', items: { type: 'string' } },
      tipo: { type: 'string' },
      semana: { type: ['integer', 'null'] },
      corte_erro: { type: 'number' },
      linhas: { type: 'array', items: { type: 'object', additionalProperties: true } },
      motivos: { type: 'object', additionalProperties: { type: 'integer' } },
      total: { type: 'integer' },
      truncado: { type: 'boolean' },
    },
    additionalProperties: true,
  },
  {
    $id: 'Comparison',
    type: 'object',
    required: ['a', 'b', 'mesmo_grupo_comparacao', 'municipios', 'tabelas'],
    properties: {
      a: { type: 'object', additionalProperties: true },
      b: { type: 'object', additionalProperties: true },
      mesmo_grupo_comparacao: { type: 'boolean' },
      municipios: { type: 'object', additionalProperties: { type: 'string' } },
      tabelas: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
    },
    additionalProperties: true,
  },
  {
    $id: 'Answers',
    type: 'object',
    description: 'Answers to an answer contract (GET /v1/jobs/{job_id}/respostas; docs/findings.md, "Answers").',
    required: ['versao', 'respostas', 'aviso', 'fontes'],
    properties: {
      versao: { type: 'integer', description: 'format of the answers, 1' },
      ...RELEASE_NOTES,
      respostas: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'forma', 'medida', 'territorio', 'retida', 'motivo', 'texto'],
          properties: {
            id: { type: 'string' },
            forma: { type: 'string', description: 'quantos, quando, onde or comparar' },
            medida: { type: 'string' },
            territorio: { type: 'object', additionalProperties: true, description: 'the territory the question asked' },
            retida: { type: 'boolean', description: 'true when the main number is withheld by the privacy rule or the tract error cutoff' },
            motivo: { type: ['string', 'null'] },
            texto: { type: 'string', description: 'one sentence in Portuguese' },
          },
          additionalProperties: true,
        },
      },
    },
  },
] as const;

export const ref = (id: string) => ({ $ref: `${id}#` });

/** The 304 of a heavy read revalidated with If-None-Match (service/http/heavy-read.ts). */
export const NOT_MODIFIED = { description: 'Not modified: If-None-Match named the answer\'s ETag; no body', type: 'null' } as const;

/** What each error status of the /v1 routes means (spec "Errors"), for the OpenAPI document. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  401: 'invalid_api_key (with WWW-Authenticate: Bearer)',
  402: 'insufficient_credits or spend_limit_reached',
  403: 'missing_scope (JSON envelope), or a burst limit (empty body)',
  404: 'not_found',
  409: 'a state conflict (idempotency_key_reused, job_not_cancellable, job_not_erasable, result_not_ready)',
  422: 'the validation form (request format), or a coded refusal (invalid_request with contract_code and field, ...)',
  413: 'a body over the route\'s limit (validation form, type body_too_large)',
  429: 'query_budget_exceeded (with Retry-After in seconds)',
  503: 'results_unavailable; or, on every counted route, store_unavailable or rate_limit_unavailable (a backend is down), with Retry-After',
};

/**
 * Error responses of a route, for the OpenAPI document (bodies are written by the error handler);
 * `codes` names a route's own codes of a status where the common description does not fit. 503 is
 * added to every list: any counted call may meet a backend outage (docs/api.md, "Outages").
 */
export function errorResponses(statuses: number[], codes: Record<number, string> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of new Set([...statuses, 503])) {
    const description = codes[s] ?? ERROR_DESCRIPTIONS[s] ?? 'coded refusal';
    out[s] = s === 422
      ? { description, anyOf: [ref('ValidationError'), ref('ErrorEnvelope')] }
      : s === 413 ? { description, ...ref('ValidationError') } : { description, ...ref('ErrorEnvelope') };
  }
  return out;
}

export const SECURITY = [{ bearer: [] }];

/** fontes and aviso, which every municipality context, diagnosis and growth response carries. */
export const CONTEXT_NOTES = {
  fontes: {
    type: 'array',
    description: 'credits of the data sets read: id, credito, licenca, cobertura, arquivo',
    items: { type: 'object', additionalProperties: true },
  },
  aviso: { type: 'string', description: 'coverage, and what is modelled or absent from this data version' },
} as const;

/** Responses of the two submit routes: 201 created now, 200 the same job on a repeated key. */
export const SUBMIT_RESPONSES = {
  200: { description: 'the job this key created before (same request)', ...ref('Job') },
  201: { description: 'the job, created now', ...ref('Job') },
  ...errorResponses([401, 402, 403, 409, 413, 422, 429]),
};

