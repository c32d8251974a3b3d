// A calibration request body {pedido, serie, serie_sha256} as the quote and the submission take
// it: checked by calibration/validate-request.ts (request, series rows, hash) and quoted, its
// time the measured fleet's (execution/fleet.ts fleetBudget), as a simulation's.
import { quoteCalibration, validateCalibrationRequestSteps } from '../../calibration/index.js';
import { finishStepsInTurns } from '../../src/steps.js';
import { fleetBudget } from '../execution/fleet.js';
import type { ServiceContext } from '../service-context.js';

export async function checkCalibrationBody(ctx: ServiceContext, body: unknown) {
  // in turns: a series of 150,000 rows takes hundreds of milliseconds to check and hash
  const normalised = await finishStepsInTurns(validateCalibrationRequestSteps(body));
  return { body: normalised, quote: quoteCalibration(normalised, undefined, await fleetBudget(ctx.store)) };
}
