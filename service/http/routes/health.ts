// GET /healthz: whether this instance can serve (for load balancers and orchestrators). Public,
// never counted; it answers 200 only when the store answers a query and the call counters
// answer (Redis, when they live there), so an instance that lost either leaves the rotation with
// the same 503 a call would get (store_unavailable, rate_limit_unavailable). It names no
// version: a public page has no reason to tell an attacker which release to look up.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../service-context.js';
import { HEALTH_SQL } from '../../store/queries/health.js';
import { rateLimitUnavailable } from '../../store/store-outage.js';

export async function healthRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/healthz', {
    schema: {
      tags: ['health'],
      summary: 'Health of this instance: 200 when its store and its call counters answer (public, not counted)',
      response: {
        200: {
          type: 'object',
          required: ['estado', 'armazenamento', 'contadores'],
          properties: {
            estado: { type: 'string', enum: ['ok'] },
            armazenamento: { type: 'string', enum: ['pglite', 'postgres'] },
            contadores: { type: 'string', enum: ['memory', 'postgres', 'redis'], description: 'where the rate-limit counters live' },
          },
        },
      },
    },
  }, async () => {
    await ctx.store.query(HEALTH_SQL.ping);
    await ctx.limiter.check().catch(() => { throw rateLimitUnavailable(); });
    return { estado: 'ok' as const, armazenamento: ctx.store.kind, contadores: ctx.limiter.backend };
  });
}
