// How the end of a job is told: the job_events row and the webhook delivery written in the
// ending's transaction, and the in-process bus after the commit (onJobEnded), for cancel (the
// API's process) and complete/fail (a worker's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onJobEnded, type JobEvent } from '../../service/jobs/job-events.js';
import type { JobRow } from '../../service/jobs/job-row.js';
import { cancelJob, createJob, getJob, toJobResponse } from '../../service/jobs/jobs.js';
import { claimNextJob, completeJob, failJob } from '../../service/jobs/queue.js';
import { PUBLIC_ONLY } from '../../service/webhooks/address-policy.js';
import { setWebhook } from '../../service/webhooks/webhook-config.js';
import { openTestStore, quoteOf, seedOrganization } from './store/test-store.js';

let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('job_events'); });
afterAll(async () => { await store?.drop(); });

describe('job events', () => {
  it('writes one event row and one webhook delivery per ending, and tells in-process listeners after the commit', async () => {
    const { project } = await seedOrganization(store, 'eventos', 10_000);
    const { project: silent } = await seedOrganization(store, 'sem-webhook', 10_000);
    await setWebhook(store, project.id, 'https://receiver.example/hook', { policy: PUBLIC_ONLY, resolve: async () => ['93.184.216.34'] });
    const submit = (key: string, projectId = project.id) =>
      createJob(store, { projectId, tipo: 'simulacao', pedido: { nome: key }, quote: quoteOf(100), idempotencyKey: key, requestHash: key });
    const heard: Array<[string, JobEvent]> = [];
    let told: () => void = () => undefined;
    const allTold = new Promise<void>((resolve) => { told = resolve; });
    const stop = onJobEnded(store, (job: JobRow, evento) => {
      heard.push([job.id, evento]);
      if (heard.length === 4) told();
    });

    const a = (await submit('a')).job;
    const b = (await submit('b')).job;
    const c = (await submit('c')).job;
    const d = (await submit('d', silent.id)).job;
    await cancelJob(store, project.id, a.id);
    expect((await claimNextJob(store, 'w'))?.id).toBe(b.id);
    await completeJob(store, b.id, { formato: 'test', dados: new Uint8Array([1]) }, { workerId: 'w' });
    expect((await claimNextJob(store, 'w'))?.id).toBe(c.id);
    await failJob(store, c.id, 'falhou de propósito');
    await cancelJob(store, silent.id, d.id);
    await allTold;
    stop();

    const want: Array<[string, JobEvent]> = [[a.id, 'job.cancelado'], [b.id, 'job.concluido'], [c.id, 'job.falhou']];
    expect(heard).toEqual([...want, [d.id, 'job.cancelado']]);
    const rows = (await store.query<{ job_id: string; evento: string; project_id: string }>('SELECT job_id, evento, project_id FROM job_events ORDER BY id')).rows;
    expect(rows.map((r) => [r.job_id, r.evento])).toEqual([...want, [d.id, 'job.cancelado']]);
    // one delivery per ending of the project with a webhook, its body the job as GET /v1/jobs/{id} answers
    const deliveries = (await store.query<{ job_id: string; evento: string; corpo: string; estado: string }>(
      'SELECT job_id, evento, corpo, estado FROM webhook_deliveries ORDER BY criado_em, job_id')).rows;
    expect(deliveries.map((r) => [r.job_id, r.evento, r.estado]).sort()).toEqual(want.map(([id, e]) => [id, e, 'pendente']).sort());
    for (const r of deliveries) {
      const body = JSON.parse(r.corpo);
      expect(body.evento).toBe(r.evento);
      expect(body.criado_em).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(body.job).toEqual(toJobResponse(await getJob(store, project.id, r.job_id)));
    }
  });
});
