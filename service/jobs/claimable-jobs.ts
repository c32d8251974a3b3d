// Workers hear that a job may be claimed: a job submitted, or a job ended (its organization may
// run another), is notified on a PostgreSQL channel named after the store's schema, inside the
// transaction of the change (so at its commit). A worker of a PostgreSQL server listens on it and
// tries a claim at once instead of at its next poll, which stays as the fallback for a lost
// notification (worker/lanes.ts). SQL in store/queries/jobs.ts.
import type { Queryable } from '../store/open-store.js';
import { JOB_SQL } from '../store/queries/jobs.js';

/** The channel of a store's schema (as JOB_SQL.notifyClaimable names it). */
export function claimableChannel(schema: string): string {
  return `jobs_${schema}`.slice(0, 63);
}

/** Tells the workers, at the transaction's commit, that a job may be claimed. */
export async function notifyClaimable(tx: Queryable): Promise<void> {
  await tx.query(JOB_SQL.notifyClaimable);
}
