// One job of the caller's project (GET /v1/jobs/{job_id}, tool get_job); 404 not_found outside it.
import { getJob as readJobRow, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import type { Operation } from './operation.js';

export const getJob: Operation<{ job_id: string }, JobResponse> = {
  scope: 'results:read',
  async run(ctx, principal, input) {
    return toJobResponse(await readJobRow(ctx.store, principal.projectId, input.job_id));
  },
};
