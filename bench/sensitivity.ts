// A Morris screening of 8 reception parameters on RR (issue 57's target: under 10 minutes on 2
// threads): examples/recepcao-rr.json as shipped, sensitivity() with its defaults (10
// trajectories on a 4-level grid, the plan alone, the example's replicas), each parameter over an
// interval around its default. Writes bench/out/sensitivity.json: wall and CPU seconds (this
// process: the pool's worker threads included), the runs, the load average, and the ranking.
//   npm run bench:sensitivity [-- --trajetorias 10 --threads 2]
import { readFile } from 'node:fs/promises';
import { cpuUsage } from 'node:process';
import { closePool } from '../src/pool/pool.js';
import { projectPath } from '../src/project-path.js';
import { sensitivity, type SensitivityRanges } from '../src/research/sensitivity.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { runAsMain } from './lib/run-as-main.js';

const EXAMPLE = 'examples/recepcao-rr.json';
/** The target, seconds of wall time on 2 threads. */
const TARGET_SECONDS = 600;

/** The 8 parameters: the reception defaults (beta0 and beta_expo -1.204, conversao_social 0.5, gamma_celulas 0.3, the layer weights) within about a half to twice. */
const RANGES: SensitivityRanges = {
  beta0: [-2, -0.5],
  beta_expo: [-2, -0.5],
  conversao_social: [0.25, 1],
  gamma_celulas: [0, 0.6],
  'pesos_canais.domicilio': [0.5, 1.5],
  'pesos_canais.estabelecimento': [0.35, 1.05],
  'pesos_canais.vizinhanca': [0.15, 0.45],
  'pesos_canais.digital': [0.2, 0.6],
};

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'sensitivity',
    measures: `A Morris screening of ${Object.keys(RANGES).length} reception parameters (${Object.keys(RANGES).join(', ')}) on ${EXAMPLE}: sensitivity() with the plan alone, wall and CPU seconds against the target of ${TARGET_SECONDS / 60} minutes on 2 threads, and the ranking per KPI.`,
    results: ['sensitivity.json'],
    options: {
      trajetorias: { type: 'string', value: 'N', default: '10', check: wholeNumber(2), description: 'Morris trajectories (each 9 runs)' },
      threads: { type: 'string', value: 'N', default: '2', check: wholeNumber(1), description: 'worker threads' },
    },
  });
  const scenario = JSON.parse(await readFile(projectPath(EXAMPLE), 'utf8'));
  const trajetorias = Number(values.trajetorias);
  const threads = Number(values.threads);
  const t0 = performance.now();
  const cpu0 = cpuUsage();
  const result = await sensitivity(scenario, RANGES, {
    metodo: 'morris', trajetorias, threads,
    onPoint: (p, n) => process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0)} s] run ${p} of ${n}\n`),
  });
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuUsage(cpu0);
  await closePool();
  const runs = new Set(result.pontos.map((p) => p.ponto)).size;
  const path = await writeBenchResult('sensitivity.json', {
    cenario: EXAMPLE, release: scenario.release, replicas: scenario.replicas, metodo: result.metodo, trajetorias, niveis: 4, threads,
    faixas: RANGES, execucoes: runs,
    segundos_parede: Number(wall.toFixed(1)), segundos_cpu: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
    segundos_por_execucao: Number((wall / runs).toFixed(2)),
    meta_segundos: TARGET_SECONDS, dentro_da_meta: wall < TARGET_SECONDS,
    linhas: result.linhas.map((r) => ({ kpi: r.kpi, posto: r.posto, parametro: r.parametro, mu_estrela: Math.round(r.mu_estrela!), sigma: Math.round(r.sigma!), media_kpi: Math.round(r.media_kpi) })),
  });
  process.stdout.write(`sensitivity: ${runs} runs in ${wall.toFixed(0)} s wall (target ${TARGET_SECONDS} s), ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU; ${path}\n`);
}

runAsMain(import.meta.url, main);
