// MCP overhead benchmark (issue 14 target): reading a job through the MCP tool get_job must add
// under 2 ms, median, over GET /v1/jobs/{id}. Both go over real HTTP on 127.0.0.1 to one service
// (startServer: embedded PGlite in a fresh temporary directory, no worker, call limits raised so
// one client is not stopped by the burst limit), through the same whole path: burst check, key,
// scope, hourly count, the operation. The MCP side is the SDK's own client (one POST per tool
// call: the server is stateless, so nothing is kept between calls). Calls alternate one at a time
// (API, MCP, API, ...) so both see the same machine load; the first `warmup` of each are dropped.
//   npm run bench:mcp   (or: npm run tsbuild && node dist/bench/mcp.js [--calls 2000] [--warmup 200])
// Writes bench/out/mcp.json (bench/lib/bench-output.ts; BENCH_OUT=bench/results refreshes the committed one).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createDevAccount } from '../service/accounts/dev-account.js';
import { startServer } from '../service/server.js';
import { writeBenchResult } from './lib/bench-output.js';
import { httpScenario } from '../test/fixtures/scenarios.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';

export const TARGET_MEDIAN_OVERHEAD_MS = 2;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { median_ms: r(quantile(s, 0.5)), p90_ms: r(quantile(s, 0.9)), p99_ms: r(quantile(s, 0.99)), calls: s.length };
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'mcp',
    measures: 'What reading a job through the MCP tool get_job adds over GET /v1/jobs/{id} (target: under 2 ms, median), both over HTTP on 127.0.0.1 to one service with the embedded store, calls alternating one at a time.',
    results: ['mcp.json'],
    options: {
      calls: { type: 'string', value: 'N', default: '2000', check: wholeNumber(), description: 'measured calls of each kind' },
      warmup: { type: 'string', value: 'N', default: '200', check: wholeNumber(0), description: 'calls of each kind made first and not counted' },
    },
  });
  const calls = Number(values.calls);
  const warmup = Number(values.warmup);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mcp-'));
  const raised = 1_000_000_000;
  const server = await startServer({
    port: 0, dataDir, worker: false, print: () => {},
    rateLimits: { perKeyPerHour: raised, perOrganizationPerHour: raised, burstPerCredential: raised, burstPerAddress: raised },
  });
  let client: Client | undefined;
  try {
    const key = (await createDevAccount(server.store)).apiKey;
    const headers = { authorization: `Bearer ${key}` };
    const submitted = await fetch(`${server.url}/v1/jobs`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'bench-mcp' },
      body: JSON.stringify({ pedido: httpScenario({ nome: 'Benchmark MCP' }) }),
    });
    if (submitted.status !== 201 && submitted.status !== 200) throw new Error(`submit answered ${submitted.status}: ${await submitted.text()}`);
    const id = ((await submitted.json()) as { id: string }).id;

    client = new Client({ name: 'bench-mcp', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));

    const api: number[] = [];
    const mcp: number[] = [];
    const loadBefore = loadavg()[0];
    for (let i = 0; i < warmup + calls; i++) {
      let t0 = performance.now();
      const res = await fetch(`${server.url}/v1/jobs/${id}`, { headers });
      await res.json();
      const tApi = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET /v1/jobs/{id} answered ${res.status}`);
      t0 = performance.now();
      const r = await client.callTool({ name: 'get_job', arguments: { job_id: id } });
      const tMcp = performance.now() - t0;
      if (r.isError) throw new Error(`get_job refused: ${JSON.stringify(r.content)}`);
      if (i >= warmup) { api.push(tApi); mcp.push(tMcp); }
    }
    const http = summary(api);
    const tool = summary(mcp);
    const overhead = Math.round((tool.median_ms - http.median_ms) * 1000) / 1000;
    const result = {
      suite: 'mcp',
      what: 'median latency of reading one job: MCP tool get_job (SDK client, Streamable HTTP, stateless server) vs GET /v1/jobs/{id}, alternating, one call at a time, embedded store',
      http_get_job: http,
      mcp_get_job: tool,
      median_overhead_ms: overhead,
      target: { median_overhead_ms_below: TARGET_MEDIAN_OVERHEAD_MS },
      met: overhead < TARGET_MEDIAN_OVERHEAD_MS,
      warmup,
      node: process.version,
      machine: { cpus: availableParallelism(), model: cpus()[0]?.model ?? 'unknown', loadavg_1m_before: loadBefore, loadavg_1m_after: loadavg()[0] },
      measured_at: new Date().toISOString(),
    };
    await writeBenchResult('mcp.json', result);
    process.stdout.write(`GET /v1/jobs/{id}: median ${http.median_ms} ms; MCP get_job: median ${tool.median_ms} ms; overhead ${overhead} ms (target < ${TARGET_MEDIAN_OVERHEAD_MS}): ${result.met ? 'met' : 'NOT met'}\n`);
  } finally {
    await client?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runAsMain(import.meta.url, main);
