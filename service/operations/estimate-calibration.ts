// Check a calibration request and its series and quote it; reserves nothing
// (POST /v1/calibracoes/estimate, tool estimate_calibration).
import { MAX_SERIES_ROWS } from '../../calibration/index.js';
import type { CalibrationQuote } from '../../src/contract/types.js';
import { checkCalibrationBody } from './check-calibration-body.js';
import type { Operation } from './operation.js';

/**
 * The body of the calibration quote and submission. Only pedido's envelope is checked here: the
 * request, the rows and the hash are the contract's to judge (calibration/validate-request.ts,
 * with wrong_type, series_* and series_sha256_mismatch codes), so serie and serie_sha256 carry
 * no type of their own.
 */
export const CALIBRATION_BODY = {
  type: 'object',
  required: ['pedido'],
  properties: {
    pedido: { type: 'object', description: 'the calibration request (contract version 3) without serie.sha256: the JSON Schema of GET /v1/schemas/pedido-calibracao' },
    serie: { description: `the client series (array or null), at most ${MAX_SERIES_ROWS.toLocaleString('en-US')} rows, one object per row: periodo (YYYYMM or YYYYMMDD), municipio (7 digits) or area (10 digits), the declared axes, valor; columns in docs/calibration.md` },
    serie_sha256: { description: 'sha256 of the rows as the platform computes it (string), or null; a different value is refused (series_sha256_mismatch)' },
  },
} as const;

export interface CalibrationBodyInput {
  pedido: unknown;
  serie?: unknown;
  serie_sha256?: unknown;
}

export const estimateCalibration = {
  name: 'estimate_calibration',
  scope: 'simulate',
  input: { body: CALIBRATION_BODY },
  async run(ctx, _principal, input) {
    return (await checkCalibrationBody(ctx, input)).quote;
  },
} satisfies Operation<CalibrationBodyInput, CalibrationQuote>;
