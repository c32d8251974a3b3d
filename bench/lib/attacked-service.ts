// The service child of the attack benches (bench/heavy-read.ts, bench/hostile-body.ts): buildApp on
// the embedded store with every call limit raised (the victim's loop makes thousands of calls, and
// every client is 127.0.0.1), so a run measures what an attack costs the service, not the burst
// limit's weighting of it. Each bench's serve() prints the address and the keys its main reads.
import { createApiKey } from '../../service/accounts/api-keys.js';
import { createDevAccount } from '../../service/accounts/dev-account.js';
import { buildApp } from '../../service/app.js';
import { openStore } from '../../service/store/open-store.js';

/** The service's address and keys: `reader` and `victim` (results:read each) and the dev account's `simulator`. */
export interface AttackedService {
  url: string;
  reader: string;
  simulator: string;
  victim: string;
}

/** Opens the store at `dataDir`, makes the keys and listens on 127.0.0.1; SIGTERM closes the app and the store. */
export async function startAttackedService(dataDir: string): Promise<AttackedService> {
  const store = await openStore({ dataDir });
  const dev = await createDevAccount(store);
  const reader = await createApiKey(store, { projectId: dev.projectId, nome: 'reader', scopes: ['results:read'], expiresInDays: null });
  const victim = await createApiKey(store, { projectId: dev.projectId, nome: 'victim', scopes: ['results:read'], expiresInDays: null });
  const raised = 1_000_000_000;
  const app = await buildApp({
    store, rateLimits: { perKeyPerHour: raised, perOrganizationPerHour: raised, burstPerCredential: raised, burstPerAddress: raised },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', () => { app.close().then(() => store.close()).finally(() => process.exit(0)); });
  return { url, reader: reader.key, simulator: dev.apiKey, victim: victim.key };
}
