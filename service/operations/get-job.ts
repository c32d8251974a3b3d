// One job of the caller's project (GET /v1/jobs/{job_id}, tool get_job); 404 not_found outside it.
import { getJobStatus, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import { JOB_ID_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

export const getJob = {
  name: 'get_job',
  scope: 'results:read',
  input: { params: JOB_ID_PARAMS },
  async run(ctx, principal, input) {
    return toJobResponse(await getJobStatus(ctx.store, principal.projectId, input.job_id));
  },
} satisfies Operation<{ job_id: string }, JobResponse>;
