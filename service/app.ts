// buildApp: the Fastify application of the /v1 API and the MCP endpoint /mcp, built and never listening (service/server.ts
// listens; tests use app.inject). The caller owns the store and closes it.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { installAuth } from './http/auth.js';
import { consoleRoutes, CONSOLE_PATH } from './console/console-routes.js';
import { playgroundRoutes } from './playground/playground-routes.js';
import { logMailer, type Mailer } from './accounts/mailer.js';
import type { AddressPolicy } from './webhooks/address-policy.js';
import { webhookPolicyFromEnv } from './webhooks/webhook-settings.js';
import { DEFAULT_BODY_LIMIT } from './http/body-limits.js';
import { installJsonBody } from './http/json-body.js';
import { answerClientError, answerFrameworkError } from './http/client-errors.js';
import { systemClock, type Clock } from './store/clock.js';
import { installErrorHandler } from './http/error-handler.js';
import type { ServiceContext } from './service-context.js';
import { SHARED_SCHEMAS } from './http/schemas.js';
import { registerOpenApi } from './http/openapi.js';
import { createAnswerCache } from './http/heavy-read.js';
import { bibliotecaRoutes } from './http/routes/biblioteca.js';
import { healthRoutes } from './http/routes/health.js';
import { rootRoutes } from './http/routes/root.js';
import { calibracaoRoutes } from './http/routes/calibracoes.js';
import { compareRoutes } from './http/routes/compare.js';
import { diagnosticoRoutes } from './http/routes/diagnosticos.js';
import { findingsRoutes } from './http/routes/findings.js';
import { mcpRoutes } from './mcp/mcp-route.js';
import { createAgentAuthorization } from './oauth/agent-authorization.js';
import { oauthRoutes } from './oauth/oauth-routes.js';
import { listenOrigin, parsePublicUrl } from './oauth/public-origin.js';
import { jobRoutes } from './http/routes/jobs.js';
import { municipioRoutes } from './http/routes/municipios.js';
import { schemaRoutes } from './http/routes/schemas.js';
import { whoamiRoutes } from './http/routes/whoami.js';
import { createRateLimiter, type Limits, type RateLimiter } from './accounts/rate-limit.js';
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
  /** Namespace of the counters in Redis (several deployments, or a benchmark's phases, on one Redis). */
  redisKeyPrefix?: string;
  /** Other call limits than the spec's for the limiter made here (tests, benchmarks). */
  rateLimits?: Partial<Limits>;
  logger?: FastifyServerOptions['logger'];
  /**
   * The proxies whose X-Forwarded-For, -Proto and -Host are believed (Fastify's trustProxy): a
   * comma-separated list of addresses and subnets (`serve --trust-proxy`); default none. They give
   * the origin address (burst limit) and the scheme (console cookies' Secure).
   */
  trustProxy?: boolean | string;
  /** Time for a whole request (headers and body) to arrive, in ms (default REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Time a connection may stay idle, before its first request or between two, in ms (default IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
  /**
   * Signs the console's cookies (env CAMPAIGN_SIM_CONSOLE_SECRET in serve). Default: random per
   * process, so console sessions end when the process restarts.
   */
  consoleSecret?: string;
  /** How the console checks webhook URLs (default: from the environment, webhooks/webhook-settings.ts). */
  webhookPolicy?: AddressPolicy;
  /**
   * The service's public origin, the OAuth issuer (env CAMPAIGN_SIM_PUBLIC_URL in serve; required
   * there in production). Default: the address the app listens on (oauth/public-origin.ts), never
   * a request's Host.
   */
  publicUrl?: string;
  /** Sends the console's e-mails (a password-reset link). Default: the development mailer, which writes each message to the log (accounts/mailer.ts). */
  mailer?: Mailer;
  /** Extra certificate authorities for fetching client metadata documents (tests). */
  oauthOutboundCa?: string | Buffer;
}

/**
 * A request must arrive whole within 60 s (a calibration body at its limit over a slow link
 * fits), its headers within 10 s; a connection idle for 30 s is closed, before its first request
 * (the socket timeout) and between two on a kept-alive connection (Node's keepAliveTimeout, which
 * Fastify sets to 72 s unless told: idle connections lasted 73 s where docs/api.md said 30 s).
 * Node checks these every second. Before, a body sent at 1 byte every 5 s held a connection for
 * 400 s and more. A proxy in front that keeps connections to the service must close its idle
 * ones sooner than 30 s (docs/api.md, "Bodies, timeouts and malformed requests").
 */
export const REQUEST_TIMEOUT_MS = 60_000;
const HEADERS_TIMEOUT_MS = 10_000;
export const IDLE_TIMEOUT_MS = 30_000;

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const publicUrl = opts.publicUrl === undefined ? undefined : parsePublicUrl(opts.publicUrl);
  if (publicUrl && 'refusal' in publicUrl) throw new Error(publicUrl.refusal);
  const clock = opts.clock ?? opts.store.clock ?? systemClock;
  const requestTimeout = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const idleTimeout = opts.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    // Per route where it differs (service/http/body-limits.ts, json-body.ts).
    bodyLimit: DEFAULT_BODY_LIMIT.bytes,
    requestTimeout,
    connectionTimeout: idleTimeout,
    keepAliveTimeout: idleTimeout,
    http: { headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout), connectionsCheckingInterval: Math.min(1000, requestTimeout) },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    ajv: {
      // allErrors: the validation form lists every problem, as clients expect from it.
      customOptions: { allErrors: true, coerceTypes: 'array', useDefaults: true, removeAdditional: true },
    },
  });

  installJsonBody(app);

  const ownLimiter = opts.limiter === undefined;
  const limiter = opts.limiter ?? createRateLimiter({ store: opts.store, clock, redisUrl: opts.redisUrl, keyPrefix: opts.redisKeyPrefix, limits: opts.rateLimits });
  const consoleSecret = opts.consoleSecret ?? randomBytes(32).toString('base64url');
  const webhookPolicy = opts.webhookPolicy ?? webhookPolicyFromEnv();
  const agents = createAgentAuthorization({
    store: opts.store, cookieSecret: consoleSecret,
    issuer: () => publicUrl?.origin ?? listenOrigin(app.server.address()),
    outboundPolicy: webhookPolicy, outboundCa: opts.oauthOutboundCa,
    logError: (err) => app.log.error({ err }, 'failure in the authorization server'),
  });
  const ctx: ServiceContext = { store: opts.store, clock, limiter, log: app.log };
  // the heavy reads' answers, built once per app (http/heavy-read.ts), and their thread
  const answers = createAnswerCache();
  app.addHook('onClose', async () => { await answers.close(); });
  if (ownLimiter) {
    // Redis out of reach at start is an operator's error to see now, not a 503 on every call.
    try {
      await limiter.check();
    } catch (err) {
      await limiter.close();
      throw err;
    }
    app.addHook('onClose', async () => { await limiter.close(); });
  }

  for (const s of SHARED_SCHEMAS) app.addSchema(s);
  installErrorHandler(app);
  installAuth(app, ctx);
  await registerOpenApi(app);

  await app.register(rootRoutes, { consolePath: CONSOLE_PATH });
  await app.register(healthRoutes, ctx);
  await app.register(whoamiRoutes, ctx);
  await app.register(bibliotecaRoutes, { ctx, answers });
  await app.register(schemaRoutes);
  await app.register(jobRoutes, ctx);
  await app.register(compareRoutes, ctx);
  await app.register(findingsRoutes, ctx);
  await app.register(calibracaoRoutes, ctx);
  await app.register(municipioRoutes, { ctx, answers });
  await app.register(diagnosticoRoutes, { ctx, answers });
  await app.register(mcpRoutes, { ctx, agents });
  await app.register(oauthRoutes, { agents });
  await app.register(playgroundRoutes, {});
  await app.register(consoleRoutes, {
    // Secure when the public origin is https, else when the request came over https (directly or
    // as a trusted proxy says): as the scheme the browser really uses
    prefix: CONSOLE_PATH, ctx, secret: consoleSecret, secureCookies: publicUrl?.origin.startsWith('https:') ? true : 'auto',
    devCredits: process.env.NODE_ENV !== 'production', webhookPolicy, agents, mailer: opts.mailer ?? logMailer(app.log),
    origin: () => publicUrl?.origin ?? listenOrigin(app.server.address()),
  });
  await app.ready();
  return app;
}
