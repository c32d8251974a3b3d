// Kernel benchmark (issue 4 targets): person-days per second per core of both families on a
// real release UF (RR and a large UF), population load time, scaling from 1 to 2 threads, and
// the full job RR 180 days 4 channels (9 variants) 5 replicas, and (issue 37) the roofline: its memory
// roof (bench/lib/memory-bandwidth.ts, bench/lib/kernel-traffic.ts) and its compute roof
// (bench/lib/compute-roof.ts, bench/lib/kernel-operations.ts), the whole-Brazil task's shape on the
// large UF and the large UF's job on 1 and 2 threads. Writes bench/out/kernel.json (bench/lib/bench-output.ts).
//   npm run bench            (every suite)
//   npm run tsbuild && node dist/bench/kernel.js [--large PA] [--large-days 30] [--scaling-runs 5] [--no-full] [--no-large-job]
// Per core: one kernel instance in this thread, timed by benchmark.js (wall) and by the
// process CPU time over the same runs (the CPU figure is the per-core one on a shared machine).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import Benchmark from 'benchmark';
import { validateScenario } from '../src/contract/validate-scenario.js';
import type { Scenario } from '../src/contract/types.js';
import { KernelInstance } from '../src/kernel/instance.js';
import type { KernelPopulation } from '../src/kernel/kernel-population.js';
import { replicaKey } from '../src/kernel/rng-key.js';
import { modelFor } from '../src/models/model-registry.js';
import { compilePlan } from '../src/plan/compile-plan.js';
import { createPool } from '../src/pool/pool.js';
import { projectPath } from '../src/project-path.js';
import { openRelease } from '../src/release/release.js';
import { UF_CODES, type UfCode } from '../src/release/types.js';
import { simulate } from '../src/simulate.js';
import { runOnInstance } from '../test/fixtures/run-in-thread.js';
import { oneOf, parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';
import { writeBenchResult } from './lib/bench-output.js';
import { adoptionPasses, adoptionRunBytesPerPersonDay, bytesPerPersonDay, receptionPasses } from './lib/kernel-traffic.js';
import { adoptionGatherLines, receptionGatherLines, type GatherLines } from './lib/gather-lines.js';
import { measureMemoryBandwidth, measureRandomAccess } from './lib/memory-bandwidth.js';
import { overUf } from './lib/over-uf.js';
import { bestComputeRoof, measureComputeRoof, measureWholePasses, type ComputeRoof } from './lib/compute-roof.js';
import { adoptionOperations, receptionOperations, type KernelOperations } from './lib/kernel-operations.js';

export const TARGETS = {
  adocao_pessoa_dias_por_segundo_por_nucleo: 100e6,
  recepcao_4_canais_pessoa_dias_por_segundo_por_nucleo: 50e6,
  aceleracao_2_threads: 1.8,
  job_completo_rr_segundos: 60,
  // issue 37, on the large UF (PA, 30 days, 1 thread): per CPU-second, and within 2x of the
  // roofline's bound, read as fracao_do_limite_roofline (both roofs; docs/model.md, "Performance")
  adocao_uf_grande_pessoa_dias_por_segundo_cpu: 250e6,
  recepcao_4_canais_uf_grande_pessoa_dias_por_segundo_cpu: 120e6,
  fracao_minima_do_limite_roofline: 0.5,
  aceleracao_2_threads_job_uf_grande: 1.8,
};

/**
 * The benches' own RR scenarios (bench/scenarios/: the shipped examples as they were before the
 * examples moved to the newest release, v1.0.0, saturating), fixed so results stay comparable.
 */
async function example(file: string): Promise<Scenario> {
  return validateScenario(JSON.parse(await readFile(projectPath('bench', 'scenarios', file), 'utf8')));
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1e6;
};

interface Throughput {
  uf: string;
  familia: string;
  canais: number;
  pessoas: number;
  dias: number;
  execucoes: number;
  segundos_por_execucao: number;
  rme_pct: number;
  pessoa_dias_por_segundo_parede: number;
  pessoa_dias_por_segundo_cpu: number;
  /** Memory traffic per person-day of the kernel's passes (bench/lib/kernel-traffic.ts), on a run's first days. */
  bytes_por_pessoa_dia: number;
  /** Adoption: the mean over the last run, from the days its persons adopted (adoptionRunBytesPerPersonDay). */
  bytes_por_pessoa_dia_execucao?: number;
  bytes_por_tarefa: number;
  /** Random reads of the day's step, in lines (bench/lib/gather-lines.ts), with the L2's size as the cache. */
  linhas_gather: GatherLines;
  /** The population's group share table (f32 per group and the "no group" slot). */
  bytes_tabela_grupos: number;
  /** The unavoidable operations of the last run (bench/lib/kernel-operations.ts): the compute roof's counts. */
  operacoes: KernelOperations;
}

/** A run's unavoidable operations, from its plan and the state its last task left on `kernel`. */
function runOperations(plan: Awaited<ReturnType<typeof compilePlan>>, kernel: KernelInstance): KernelOperations {
  const k = plan.kernel;
  const st = kernel.state();
  if (plan.familia === 'adocao') return adoptionOperations(st.dayA, k.lancamentoDia, k.dias);
  return receptionOperations(
    { dias: k.dias, nChannels: k.nChannels, nCells: k.nCells, cell: k.cell!, afinidade: k.afinidade!, expo: k.params.expo, period: k.params.period },
    { dayA: st.dayA, sday: st.sday!, resp: st.resp!, freq: st.freq! },
  );
}

/** Seconds per person-day of a run's unavoidable operations at the compute roof's costs. */
function computeSeconds(r: Throughput, roof: ComputeRoof): number {
  const o = r.operacoes;
  const risco = r.familia === 'adocao' ? roof.segundos_por_risco_adocao : roof.segundos_por_risco_recepcao;
  return (o.exponenciais * roof.segundos_por_exponencial + o.uniformes * roof.segundos_por_uniforme + o.riscos * risco) / (r.pessoas * r.dias);
}

/** The L2 cache of one core (Linux sysfs), or 1 MiB when the system does not say. */
function l2Bytes(): number {
  try {
    const m = /^(\d+)K$/.exec(readFileSync('/sys/devices/system/cpu/cpu0/cache/index2/size', 'utf8').trim());
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux, or no cache information
  }
  return 2 ** 20;
}

/** The roofline against a run's mean streamed bytes (adoption), or nothing. */
function runBound(bytes: number | undefined, rate: number, triad: number, gatherSeconds: number): { bytes_por_pessoa_dia_execucao?: number; limite_execucao_pessoa_dias_por_segundo?: number; fracao_do_limite_execucao?: number } {
  if (bytes === undefined) return {};
  const limite = 1 / (bytes / triad + gatherSeconds);
  return {
    bytes_por_pessoa_dia_execucao: bytes,
    limite_execucao_pessoa_dias_por_segundo: Math.round(limite),
    fracao_do_limite_execucao: Number((rate / limite).toFixed(3)),
  };
}

const gatherCounts = new Map<string, GatherLines>();

/** The gather lines of a family's step over a kernel population (counted once per population and family: seconds on a large UF). */
function gatherLines(pop: KernelPopulation, familia: string): GatherLines {
  const k = `${pop.id}|${familia}`;
  let g = gatherCounts.get(k);
  if (!g) {
    g = familia === 'adocao' ? adoptionGatherLines(pop, l2Bytes()) : receptionGatherLines(pop, l2Bytes());
    gatherCounts.set(k, g);
  }
  return g;
}

async function perCore(uf: UfCode, scenario: Scenario, dias: number, kernel: KernelInstance): Promise<Throughput> {
  const sc = overUf(scenario, uf, dias);
  const plan = await compilePlan(sc, openRelease(sc.release));
  let runs = 0;
  const fn = () => {
    runOnInstance(kernel, plan.kernelPopulation, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, runs++));
  };
  fn(); // warm-up: population and plan copied in, code tiered up
  runs = 0;
  const c0 = process.cpuUsage();
  const bench = new Benchmark(`${plan.familia} ${uf}`, fn, { minSamples: 3, maxTime: 2, initCount: 1 });
  bench.run({ async: false });
  const cpu = cpuSeconds(c0);
  const pd = plan.population.nPersons * dias;
  const r: Throughput = {
    uf,
    familia: plan.familia,
    canais: plan.canais.length,
    pessoas: plan.population.nPersons,
    dias,
    execucoes: runs,
    segundos_por_execucao: bench.stats.mean,
    rme_pct: Number(bench.stats.rme.toFixed(1)),
    pessoa_dias_por_segundo_parede: Math.round(pd / bench.stats.mean),
    pessoa_dias_por_segundo_cpu: Math.round((pd * runs) / cpu),
    bytes_por_pessoa_dia: Number(bytesPerPersonDay(
      plan.familia === 'adocao' ? adoptionPasses() : receptionPasses(plan.canais.length, dias),
      plan.population.nHouseholds / plan.population.nPersons,
    ).toFixed(1)),
    bytes_por_tarefa: plan.bytesPorTarefa,
    bytes_por_pessoa_dia_execucao: plan.familia === 'adocao'
      ? Number(adoptionRunBytesPerPersonDay(plan.kernelPopulation, kernel.state().dayA, plan.kernel.lancamentoDia, dias).toFixed(1))
      : undefined,
    linhas_gather: gatherLines(plan.kernelPopulation, plan.familia),
    bytes_tabela_grupos: (plan.kernelPopulation.nGroups + 1) * 4,
    operacoes: runOperations(plan, kernel),
  };
  process.stdout.write(`${r.familia} ${uf} (${r.canais} channels): ${(r.pessoa_dias_por_segundo_cpu / 1e6).toFixed(1)} M person-days per CPU-second, ${(r.pessoa_dias_por_segundo_parede / 1e6).toFixed(1)} M per wall second (${runs} runs)\n`);
  return r;
}

export async function runKernelBench() {
  const { values } = parseBenchArgs({
    name: 'kernel',
    measures: 'Person-days per second per core (CPU and wall) of both families on RR and a large UF, population load time, the roofline (memory: bandwidth and random reads; compute: the runs\' draws and hazard updates at their measured best cost), scaling of an RR job from 1 to 2 threads, the full RR job (180 days, 4 channels, 5 replicas) and the large UF\'s job on 1 and 2 threads (twice each, in the order 1, 2, 2, 1). About 8 minutes with every part.',
    results: ['kernel.json'],
    options: {
      large: { type: 'string', value: 'UF', default: 'PA', check: oneOf(UF_CODES), description: 'the large UF measured beside RR' },
      'large-days': { type: 'string', value: 'N', default: '30', check: wholeNumber(), description: 'days of the large UF\'s runs and job' },
      'scaling-runs': { type: 'string', value: 'N', default: '5', check: wholeNumber(), description: 'rounds of the 1- then 2-thread RR job (the speed-up is their median)' },
      'no-full': { type: 'boolean', description: 'skip the full RR job' },
      'no-large-job': { type: 'boolean', description: 'skip the large UF\'s job on 1 and 2 threads (minutes)' },
    },
  });
  const carga_antes = loadavg()[0];
  const release = openRelease('v1.0.0');
  const large = values.large as UfCode;
  const largeDays = Number(values['large-days']);
  const adocao = await example('adocao-rr.json');
  const recepcao = await example('recepcao-rr.json');

  // population load (binary cache; built on first use) and copy into a kernel instance
  const carga: Array<Record<string, number | string>> = [];
  const kernel = await KernelInstance.create();
  // the large UF's kernel population and m_i: the compute roof's hazard loops stream a window of them
  let largePlan: Awaited<ReturnType<typeof compilePlan>> | undefined;
  for (const uf of ['RR', large] as UfCode[]) {
    let t = performance.now();
    const pop = await release.population([uf]);
    const load = (performance.now() - t) / 1000;
    const plan = await compilePlan({ ...adocao, geografia: { ufs: [uf] } }, release);
    t = performance.now();
    kernel.load(modelFor(plan.familia).kernel, plan.kernelPopulation, plan.kernel);
    if (uf === large) largePlan = plan;
    carga.push({ uf, pessoas: pop.nPersons, carga_populacao_segundos: Number(load.toFixed(3)), copia_kernel_segundos: Number(((performance.now() - t) / 1000).toFixed(3)), bytes_por_tarefa: plan.bytesPorTarefa });
  }

  // the compute roof before the kernel runs (and again after them, below: each cost's best is kept)
  const roofBefore = await measureComputeRoof(largePlan!.kernelPopulation, largePlan!.kernel.mult);
  const porNucleo: Throughput[] = [];
  porNucleo.push(await perCore('RR', adocao, 180, kernel));
  porNucleo.push(await perCore('RR', recepcao, 180, kernel));
  porNucleo.push(await perCore(large, adocao, largeDays, kernel));
  porNucleo.push(await perCore(large, recepcao, largeDays, kernel));
  // the whole-Brazil task's shape (bench/shards.ts --brasil: 1 channel, 7 days, about 203 M
  // persons) on the large UF alone: its per-core rate, without the 15 GiB the whole country needs
  const brasilLike: Scenario = { ...recepcao, canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 0.6 }], replicas: 1, kpis: ['alcance'] };
  porNucleo.push(await perCore(large, brasilLike, 7, kernel));

  // Roofline: the memory bandwidth WebAssembly gets over three arrays as large together as the
  // large UF's reception task (its kernel memory), and the person-days per second it would allow
  // each run if the kernel only moved its bytes per person-day (triad: 2 reads per write, about
  // the kernels' mix). fracao_do_limite is the measured CPU rate over that bound. Then the same
  // with the gathers (docs/experiments/kernel-speed.md, "2026-11-26: the gathers counted, and adoption's run-mean bytes"): random reads over a table of the large UF's
  // group-table size (cached beyond the L2) and over one of its adoption task's size (memory); the
  // bound's time per person-day is the streamed bytes at triad plus the gathers that miss the L2
  // at the first rate, those of distinct lines (from memory once a day) at the second. A sum, not
  // a max: one core's stream and gather misses wait for the same few line-fill buffers (the
  // triad of one core is bounded by them, not by the bus), so they queue rather than overlap.
  // The compute roof (docs/experiments/kernel-speed.md, "2026-11-27: the compute roof"): each run's unavoidable operations (its draws and
  // hazard updates, counted from the run's last task) at their best measured cost, in seconds per
  // person-day. The roofline's bound takes the larger of the memory time (the most complete one:
  // streams and gathers, and for adoption the run's mean streamed bytes) and the compute time, as
  // Williams, Waterman and Patterson's roofline does: a kernel could at best overlap the two
  // entirely, so the slower one bounds it, and not their sum.
  const roof = bestComputeRoof(roofBefore, await measureComputeRoof(largePlan!.kernelPopulation, largePlan!.kernel.mult));
  // beside the roofline, not in it: the compute roof's hazard loops in one pass over every person
  // of the large UF, from memory (the best a day's person pass could do over the kernel's arrays)
  const passe = await measureWholePasses(largePlan!.kernelPopulation, largePlan!.kernel.mult);
  const banda = await measureMemoryBandwidth(porNucleo[3].bytes_por_tarefa / 3);
  const aleatorio = {
    tabela_grupos: await measureRandomAccess(porNucleo[2].bytes_tabela_grupos),
    memoria_tarefa: await measureRandomAccess(porNucleo[2].bytes_por_tarefa),
  };
  const roofline = porNucleo.map((r) => {
    const limite = banda.triade_bytes_por_segundo / r.bytes_por_pessoa_dia;
    const g = r.linhas_gather;
    const distintas = Math.min(g.distintas_por_pessoa_dia, g.falhas_por_pessoa_dia);
    const segundosFluxo = r.bytes_por_pessoa_dia / banda.triade_bytes_por_segundo;
    const segundosGather = (g.falhas_por_pessoa_dia - distintas) / aleatorio.tabela_grupos.linhas_independentes_por_segundo
      + distintas / aleatorio.memoria_tarefa.linhas_independentes_por_segundo;
    const limiteComGathers = 1 / (segundosFluxo + segundosGather);
    const segundosMemoria = r.bytes_por_pessoa_dia_execucao === undefined ? segundosFluxo + segundosGather : r.bytes_por_pessoa_dia_execucao / banda.triade_bytes_por_segundo + segundosGather;
    const segundosCalculo = computeSeconds(r, roof);
    const limiteRoofline = 1 / Math.max(segundosMemoria, segundosCalculo);
    return {
      uf: r.uf,
      familia: r.familia,
      bytes_por_pessoa_dia: r.bytes_por_pessoa_dia,
      limite_pessoa_dias_por_segundo: Math.round(limite),
      fracao_do_limite: Number((r.pessoa_dias_por_segundo_cpu / limite).toFixed(3)),
      linhas_gather_falhas_l2_por_pessoa_dia: Number(g.falhas_por_pessoa_dia.toFixed(5)),
      linhas_gather_distintas_por_pessoa_dia: Number(g.distintas_por_pessoa_dia.toFixed(5)),
      nanossegundos_fluxo_por_pessoa_dia: Number((segundosFluxo * 1e9).toFixed(3)),
      nanossegundos_gather_por_pessoa_dia: Number((segundosGather * 1e9).toFixed(3)),
      limite_com_gathers_pessoa_dias_por_segundo: Math.round(limiteComGathers),
      fracao_do_limite_com_gathers: Number((r.pessoa_dias_por_segundo_cpu / limiteComGathers).toFixed(3)),
      // adoption: the run's mean streamed bytes, the gathers still at a first day's count (all left)
      ...runBound(r.bytes_por_pessoa_dia_execucao, r.pessoa_dias_por_segundo_cpu, banda.triade_bytes_por_segundo, segundosGather),
      nanossegundos_memoria_por_pessoa_dia: Number((segundosMemoria * 1e9).toFixed(3)),
      nanossegundos_calculo_por_pessoa_dia: Number((segundosCalculo * 1e9).toFixed(3)),
      limite_calculo_pessoa_dias_por_segundo: Math.round(1 / segundosCalculo),
      // the share of the run's CPU time its unavoidable operations would take at their best
      fracao_do_limite_calculo: Number((r.pessoa_dias_por_segundo_cpu * segundosCalculo).toFixed(3)),
      limite_roofline_pessoa_dias_por_segundo: Math.round(limiteRoofline),
      fracao_do_limite_roofline: Number((r.pessoa_dias_por_segundo_cpu / limiteRoofline).toFixed(3)),
    };
  });
  process.stdout.write(`memory bandwidth (${(banda.bytes_por_array / 2 ** 20).toFixed(0)} MiB arrays): copy ${(banda.copia_bytes_por_segundo / 1e9).toFixed(1)}, triad ${(banda.triade_bytes_por_segundo / 1e9).toFixed(1)}, read ${(banda.leitura_bytes_por_segundo / 1e9).toFixed(1)} GB/s\n`);
  process.stdout.write(`compute roof: uniform ${(roof.segundos_por_uniforme * 1e9).toFixed(2)} ns, Exp(1) ${(roof.segundos_por_exponencial * 1e9).toFixed(2)} ns (one at a time ${(roof.segundos_por_exponencial_uma_a_uma * 1e9).toFixed(2)}, in pairs ${(roof.segundos_por_exponencial_em_pares * 1e9).toFixed(2)}), hazard update: reception ${(roof.segundos_por_risco_recepcao * 1e9).toFixed(2)} ns, adoption ${(roof.segundos_por_risco_adocao * 1e9).toFixed(2)} ns\n`);
  process.stdout.write(`hazard pass over all of ${large} (${(passe.pessoas / 1e6).toFixed(1)} M persons, from memory): reception ${(passe.segundos_por_risco_recepcao * 1e9).toFixed(2)} ns, adoption ${(passe.segundos_por_risco_adocao * 1e9).toFixed(2)} ns per person (${passe.bytes_por_pessoa_adocao} bytes a person: ${(passe.bytes_por_pessoa_adocao / passe.segundos_por_risco_adocao / 1e9).toFixed(1)} GB/s)\n`);
  for (const [name, a] of Object.entries(aleatorio)) process.stdout.write(`random 8-byte reads over ${(a.bytes_tabela / 2 ** 20).toFixed(1)} MiB (${name}): independent ${(a.linhas_independentes_por_segundo / 1e6).toFixed(0)} M, dependent ${(a.linhas_dependentes_por_segundo / 1e6).toFixed(1)} M lines per second\n`);
  for (const r of roofline) {
    const run = r.limite_execucao_pessoa_dias_por_segundo !== undefined && r.fracao_do_limite_execucao !== undefined ? `; with the run's mean ${r.bytes_por_pessoa_dia_execucao} bytes, bound ${(r.limite_execucao_pessoa_dias_por_segundo / 1e6).toFixed(0)} M, at ${(100 * r.fracao_do_limite_execucao).toFixed(0)}%` : '';
    process.stdout.write(`roofline ${r.familia} ${r.uf}: ${r.bytes_por_pessoa_dia} bytes per person-day, bound ${(r.limite_pessoa_dias_por_segundo / 1e6).toFixed(0)} M, at ${(100 * r.fracao_do_limite).toFixed(0)}% of it; with ${r.linhas_gather_falhas_l2_por_pessoa_dia} gather lines per person-day past the L2, bound ${(r.limite_com_gathers_pessoa_dias_por_segundo / 1e6).toFixed(0)} M, at ${(100 * r.fracao_do_limite_com_gathers).toFixed(0)}%${run}; compute ${r.nanossegundos_calculo_por_pessoa_dia} ns per person-day (bound ${(r.limite_calculo_pessoa_dias_por_segundo / 1e6).toFixed(0)} M, ${(100 * r.fracao_do_limite_calculo).toFixed(0)}% of the run's time) against memory ${r.nanossegundos_memoria_por_pessoa_dia} ns: roofline bound ${(r.limite_roofline_pessoa_dias_por_segundo / 1e6).toFixed(0)} M, at ${(100 * r.fracao_do_limite_roofline).toFixed(0)}%\n`);
  }

  // scaling: the same RR reception job (9 variants x 2 replicas x 60 days) on 1 and 2 threads,
  // after one warm-up job per pool (wasm compiled, population copied in each thread), in
  // `scalingRuns` rounds of 1 then 2 threads back to back. The speed of this shared VM drifts over
  // minutes (the same 1-thread job took 8.8 and 11.4 s, with CPU time to match), so the speed-up is
  // the median of the rounds' ratios: the two runs of a round see about the same machine.
  const scaling = { ...overUf(recepcao, 'RR', 60), replicas: 2 };
  const scalingRuns = Number(values['scaling-runs']);
  const pools = new Map([1, 2].map((threads) => [threads, createPool({ threads })]));
  for (const pool of pools.values()) await simulate(scaling, { release, pool });
  const walls = new Map<number, number[]>([[1, []], [2, []]]);
  const cpuTimes = new Map<number, number[]>([[1, []], [2, []]]);
  for (let k = 0; k < scalingRuns; k++) {
    for (const [threads, pool] of pools) {
      const c0 = process.cpuUsage();
      const r = await simulate(scaling, { release, pool });
      const cpu = cpuSeconds(c0);
      walls.get(threads)!.push(Number(r.segundos.toFixed(2)));
      // CPU seconds of all threads: near threads x wall when the cores were really free
      cpuTimes.get(threads)!.push(Number(cpu.toFixed(2)));
      process.stdout.write(`scaling: ${threads} thread(s) ${r.segundos.toFixed(1)} s (${cpu.toFixed(1)} CPU-s) for ${r.pessoa_dias.toLocaleString('en-US')} person-days\n`);
    }
  }
  for (const pool of pools.values()) await pool.close();
  const escala: Record<string, number | number[]> = { rodadas: scalingRuns };
  for (const threads of [1, 2]) {
    escala[`threads_${threads}_segundos`] = walls.get(threads)!;
    escala[`threads_${threads}_cpu_segundos`] = cpuTimes.get(threads)!;
  }
  const ratios = walls.get(1)!.map((w, k) => Number((w / walls.get(2)![k]).toFixed(2)));
  escala.aceleracao_por_rodada = ratios;
  escala.aceleracao = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  process.stdout.write(`scaling: 1 -> 2 threads ${escala.aceleracao}x (median of ${scalingRuns} rounds: ${ratios.join(', ')})\n`);

  let jobCompleto: Record<string, number | boolean> | undefined;
  if (!values['no-full']) {
    const pool = createPool({ threads: 2 });
    const t = performance.now();
    const r = await simulate(recepcao, { release, pool });
    const total = (performance.now() - t) / 1000;
    await pool.close();
    jobCompleto = {
      segundos_simulacao: Number(r.segundos.toFixed(2)), segundos_total: Number(total.toFixed(2)), pessoa_dias: r.pessoa_dias,
      variantes: Object.keys(r.variantes).length, replicas: recepcao.replicas, threads: 2, contatos_partilhados: r.contatosPartilhados,
    };
    process.stdout.write(`full job RR 180 days 4 channels ${recepcao.replicas} replicas: ${r.segundos.toFixed(1)} s simulation, ${total.toFixed(1)} s in all\n`);
  }

  // issue 37: the large UF's job (the reception example over it, largeDays, every variant x 5
  // replicas) on 1 and 2 threads, in the order 1, 2, 2, 1 (minutes per run; the population copy
  // into each thread, about 0.4 s on PA, is inside the first task of each). This VM's speed drifts
  // over minutes, and one run of each, 1 then 2, once gave 1.68x where runs of the same build
  // interleaved gave 1.82x: the mirrored order cancels a steady drift, and the speed-up is the
  // ratio of the two means. Its person-days per CPU-second on 1 thread are a job's, above a lone
  // task's (por_nucleo) when its variants share their media contacts (contatos_partilhados;
  // docs/experiments/scale-out.md, "2026-11-27: a replica's variants share their media contacts").
  let jobUfGrande: Record<string, number | number[] | string | boolean> | undefined;
  if (!values['no-large-job']) {
    const sc = overUf(recepcao, large, largeDays);
    const row: Record<string, number | number[] | string | boolean> = { uf: large, dias: largeDays, replicas: sc.replicas };
    const walls = new Map<number, number[]>([[1, []], [2, []]]);
    const cpuTimes = new Map<number, number[]>([[1, []], [2, []]]);
    for (const threads of [1, 2, 2, 1]) {
      const pool = createPool({ threads });
      const c0 = process.cpuUsage();
      const r = await simulate(sc, { release, pool });
      const cpu = cpuSeconds(c0);
      await pool.close();
      walls.get(threads)!.push(Number(r.segundos.toFixed(1)));
      cpuTimes.get(threads)!.push(Number(cpu.toFixed(1)));
      row.variantes = Object.keys(r.variantes).length;
      row.pessoa_dias = r.pessoa_dias;
      row.contatos_partilhados = r.contatosPartilhados;
      process.stdout.write(`${large} job ${largeDays} days, ${row.variantes} variants x ${sc.replicas} replicas, ${threads} thread(s): ${r.segundos.toFixed(1)} s (${cpu.toFixed(1)} CPU-s)\n`);
    }
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const threads of [1, 2]) {
      row[`threads_${threads}_segundos`] = Number(mean(walls.get(threads)!).toFixed(1));
      row[`threads_${threads}_cpu_segundos`] = Number(mean(cpuTimes.get(threads)!).toFixed(1));
      row[`threads_${threads}_segundos_por_execucao`] = walls.get(threads)!;
      row[`threads_${threads}_cpu_segundos_por_execucao`] = cpuTimes.get(threads)!;
    }
    row.aceleracao = Number(((row.threads_1_segundos as number) / (row.threads_2_segundos as number)).toFixed(2));
    row.pessoa_dias_por_segundo_cpu_1_thread = Math.round((row.pessoa_dias as number) / (row.threads_1_cpu_segundos as number));
    process.stdout.write(`${large} job: 1 -> 2 threads ${row.aceleracao}x (means of 2 runs each, order 1, 2, 2, 1); on 1 thread ${((row.pessoa_dias_por_segundo_cpu_1_thread as number) / 1e6).toFixed(1)} M person-days per CPU-second${row.contatos_partilhados ? ', its variants sharing their media contacts' : ''}\n`);
    jobUfGrande = row;
  }

  const result = {
    bench: 'kernel',
    when: new Date().toISOString(),
    node: process.version,
    alvos: TARGETS,
    carga,
    por_nucleo: porNucleo,
    memoria: { banda, aleatorio, cache_l2_bytes: l2Bytes(), calculo: roof, passe_uf_inteira: passe, roofline },
    escala,
    job_completo: jobCompleto,
    job_uf_grande: jobUfGrande,
    maquina: {
      cpus: cpus().length,
      modelo: cpus()[0]?.model ?? '',
      carga_1min_antes: carga_antes,
      carga_1min_depois: loadavg()[0],
      aviso: 'Measured on a 2-core machine shared with other jobs: wall-clock figures are contended. pessoa_dias_por_segundo_cpu divides by the CPU time this process actually got, the per-core figure; it is still inflated by cache and core sharing.',
    },
  };
  await writeBenchResult('kernel.json', result);
  return result;
}

runAsMain(import.meta.url, runKernelBench);
