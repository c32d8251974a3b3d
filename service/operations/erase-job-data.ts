// Erase the request, inputs and result of a terminal job (POST /v1/jobs/{job_id}/erase, tool
// erase_job_data). The spec gives erase_job_data the scope simulate and leaves the REST scope
// open; erasing changes the project like cancel does, so both ask for simulate (docs/api.md).
import { eraseJob, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import { JOB_ID_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

export const eraseJobData = {
  name: 'erase_job_data',
  scope: 'simulate',
  input: { params: JOB_ID_PARAMS },
  async run(ctx, principal, input) {
    return toJobResponse(await eraseJob(ctx.store, principal.projectId, input.job_id));
  },
} satisfies Operation<{ job_id: string }, JobResponse>;
