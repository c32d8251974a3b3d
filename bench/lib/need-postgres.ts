// The benches that measure against a PostgreSQL server (service-data, webhooks, scale-out,
// calibration-scale-out) first check that one answers; without one each says in one line what it
// needs and exits NEEDS_SERVICE_EXIT, which bench/run.ts reports as skipped, not as a stack trace.
import pg from 'pg';

/** The exit code of a bench that cannot find a service it needs. */
export const NEEDS_SERVICE_EXIT = 3;

/** Returns when the server at `url` accepts a connection; else one line on stderr and exit NEEDS_SERVICE_EXIT. */
export async function needPostgres(suite: string, url: string, variable: string): Promise<void> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    await c.end();
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    process.stderr.write(`bench ${suite}: needs a PostgreSQL server at ${url.replace(/\/\/[^@]*@/, '//')} (set ${variable}); none answered (${why})\n`);
    process.exit(NEEDS_SERVICE_EXIT);
  }
}
