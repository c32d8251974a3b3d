import { describe, expect, it } from 'vitest';
import { CONTRACT_CODES, ERROR_STATUS, ServiceError, TRACT_QUERY_CONTRACT_CODES, contractError, reviveError } from '../../src/errors.js';

// Pins the spec's error table: a change to src/errors.ts must be deliberate.
describe('error list', () => {
  it('has every code of the spec with its status', () => {
    expect(ERROR_STATUS).toEqual({
      invalid_api_key: 401, missing_scope: 403, query_budget_exceeded: 429, invalid_request: 422,
      release_unavailable: 422, insufficient_credits: 402, spend_limit_reached: 402,
      idempotency_key_reused: 409, job_not_erasable: 409, job_not_cancellable: 409,
      result_not_ready: 409, results_unavailable: 503, finding_unknown: 422, tract_output_absent: 422,
      release_mismatch: 422, not_a_simulation: 422, not_found: 404, tracts_unavailable: 503,
      municipality_unknown: 404, relief_missing: 404, relief_unavailable: 503, rainfall_unavailable: 503,
      diagnosis_unavailable: 503, diagnosis_not_open: 403, unknown_variable: 422,
      invalid_growth_request: 422, unauthorized: 401, insufficient_scope: 403,
      job_too_long: 422, job_too_large: 422, webhook_url_refused: 422, store_unavailable: 503, rate_limit_unavailable: 503,
      internal_error: 500,
    });
  });

  it('has the 47 scenario contract codes, 17 answer-contract codes and 8 growth codes', () => {
    expect(CONTRACT_CODES.length).toBe(47 + 17 + 8);
    expect(new Set(CONTRACT_CODES).size).toBe(CONTRACT_CODES.length);
    expect(CONTRACT_CODES).toContain('target_finer_than_grid');
    expect(CONTRACT_CODES).toContain('question_nested_compare');
  });

  it('adds two contract codes for the per-tract query (extension)', () => {
    expect(TRACT_QUERY_CONTRACT_CODES).toEqual(['tract_type_unknown', 'tract_week_beyond_horizon']);
  });

  it('builds the envelope and crosses threads as plain data', () => {
    const e = contractError('age_grid_not_open', 'publico.idades[0]', 'closed', { ufs: ['SP'] });
    expect(e.status).toBe(422);
    expect(e.toEnvelope()).toEqual({
      detail: { code: 'invalid_request', message: 'closed', contract_code: 'age_grid_not_open', field: 'publico.idades[0]', ufs: ['SP'] },
    });
    const back = reviveError(structuredClone(e.toPlain()));
    expect(back).toBeInstanceOf(ServiceError);
    expect((back as ServiceError).toEnvelope()).toEqual(e.toEnvelope());
    expect((reviveError('boom') as ServiceError).code).toBe('internal_error');
  });

  it('never carries more than an excerpt of a long message or field (they may quote the input)', () => {
    const long = 'x'.repeat(100_000);
    const d = contractError('unknown_field', long, `unknown field ${long}`).detail();
    expect(d.field!.length).toBeLessThanOrEqual(501);
    expect(d.message.length).toBeLessThanOrEqual(501);
  });
});
