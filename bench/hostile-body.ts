// Hostile bodies posted in a loop while another client reads; one run per form:
// - deep: the 29 MB body of issue 32 (defect 1), `{"pedido":` + 14.5 M `[` + 14.5 M `]` + `}`,
//   once with a results:read key (refused before the body is read) and once with a simulate key
//   (read, then refused at its 65th bracket). Before that fix one such body held the event loop
//   for 7.1 s (/mcp: 5.4 s);
// - shallow (issue 54, item 2), with a simulate key: 7 M `{}` (21 MB), refused at the route's
//   limit of objects and arrays, and 150,000 rows of 133 bytes (20 MB) within every limit, parsed
//   a slice at a time; before, 7 M `{}` held JSON.parse 3.7 s and one such body made others wait
//   6.6 s;
// - a valid calibration request of 126,000 rows (RR, 5 axes), quoted: the body parsed in slices,
//   then checked, hashed and quoted;
// - junk bearers (issue 54, item 4): 1 MiB of `{}` to /mcp under a fresh `Bearer junk-<random>`
//   each, three at once; before, each was parsed (others at p50 135 ms, p99 418 ms).
// Each body goes to /v1/calibracoes/estimate (as its serie) and to /mcp (as the pad of a
// tools/list, a method not counted against the hourly budget). The service (embedded store, call
// limits raised) runs in a child process, the attacker in a worker thread; autocannon measures
// another key's GET /v1/whoami meanwhile, from the attacker's first request on. Target: p99 <
// 50 ms in every run. The service's own event-loop delay over the run is given beside it: on a
// loaded machine the client's threads (autocannon, the attacker) share the cores, and its
// latency then holds waits that are no fault of the service.
//   npm run bench:hostile-body   (or: npm run tsbuild && node dist/bench/hostile-body.js [--duration 15])
// Writes bench/out/hostile-body.json (BENCH_OUT=bench/results refreshes the committed one).
import { loadavg } from 'node:os';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { projectPath } from '../src/project-path.js';
import { startAttackedService } from './lib/attacked-service.js';
import { parseBenchArgs, positiveNumber } from './lib/bench-args.js';
import { writeTargetRuns } from './lib/bench-output.js';
import { runBenchWithServiceChild, withServiceChild } from './lib/service-child.js';

export const TARGET_P99_MS = 50;
const DEPTH = 14_500_000;
const CALIBRATION = '/v1/calibracoes/estimate';
const MCP = '/mcp';

/** The valid series: RR's 15 municipalities x the example's 6 months x every value of 5 axes (7 x 2 x 5 x 4 x 5). */
const AXES = { grupo_idade: 7, sexo: 2, renda: 5, escolaridade: 4, raca: 5 } as const;
const VALID_ROWS = 15 * 6 * 1400;

type Shape = 'deep' | 'empty-objects' | 'rows' | 'valid-rows' | 'empty-objects-1mib';
type Attacker = 'reader' | 'simulator' | 'junk';

/** The runs: who posts what, to which routes (one loop per route, all at once). */
const FORMS: Array<{ attacker: Attacker; shape: Shape; routes: string[]; what: string }> = [
  { attacker: 'reader', shape: 'deep', routes: [CALIBRATION, MCP], what: `${2 * DEPTH} nested brackets, results:read key` },
  { attacker: 'simulator', shape: 'deep', routes: [CALIBRATION, MCP], what: `${2 * DEPTH} nested brackets, simulate key` },
  { attacker: 'simulator', shape: 'empty-objects', routes: [CALIBRATION, MCP], what: '7,000,000 {} (21 MB), simulate key' },
  { attacker: 'simulator', shape: 'rows', routes: [CALIBRATION, MCP], what: '150,000 rows of 133 bytes (20 MB, within every limit), simulate key' },
  { attacker: 'simulator', shape: 'valid-rows', routes: [CALIBRATION], what: `a valid calibration request (examples/calibracao-rr.json with 5 axes) of ${VALID_ROWS.toLocaleString('en-US')} rows, quoted, simulate key` },
  { attacker: 'junk', shape: 'empty-objects-1mib', routes: [MCP, MCP, MCP], what: '1 MiB of {} under a fresh junk bearer each, three at once' },
];

/** Every row of the valid series (its municipalities read from the release's list of RR). */
async function validRows(): Promise<string> {
  const { openRelease } = await import('../src/release/release.js');
  const municipios = openRelease('v1.0.0').municipalities().filter((m) => m.uf === 'RR').map((m) => m.codigo);
  const rows: string[] = [];
  for (const municipio of municipios) {
    for (const periodo of [202012, 202101, 202102, 202103, 202104, 202105]) {
      for (let k = 0; k < 1400; k++) {
        let rest = k;
        const eixos = Object.entries(AXES).map(([e, n]) => { const v = rest % n; rest = Math.floor(rest / n); return `"${e}": ${v}`; });
        rows.push(`{"periodo": ${periodo}, "municipio": "${municipio}", ${eixos.join(', ')}, "valor": ${1000 + k}}`);
      }
    }
  }
  return `[${rows.join(',\n')}]`;
}

/** The JSON value of a shape. */
function jsonOf(shape: Shape): string {
  switch (shape) {
    case 'deep': return `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
    case 'empty-objects': return `[${'{},'.repeat(6_999_999)}{}]`;
    case 'rows': return `[${Array.from({ length: 150_000 }, (_, i) => `{"periodo": 202401, "municipio": "1400100", "valor": ${100_000 + i}, "nota": "${'x'.repeat(64)}"}`).join(',\n')}]`;
    // the largest that the 1 MiB limit lets in, with the envelope
    case 'empty-objects-1mib': return `[${'{},'.repeat(349_000)}{}]`;
    case 'valid-rows': throw new Error('valid-rows is built by validRows()');
  }
}

/** The body carrying `value` to `route`: the serie of a calibration quote (under `pedido`), or the pad of an MCP tools/list. */
function bodyOf(route: string, value: string, pedido = '{}'): Buffer {
  return Buffer.from(route === MCP ? `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":${value}}}` : `{"pedido":${pedido},"serie":${value}}`);
}

/** examples/calibracao-rr.json declaring the valid series' axes. */
async function validPedido(): Promise<string> {
  const pedido = JSON.parse(await readFile(projectPath('examples', 'calibracao-rr.json'), 'utf8'));
  pedido.serie.declaracao.eixos = Object.keys(AXES);
  return JSON.stringify(pedido);
}

async function serve(dataDir: string): Promise<void> {
  const ready = await startAttackedService(dataDir);
  // SIGUSR2: one line with the event-loop delay since the last one (the bench asks at each run's
  // start and end), and the longest step in CPU time: the process's CPU time between two turns
  // of a 1 ms timer, which a machine too busy to run the process does not lengthen.
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  let lastCpu = process.cpuUsage();
  let longestCpuUs = 0;
  setInterval(() => {
    const cpu = process.cpuUsage();
    longestCpuUs = Math.max(longestCpuUs, cpu.user + cpu.system - lastCpu.user - lastCpu.system);
    lastCpu = cpu;
  }, 1).unref();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    process.stdout.write(`${JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), longest_step_cpu: Math.round(longestCpuUs / 100) / 10 })}\n`);
    delay.reset();
    longestCpuUs = 0;
  });
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

/** Posts `body` to `route` in a loop while `running()`, under `key()`; counts the answers by status. */
async function attack(url: string, route: string, key: () => string, body: Buffer, running: () => boolean): Promise<{ route: string; sent: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  let sent = 0;
  while (running()) {
    const res = await fetch(`${url}${route}`, {
      method: 'POST', body,
      headers: { authorization: `Bearer ${key()}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    }).catch(() => null);
    const status = res ? String(res.status) : 'reset';
    await res?.arrayBuffer().catch(() => undefined);
    statuses[status] = (statuses[status] ?? 0) + 1;
    sent += 1;
  }
  return { route, sent, statuses };
}

interface AttackOrder { url: string; key: string | null; shape: Shape; routes: string[]; seconds: number }

/**
 * The attacker, in a worker thread of its own: uploading 29 MB bodies in the event loop of the
 * victim's client (autocannon) would count the attacker's own work as the service's latency.
 * Without a key: a fresh junk bearer at each request.
 */
async function attackFor({ url, key, shape, routes, seconds }: AttackOrder) {
  const value = shape === 'valid-rows' ? await validRows() : jsonOf(shape);
  const pedido = shape === 'valid-rows' ? await validPedido() : undefined;
  const bodies = routes.map((route) => bodyOf(route, value, pedido));
  parentPort?.postMessage('started');
  const until = Date.now() + seconds * 1000;
  const credential = () => key ?? `junk-${Math.random().toString(36).slice(2)}`;
  return Promise.all(routes.map((route, i) => attack(url, route, credential, bodies[i], () => Date.now() < until)));
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'hostile-body',
    measures: 'GET /v1/whoami latency of one key (autocannon, target p99 < 50 ms) while hostile bodies are posted in a loop to /v1/calibracoes/estimate and /mcp: 29 MB of nested brackets (a results:read key, then a simulate key), 7 M {} and 150,000 rows of 20 MB (a simulate key), 1 MiB of {} under fresh junk bearers; the service runs in a child process, the attacker in a worker thread.',
    results: ['hostile-body.json'],
    options: { duration: { type: 'string', value: 'SECONDS', default: '15', check: positiveNumber, description: 'length of each run' } },
  });
  const duration = Number(values.duration);
  await withServiceChild('campaign-sim-bench-hostile-', async (child) => {
    // the child's stdout, line by line: its address and keys, then the event-loop delays asked for
    const lines: string[] = [];
    let waiting: ((line: string) => void) | null = null;
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n')) {
        const line = text.slice(0, end);
        text = text.slice(end + 1);
        if (!line.startsWith('{')) continue;
        if (waiting) waiting(line);
        else lines.push(line);
        waiting = null;
      }
    });
    const exited = new Promise<never>((_resolve, reject) => child.on('exit', (code) => reject(new Error(`the service exited with ${code}`))));
    const nextLine = async () => JSON.parse(lines.shift() ?? await Promise.race([new Promise<string>((resolve) => { waiting = resolve; }), exited]));
    const serviceDelay = async () => { child.kill('SIGUSR2'); return await nextLine() as { p50: number; p99: number; max: number; longest_step_cpu: number }; };
    const ready = await nextLine() as { url: string; reader: string; simulator: string; victim: string };
    const runs = [];
    for (const form of FORMS) {
      const key = form.attacker === 'junk' ? null : ready[form.attacker];
      const attacker = new Worker(new URL(import.meta.url), { workerData: { url: ready.url, key, shape: form.shape, routes: form.routes, seconds: duration } satisfies AttackOrder });
      await once(attacker, 'message');
      const attacks = once(attacker, 'message').then(([result]) => result as Awaited<ReturnType<typeof attackFor>>);
      const loadBefore = loadavg()[0];
      await serviceDelay();
      const r = await autocannon({ url: `${ready.url}/v1/whoami`, headers: { authorization: `Bearer ${ready.victim}` }, connections: 2, duration });
      const eventLoopDelay = await serviceDelay();
      runs.push({
        attacker_key: form.attacker,
        body: form.what,
        attacks: await attacks,
        victim: { requests: r.requests.total, latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max }, non_2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts },
        service_event_loop_delay_ms: eventLoopDelay,
        loadavg_1m: { before: loadBefore, after: loadavg()[0] },
        meets_target: r.latency.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0,
      });
    }
    await writeTargetRuns('hostile-body', `child process: buildApp on the embedded store, call limits raised; each run posts one form of body in a loop to /v1/calibracoes/estimate (as {"pedido":{},"serie":<value>}) and to /mcp (as the pad of a tools/list) from a worker thread, while autocannon (2 connections, ${duration} s) reads GET /v1/whoami with another key`, TARGET_P99_MS, runs);
  });
}

if (isMainThread) runBenchWithServiceChild(import.meta.url, serve, main);
else void attackFor(workerData as AttackOrder).then((result) => parentPort?.postMessage(result));
