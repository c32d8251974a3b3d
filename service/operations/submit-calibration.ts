// Submit a calibration as a job of tipo calibracao that reserves the quoted price
// (POST /v1/calibracoes, tool submit_calibration); idempotent like a simulation.
import { checkCalibrationBody } from './check-calibration-body.js';
import { CALIBRATION_BODY, type CalibrationBodyInput } from './estimate-calibration.js';
import { IDEMPOTENCY_HEADERS } from './input-schemas.js';
import type { Operation } from './operation.js';
import { submitJob, type Submitted } from './submit-job.js';

export const submitCalibration = {
  name: 'submit_calibration',
  scope: 'simulate',
  input: { body: CALIBRATION_BODY, headers: IDEMPOTENCY_HEADERS },
  async run(ctx, principal, { idempotency_key, ...request }) {
    const { body, quote } = await checkCalibrationBody(ctx, request);
    return submitJob(ctx, principal, idempotency_key, 'calibracao', body, quote);
  },
} satisfies Operation<CalibrationBodyInput & { idempotency_key: string }, Submitted>;
