// Latency of the municipality context routes over HTTP (issue 17 target: every route under 50 ms
// p99 for the municipalities of Roraima after the first read): GET /v1/municipios/{codigo}/perfil,
// /setores (and its summary, limite=0), /setores/nomes, /setores/geometria, /chuva and /saude,
// each over real HTTP on 127.0.0.1 to one service (startServer: embedded PGlite in a fresh
// temporary directory, no worker, call limits raised so one client is not stopped by the burst
// limit), through the whole path: burst check, key, scope, hourly count, the operation, the
// serialisation. One call at a time with a keep-alive connection; for each of the 15 RR
// municipalities one first read of every route (reported apart), then --reps rounds in which the
// routes alternate, so a burst of load from other processes hits them alike. The time is to the
// last byte of the body as sent (the geometry's gzip bytes are not inflated: a client's own cost).
//   npm run bench:context-http [-- --reps 100]
// Writes bench/out/context-http.json (bench/lib/bench-output.ts; BENCH_OUT=bench/results refreshes the committed one).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { loadMunicipalities } from '../src/release/data-files.js';
import { createDevAccount } from '../service/accounts/dev-account.js';
import { startServer } from '../service/server.js';
import { writeBenchResult } from './lib/bench-output.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';

export const TARGET_P99_MS = 50;

/** Each measured route: its path after /v1/municipios/{codigo}. */
const ROUTES: Record<string, string> = {
  perfil: '/perfil',
  setores: '/setores',
  setores_resumo: '/setores?limite=0',
  setores_nomes: '/setores/nomes',
  setores_geometria: '/setores/geometria',
  chuva: '/chuva',
  saude: '/saude',
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const ms = (x: number) => Number(x.toFixed(3));

/** One GET on the keep-alive agent: status, body bytes as sent, milliseconds to the last byte. */
function timedGet(agent: http.Agent, url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - t0 }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

export async function runContextHttpBench(reps: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-context-http-'));
  const raised = 1_000_000_000;
  const server = await startServer({
    port: 0, dataDir, worker: false, print: () => {},
    rateLimits: { perKeyPerHour: raised, perOrganizationPerHour: raised, burstPerCredential: raised, burstPerAddress: raised },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const headers = { authorization: `Bearer ${(await createDevAccount(server.store)).apiKey}`, 'accept-encoding': 'gzip' };
    const municipios = loadMunicipalities().filter((m) => m.uf === 'RR').map((m) => m.codigo);
    const times = new Map(Object.keys(ROUTES).map((r) => [r, [] as number[]]));
    const first = new Map(Object.keys(ROUTES).map((r) => [r, [] as number[]]));
    const bytes = new Map(Object.keys(ROUTES).map((r) => [r, 0]));
    const get = async (codigo: string, route: string) => {
      const res = await timedGet(agent, `${server.url}/v1/municipios/${codigo}${ROUTES[route]}`, headers);
      if (res.status !== 200) throw new Error(`${route} of ${codigo} answered ${res.status}`);
      bytes.set(route, Math.max(bytes.get(route)!, res.bytes));
      return res.ms;
    };
    const carga = loadavg()[0];
    for (const codigo of municipios) {
      for (const route of Object.keys(ROUTES)) first.get(route)!.push(await get(codigo, route));
      for (let i = 0; i < reps; i++) for (const route of Object.keys(ROUTES)) times.get(route)!.push(await get(codigo, route));
    }
    const resultados: Record<string, unknown> = {};
    for (const [route, t] of times) {
      t.sort((a, b) => a - b);
      resultados[route] = {
        chamadas: t.length, p50_ms: ms(quantile(t, 0.5)), p99_ms: ms(quantile(t, 0.99)), max_ms: ms(t[t.length - 1]),
        primeira_leitura_max_ms: ms(Math.max(...first.get(route)!)), maior_resposta_bytes: bytes.get(route),
        abaixo_da_meta_p99: quantile(t, 0.99) < TARGET_P99_MS,
      };
    }
    return {
      bench: 'context-http',
      quando: new Date().toISOString(),
      maquina: {
        cpus: availableParallelism(), modelo: cpus()[0]?.model ?? 'unknown', carga_1min_antes: Number(carga.toFixed(2)), carga_1min_depois: Number(loadavg()[0].toFixed(2)),
        aviso: 'measured on a machine shared with other work; compare the load with cpus',
      },
      configuracao: {
        municipios: municipios.length, repeticoes_por_municipio: reps, meta_p99_ms: TARGET_P99_MS,
        servico: 'startServer in this process, embedded PGlite (temporary directory), no worker, call limits raised; one keep-alive connection, one call at a time, routes alternating',
        medida: 'request sent to the last byte of the body received (geometria: gzip bytes, not inflated); first reads reported apart',
      },
      resultados,
    };
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'context-http',
    measures: 'Latency of the municipality context routes over HTTP (GET /v1/municipios/{codigo}/perfil, setores, setores?limite=0, setores/nomes, setores/geometria, chuva, saude) to one service on 127.0.0.1 with the embedded store, one call at a time: one first read of each, then --reps rounds of the routes alternating, for the 15 municipalities of Roraima; target p99 < 50 ms after the first read.',
    results: ['context-http.json'],
    options: { reps: { type: 'string', value: 'N', default: '100', check: wholeNumber(), description: 'rounds of every route per municipality after the first read' } },
  });
  const result = await runContextHttpBench(Number(values.reps));
  await writeBenchResult('context-http.json', result);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

runAsMain(import.meta.url, main);
