// A calibration request body {pedido, serie, serie_sha256} as the quote and the submission take
// it: checked by calibration/validate-request.ts (request, series rows, hash) and quoted.
import { quoteCalibration, validateCalibrationRequest } from '../../calibration/index.js';

export function checkCalibrationBody(body: unknown) {
  const normalised = validateCalibrationRequest(body);
  return { body: normalised, quote: quoteCalibration(normalised) };
}
