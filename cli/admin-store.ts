// How every `campaign-sim admin` command reaches the store: open it (embedded, or the server of
// --database-url), run, print the result as JSON, close. A refusal (ServiceError) prints the
// API's envelope {"detail": {"code", "message", ...}} on stdout too, so scripts read one format;
// main.ts then says it in one line on stderr and exits 2 (refused input) or 1. The store and the
// account actions load here, when a command runs: they need the service's packages (PGlite, pg,
// argon2, ...), which a library-only install leaves out (docs/architecture.md, "Dependencies").
import path from 'node:path';
import { ServiceError } from '../src/errors.js';
import type { Store } from '../service/store/open-store.js';

export interface StoreFlags { dataDir: string; databaseUrl?: string; schema?: string }

export type AccountActions = typeof import('../service/operations/account-actions.js');

export async function withStore<T>(flags: StoreFlags, fn: (store: Store, actions: AccountActions) => Promise<T>): Promise<void> {
  const [{ openStore }, actions] = await Promise.all([import('../service/store/open-store.js'), import('../service/operations/account-actions.js')]);
  const store = await openStore({ databaseUrl: flags.databaseUrl || undefined, dataDir: path.resolve(flags.dataDir), schema: flags.schema || undefined });
  try {
    const out = await fn(store, actions);
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } catch (err) {
    if (err instanceof ServiceError) process.stdout.write(`${JSON.stringify(err.toEnvelope())}\n`);
    throw err;
  } finally {
    await store.close();
  }
}
