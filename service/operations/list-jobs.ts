// The 50 most recent jobs of the caller's project, optionally of one estado and tipo (GET /v1/jobs).
import type { JobKind, JobState } from '../jobs/job-row.js';
import { listJobs as listJobRows, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import type { Operation } from './operation.js';

export const listJobs: Operation<{ estado?: JobState; tipo?: JobKind }, { jobs: JobResponse[] }> = {
  scope: 'results:read',
  async run(ctx, principal, input) {
    const rows = await listJobRows(ctx.store, principal.projectId, { estado: input.estado, tipo: input.tipo });
    return { jobs: rows.map(toJobResponse) };
  },
};
