// Check a calibration request and its series and quote it; reserves nothing
// (POST /v1/calibracoes/estimate, tool estimate_calibration).
import type { CalibrationQuote } from '../../src/contract/types.js';
import { checkCalibrationBody } from './check-calibration-body.js';
import type { Operation } from './operation.js';

export interface CalibrationBodyInput {
  pedido: unknown;
  serie?: unknown;
  serie_sha256?: unknown;
}

export const estimateCalibration: Operation<CalibrationBodyInput, CalibrationQuote> = {
  scope: 'simulate',
  async run(_ctx, _principal, input) {
    return checkCalibrationBody(input).quote;
  },
};
