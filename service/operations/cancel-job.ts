// Cancel a job that has no machine yet; the reservation returns whole (POST /v1/jobs/{job_id}/cancel, tool cancel_job).
import { cancelJob as cancelJobRow, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import { JOB_ID_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

export const cancelJob = {
  name: 'cancel_job',
  scope: 'simulate',
  input: { params: JOB_ID_PARAMS },
  async run(ctx, principal, input) {
    return toJobResponse(await cancelJobRow(ctx.store, principal.projectId, input.job_id));
  },
} satisfies Operation<{ job_id: string }, JobResponse>;
