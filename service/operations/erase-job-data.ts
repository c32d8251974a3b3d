// Erase the request, inputs and result of a terminal job (POST /v1/jobs/{job_id}/erase, tool
// erase_job_data). The spec gives erase_job_data the scope simulate and leaves the REST scope
// open; erasing changes the project like cancel does, so both ask for simulate (docs/api.md).
import { eraseJob, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import type { Operation } from './operation.js';

export const eraseJobData: Operation<{ job_id: string }, JobResponse> = {
  scope: 'simulate',
  async run(ctx, principal, input) {
    return toJobResponse(await eraseJob(ctx.store, principal.projectId, input.job_id));
  },
};
