// A worker process killed with SIGKILL in the middle of a job: the job stays em_execucao until
// the silence limit, then the sweeper fails it and returns its credits, and another worker
// takes the rest of the queue. The killed worker is a real child process running the compiled
// service (dist/, built by `npm test`'s pretest); when dist is older than the sources it runs,
// the file fails with a message saying to build (never a silent skip).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob, getJob } from '../../service/jobs/jobs.js';
import { balance } from '../../service/accounts/ledger.js';
import { SILENCE_LIMIT_MS, STALE_REASONS, sweepStaleJobs } from '../../service/jobs/queue.js';
import { runWorker } from '../../service/worker/worker.js';
import { projectPath } from '../../src/project-path.js';
import { openTestStore, quoteOf, seedOrganization, TEST_DATABASE_URL } from './store/test-store.js';

const SOURCES = ['worker/worker.ts', 'worker/lanes.ts', 'worker/run-loop.ts', 'jobs/queue.ts', 'jobs/jobs.ts', 'store/open-store.ts', 'store/queries/jobs.ts'];
const distFresh = SOURCES.every((f) => {
  const js = projectPath('dist', 'service', f.replace(/\.ts$/, '.js'));
  return fs.existsSync(js) && fs.statSync(js).mtimeMs >= fs.statSync(projectPath('service', f)).mtimeMs;
});

let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  if (!distFresh) throw new Error('dist/ is older than service/: run `npm run tsbuild` (npm test does it first)');
  store = await openTestStore('queuekill');
});
afterAll(async () => { await store?.drop(); });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a killed worker process', () => {
  it('leaves its job running until the silence limit; then it fails, refunded, and the queue moves on', async () => {
    const { org, project } = await seedOrganization(store, 'killed', 3_000_000);
    const submit = (i: number) => createJob(store, { projectId: project.id, tipo: 'simulacao', pedido: { i }, quote: quoteOf(1_000_000), idempotencyKey: `k${i}`, requestHash: `h${i}` });
    const first = await submit(1);
    const second = await submit(2);

    // The child claims the first job, beats every 100 ms, never finishes; only one lane.
    const script = `
      import { openStore } from ${JSON.stringify(projectPath('dist', 'service', 'store', 'open-store.js'))};
      import { runWorker } from ${JSON.stringify(projectPath('dist', 'service', 'worker', 'worker.js'))};
      const store = await openStore({ databaseUrl: ${JSON.stringify(TEST_DATABASE_URL)}, schema: ${JSON.stringify(store.schema)} });
      runWorker(store, { workerId: 'doomed', pollMs: 20, heartbeatMs: 100, sweepMs: 0,
        runJob: () => { process.stdout.write('running\\n'); return new Promise(() => {}); } });
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => { if (String(d).includes('running')) resolve(); });
      child.on('exit', (code) => reject(new Error(`worker child exited early (${code})`)));
    });
    const held = await getJob(store, project.id, first.job.id);
    expect(held).toMatchObject({ estado: 'em_execucao', worker_id: 'doomed' });
    // Heartbeats arrive (waited for, not timed: a loaded machine may take long).
    while ((await getJob(store, project.id, first.job.id)).heartbeat_at!.getTime() <= held.heartbeat_at!.getTime()) await sleep(20);

    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // The last heartbeat, read once the worker is dead (one may land between a read and the kill).
    const beat = (await getJob(store, project.id, first.job.id)).heartbeat_at!;
    expect(await balance(store, org.id)).toBe(1_000_000);
    // Silent, but not yet for 15 minutes: nothing to sweep.
    expect(await sweepStaleJobs(store, new Date(beat.getTime() + SILENCE_LIMIT_MS - 1000))).toEqual([]);
    expect((await getJob(store, project.id, first.job.id)).estado).toBe('em_execucao');
    // The sweeper's clock 15 minutes after the last heartbeat.
    const swept = await sweepStaleJobs(store, new Date(beat.getTime() + SILENCE_LIMIT_MS + 1));
    expect(swept.map((j) => j.id)).toEqual([first.job.id]);
    expect((await getJob(store, project.id, first.job.id)).registro.motivo).toBe(STALE_REASONS.silencio);
    expect(await balance(store, org.id)).toBe(2_000_000);

    // A live worker takes the rest of the queue.
    const w = runWorker(store, { workerId: 'survivor', pollMs: 10, sweepMs: 0, runJob: async () => ({ formato: 'test', dados: new Uint8Array([1]) }) });
    while ((await getJob(store, project.id, second.job.id)).estado !== 'concluido') await sleep(10);
    await w.stop();
    expect(await balance(store, org.id)).toBe(2_000_000);
  });
});
