// One job across many worker processes (issue 36): an RR reception job (4 channels over the
// whole horizon, so 9 variants, x 8 replicas: 72 tasks) on the PostgreSQL server, for each horizon
// asked (default 14 days, tasks of about 0.3 s, and 180, the example's own, tasks of about 2 s), run by 1, 2 and 4
// `campaign-sim worker` processes of one thread each with its tasks spread over them (pg-boss),
// and by 1 process running it whole (--tasks local, the path before the issue) for the overhead.
// Each layout gets a fresh job in one schema of its own; the workers start first (each loads
// RR's population from the cache file on its first task, inside the measured time; the job is
// submitted once every spread worker signed in to the fleet, so the time excludes process
// start-up). Measured:
// wall seconds from submission to concluido, CPU seconds of the worker processes (utime + stime
// of every thread, /proc), each task's run seconds (read from job_tasks while the job runs), the
// stored result's bytes (every layout must give the same), and the per-task overhead parts timed
// here: enqueueing the tasks, deflating and storing a task's counts, reading and inflating them.
// The wall is cut into what does not parallelise, from the job's and its tasks' rows: submission
// to claim, claim to the first task's kernel start (enqueue, wake-up, the task thread's plan, the
// pool's thread), the busy span of each worker and its idle time between tasks, and the last
// task's store to concluido (the owner's read, combine and result). The CPU seconds of the
// PostgreSQL server's processes are read too (every session's: the server is shared).
//   npm run bench:scale-out   (or: npm run tsbuild && node dist/bench/scale-out.js [--replicas 8] [--days 14,180] [--layouts 1,2,4,local-1])
// The result file is rewritten after each layout, so a run stopped early keeps the layouts done.
// Needs DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
// Writes bench/out/scale-out.json (bench/lib/bench-output.ts; BENCH_OUT=bench/results refreshes the committed one).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { createOrganization, createProject } from '../service/accounts/accounts.js';
import { addCredits } from '../service/accounts/ledger.js';
import { createJob, getJob } from '../service/jobs/jobs.js';
import { jobTasks } from '../service/execution/job-tasks.js';
import { liveWorkers } from '../service/execution/fleet.js';
import { readStoredResult } from '../service/jobs/results.js';
import { taskCountsFromBytes, taskCountsToBytes } from '../service/execution/task-counts-bytes.js';
import { openTaskQueue, taskQueueSchema } from '../service/execution/task-queue.js';
import { openStore, type Store } from '../service/store/open-store.js';
import { quoteSimulation } from '../src/contract/quotes.js';
import type { Scenario } from '../src/contract/types.js';
import { validateScenario } from '../src/contract/validate-scenario.js';
import { compilePlan } from '../src/plan/compile-plan.js';
import { closePool, createPool } from '../src/pool/pool.js';
import { projectPath } from '../src/project-path.js';
import { openRelease } from '../src/release/release.js';
import { planShards, taskRequest } from '../src/simulate.js';
import { canal, receptionScenario } from '../test/fixtures/scenarios.js';
import { listOf, parseBenchArgs, wholeNumber, type ValueCheck } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { runAsMain } from './lib/run-as-main.js';
import { needPostgres } from './lib/need-postgres.js';

export const DATABASE_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The environment DATABASE_URL is read from, for --help. */
export const DATABASE_ENV = {
  DATABASE_URL: 'the PostgreSQL server (default: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test); the bench works in a schema of its own, dropped after',
  TEST_DATABASE_URL: 'the server when DATABASE_URL is not set',
};
/** One entry of --layouts: N worker processes with the job's tasks spread over them, or local-N with --tasks local. */
export const WORKER_LAYOUT: ValueCheck = { accepts: (v) => /^(local-)?[1-9]\d*$/.test(v), expected: 'N or local-N, N >= 1' };
/** Target of the issue: 1 -> 2 workers at least this much faster on a quiet 2-core machine. */
export const TARGET_SPEEDUP_1_TO_2 = 1.8;

const load = () => Number(loadavg()[0].toFixed(2));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system, every thread) of a live process. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** CPU seconds of every live postgres process of this machine (the server's). */
export function postgresCpuSeconds(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += cpuSeconds(Number(pid));
    } catch { /* the process ended meanwhile */ }
  }
  return sum;
}

const round = (x: number, d = 3) => Number(x.toFixed(d));

export function startWorker(schema: string, id: string, tasks: 'spread' | 'local'): Promise<ChildProcess> {
  const child = spawn(process.execPath, [projectPath('bin', 'campaign-sim.js'), 'worker', '--database-url', DATABASE_URL, '--schema', schema,
    '--threads', '1', '--id', id, '--tasks', tasks], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => { err += String(d); if (err.includes('taking jobs')) resolve(child); });
    child.once('exit', (code) => reject(new Error(`worker ${id} exited (${code}): ${err}`)));
  });
}

interface LayoutResult {
  layout: string;
  workers: number;
  tasks: 'spread' | 'local';
  wall_seconds: number;
  cpu_seconds: number;
  loadavg_1m_before: number;
  loadavg_1m_after: number;
  registro_execucao: unknown;
  postgres_cpu_seconds: number;
  task_seconds?: { n: number; sum: number; mean: number; min: number; max: number };
  timeline?: Timeline;
  result_sha_equal_to_first: boolean;
}

/** Where the wall of a spread layout went, from the job's and its tasks' rows (the database's clock). */
interface Timeline {
  /** Submission to claim (the workers' claim poll). */
  claim_seconds: number;
  /** Claim to the first task's kernel start: enqueue, wake-up, the task thread's plan, the pool's thread. */
  first_task_start_seconds: number;
  /** Per worker: tasks, seconds from its first task's kernel start to its last task's store, kernel seconds in it, idle per task. */
  workers: Record<string, { tasks: number; span_seconds: number; kernel_seconds: number; idle_ms_per_task: number }>;
  /** The last task's store to concluido: the owner's read, the combine, the result stored. */
  tail_seconds: number;
  /** Submission to concluido in the database. */
  job_seconds: number;
}

function timelineOf(job: { criado_em: Date; iniciado_em: Date; terminado_em: Date }, rows: Map<number, TaskRow>): Timeline {
  const s = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 1000;
  const tasks = [...rows.values()].map((r) => ({ ...r, start: new Date(r.atualizado_em.getTime() - r.segundos * 1000) }));
  const firstStart = new Date(Math.min(...tasks.map((t) => t.start.getTime())));
  const lastEnd = new Date(Math.max(...tasks.map((t) => t.atualizado_em.getTime())));
  const workers: Timeline['workers'] = {};
  for (const id of new Set(tasks.map((t) => t.worker_id))) {
    const own = tasks.filter((t) => t.worker_id === id);
    const span = s(new Date(Math.min(...own.map((t) => t.start.getTime()))), new Date(Math.max(...own.map((t) => t.atualizado_em.getTime()))));
    const kernel = own.reduce((a, t) => a + t.segundos, 0);
    workers[id] = { tasks: own.length, span_seconds: round(span, 2), kernel_seconds: round(kernel, 2), idle_ms_per_task: round(((span - kernel) / own.length) * 1000, 1) };
  }
  return {
    claim_seconds: round(s(job.criado_em, job.iniciado_em)), first_task_start_seconds: round(s(job.iniciado_em, firstStart)),
    workers, tail_seconds: round(s(lastEnd, job.terminado_em)), job_seconds: round(s(job.criado_em, job.terminado_em), 2),
  };
}

interface TaskRow {
  worker_id: string;
  segundos: number;
  atualizado_em: Date;
}

async function runLayout(store: Store, projectId: string, scenario: Scenario, quote: ReturnType<typeof quoteSimulation>, layout: string, first: Buffer | null): Promise<{ r: LayoutResult; bytes: Buffer }> {
  const tasks = layout.startsWith('local') ? 'local' : 'spread';
  const n = Number(layout.replace('local-', ''));
  const children = await Promise.all(Array.from({ length: n }, (_, k) => startWorker(store.schema, `${layout}-w${k + 1}`, tasks)));
  // a spread worker is ready once its task worker runs and it signed in to the fleet (service/execution/fleet.ts)
  while (tasks === 'spread' && (await liveWorkers(store)) < n) await sleep(50);
  const cpu0 = children.map((c) => cpuSeconds(c.pid!));
  const pg0 = postgresCpuSeconds();
  const loadBefore = load();
  const t0 = performance.now();
  const job = (await createJob(store, { projectId, tipo: 'simulacao', pedido: scenario, quote, idempotencyKey: `bench-${scenario.horizonte.dias}-${layout}`, requestHash: layout })).job;
  const taskRows = new Map<number, TaskRow>();
  let done = await getJob(store, projectId, job.id);
  while (done.estado === 'reservado' || done.estado === 'em_execucao') {
    // the owner deletes the rows once it combined them: read while the job runs
    for (const row of (await store.query<TaskRow & { tarefa: number }>('SELECT tarefa, worker_id, segundos, atualizado_em FROM job_tasks WHERE job_id = $1 AND segundos IS NOT NULL', [job.id])).rows) taskRows.set(row.tarefa, row);
    await sleep(200);
    done = await getJob(store, projectId, job.id);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = children.reduce((s, c, k) => s + cpuSeconds(c.pid!) - cpu0[k], 0);
  const pgCpu = postgresCpuSeconds() - pg0;
  const loadAfter = load();
  await Promise.all(children.map((c) => new Promise((r) => { c.once('exit', r); c.kill('SIGTERM'); })));
  if (done.estado !== 'concluido') throw new Error(`layout ${layout}: the job ended ${done.estado}: ${String(done.registro.motivo)}`);
  const bytes = Buffer.from((await readStoredResult(store, projectId, job.id)).dados);
  const secs = [...taskRows.values()].map((t) => t.segundos);
  const r: LayoutResult = {
    layout, workers: n, tasks, wall_seconds: Number(wall.toFixed(2)), cpu_seconds: Number(cpu.toFixed(2)), postgres_cpu_seconds: round(pgCpu, 2),
    loadavg_1m_before: loadBefore, loadavg_1m_after: loadAfter, registro_execucao: done.registro.execucao,
    result_sha_equal_to_first: first === null || first.equals(bytes),
  };
  if (taskRows.size === (done.registro.execucao as { tarefas: number }).tarefas) {
    r.timeline = timelineOf((await store.query<{ criado_em: Date; iniciado_em: Date; terminado_em: Date }>('SELECT criado_em, iniciado_em, terminado_em FROM jobs WHERE id = $1', [job.id])).rows[0], taskRows);
  }
  if (secs.length > 0) {
    const sum = secs.reduce((a, b) => a + b, 0);
    r.task_seconds = { n: secs.length, sum: Number(sum.toFixed(2)), mean: Number((sum / secs.length).toFixed(3)), min: Number(Math.min(...secs).toFixed(3)), max: Number(Math.max(...secs).toFixed(3)) };
  }
  process.stderr.write(`${scenario.horizonte.dias} days, ${layout}: ${r.wall_seconds} s wall, ${r.cpu_seconds} CPU s, load ${loadBefore} -> ${loadAfter}\n`);
  return { r, bytes };
}

/** The overhead parts of one task, timed here: its counts deflated, stored and read back, inflated; the job's tasks enqueued. */
async function overheadParts(store: Store, scenario: Scenario, jobId: string) {
  const release = openRelease(scenario.release);
  const plan = await compilePlan(scenario, release);
  const pool = createPool({ threads: 1 });
  const shards = planShards(plan);
  // the first task of a fresh pool also starts its thread and copies the population in: the second is a task's own time
  await pool.run(taskRequest(plan, shards, 0, 0, new Int32Array(new SharedArrayBuffer(8)), false));
  const t0 = performance.now();
  const counts = await pool.run(taskRequest(plan, shards, 1, 0, new Int32Array(new SharedArrayBuffer(8)), false));
  const runSeconds = (performance.now() - t0) / 1000;
  await pool.close();
  const rawBytes = Object.values(counts).reduce((s: number, v) => s + (v instanceof Uint32Array ? v.byteLength : 0), 0)
    + counts.respostas.reduce((s, q) => s + q.contagens.byteLength + q.base.byteLength, 0);
  const reps = 20;
  let t = performance.now();
  let dados: Uint8Array = taskCountsToBytes(counts);
  for (let k = 1; k < reps; k++) dados = taskCountsToBytes(counts);
  const encodeMs = (performance.now() - t) / reps;
  t = performance.now();
  for (let k = 0; k < reps; k++) taskCountsFromBytes(dados);
  const decodeMs = (performance.now() - t) / reps;
  await store.query('CREATE TABLE bench_bytes (k int PRIMARY KEY, dados bytea)');
  t = performance.now();
  for (let k = 0; k < reps; k++) await store.query('INSERT INTO bench_bytes (k, dados) VALUES ($1, $2)', [k, dados]);
  const storeMs = (performance.now() - t) / reps;
  t = performance.now();
  for (let k = 0; k < reps; k++) await store.query('SELECT dados FROM bench_bytes WHERE k = $1', [k]);
  const readMs = (performance.now() - t) / reps;
  await store.query('DROP TABLE bench_bytes');
  const queue = await openTaskQueue(store);
  const tasks = jobTasks(jobId, scenario);
  t = performance.now();
  const ids = await queue.enqueue(tasks, 900);
  const enqueueMs = performance.now() - t;
  await queue.cancel(ids);
  await queue.stop();
  return {
    second_task_wall_seconds_here: Number(runSeconds.toFixed(3)),
    counts_bytes_raw: rawBytes,
    counts_bytes_stored: dados.byteLength,
    deflate_ms: Number(encodeMs.toFixed(2)),
    inflate_ms: Number(decodeMs.toFixed(2)),
    store_insert_ms: Number(storeMs.toFixed(2)),
    store_read_ms: Number(readMs.toFixed(2)),
    enqueue_all_tasks_ms: Number(enqueueMs.toFixed(1)),
    enqueue_per_task_ms: Number((enqueueMs / tasks.length).toFixed(2)),
  };
}

/** The bench's scenario: RR reception, 4 channels over the whole horizon (9 variants). */
function benchScenario(replicas: number, dias: number): Scenario {
  return validateScenario(receptionScenario({
    replicas, grupo_comparacao: 'bench-scale-out', horizonte: { data_inicio: '2026-01-05', dias },
    canais: [canal('tv', 1, dias, 0.6), canal('digital', 1, dias, 0.8), canal('radio', 1, dias, 0.5), canal('exterior', 1, dias, 0.4)],
  }), openRelease('v1.0.0'));
}

/** One horizon's layouts; `written` is called after each layout with the horizon's results so far. */
async function runHorizon(store: Store, projectId: string, replicas: number, dias: number, layouts: string[], written: (run: unknown) => Promise<void>): Promise<void> {
  const scenario = benchScenario(replicas, dias);
  const quote = quoteSimulation(scenario, openRelease('v1.0.0'));
  const overhead = await overheadParts(store, scenario, '00000000-0000-4000-8000-000000000000');
  const results: LayoutResult[] = [];
  let first: Buffer | null = null;
  for (const layout of layouts) {
    const { r, bytes } = await runLayout(store, projectId, scenario, quote, layout, first);
    first ??= bytes;
    results.push(r);
    const wall = (name: string) => results.find((x) => x.layout === name)?.wall_seconds;
    const cpu = (name: string) => results.find((x) => x.layout === name)?.cpu_seconds;
    const ratio = (a?: number, b?: number) => (a && b ? Number((a / b).toFixed(2)) : null);
    const tasks = (results[0].registro_execucao as { tarefas: number }).tarefas;
    await written({
      dias,
      tasks,
      layouts: results,
      speedup_wall: { '1_to_2': ratio(wall('1'), wall('2')), '1_to_4': ratio(wall('1'), wall('4')), local_1_over_spread_1: ratio(wall('local-1'), wall('1')) },
      // the workers' CPU seconds of 2 over 1 worker: what spreading adds in work, which load does not spoil
      cpu_2_over_1: ratio(cpu('2'), cpu('1')),
      results_identical_in_every_layout: results.every((x) => x.result_sha_equal_to_first),
      overhead_per_task: {
        ...overhead,
        spread_1_minus_local_1_wall_seconds_per_task: wall('local-1') && wall('1') ? Number(((wall('1')! - wall('local-1')!) / tasks).toFixed(3)) : null,
      },
    });
  }
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'scale-out',
    measures: 'One RR reception job (4 channels, 9 variants x --replicas) on the PostgreSQL server, run by N `campaign-sim worker` processes of one thread with its tasks spread over them, and by one process running it whole (local-1): wall seconds from submission to concluido and where they went, CPU seconds of the workers and of the server, per-task overheads, and whether every layout stores the same result. The result file is rewritten after each layout.',
    results: ['scale-out.json'],
    options: {
      replicas: { type: 'string', value: 'N', default: '8', check: wholeNumber(), description: 'replicas of each of the 9 variants (tasks = 9 x N)' },
      days: { type: 'string', value: 'LIST', default: '14,180', check: listOf(wholeNumber()), description: 'the horizons in days, one job per horizon and layout' },
      layouts: { type: 'string', value: 'LIST', default: '1,2,4,local-1', check: listOf(WORKER_LAYOUT), description: 'N: N worker processes with the tasks spread over them; local-N: N processes with --tasks local (a job runs whole in the one that claims it)' },
    },
    env: DATABASE_ENV,
  });
  await needPostgres('scale-out', DATABASE_URL, 'DATABASE_URL or TEST_DATABASE_URL');
  const replicas = Number(values.replicas);
  const horizons = values.days.split(',').map(Number);
  const layouts = values.layouts.split(',');
  const schema = `bench_scaleout_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: DATABASE_URL, schema, poolSize: 4 });
  const release = openRelease('v1.0.0');
  const org = await createOrganization(store, { nome: 'bench scale-out' });
  const project = await createProject(store, { organizationId: org.id, nome: 'bench' });
  for (const dias of horizons) await addCredits(store, org.id, quoteSimulation(benchScenario(replicas, dias), release).preco_micros * (layouts.length + 1), 'bench');
  const runs: unknown[] = [];
  try {
    for (const dias of horizons) {
      const k = runs.length;
      await runHorizon(store, project.id, replicas, dias, layouts, async (run) => {
        runs[k] = run;
        const doc = {
          bench: 'scale-out',
          when: new Date().toISOString(),
          machine: { cpus: availableParallelism(), loadavg_1m_end: load() },
          setup: `PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}; RR reception (v1.0.0), 4 channels over the horizon (9 variants) x ${replicas} replicas, per horizon; each layout: N \`campaign-sim worker --threads 1\` processes started (niced with the bench), then the job submitted; wall from submission to concluido (includes each process loading RR's population on its first task); local-1 runs the job whole in one process (--tasks local), the path before spreading`,
          runs,
          target: { speedup_1_to_2: TARGET_SPEEDUP_1_TO_2, on: 'a quiet 2-core machine' },
        };
        process.stderr.write(`${await writeBenchResult('scale-out.json', doc)}\n`);
      });
    }
  } finally {
    await store.close();
    await closePool();
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    try { await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${taskQueueSchema(schema)}" CASCADE`); } finally { await c.end(); }
  }
}

runAsMain(import.meta.url, main);
