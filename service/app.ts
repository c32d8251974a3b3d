// buildApp: the Fastify application of the /v1 API and the MCP endpoint /mcp, built and never listening (service/server.ts
// listens; tests use app.inject). The caller owns the store and closes it.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { installAuth } from './auth.js';
import { systemClock, type Clock } from './clock.js';
import { installErrorHandler } from './error-handler.js';
import type { ServiceContext } from './service-context.js';
import { SHARED_SCHEMAS } from './http-schemas.js';
import { registerOpenApi } from './openapi.js';
import { bibliotecaRoutes } from './routes/biblioteca.js';
import { healthRoutes } from './routes/health.js';
import { calibracaoRoutes } from './routes/calibracoes.js';
import { compareRoutes } from './routes/compare.js';
import { diagnosticoRoutes } from './routes/diagnosticos.js';
import { findingsRoutes } from './routes/findings.js';
import { mcpRoutes } from './mcp/mcp-route.js';
import { jobRoutes } from './routes/jobs.js';
import { municipioRoutes } from './routes/municipios.js';
import { schemaRoutes } from './routes/schemas.js';
import { whoamiRoutes } from './routes/whoami.js';
import { createRateLimiter, type Limits, type RateLimiter } from './rate-limit.js';
import type { Store } from './store/open-store.js';

export interface BuildAppOptions {
  store: Store;
  /** "Now" for keys, budgets and jobs; tests pass a fake clock. Default: the store's clock. */
  clock?: Clock;
  /**
   * A ready limiter (tests, or several apps sharing one); otherwise one is made: in memory on the
   * embedded store (one process), in PostgreSQL on a server store, in Redis when redisUrl is set.
   */
  limiter?: RateLimiter;
  redisUrl?: string;
  /** Other call limits than the spec's for the limiter made here (tests, benchmarks). */
  rateLimits?: Partial<Limits>;
  logger?: FastifyServerOptions['logger'];
  /** Honour X-Forwarded-For for the origin address (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** Largest accepted body in bytes (the spec sets none; calibration series can be large). */
  bodyLimit?: number;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const clock = opts.clock ?? opts.store.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: opts.bodyLimit ?? 32 * 1024 * 1024,
    ajv: {
      // allErrors: the validation form lists every problem, as clients expect from it.
      customOptions: { allErrors: true, coerceTypes: 'array', useDefaults: true, removeAdditional: true },
    },
  });

  // A POST without a body but with Content-Type: application/json (cancel, erase) is not an error;
  // other bodies go through Fastify's own JSON parser (prototype-poisoning protection included).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });

  const ownLimiter = opts.limiter === undefined;
  const limiter = opts.limiter ?? createRateLimiter({ store: opts.store, clock, redisUrl: opts.redisUrl, limits: opts.rateLimits });
  const ctx: ServiceContext = { store: opts.store, clock, limiter };
  if (ownLimiter) app.addHook('onClose', async () => { await limiter.close(); });

  for (const s of SHARED_SCHEMAS) app.addSchema(s);
  installErrorHandler(app);
  installAuth(app, ctx);
  await registerOpenApi(app);

  await app.register(healthRoutes, ctx);
  await app.register(whoamiRoutes, ctx);
  await app.register(bibliotecaRoutes, ctx);
  await app.register(schemaRoutes);
  await app.register(jobRoutes, ctx);
  await app.register(compareRoutes, ctx);
  await app.register(findingsRoutes, ctx);
  await app.register(calibracaoRoutes, ctx);
  await app.register(municipioRoutes, ctx);
  await app.register(diagnosticoRoutes, ctx);
  await app.register(mcpRoutes, ctx);
  await app.ready();
  return app;
}
