// The only file that listens. Opens the store (embedded PGlite in DATA_DIR by default, or the
// PostgreSQL server of DATABASE_URL), builds the app, listens on 127.0.0.1:PORT and, unless told
// otherwise, runs an in-process worker that takes jobs from the queue. With the embedded store it
// also creates (first start) or reuses a development organization, project and key with credits;
// the key is kept in <data dir>/dev-api-key so later starts print the same one.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { createDevAccount } from './accounts/dev-account.js';
import type { Limits } from './accounts/rate-limit.js';
import { openStore, type Store } from './store/open-store.js';
import { createEngineRunJob } from './execution/job-runner.js';
import { runWorker } from './worker/worker.js';

/** File of the data directory that keeps the development key between starts. */
export const DEV_KEY_FILE = 'dev-api-key';
/** The development owner's console password beside the key (service/accounts/dev-account.ts). */
export const DEV_PASSWORD_FILE = 'dev-console-password';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** Embedded store directory (default ./data/pglite); ignored when databaseUrl is set. */
  dataDir?: string;
  databaseUrl?: string;
  /** Schema of the store (default public; the benchmark uses a fresh one on a shared server). */
  schema?: string;
  redisUrl?: string;
  /** Namespace of the counters in Redis (default campaign-sim:rl:). */
  redisKeyPrefix?: string;
  /** Run an in-process worker (default true). */
  worker?: boolean;
  /** Threads of the in-process worker's simulation pool (default: the machine's cores). */
  workerThreads?: number;
  /** Log requests (pino, one JSON line each). */
  logRequests?: boolean;
  /** Where the startup lines go (default stdout). */
  print?: (line: string) => void;
  /** Other call limits than the spec's (the HTTP benchmark raises them). */
  rateLimits?: Partial<Limits>;
  /** The public origin, the OAuth issuer (default: http://<host>:<port> listened on; app.ts). */
  publicUrl?: string;
  /** The proxies whose X-Forwarded-* are believed: addresses and subnets, comma-separated (app.ts). */
  trustProxy?: string;
}

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const print = opts.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? 8080;
  const dataDir = opts.databaseUrl ? undefined : path.resolve(opts.dataDir ?? path.join('data', 'pglite'));
  const store = await openStore({ databaseUrl: opts.databaseUrl, dataDir, schema: opts.schema });
  let app: FastifyInstance | undefined;
  let worker: { stop(): Promise<void> } | undefined;
  try {
    if (store.kind === 'pglite' && dataDir !== undefined) {
      const keyFile = path.join(dataDir, DEV_KEY_FILE);
      const dev = await createDevAccount(store, { keyFile, passwordFile: path.join(dataDir, DEV_PASSWORD_FILE) });
      print(`Development organization ${dev.organizationId}, project ${dev.projectId}, credits ${dev.balanceMicros / 1e6} reais`);
      print(`API key: ${dev.apiKey}`);
      print(`(${dev.newKey ? 'a new key, ' : 'the same key, '}kept in ${keyFile})`);
      const c = dev.console!;
      print(`Console: http://${host}:${port}/console  e-mail ${c.email}  ${c.password === null ? 'senha: a que você escolheu no console' : `senha ${c.password}`}`);
    }
    app = await buildApp({ store, consoleSecret: process.env.CAMPAIGN_SIM_CONSOLE_SECRET, publicUrl: opts.publicUrl, trustProxy: opts.trustProxy, redisUrl: opts.redisUrl, redisKeyPrefix: opts.redisKeyPrefix, rateLimits: opts.rateLimits, logger: opts.logRequests ? { level: 'info' } : false });
    const address = await app.listen({ host, port });
    if (opts.worker ?? true) worker = runWorker(store, { runJob: createEngineRunJob({ threads: opts.workerThreads }), taskThreads: opts.workerThreads });
    print(`campaign-sim service on ${address} (docs ${address}/docs, store ${store.kind}${opts.worker ?? true ? ', in-process worker' : ''})`);
    const running = app;
    return {
      app: running,
      store,
      url: address,
      async stop() {
        await worker?.stop();
        await running.close();
        await store.close();
      },
    };
  } catch (err) {
    await worker?.stop();
    await app?.close();
    await store.close();
    throw err;
  }
}
