// `campaign-sim serve`: the /v1 API plus an in-process worker (npm start).
import { isIP } from 'node:net';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { parsePublicUrl } from '../service/oauth/public-origin.js';

function integerIn(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected an integer from ${min} to ${max}`);
    return n;
  };
}

/** An empty variable counts as unset (as DATABASE_URL and REDIS_URL do). */
function publicOrigin(value: string): string | undefined {
  if (value === '') return undefined;
  const parsed = parsePublicUrl(value);
  if ('refusal' in parsed) throw new InvalidArgumentError(parsed.refusal);
  return parsed.origin;
}

/** proxy-addr's named ranges (Fastify's trustProxy). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Addresses and subnets of the proxies to believe, comma-separated, as Fastify's trustProxy takes them. */
function trustedProxies(value: string): string | undefined {
  if (value === '') return undefined;
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const subnet = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGES.has(entry) && (family === 0 || !subnet || extra !== undefined)) {
      throw new InvalidArgumentError(`expected the proxies' addresses or subnets, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), or loopback, linklocal, uniquelocal; not ${JSON.stringify(entry)}`);
    }
  }
  return entries.join(',');
}

/** The shortest CAMPAIGN_SIM_CONSOLE_SECRET serve takes in production (32 base64 characters are 192 bits). */
const MIN_CONSOLE_SECRET_LENGTH = 32;

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Run the /v1 service on 127.0.0.1 with an in-process worker (embedded store unless DATABASE_URL is set)')
    // PORT goes through the same check as --port: a bad value exits 2 with the usage.
    .addOption(new Option('-p, --port <port>', 'port to listen on').env('PORT').argParser(integerIn(0, 65535)).default(8080))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(new Option('--data-dir <dir>', 'directory of the embedded store').env('DATA_DIR').default('data/pglite'))
    .option('--no-worker', 'serve the API only; jobs wait for `campaign-sim worker` processes')
    .option('--threads <n>', 'simulation threads of the in-process worker (default: all cores)', integerIn(1, 1024))
    .option('--log-requests', 'log every request as a JSON line')
    .addOption(new Option('--public-url <origin>', 'public origin of the service, the OAuth issuer for agents (required with NODE_ENV=production, https; default http://<host>:<port>)')
      .env('CAMPAIGN_SIM_PUBLIC_URL').argParser(publicOrigin))
    .addOption(new Option('--trust-proxy <addresses>', 'believe X-Forwarded-For/-Proto/-Host only from these proxies: addresses or subnets, comma-separated, or loopback (default: none)')
      .env('CAMPAIGN_SIM_TRUST_PROXY').argParser(trustedProxies))
    .addHelpText('after', '\nEnvironment: PORT, DATA_DIR, DATABASE_URL (postgres://... selects a PostgreSQL server), REDIS_URL (shared rate limits),\n' +
      'CAMPAIGN_SIM_CONSOLE_SECRET (signs console cookies; required with NODE_ENV=production), CAMPAIGN_SIM_PUBLIC_URL and CAMPAIGN_SIM_TRUST_PROXY (above; docs/agents.md).')
    .action(async (o: { port: number; host: string; dataDir: string; worker: boolean; threads?: number; logRequests?: boolean; publicUrl?: string; trustProxy?: string }) => {
      // the issuer is never taken from a request; in production it cannot be the listen address either
      if (process.env.NODE_ENV === 'production' && !o.publicUrl?.startsWith('https://')) {
        process.stderr.write('campaign-sim: with NODE_ENV=production, set CAMPAIGN_SIM_PUBLIC_URL (or --public-url) to the service\'s public https origin, e.g. https://sim.example.org (the OAuth issuer for agents; docs/agents.md)\n');
        process.exitCode = 2;
        return;
      }
      // without it each process signs with a random secret: sessions end at every restart and an
      // instance behind a load balancer refuses the cookies the others signed
      if (process.env.NODE_ENV === 'production' && (process.env.CAMPAIGN_SIM_CONSOLE_SECRET ?? '').length < MIN_CONSOLE_SECRET_LENGTH) {
        process.stderr.write(`campaign-sim: with NODE_ENV=production, set CAMPAIGN_SIM_CONSOLE_SECRET to a random secret of at least ${MIN_CONSOLE_SECRET_LENGTH} characters, the same on every instance (it signs the console's cookies; docs/console.md)\n`);
        process.exitCode = 2;
        return;
      }
      const { startServer } = await import('../service/server.js');
      const server = await startServer({
        port: o.port,
        host: o.host,
        dataDir: o.dataDir,
        databaseUrl: process.env.DATABASE_URL || undefined,
        redisUrl: process.env.REDIS_URL || undefined,
        worker: o.worker,
        workerThreads: o.threads,
        logRequests: o.logRequests ?? false,
        publicUrl: o.publicUrl,
        trustProxy: o.trustProxy,
      });
      // Stop cleanly on Ctrl-C or a service manager's TERM: finish the worker's step, close the store.
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          server.stop().then(resolve, (err) => { process.stderr.write(`campaign-sim: ${String(err)}\n`); resolve(); });
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
