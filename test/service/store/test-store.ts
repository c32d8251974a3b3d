// Test helper: a store on the real PostgreSQL (127.0.0.1:5432, database test) in a fresh schema
// per test file, dropped afterwards, so parallel files never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Clock } from '../../../service/store/clock.js';
import { openStore, type Store } from '../../../service/store/open-store.js';
import { taskQueueSchema } from '../../../service/execution/task-queue.js';
import { addCredits } from '../../../service/accounts/ledger.js';
import { createOrganization, createProject } from '../../../service/accounts/accounts.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function openTestStore(label: string, opts: { clock?: Clock; poolSize?: number } = {}): Promise<Store & { drop(): Promise<void> }> {
  const schema = `t_${label.replace(/[^a-z0-9]/g, '_')}_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: TEST_DATABASE_URL, schema, clock: opts.clock, poolSize: opts.poolSize });
  return Object.assign(store, {
    async drop() {
      await store.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      // and the task queue's schema beside it (service/execution/task-queue.ts), when a worker opened one
      try { await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${taskQueueSchema(schema)}" CASCADE`); } finally { await c.end(); }
    },
  });
}

/** An organization with one project and `credits` micros. */
export async function seedOrganization(store: Store, nome: string, credits: number) {
  const org = await createOrganization(store, { nome });
  const project = await createProject(store, { organizationId: org.id, nome: `${nome} project` });
  if (credits > 0) await addCredits(store, org.id, credits, 'test top-up');
  return { org, project };
}

/** A minimal quote: only preco_micros matters to the store. */
export function quoteOf(preco: number) {
  return { release: 'v1.0.0', ufs: ['RR' as const], dias: 30, variantes: 1, replicas: 1, pessoa_dias: 1, preco_micros: preco };
}
