// How the end of a job is told. Inside the transaction of its state change, recordJobEnd resolves
// the reservation, writes the job_events row (the durable record of the event) and queues the
// project's webhook delivery, if it has a webhook (webhooks/webhook-config.ts), so no ending is
// ever lost between the state change and the notice, and tells the workers a job may be claimed
// (claimable-jobs.ts). After the commit, the process that ended
// the job emits it on the in-process bus (onJobEnded listeners). SQL in store/queries/jobs.ts.
import { toJobResponse, type JobRow, type JobState } from './job-row.js';
import { resolveReservation } from '../accounts/ledger.js';
import type { Queryable, Store } from '../store/open-store.js';
import { JOB_SQL } from '../store/queries/jobs.js';
import { enqueueDelivery } from '../webhooks/webhook-config.js';
import { notifyClaimable } from './claimable-jobs.js';

export type JobEvent = 'job.concluido' | 'job.falhou' | 'job.cancelado';

const EVENT_OF: Partial<Record<JobState, JobEvent>> = {
  concluido: 'job.concluido', falhou: 'job.falhou', cancelado: 'job.cancelado',
};

/**
 * What every ending does inside the transaction of its state change: resolve the reservation
 * (spent on concluido, returned on falhou/cancelado), write the job_events row and queue the
 * webhook delivery. `job` is the row already in its terminal state.
 */
export async function recordJobEnd(tx: Queryable, job: JobRow, now: Date): Promise<void> {
  const evento = EVENT_OF[job.estado];
  if (!evento) throw new Error(`job ${job.id} is ${job.estado}, not terminal`);
  await resolveReservation(tx, job.id, job.estado === 'concluido' ? 'gasto' : 'devolucao', now);
  await tx.query(JOB_SQL.insertEvent, [job.id, job.project_id, evento, now]);
  // the delivery's body: {evento, criado_em (ms), the job as GET /v1/jobs/{id} answers it}
  await enqueueDelivery(tx, job.project_id, evento, job.id, { evento, criado_em: now.toISOString(), job: toJobResponse(job) }, now);
  // its organization may run another of its jobs now
  await notifyClaimable(tx);
}

export type JobEndedListener = (job: JobRow, evento: JobEvent) => void | Promise<void>;

/**
 * In-process hook called after a job ended and the transaction committed (in the process that
 * ended it: the API for cancel, a worker for complete/fail/sweep); it is not durable (webhook
 * deliveries are queued by recordJobEnd). Returns the unsubscribe function.
 */
export function onJobEnded(store: Store, listener: JobEndedListener): () => void {
  const wrapped = (job: JobRow, evento: JobEvent) => {
    Promise.resolve()
      .then(() => listener(job, evento))
      .catch((err) => { process.stderr.write(`onJobEnded listener failed: ${err instanceof Error ? err.message : String(err)}\n`); });
  };
  store.events.on('jobEnded', wrapped);
  return () => { store.events.off('jobEnded', wrapped); };
}

export function emitJobEnded(store: Store, job: JobRow): void {
  const evento = EVENT_OF[job.estado];
  if (evento) store.events.emit('jobEnded', job, evento);
}
