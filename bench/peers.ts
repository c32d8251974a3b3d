// Peer comparison for adoption (issue 16): the engine against what a researcher would use
// instead. (1) The Bass ODE: the mean-field reduction of the adoption model (every layer at the
// population's adopted share, m_i = 1, no damping: p = exp(beta0), q = exp(beta_expo) x the sum
// of the layer weights, from the launch mass), whose distance to the engine's weekly curve says
// what the agents' local contacts add; and the Bass curve fitted to the engine's weekly curve
// (calibration/bass.ts), how well three numbers summarise it. (2) A plain JavaScript agent loop of the same model
// (bench/lib/naive-adoption.ts) on the same population: the speed ratio is engine person-days/s
// over naive person-days/s, both on one thread; its weekly curve checks that it is the same model.
//   npm run tsbuild && node dist/bench/peers.js [--dias 56] [--runs 3]
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { bassShare, fitBass } from '../calibration/bass.js';
import { validateScenario } from '../src/contract/validate-scenario.js';
import { compilePlan } from '../src/plan/compile-plan.js';
import { createPool } from '../src/pool/pool.js';
import { projectPath } from '../src/project-path.js';
import { openRelease } from '../src/release/release.js';
import type { ModelParameters } from '../src/release/types.js';
import { simulate } from '../src/simulate.js';
import { writeBenchResult } from './lib/bench-output.js';
import { naivePersons, runNaiveAdoption } from './lib/naive-adoption.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';

/** Adopted share at the end of each day 1..days: F(1) = f1, then dF/dt = (p + qF)(1 - F) by classical RK4, one step a day. */
function bassOde(p: number, q: number, f1: number, days: number): number[] {
  const dF = (f: number) => (p + q * f) * (1 - f);
  const out = [f1];
  let f = f1;
  for (let d = 2; d <= days; d++) {
    const k1 = dF(f);
    const k2 = dF(f + k1 / 2);
    const k3 = dF(f + k2 / 2);
    const k4 = dF(f + k3);
    f += (k1 + 2 * k2 + 2 * k3 + k4) / 6;
    out.push(f);
  }
  return out;
}

/** Values at the end of each week (day 7, 14, ..., and the last day). */
const weekly = (daily: number[]) => daily.filter((_, d) => (d + 1) % 7 === 0 || d === daily.length - 1);
const maxGapPp = (a: number[], b: number[]) => +Math.max(...a.map((x, i) => Math.abs(x - b[i]) * 100)).toFixed(2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runPeersBench() {
  const { values } = parseBenchArgs({
    name: 'peers',
    measures: 'The engine against what a researcher would use instead, on adoption in RR (v1.0.0, one thread): a plain JavaScript agent loop of the same model (person-days per second, and its weekly curve against the engine\'s), the mean-field Bass ODE, and a Bass curve fitted to the engine\'s weekly curve.',
    results: ['peers.json'],
    options: {
      dias: { type: 'string', value: 'N', default: '56', check: wholeNumber(), description: 'days simulated' },
      runs: { type: 'string', value: 'N', default: '3', check: wholeNumber(), description: 'timed runs of the engine and of the plain loop (the median is reported)' },
    },
  });
  const dias = Number(values.dias);
  const runs = Number(values.runs);
  const carga_antes = loadavg()[0];
  // v1.0.0's adoption (model 1, what the plain loop implements), fixed in bench/scenarios/ so results stay comparable
  const example = JSON.parse(await readFile(projectPath('bench', 'scenarios', 'adocao-rr.json'), 'utf8'));
  const scenario = validateScenario({ ...example, replicas: 1, horizonte: { ...example.horizonte, dias }, grupo_comparacao: 'bench-peers' });
  const release = openRelease(scenario.release);
  const params = release.manifest.parametros_pix as ModelParameters;
  const plan = await compilePlan(scenario, release);
  const pop = await release.population(scenario.geografia.ufs);
  const N = pop.nPersons;

  // The engine on one thread; the first run loads the kernel and copies the population in.
  const pool = createPool({ threads: 1 });
  let engineWeekly: number[] = [];
  const engineSeconds: number[] = [];
  try {
    for (let r = 0; r <= runs; r++) {
      const res = await simulate(scenario, { plan, pool });
      if (r > 0) engineSeconds.push(res.segundos);
      const rep = res.variantes.plano[0];
      const k = rep.medidas.indexOf('adotantes');
      const M = rep.medidas.length;
      engineWeekly = Array.from({ length: rep.semanas }, (_, w) => {
        let s = 0;
        for (let u = 0; u < rep.unidades.length; u++) s += rep.serie[(u * rep.semanas + w) * M + k];
        return s / N;
      });
    }
  } finally {
    await pool.close();
  }
  const engineRate = (N * dias) / median(engineSeconds);

  // the plain loop `runs` times too, each on fresh persons: its median, as the engine's
  let naiveDaily: number[] = [];
  const naiveTimes: number[] = [];
  for (let r = 0; r < runs; r++) {
    const persons = naivePersons(pop, plan.kernel.mult);
    const t0 = performance.now();
    naiveDaily = runNaiveAdoption(pop, persons, params, dias);
    naiveTimes.push((performance.now() - t0) / 1000);
  }
  const naiveSeconds = median(naiveTimes);
  const naiveRate = (N * dias) / naiveSeconds;

  const w = params.pesos_canais;
  const p = Math.exp(params.beta0);
  const q = Math.exp(params.beta_expo) * (w.domicilio + w.vizinhanca + w.estabelecimento + w.digital);
  const f1 = naiveDaily[0] / N;
  const t1 = performance.now();
  const reps = 1000;
  let bass: number[] = [];
  for (let i = 0; i < reps; i++) bass = bassOde(p, q, f1, dias);
  const bassSeconds = (performance.now() - t1) / 1000 / reps;

  const spans = engineWeekly.map((_, k): [number, number] => [7 * k + 1, Math.min(7 * (k + 1), dias)]);
  const fit = fitBass({ values: [engineWeekly], spans, medida: 'acumulado' });
  const fitted = spans.map(([, end]) => fit.m[0] * bassShare(fit.p, fit.q, end));

  const result = {
    bench: 'peers',
    when: new Date().toISOString(),
    node: process.version,
    cenario: { exemplo: 'bench/scenarios/adocao-rr.json', release: scenario.release, ufs: scenario.geografia.ufs, pessoas: N, dias, threads: 1 },
    motor: {
      segundos: +median(engineSeconds).toFixed(3), pessoa_dias_por_segundo: Math.round(engineRate),
      adotantes_por_semana: engineWeekly.map((x) => +x.toFixed(4)),
    },
    ingenuo: {
      descricao: 'plain JavaScript: one object per person, counts recounted daily, Math.random() per non-adopter per day (bench/lib/naive-adoption.ts)',
      segundos: +naiveSeconds.toFixed(3), pessoa_dias_por_segundo: Math.round(naiveRate),
      adotantes_por_semana: weekly(naiveDaily).map((x) => +(x / N).toFixed(4)),
      maior_diferenca_semanal_pp_contra_motor: maxGapPp(weekly(naiveDaily).map((x) => x / N), engineWeekly),
    },
    bass: {
      descricao: 'mean-field Bass ODE (RK4, daily): p = exp(beta0), q = exp(beta_expo) x (domicilio + vizinhanca + estabelecimento + digital), from the launch mass',
      p: +p.toPrecision(4), q: +q.toPrecision(4), segundos: +bassSeconds.toPrecision(3),
      adotantes_por_semana: weekly(bass).map((x) => +x.toFixed(4)),
      maior_diferenca_semanal_pp_contra_motor: maxGapPp(weekly(bass), engineWeekly),
      ajustada_ao_motor: {
        descricao: 'Bass curve m F(t) fitted to the engine\'s weekly curve (calibration/bass.ts, fitBass)',
        p: +fit.p.toPrecision(4), q: +fit.q.toPrecision(4), m: +fit.m[0].toFixed(4),
        adotantes_por_semana: fitted.map((x) => +x.toFixed(4)),
        maior_diferenca_semanal_pp_contra_motor: maxGapPp(fitted, engineWeekly),
      },
    },
    razoes: {
      motor_sobre_ingenuo_pessoa_dias_por_segundo: +(engineRate / naiveRate).toFixed(1),
      motor_segundos_sobre_bass_segundos: Math.round(median(engineSeconds) / bassSeconds),
    },
    maquina: { cpus: cpus().length, modelo: cpus()[0]?.model ?? '', carga_1min_antes: carga_antes, carga_1min_depois: loadavg()[0] },
  };
  const file = await writeBenchResult('peers.json', result);
  process.stdout.write(
    `engine ${(engineRate / 1e6).toFixed(1)} M person-days/s, naive JS ${(naiveRate / 1e6).toFixed(2)} M: ${result.razoes.motor_sobre_ingenuo_pessoa_dias_por_segundo}x; ` +
      `naive vs engine weekly gap ${result.ingenuo.maior_diferenca_semanal_pp_contra_motor} pp; ` +
      `mean-field Bass ODE gap ${result.bass.maior_diferenca_semanal_pp_contra_motor} pp, Bass fitted to the engine ${result.bass.ajustada_ao_motor.maior_diferenca_semanal_pp_contra_motor} pp -> ${file}\n`,
  );
  return result;
}

runAsMain(import.meta.url, runPeersBench);
