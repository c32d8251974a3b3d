// The 50 most recent jobs of the caller's project, optionally of one estado and tipo (GET /v1/jobs).
import { JOB_KINDS, JOB_STATES, type JobKind, type JobState } from '../jobs/job-row.js';
import { listJobs as listJobRows, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import type { Operation } from './operation.js';

const LIST_QUERY = {
  type: 'object',
  properties: {
    estado: { type: 'string', enum: JOB_STATES, description: 'keep only jobs in this state' },
    tipo: { type: 'string', enum: JOB_KINDS, description: 'keep only jobs of this kind' },
  },
} as const;

export const listJobs = {
  name: 'list_jobs',
  scope: 'results:read',
  input: { querystring: LIST_QUERY },
  async run(ctx, principal, input) {
    const rows = await listJobRows(ctx.store, principal.projectId, { estado: input.estado, tipo: input.tipo });
    return { jobs: rows.map(toJobResponse) };
  },
} satisfies Operation<{ estado?: JobState; tipo?: JobKind }, { jobs: JobResponse[] }>;
