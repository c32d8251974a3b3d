// Issue 54, item 3: one results:read key reading a heavy answer in a loop while another client
// reads. GET /v1/municipios/3550308/setores/nomes (São Paulo's tract names, 7 MB of JSON) was
// rebuilt at each call: two loops from one key (14 calls in 12 s) moved another key's GET
// /v1/whoami from p99 41 ms to 2.8 s. Three attacks, each for --duration seconds while the other
// key reads whoami at a fixed rate (--rate a second, each call sent at its time whatever the
// earlier ones do, over a pool of connections; its latency counted from that time): a closed loop
// such as autocannon's 2 connections waits out a stalled event loop with 2 calls, and reports the
// stall as 2 slow calls among thousands. In this order, after a run without attack (the floor):
//  - cold: one loop over the tract names of the 40 most populous municipalities, each read once
//    (with the cache, every call a build);
//  - repeat-identity: two loops on São Paulo's tract names, Accept-Encoding: identity (the whole
//    7 MB sent each time);
//  - repeat-gzip: the same, taking gzip.
// The service (embedded store) runs in a child process, the attacker in a worker thread. The call
// limits are raised (the victim's loop makes thousands of calls; every client is 127.0.0.1), so
// this measures what an answer costs the service, not the burst limit's weighting of it, which a
// test checks (test/service/routes/heavy-read.test.ts). The release's data are loaded before the
// attacks (a first context read), as on a service that has been up. Target: the victim's p99 < 50 ms.
//   npm run tsbuild && node dist/bench/heavy-read.js [--duration 15]
// Writes bench/out/heavy-read.json (BENCH_OUT=bench/results refreshes the committed one).
import { loadavg } from 'node:os';
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { loadCensusMunicipalRows } from '../src/release/data-files.js';
import { startAttackedService } from './lib/attacked-service.js';
import { parseBenchArgs, positiveNumber, wholeNumber } from './lib/bench-args.js';
import { writeTargetRuns } from './lib/bench-output.js';
import { runBenchWithServiceChild, withServiceChild } from './lib/service-child.js';

export const TARGET_P99_MS = 50;
const SAO_PAULO = '3550308';
const COLD_MUNICIPALITIES = 40;

async function serve(dataDir: string): Promise<void> {
  const { url, reader, victim } = await startAttackedService(dataDir);
  process.stdout.write(`${JSON.stringify({ url, reader, victim })}\n`);
}

interface AttackOrder { url: string; key: string; seconds: number; paths: string[]; loops: number; encoding: 'identity' | 'gzip' }
interface AttackResult { calls: number; bytes: number; statuses: Record<string, number>; latency_ms: { p50: number; max: number } }

/** `loops` loops reading `paths` in turn (each loop from its own offset) until the time is up. */
async function attackFor({ url, key, seconds, paths, loops, encoding }: AttackOrder): Promise<AttackResult> {
  const until = Date.now() + seconds * 1000;
  const pool = new Pool(url, { connections: Math.max(1, loops) });
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  let bytes = 0;
  let next = 0;
  await Promise.all(Array.from({ length: loops }, async () => {
    while (Date.now() < until) {
      const path = paths[next++ % paths.length];
      const t = performance.now();
      // undici's request, which inflates nothing: the attacker's own work stays small (it shares the machine)
      let status = 'reset';
      try {
        const res = await pool.request({ path, method: 'GET', headers: { authorization: `Bearer ${key}`, 'accept-encoding': encoding } });
        for await (const chunk of res.body) bytes += (chunk as Buffer).length;
        status = String(res.statusCode);
      } catch { /* counted as a reset */ }
      times.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }));
  await pool.close();
  times.sort((a, b) => a - b);
  return { calls: times.length, bytes, statuses, latency_ms: { p50: Math.round(times[Math.floor(times.length / 2)] ?? 0), max: Math.round(times.at(-1) ?? 0) } };
}

interface VictimResult { requests: number; latency_ms: { p50: number; p90: number; p99: number; max: number }; non_2xx: number; errors: number }

/** GET /v1/whoami `rate` times a second for `seconds`, each at its time; latency from that time to the end of the answer. */
async function readAtRate(url: string, key: string, rate: number, seconds: number): Promise<VictimResult> {
  const pool = new Pool(url, { connections: 256 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    calls.push(pool.request({ path: '/v1/whoami', method: 'GET', headers: { authorization: `Bearer ${key}` } }).then(async (res) => {
      await res.body.dump();
      if (res.statusCode < 200 || res.statusCode > 299) non2xx += 1;
      latencies.push(performance.now() - due);
    }, () => { errors += 1; }));
  }
  await Promise.all(calls);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requests: latencies.length, latency_ms: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0) }, non_2xx: non2xx, errors };
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'heavy-read',
    measures: 'GET /v1/whoami latency of one key at a fixed rate (target p99 < 50 ms) while another key reads tract names in a loop: cold (the 40 most populous municipalities once each), then two loops on São Paulo\'s 7 MB answer without and with gzip; the service runs in a child process, the attacker in a worker thread.',
    results: ['heavy-read.json'],
    options: {
      duration: { type: 'string', value: 'SECONDS', default: '15', check: positiveNumber, description: 'length of each of the four runs' },
      rate: { type: 'string', value: 'N', default: '100', check: wholeNumber(1), description: 'the other key\'s whoami calls a second' },
    },
  });
  const duration = Number(values.duration);
  const rate = Number(values.rate);
  const largest = [...loadCensusMunicipalRows().values()].sort((a, b) => b.residents - a.residents).slice(0, COLD_MUNICIPALITIES).map((m) => m.codigo);
  const names = (codigo: string) => `/v1/municipios/${codigo}/setores/nomes`;
  const attacks: Array<{ attack: string } & Omit<AttackOrder, 'url' | 'key' | 'seconds'>> = [
    { attack: 'none', paths: [], loops: 0, encoding: 'identity' },
    { attack: 'cold', paths: largest.map(names), loops: 1, encoding: 'identity' },
    { attack: 'repeat-identity', paths: [names(SAO_PAULO)], loops: 2, encoding: 'identity' },
    { attack: 'repeat-gzip', paths: [names(SAO_PAULO)], loops: 2, encoding: 'gzip' },
  ];
  await withServiceChild('campaign-sim-bench-heavy-read-', async (child) => {
    const ready = await new Promise<{ url: string; reader: string; victim: string }>((resolve, reject) => {
      let text = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        text += chunk;
        const line = text.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      child.on('exit', (code) => reject(new Error(`the service exited with ${code} before it was ready`)));
    });
    // the release's data, loaded once by a first context read (Boa Vista: not among the attacked)
    const warm = await fetch(`${ready.url}${names('1400100')}`, { headers: { authorization: `Bearer ${ready.reader}` } });
    await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`the warm-up read answered ${warm.status}`);
    const runs = [];
    for (const { attack, ...order } of attacks) {
      const attacker = new Worker(new URL(import.meta.url), { workerData: { ...order, url: ready.url, key: ready.reader, seconds: duration } satisfies AttackOrder });
      const attacked = once(attacker, 'message').then(([result]) => result as AttackResult);
      const loadBefore = loadavg()[0];
      const victim = await readAtRate(ready.url, ready.victim, rate, duration);
      runs.push({
        attack, attacker: { loops: order.loops, accept_encoding: order.encoding, paths: order.paths.length, ...(await attacked) },
        victim, loadavg_1m: { before: loadBefore, after: loadavg()[0] },
        meets_target: victim.latency_ms.p99 < TARGET_P99_MS && victim.non_2xx === 0 && victim.errors === 0,
      });
    }
    await writeTargetRuns('heavy-read', `child process: buildApp on the embedded store, call limits raised, the release's data loaded by a first read; per run, an attacker key reads for ${duration} s from a worker thread while another key reads GET /v1/whoami ${rate} times a second, each call at its time`, TARGET_P99_MS, runs);
  });
}

if (isMainThread) runBenchWithServiceChild(import.meta.url, serve, main);
else void attackFor(workerData as AttackOrder).then((result) => parentPort?.postMessage(result));
