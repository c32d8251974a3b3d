// The shared end of both submit routes: reserve and create the job under the Idempotency-Key
// (service/jobs.ts), then 201 for a job created now or 200 for the one the key created before.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CalibrationQuote, SimulationQuote } from '../src/contract/types.js';
import { principalOf } from './auth.js';
import type { ServiceContext } from './http-context.js';
import { hashRequest } from './http-request-hash.js';
import type { JobKind } from './job-row.js';
import { createJob, toJobResponse } from './jobs.js';

export async function submitJob(
  ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply,
  tipo: JobKind, pedido: unknown, quote: SimulationQuote | CalibrationQuote,
) {
  const { job, created } = await createJob(ctx.store, {
    projectId: principalOf(request).projectId,
    tipo,
    pedido,
    quote,
    idempotencyKey: request.headers['idempotency-key'] as string,
    requestHash: hashRequest(pedido),
  });
  return reply.code(created ? 201 : 200).send(toJobResponse(job));
}
