// The result of a concluded calibration: verdict, identifiability, search record, parameters
// (GET /v1/calibracoes/{id}, tool get_calibration). A job of the project that is a simulation
// is no calibration: 404 not_found, as an id outside the project.
import { calibrationResultFromBytes } from '../../calibration/job.js';
import { ServiceError } from '../../src/errors.js';
import { getJob as readJobRow } from '../jobs/jobs.js';
import { readStoredResult } from '../jobs/results.js';
import { JOB_ID } from './input-schemas.js';
import type { Operation } from './operation.js';

const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { ...JOB_ID, description: 'id of a calibration job of this project' } },
} as const;

export const getCalibration = {
  name: 'get_calibration',
  scope: 'results:read',
  input: { params: ID_PARAMS },
  async run(ctx, principal, { id }) {
    const job = await readJobRow(ctx.store, principal.projectId, id);
    if (job.tipo !== 'calibracao') throw new ServiceError('not_found', `calibration ${id} does not exist in this project (job ${id} is a ${job.tipo})`);
    const stored = await readStoredResult(ctx.store, principal.projectId, id, ctx.clock.now());
    try {
      return calibrationResultFromBytes(stored);
    } catch {
      throw new ServiceError('results_unavailable', `the stored result of calibration ${id} cannot be read now`);
    }
  },
} satisfies Operation<{ id: string }, ReturnType<typeof calibrationResultFromBytes>>;
