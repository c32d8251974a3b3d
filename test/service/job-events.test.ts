// How the end of a job is told: the job_events outbox row written in the ending's transaction
// (readJobEvents, for durable consumers such as webhook delivery) and the in-process bus after
// the commit (onJobEnded), for cancel (the API's process) and complete/fail (a worker's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onJobEnded, readJobEvents, type JobEvent } from '../../service/job-events.js';
import type { JobRow } from '../../service/job-row.js';
import { cancelJob, createJob } from '../../service/jobs.js';
import { claimNextJob, completeJob, failJob } from '../../service/queue.js';
import { openTestStore, quoteOf, seedOrganization } from './store/test-store.js';

let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('job_events'); });
afterAll(async () => { await store?.drop(); });

describe('job events', () => {
  it('writes one outbox row per ending and tells in-process listeners after the commit', async () => {
    const { project } = await seedOrganization(store, 'eventos', 10_000);
    const submit = (key: string) =>
      createJob(store, { projectId: project.id, tipo: 'simulacao', pedido: { nome: key }, quote: quoteOf(100), idempotencyKey: key, requestHash: key });
    const heard: Array<[string, JobEvent]> = [];
    let told: () => void = () => undefined;
    const allTold = new Promise<void>((resolve) => { told = resolve; });
    const stop = onJobEnded(store, (job: JobRow, evento) => {
      heard.push([job.id, evento]);
      if (heard.length === 3) told();
    });

    const a = (await submit('a')).job;
    const b = (await submit('b')).job;
    const c = (await submit('c')).job;
    await cancelJob(store, project.id, a.id);
    expect((await claimNextJob(store, 'w'))?.id).toBe(b.id);
    await completeJob(store, b.id, { formato: 'test', dados: new Uint8Array([1]) }, { workerId: 'w' });
    expect((await claimNextJob(store, 'w'))?.id).toBe(c.id);
    await failJob(store, c.id, 'falhou de propósito');
    await allTold;
    stop();

    const want: Array<[string, JobEvent]> = [[a.id, 'job.cancelado'], [b.id, 'job.concluido'], [c.id, 'job.falhou']];
    expect(heard).toEqual(want);
    const rows = await readJobEvents(store);
    expect(rows.map((r) => [r.job_id, r.evento])).toEqual(want);
    expect(rows.every((r) => r.project_id === project.id)).toBe(true);
    // a consumer resumes after the last id it handled
    expect((await readJobEvents(store, rows[0].id)).map((r) => r.job_id)).toEqual([b.id, c.id]);
  });
});
