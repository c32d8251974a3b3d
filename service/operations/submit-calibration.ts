// Submit a calibration as a job of tipo calibracao that reserves the quoted price
// (POST /v1/calibracoes, tool submit_calibration); idempotent like a simulation.
import { checkCalibrationBody } from './check-calibration-body.js';
import type { CalibrationBodyInput } from './estimate-calibration.js';
import type { Operation } from './operation.js';
import { submitJob, type Submitted } from './submit-job.js';

export const submitCalibration: Operation<CalibrationBodyInput & { idempotency_key: string }, Submitted> = {
  scope: 'simulate',
  async run(ctx, principal, { idempotency_key, ...request }) {
    const { body, quote } = checkCalibrationBody(request);
    return submitJob(ctx, principal, idempotency_key, 'calibracao', body, quote);
  },
};
