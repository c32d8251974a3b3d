// A calibration spread over worker processes (issue 36, docs/service-data.md "One job across
// many machines"): a small RR calibration (grid of 3 beta0 values: 3 + 2 + 1 = 6 rounds, 4
// replicas a round; 120 days, and 365) on the PostgreSQL server, run by 1 and 2 `campaign-sim worker`
// processes of one thread with its rounds' replicas as tasks (pg-boss), and by 1 process running
// it whole (--tasks local). Measured per layout: wall seconds from submission to concluido, CPU
// seconds of the worker processes (utime + stime of every thread, /proc) and per round, the
// load, registro.execucao, and whether the stored result is the same bytes in every layout (each
// layout in a project of its own: the verdict's attempt number counts the project's earlier
// calibrations of the same series). The spread layouts' CPU over local-1's is what spreading adds
// (the owner's thread compiles every round's plan as local does, the task thread compiles it
// again; counts deflated, stored, read): load does not spoil it, as it spoils the wall.
//   npm run tsbuild && node dist/bench/calibration-scale-out.js [--days 120,365] [--layouts local-1,1,2]
// Writes bench/out/calibration-scale-out.json (BENCH_OUT=bench/results refreshes the committed one).
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { quoteCalibration, validateCalibrationRequest } from '../calibration/index.js';
import { createOrganization, createProject } from '../service/accounts/accounts.js';
import { addCredits } from '../service/accounts/ledger.js';
import { liveWorkers } from '../service/execution/fleet.js';
import { createJob, getJob } from '../service/jobs/jobs.js';
import { readStoredResult } from '../service/jobs/results.js';
import { taskQueueSchema } from '../service/execution/task-queue.js';
import { openStore, type Store } from '../service/store/open-store.js';
import { openRelease } from '../src/release/release.js';
import { calibrationPeriods, calibrationRequest } from '../test/fixtures/scenarios.js';
import { writeBenchResult } from './lib/bench-output.js';
import { listOf, oneOf, parseBenchArgs } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';
import { cpuSeconds, DATABASE_ENV, DATABASE_URL, startWorker, WORKER_LAYOUT } from './scale-out.js';
import { needPostgres } from './lib/need-postgres.js';

const load = () => Number(loadavg()[0].toFixed(2));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 2) => Number(x.toFixed(d));

/** The bench's calibration: RR from 2021-01-01 over `months` months (the last one the holdout), beta0 on a grid of 3, 4 replicas a round. */
function benchBody(months: number) {
  const rr = openRelease('v1.0.0').municipalities('RR');
  return validateCalibrationRequest({
    pedido: calibrationRequest({
      cenario: { horizonte: { data_inicio: '2021-01-01', dias: 365 }, grupo_comparacao: 'bench-calibration-scale-out' },
      ...calibrationPeriods('mes', [202101, 202100 + months - 1], [202100 + months, 202100 + months]),
      parametros: { beta0: { min: -6, max: -5, passo: 0.5 } },
      busca: { metodo: 'grade', replicas: 4 },
    }),
    serie: rr.flatMap((m) => Array.from({ length: months }, (_, k) => ({ periodo: 202101 + k, municipio: m.codigo, valor: Math.round(m.populacao * 0.03 * (k + 1)) }))),
  });
}

/** Months of the series whose calibration simulates about `dias` days (to the holdout's last day). */
const MONTHS: Record<string, number> = { 120: 4, 365: 12 };

async function runLayout(store: Store, projectId: string, months: number, layout: string, first: Buffer | null) {
  const body = benchBody(months);
  const quote = quoteCalibration(body);
  const tasks = layout.startsWith('local') ? 'local' : 'spread';
  const n = Number(layout.replace('local-', ''));
  const children = await Promise.all(Array.from({ length: n }, (_, k) => startWorker(store.schema, `${layout}-w${k + 1}`, tasks)));
  while (tasks === 'spread' && (await liveWorkers(store)) < n) await sleep(50);
  const cpu0 = children.map((c) => cpuSeconds(c.pid!));
  const loadBefore = load();
  const t0 = performance.now();
  const job = (await createJob(store, { projectId, tipo: 'calibracao', pedido: body, quote, idempotencyKey: `bench-${layout}`, requestHash: layout })).job;
  let done = await getJob(store, projectId, job.id);
  while (done.estado === 'reservado' || done.estado === 'em_execucao') {
    await sleep(200);
    done = await getJob(store, projectId, job.id);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = children.reduce((s, c, k) => s + cpuSeconds(c.pid!) - cpu0[k], 0);
  const loadAfter = load();
  await Promise.all(children.map((c) => new Promise((r) => { c.once('exit', r); c.kill('SIGTERM'); })));
  if (done.estado !== 'concluido') throw new Error(`layout ${layout}: the job ended ${done.estado}: ${String(done.registro.motivo)}`);
  const bytes = Buffer.from((await readStoredResult(store, projectId, job.id)).dados);
  process.stderr.write(`${quote.dias} days, ${layout}: ${round(wall)} s wall, ${round(cpu)} CPU s, load ${loadBefore} -> ${loadAfter}\n`);
  return {
    bytes,
    r: {
      dias: quote.dias, layout, workers: n, tasks, rodadas: quote.rodadas, replicas: quote.replicas,
      wall_seconds: round(wall), cpu_seconds: round(cpu), cpu_seconds_per_round: round(cpu / quote.rodadas, 3),
      loadavg_1m_before: loadBefore, loadavg_1m_after: loadAfter, registro_execucao: done.registro.execucao ?? null,
      result_equal_to_first: first === null || first.equals(bytes),
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'calibration-scale-out',
    measures: 'A small RR calibration (grid of 3 beta0 values, 6 rounds of 4 replicas) on the PostgreSQL server, run by N `campaign-sim worker` processes with its rounds\' replicas spread as tasks, or by one process running it whole (local-1): wall seconds to concluido, CPU seconds of the workers, and whether every layout stores the same result bytes.',
    results: ['calibration-scale-out.json'],
    options: {
      days: { type: 'string', value: 'LIST', default: '120,365', check: listOf(oneOf(Object.keys(MONTHS))), description: 'the horizons in days (each 120 or 365: a 4- or 12-month series)' },
      layouts: { type: 'string', value: 'LIST', default: 'local-1,1,2', check: listOf(WORKER_LAYOUT), description: 'N: N worker processes with the tasks spread over them; local-N: N processes with --tasks local (a job runs whole in the one that claims it)' },
    },
    env: DATABASE_ENV,
  });
  await needPostgres('calibration-scale-out', DATABASE_URL, 'DATABASE_URL or TEST_DATABASE_URL');
  const layouts = values.layouts.split(',');
  const horizons = values.days.split(',').map((d) => MONTHS[d]);
  const schema = `bench_calibspread_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: DATABASE_URL, schema, poolSize: 4 });
  const org = await createOrganization(store, { nome: 'bench calibration scale-out' });
  for (const m of horizons) await addCredits(store, org.id, quoteCalibration(benchBody(m)).preco_micros * (layouts.length + 1), 'bench');
  const runs: unknown[] = [];
  try {
    for (const months of horizons) {
      const results: Awaited<ReturnType<typeof runLayout>>['r'][] = [];
      const k = runs.length;
      let first: Buffer | null = null;
      for (const layout of layouts) {
        const project = await createProject(store, { organizationId: org.id, nome: `bench ${months} ${layout}` });
        const { r, bytes } = await runLayout(store, project.id, months, layout, first);
        first ??= bytes;
        results.push(r);
        const cpu = (name: string) => results.find((x) => x.layout === name)?.cpu_seconds;
        const ratio = (a?: number, b?: number) => (a && b ? round(a / b) : null);
        runs[k] = {
          dias: r.dias,
          layouts: results,
          // what spreading adds in work, which load does not spoil
          cpu_spread_1_over_local_1: ratio(cpu('1'), cpu('local-1')),
          cpu_spread_2_over_local_1: ratio(cpu('2'), cpu('local-1')),
          results_identical_in_every_layout: results.every((x) => x.result_equal_to_first),
        };
        process.stderr.write(`${await writeBenchResult('calibration-scale-out.json', {
          bench: 'calibration-scale-out',
          when: new Date().toISOString(),
          machine: { cpus: availableParallelism(), loadavg_1m_end: load() },
          setup: `PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}; RR calibration (v1.0.0), grade over beta0 -6..-5 by 0.5 (6 rounds) x 4 replicas, to the end of a monthly holdout (120 or 365 days); each layout in a project of its own: N \`campaign-sim worker --threads 1\` processes started (niced with the bench), then the job submitted; wall from submission to concluido; local-1 runs it whole in one process (--tasks local)`,
          runs,
        })}\n`);
      }
    }
  } finally {
    await store.close();
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    try { await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${taskQueueSchema(schema)}" CASCADE`); } finally { await c.end(); }
  }
}

runAsMain(import.meta.url, main);
