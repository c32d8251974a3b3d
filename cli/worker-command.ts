// `campaign-sim worker`: workers alone, taking jobs from the queue of a PostgreSQL server
// (DATABASE_URL). Run it on as many machines as wanted; each claims with FOR UPDATE SKIP LOCKED.
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';

const refuse = (message: string, field: string) => new ServiceError('invalid_request', message, { field });

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run job workers against the PostgreSQL server of DATABASE_URL until stopped (Ctrl-C)')
    .option('--database-url <url>', 'PostgreSQL server (env DATABASE_URL)', process.env.DATABASE_URL)
    .option('--schema <name>', 'PostgreSQL schema of the service tables (env DATABASE_SCHEMA; default public)', process.env.DATABASE_SCHEMA)
    .option('-c, --concurrency <n>', 'jobs this process runs at once', '1')
    .option('--threads <n>', 'simulation threads per job (default: the engine\'s)')
    .option('--poll-ms <ms>', 'wait between polls of an empty queue', '1000')
    .option('--id <workerId>', 'worker id recorded on the jobs it runs (default host:pid:random)')
    .option('--tasks <where>', 'where a simulation\'s tasks run: spread (every worker takes them) or local (the worker that claimed the job)', 'spread')
    .addHelpText('after', '\nThe embedded store belongs to the `serve` process; separate workers need a PostgreSQL server.\nWith --tasks spread (the default) the replicas and variants of a simulation run on every worker (docs/service.md).')
    .action(async (o: { databaseUrl?: string; schema?: string; concurrency: string; threads?: string; pollMs: string; id?: string; tasks: string }) => {
      if (!o.databaseUrl) throw refuse('campaign-sim worker needs DATABASE_URL (or --database-url) of a PostgreSQL server', '--database-url');
      const concurrency = Number(o.concurrency);
      const pollMs = Number(o.pollMs);
      const threads = o.threads === undefined ? undefined : Number(o.threads);
      if (!Number.isInteger(concurrency) || concurrency < 1) throw refuse('--concurrency must be an integer >= 1', '--concurrency');
      if (!Number.isInteger(pollMs) || pollMs < 10) throw refuse('--poll-ms must be an integer >= 10', '--poll-ms');
      if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) throw refuse('--threads must be an integer >= 1', '--threads');
      if (o.tasks !== 'spread' && o.tasks !== 'local') throw refuse('--tasks must be spread or local', '--tasks');
      const [{ openStore }, { createEngineRunJob }, { runWorker }] = await Promise.all([
        import('../service/store/open-store.js'), import('../service/execution/job-runner.js'), import('../service/worker/worker.js'),
      ]);
      const store = await openStore({ databaseUrl: o.databaseUrl, schema: o.schema || undefined });
      const worker = runWorker(store, { workerId: o.id, concurrency, pollMs, runJob: createEngineRunJob({ threads }), tasks: o.tasks, taskThreads: threads });
      process.stderr.write(`campaign-sim worker ${worker.workerId}: taking jobs (concurrency ${concurrency})\n`);
      const stop = () => { process.stderr.write(`campaign-sim worker ${worker.workerId}: stopping\n`); void worker.stop(); };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await worker.done;
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      await store.close();
    });
}
