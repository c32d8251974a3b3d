// Reading a concluded job's stored result for findings, setores, answers and compare. The rules (404 for
// a job of another project, 409 result_not_ready for a job not concluido, erased, or past the
// 365-day retention, 503 results_unavailable when storage cannot be read) live in
// service/jobs/results.ts (readStoredResult); this turns the stored bytes into the findings library's
// JobResult. A calibration's stored result is no simulation result: 422 not_a_simulation.
import { CALIBRATION_RESULT_FORMAT } from '../../calibration/index.js';
import { ServiceError } from '../../src/errors.js';
import { jobResultFromBytes, type JobResult } from '../../src/findings/index.js';
import type { ServiceContext } from '../service-context.js';
import { readStoredResult } from '../jobs/results.js';

export async function loadJobResult(ctx: ServiceContext, projectId: string, jobId: string): Promise<JobResult> {
  const stored = await readStoredResult(ctx.store, projectId, jobId, ctx.clock.now());
  if (stored.formato === CALIBRATION_RESULT_FORMAT) {
    throw new ServiceError('not_a_simulation', `job ${jobId} is a calibration: its result is read at GET /v1/calibracoes/${jobId}`);
  }
  try {
    return jobResultFromBytes(stored.dados, stored.formato);
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    // Bytes that do not unzip or parse: the storage returned something broken.
    throw new ServiceError('results_unavailable', `the stored result of job ${jobId} cannot be read now`);
  }
}
