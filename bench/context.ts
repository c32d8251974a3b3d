// Latency of the municipality context functions (src/context/) that the HTTP routes
// /v1/municipios/{codigo}/{perfil,setores,setores/nomes,setores/geometria,chuva,saude} wrap
// (the routes themselves, over HTTP: bench/context-http.ts):
// for each of the 15 municipalities of Roraima, one first (cold) read, then --reps reads each,
// timing the function and the JSON text a route sends (geometria: its gzip bytes, already made).
// The target of the routes is p99 under 50 ms after the first read.
//   npm run bench:context [-- --reps 200]
// Writes bench/out/context.json (bench/lib/bench-output.ts; BENCH_OUT=bench/results refreshes the committed one). Numbers on a shared machine are contended: see carga_1min_antes.
import { cpus, loadavg } from 'node:os';
import { healthUnits } from '../src/context/health-units.js';
import { municipalityProfile } from '../src/context/municipality-profile.js';
import { municipalityRainfall } from '../src/context/municipality-rainfall.js';
import { municipalityTracts } from '../src/context/municipality-tracts.js';
import { tractGeometry } from '../src/context/tract-geometry.js';
import { tractNames } from '../src/context/tract-names.js';
import { loadMunicipalities } from '../src/release/data-files.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { runAsMain } from './lib/run-as-main.js';

/** What each route does after authentication: the function, then the bytes it sends. */
const ROUTES: Record<string, (codigo: string) => Promise<number>> = {
  perfil: async (c) => JSON.stringify(municipalityProfile(c)).length,
  setores: async (c) => JSON.stringify(municipalityTracts(c)).length,
  setores_resumo: async (c) => JSON.stringify(municipalityTracts(c, { limite: 0 })).length,
  setores_nomes: async (c) => JSON.stringify(tractNames(c)).length,
  setores_geometria: async (c) => (await tractGeometry(c)).gzip.length,
  chuva: async (c) => JSON.stringify(municipalityRainfall(c)).length,
  saude: async (c) => JSON.stringify(healthUnits(c)).length,
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const ms = (x: number) => Number(x.toFixed(3));

export async function runContextBench(reps: number) {
  const carga = loadavg()[0];
  const municipios = loadMunicipalities().filter((m) => m.uf === 'RR').map((m) => m.codigo);
  const resultados: Record<string, unknown> = {};
  for (const [route, call] of Object.entries(ROUTES)) {
    const first: number[] = [];
    const times: number[] = [];
    let maxBytes = 0;
    for (const codigo of municipios) {
      let t0 = performance.now();
      maxBytes = Math.max(maxBytes, await call(codigo));
      first.push(performance.now() - t0);
      for (let i = 0; i < reps; i++) {
        t0 = performance.now();
        await call(codigo);
        times.push(performance.now() - t0);
      }
    }
    times.sort((a, b) => a - b);
    resultados[route] = {
      chamadas: times.length, p50_ms: ms(quantile(times, 0.5)), p99_ms: ms(quantile(times, 0.99)), max_ms: ms(times[times.length - 1]),
      primeira_leitura_max_ms: ms(Math.max(...first)), maior_resposta_bytes: maxBytes, abaixo_de_50ms_p99: quantile(times, 0.99) < 50,
    };
  }
  return {
    bench: 'context',
    quando: new Date().toISOString(),
    maquina: { cpus: cpus().length, modelo: cpus()[0]?.model ?? 'unknown', carga_1min_antes: Number(carga.toFixed(2)), aviso: 'measured on a machine shared with other work; compare carga_1min_antes with cpus' },
    configuracao: { municipios: municipios.length, repeticoes_por_municipio: reps, nota: 'library functions plus JSON.stringify (geometria: gzip bytes built once); no HTTP, auth or rate limit' },
    resultados,
  };
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'context',
    measures: 'Latency of the municipality context functions behind /v1/municipios/{codigo}/... (perfil, setores, nomes, geometria, chuva, saude), without HTTP: one first read, then --reps reads of each, for the 15 municipalities of Roraima; target p99 < 50 ms after the first read.',
    results: ['context.json'],
    options: { reps: { type: 'string', value: 'N', default: '200', check: wholeNumber(), description: 'reads of each function per municipality after the first' } },
  });
  const result = await runContextBench(Number(values.reps));
  await writeBenchResult('context.json', result);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

runAsMain(import.meta.url, main);
