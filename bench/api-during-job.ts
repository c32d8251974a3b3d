// The API while the in-process worker starts an SP job (issue 15, defect 5): loading and merging
// São Paulo's 46 million persons once ran on the API's thread and blocked every request for 7 to
// 13 s. The service (embedded store, in-process worker with one simulation thread, call limits
// raised) runs in a child process; GET /v1/jobs/{id} is measured with autocannon from the moment
// the SP job is submitted until it has been running for a while. Target: p99 < 50 ms. Then the
// child gets SIGTERM with the job running: the time until it exits, and the job's end, are
// reported (the job must end falhou within 5 s, refunded).
//   npm run bench:api-during-job   (or: npm run tsbuild && node dist/bench/api-during-job.js [--duration 20])
// The first run builds SP's population cache file (minutes); later runs read it. Writes
// bench/out/api-during-job.json (bench/lib/bench-output.ts; BENCH_OUT=bench/results refreshes the committed one).
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { openStore } from '../service/store/open-store.js';
import { startServer } from '../service/server.js';
import { parseBenchArgs, positiveNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { waitForService } from './lib/wait-for-service.js';
import { runBenchWithServiceChild, withServiceChild } from './lib/service-child.js';

export const TARGET_P99_MS = 50;

/** SP adoption, 14 days, 1 replica: small in days, the largest population of one UF. */
const SP_SCENARIO = {
  versao_contrato: 3, release: 'v1.2.0', familia: 'adocao', geografia: { ufs: ['SP'] }, lancamento: { dia: 1, cenario_base: 'pix' },
  horizonte: { data_inicio: '2026-01-05', dias: 14 }, replicas: 1, grupo_comparacao: 'bench-sp', kpis: ['adotantes'], nome: 'Bench SP',
};

async function serve(dataDir: string): Promise<void> {
  const raised = 1_000_000_000;
  const server = await startServer({
    port: 0, dataDir, worker: true, workerThreads: 1,
    rateLimits: { perKeyPerHour: raised, perOrganizationPerHour: raised, burstPerCredential: raised, burstPerAddress: raised },
  });
  process.on('SIGTERM', () => { server.stop().finally(() => process.exit(0)); });
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'api-during-job',
    measures: 'GET /v1/jobs/{id} latency (autocannon, 4 connections) while the in-process worker of a service child process starts an SP adoption job (target p99 < 50 ms), then the time from SIGTERM to its exit and how the running job ended. The first run builds SP\'s population cache file (minutes).',
    results: ['api-during-job.json'],
    options: { duration: { type: 'string', value: 'SECONDS', default: '20', check: positiveNumber, description: 'how long autocannon reads the job' } },
  });
  const duration = Number(values.duration);
  await withServiceChild('campaign-sim-bench-job-', async (child, dataDir) => {
    const { url, key } = await waitForService(child);
    const auth = { authorization: `Bearer ${key}` };
    const jobState = async (id: string) => ((await (await fetch(`${url}/v1/jobs/${id}`, { headers: auth })).json()) as { estado: string }).estado;
    const loadBefore = loadavg()[0];
    const submitted = await fetch(`${url}/v1/jobs`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'bench-sp' }, body: JSON.stringify({ pedido: SP_SCENARIO }),
    });
    if (submitted.status !== 201) throw new Error(`POST /v1/jobs answered ${submitted.status}: ${await submitted.text()}`);
    const job = (await submitted.json()) as { id: string };
    const r = await autocannon({ url: `${url}/v1/jobs/${job.id}`, headers: auth, connections: 4, duration });
    const stateAfter = await jobState(job.id);

    const stopAsked = performance.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const sigtermToExitMs = Math.round(performance.now() - stopAsked);
    const store = await openStore({ dataDir });
    const ended = (await store.query<{ estado: string; motivo_falha: string | null }>('SELECT estado, motivo_falha FROM jobs WHERE id = $1', [job.id])).rows[0];
    await store.close();

    const result = {
      bench: 'api-during-job',
      when: new Date().toISOString(),
      machine: { cpus: availableParallelism(), loadavg_1m_before: loadBefore, loadavg_1m_after: loadavg()[0] },
      setup: 'child process: startServer, embedded store, in-process worker (1 simulation thread); SP adoption job (v1.2.0, 14 days, 1 replica) submitted, then autocannon GET /v1/jobs/{id}, 4 connections',
      seconds: r.duration,
      requests: r.requests.total,
      latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      non_2xx: r.non2xx,
      job_state_after_measure: stateAfter,
      target: { p99_ms: TARGET_P99_MS },
      meets_target: r.latency.p99 < TARGET_P99_MS && r.non2xx === 0,
      sigterm: { to_exit_ms: sigtermToExitMs, job_ended: ended },
    };
    await writeBenchResult('api-during-job.json', result);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  });
}

runBenchWithServiceChild(import.meta.url, serve, main);
