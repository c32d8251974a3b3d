// Two concluded simulations of the project side by side, differences b minus a
// (GET /v1/jobs/compare). A calibration among them is refused whatever its state, before any
// result is read (422 not_a_simulation); different releases are the library's release_mismatch.
import { ServiceError } from '../../src/errors.js';
import { compareJobs } from '../../src/findings/index.js';
import { getJob as readJobRow } from '../jobs/jobs.js';
import { loadJobResult } from './load-job-result.js';
import { JOB_ID, MUNICIPIO_LIST } from './input-schemas.js';
import type { Operation } from './operation.js';

const COMPARE_QUERY = {
  type: 'object',
  required: ['a', 'b'],
  properties: {
    a: { ...JOB_ID, description: 'first job: a simulation of this project' },
    b: { ...JOB_ID, description: 'second job: a simulation of this project' },
    municipio: MUNICIPIO_LIST,
    limite: { type: 'integer', minimum: 1, maximum: 1000, default: 200, description: 'page size' },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'rows to skip before the page' },
  },
} as const;

export interface CompareInput {
  a: string;
  b: string;
  municipio?: string[];
  limite?: number;
  offset?: number;
}

export const compareSimulations = {
  name: 'compare_simulations',
  scope: 'results:read',
  input: { querystring: COMPARE_QUERY },
  async run(ctx, principal, input) {
    const jobs = [await readJobRow(ctx.store, principal.projectId, input.a), await readJobRow(ctx.store, principal.projectId, input.b)];
    const calibration = jobs.find((j) => j.tipo !== 'simulacao');
    if (calibration) throw new ServiceError('not_a_simulation', `job ${calibration.id} is a ${calibration.tipo}, not a simulation`);
    const sides = [];
    for (const j of jobs) sides.push({ job: { id: j.id, nome: j.nome, tipo: j.tipo }, result: await loadJobResult(ctx, principal.projectId, j.id) });
    return compareJobs(sides[0], sides[1], { municipio: input.municipio, limite: input.limite ?? 200, offset: input.offset ?? 0 });
  },
} satisfies Operation<CompareInput, ReturnType<typeof compareJobs>>;
