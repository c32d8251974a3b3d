// GET /healthz: whether this instance can serve (for load balancers and orchestrators). Public,
// never counted; it answers 200 only when the store answers a query, so an instance that lost
// its database leaves the rotation (the failure goes through the error handler like any other).
import type { FastifyInstance } from 'fastify';
import { readPackageVersion } from '../../../src/package-version.js';
import type { ServiceContext } from '../../service-context.js';
import { HEALTH_SQL } from '../../store/queries/health.js';

export async function healthRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/healthz', {
    schema: {
      tags: ['health'],
      summary: 'Health of this instance: 200 when its store answers (public, not counted)',
      response: {
        200: {
          type: 'object',
          required: ['estado', 'versao', 'armazenamento'],
          properties: { estado: { type: 'string', enum: ['ok'] }, versao: { type: 'string' }, armazenamento: { type: 'string', enum: ['pglite', 'postgres'] } },
        },
      },
    },
  }, async () => {
    await ctx.store.query(HEALTH_SQL.ping);
    return { estado: 'ok' as const, versao: readPackageVersion(), armazenamento: ctx.store.kind };
  });
}
