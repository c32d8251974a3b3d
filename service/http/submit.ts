// How both submit routes (POST /v1/jobs, POST /v1/calibracoes) answer their operation: 201 for a
// job created now, or 200 for the one the same Idempotency-Key created before (charged once),
// that replay marked `Idempotent-Replayed: true` (the header of the IETF Idempotency-Key draft's
// implementations) so a client can tell it from a creation.
import type { FastifyReply } from 'fastify';
import type { Submitted } from '../operations/submit-job.js';

export function sendSubmitted(reply: FastifyReply, submitted: Submitted): FastifyReply {
  if (!submitted.created) reply.header('Idempotent-Replayed', 'true');
  return reply.code(submitted.created ? 201 : 200).send(submitted.job);
}
