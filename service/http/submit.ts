// What both submit routes (POST /v1/jobs, POST /v1/calibracoes) share around their operation:
// the Idempotency-Key header in, and 201 for a job created now or 200 for the one the same key
// created before (charged once) out, that replay marked `Idempotent-Replayed: true` (the header
// of the IETF Idempotency-Key draft's implementations) so a client can tell it from a creation.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Submitted } from '../operations/submit-job.js';

/** The Idempotency-Key header (its format was checked against IDEMPOTENCY_HEADERS). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  return request.headers['idempotency-key'] as string;
}

export function sendSubmitted(reply: FastifyReply, submitted: Submitted): FastifyReply {
  if (!submitted.created) reply.header('Idempotent-Replayed', 'true');
  return reply.code(submitted.created ? 201 : 200).send(submitted.job);
}
