// The shared end of both submissions (simulation and calibration): reserve and create the job
// under the idempotency key (service/jobs/jobs.ts); created says whether this call created it (HTTP
// answers 201) or the key had created it before with the same request (200, charged once).
import type { CalibrationQuote, SimulationQuote } from '../../src/contract/types.js';
import { hashRequest } from '../jobs/request-hash.js';
import type { JobKind } from '../jobs/job-row.js';
import { createJob, toJobResponse, type JobResponse } from '../jobs/jobs.js';
import type { ServiceContext } from '../service-context.js';
import type { Principal } from './operation.js';

export interface Submitted {
  job: JobResponse;
  created: boolean;
}

export async function submitJob(
  ctx: ServiceContext, principal: Principal, idempotencyKey: string,
  tipo: JobKind, pedido: unknown, quote: SimulationQuote | CalibrationQuote,
): Promise<Submitted> {
  const { job, created, alertaGasto } = await createJob(ctx.store, {
    projectId: principal.projectId,
    tipo,
    pedido,
    quote,
    idempotencyKey,
    requestHash: hashRequest(pedido),
  });
  // the spec has no event for it: a log line (once a month) and the console's notice (docs/console.md, "Spend alert")
  if (alertaGasto) ctx.log?.warn({ alerta_gasto: alertaGasto }, 'spend alert: this month\'s spend passed the organization\'s alert share of its monthly limit');
  return { job: toJobResponse(job), created };
}
