// The one error type of the project and the one list of its codes (spec "Errors").
// Pinned by test/unit/errors.test.ts: a code added or changed here must change there too.

/** Status of every `code` the interface names (spec, table "Errors"), plus the MCP-only ones. */
export const ERROR_STATUS = {
  invalid_api_key: 401,
  missing_scope: 403,
  query_budget_exceeded: 429,
  invalid_request: 422,
  release_unavailable: 422,
  insufficient_credits: 402,
  spend_limit_reached: 402,
  idempotency_key_reused: 409,
  job_not_erasable: 409,
  job_not_cancellable: 409,
  result_not_ready: 409,
  results_unavailable: 503,
  finding_unknown: 422,
  tract_output_absent: 422,
  release_mismatch: 422,
  not_a_simulation: 422,
  not_found: 404,
  tracts_unavailable: 503,
  municipality_unknown: 404,
  relief_missing: 404,
  relief_unavailable: 503,
  rainfall_unavailable: 503,
  diagnosis_unavailable: 503,
  diagnosis_not_open: 403,
  unknown_variable: 422,
  invalid_growth_request: 422,
  // MCP only (spec: "MCP: a refused tool answers ... plus unauthorized and insufficient_scope").
  unauthorized: 401,
  insufficient_scope: 403,
  // Extensions (docs/api.md, "Job limits"): a job the service could never finish, refused at
  // quote and at submit before any charge.
  job_too_long: 422,
  job_too_large: 422,
  // Extensions (docs/api.md, "Outages"): a backend the call needs cannot be reached now; both
  // carry Retry-After. The spec's *_unavailable codes name other stores (results, tracts, ...).
  // Extension (docs/webhooks.md): a webhook URL that is not https, carries credentials or
  // points to an address that is not public; refused at activation.
  webhook_url_refused: 422,
  store_unavailable: 503,
  rate_limit_unavailable: 503,
  // Not in the spec's table: an unexpected failure inside the service. Never used for bad input.
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** contract_code values of invalid_request (spec, "contract_code values of invalid_request"). */
export const CONTRACT_CODES = [
  'unknown_field', 'missing_field', 'wrong_type', 'duplicate_value',
  'contract_version_unsupported', 'release_malformed', 'family_unknown', 'ufs_empty', 'uf_unknown',
  'municipality_malformed', 'municipality_outside_ufs', 'ap_malformed', 'ap_outside_municipalities',
  'audience_axis_refused', 'audience_value_unknown', 'age_misaligned', 'age_ranges_overlap',
  'channel_unknown', 'channel_day_range', 'channel_intensity', 'channel_periods_overlap',
  'channel_beyond_horizon', 'media_in_adoption', 'reception_without_media', 'message_required',
  'message_forbidden', 'stim_id_malformed', 'launch_required', 'launch_forbidden',
  'launch_base_unknown', 'launch_calibration_required', 'launch_calibration_forbidden',
  'launch_calibration_malformed', 'launch_day_range', 'launch_beyond_horizon',
  'horizon_date_malformed', 'horizon_days_range', 'replicas_range', 'comparison_group_malformed',
  'kpis_empty', 'kpi_unknown', 'text_too_long', 'electoral_content', 'target_finer_than_grid',
  'age_grid_not_open', 'municipality_not_in_release', 'ap_not_in_release',
  // answer contract
  'answer_contract_version_unsupported', 'answer_contract_empty', 'answer_contract_too_many_questions',
  'question_id_malformed', 'question_form_unknown', 'question_measure_unknown',
  'question_public_axis_refused', 'question_public_value_unknown', 'question_public_with_tracts',
  'question_territory_malformed', 'question_territory_needs_tract_output', 'question_moment_malformed',
  'question_week_beyond_horizon', 'question_share_range', 'question_order_unknown',
  'question_variants_malformed', 'question_nested_compare',
  // growth request (the spec lists these; the remaining growth_* codes are not shown)
  'growth_unknown_field', 'growth_missing_field', 'growth_wrong_type', 'growth_version_unsupported',
  'growth_municipality_malformed', 'growth_units_range', 'growth_territory_malformed',
  'growth_polygon_malformed',
] as const;

export type ContractCode = (typeof CONTRACT_CODES)[number] | CalibrationContractCode | TractQueryContractCode;

/**
 * contract_code values this project adds for the query of GET /v1/jobs/{job_id}/setores, whose
 * valid values depend on the job (its event types, its horizon). Documented in docs/api.md.
 */
export const TRACT_QUERY_CONTRACT_CODES = ['tract_type_unknown', 'tract_week_beyond_horizon'] as const;

export type TractQueryContractCode = (typeof TRACT_QUERY_CONTRACT_CODES)[number];

/**
 * contract_code values this project adds for the calibration request and its series, which the
 * spec leaves open ("Columns of series rows: not shown"). Documented in docs/contracts.md.
 */
export const CALIBRATION_CONTRACT_CODES = [
  'parameter_not_allowed', 'parameter_range', 'grid_step_required', 'candidates_forbidden',
  'candidates_required', 'channel_weights_too_many', 'window_date_malformed', 'holdout_date_malformed',
  'window_order', 'holdout_order', 'spatial_holdout_municipalities', 'calibration_base_forbidden',
  'series_missing', 'series_too_long', 'series_row_malformed', 'series_municipality_unknown',
  'series_period_outside', 'series_duplicate_key', 'series_negative_value', 'series_sha256_mismatch',
  'series_axis_value_unknown', 'series_unit_mismatch', 'series_window_uncovered',
  'candidates_range', 'calibration_days_range',
] as const;

export type CalibrationContractCode = (typeof CALIBRATION_CONTRACT_CODES)[number];

export interface ErrorDetail {
  code: ErrorCode;
  message: string;
  contract_code?: ContractCode;
  field?: string;
  /** Extra members of detail the spec names for one code (age_grid_not_open adds `ufs`). */
  [extra: string]: unknown;
}

/** Plain-data form of a ServiceError: what crosses worker threads and process boundaries. */
export interface PlainError {
  __serviceError: true;
  status: number;
  detail: ErrorDetail;
}

export class ServiceError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly contractCode?: ContractCode;
  readonly field?: string;
  readonly extra: Record<string, unknown>;
  /** Response headers the spec ties to the code (Retry-After, WWW-Authenticate). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { contractCode?: ContractCode; field?: string; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.contractCode = opts.contractCode;
    this.field = opts.field;
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
  }

  /** The spec's envelope: {detail: {code, message, contract_code?, field?, ...extra}}. */
  toEnvelope(): { detail: ErrorDetail } {
    return { detail: this.detail() };
  }

  detail(): ErrorDetail {
    // Messages and fields may quote the input (an unknown member's name): never more than an excerpt of it.
    const d: ErrorDetail = { code: this.code, message: cut(this.message) };
    if (this.contractCode !== undefined) d.contract_code = this.contractCode;
    if (this.field !== undefined) d.field = cut(this.field);
    return { ...d, ...this.extra };
  }

  toPlain(): PlainError {
    return { __serviceError: true, status: this.status, detail: this.detail() };
  }

  static fromPlain(p: PlainError): ServiceError {
    const { code, message, contract_code, field, ...extra } = p.detail;
    return new ServiceError(code, message, { contractCode: contract_code, field, extra });
  }

  static isPlain(x: unknown): x is PlainError {
    return typeof x === 'object' && x !== null && (x as PlainError).__serviceError === true;
  }
}

/** Longest message or field an envelope carries. */
const MAX_DETAIL_CHARS = 500;

function cut(text: string): string {
  return text.length <= MAX_DETAIL_CHARS ? text : `${text.slice(0, MAX_DETAIL_CHARS)}…`;
}

/** A contract refusal: 422 invalid_request with contract_code and field. */
export function contractError(
  contractCode: ContractCode,
  field: string,
  message: string,
  extra?: Record<string, unknown>,
): ServiceError {
  return new ServiceError('invalid_request', message, { contractCode, field, extra });
}

/** Rebuilds an error that crossed a thread as plain data; anything else becomes internal_error. */
export function reviveError(x: unknown): Error {
  if (x instanceof Error) return x;
  if (ServiceError.isPlain(x)) return ServiceError.fromPlain(x);
  return new ServiceError('internal_error', typeof x === 'string' ? x : 'unexpected failure');
}
