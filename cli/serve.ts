// `campaign-sim serve`: the /v1 API plus an in-process worker (npm start).
import { InvalidArgumentError, Option, type Command } from 'commander';

function integerIn(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected an integer from ${min} to ${max}`);
    return n;
  };
}

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
    .addHelpText('after', '\nEnvironment: PORT, DATA_DIR, DATABASE_URL (postgres://... selects a PostgreSQL server), REDIS_URL (shared rate limits),\n' +
      'CAMPAIGN_SIM_CONSOLE_SECRET (signs console cookies), CAMPAIGN_SIM_PUBLIC_URL (the public origin, the OAuth issuer for agents; docs/agents.md).')
    .action(async (o: { port: number; host: string; dataDir: string; worker: boolean; threads?: number; logRequests?: boolean }) => {
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
