// Sharding benchmark (DESIGN 4, "Scale"). Writes bench/out/shards.json (bench/lib/bench-output.ts), on top of
// the committed bench/results/shards.json, so the part of the other mode (--brasil or not) carries over.
//   npm run tsbuild && node dist/bench/shards.js            cost of shards: RR reception on 1 shard and cut smaller
//   node dist/bench/shards.js --brasil [--dias 7] [--threads 1]  every UF at once (~203 M persons; builds
//                                                             the 27 UF populations on first use, ~15 GiB)
//     [--ufs BA,MG,RJ --shard-mib 800]                       or these UFs only, shards cut at this size,
//                                                             written as `parcial` (docs/experiments/scale-out.md, the whole-Brazil task)
// The first part runs in this thread and checks that every layout leaves the same per-person
// state (exit 1 otherwise); figures are per CPU-second of this process.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { validateScenario } from '../src/contract/validate-scenario.js';
import type { Scenario } from '../src/contract/types.js';
import { KernelInstance } from '../src/kernel/instance.js';
import { layoutKernel, planShape } from '../src/kernel/layout.js';
import { replicaKey } from '../src/kernel/rng-key.js';
import { modelFor } from '../src/models/model-registry.js';
import { runShards } from '../src/kernel/run-shards.js';
import { shardPopulation } from '../src/kernel/shards.js';
import { compilePlan } from '../src/plan/compile-plan.js';
import type { TaskPhases } from '../src/pool/messages.js';
import { createPool, type SimPool } from '../src/pool/pool.js';
import { projectPath } from '../src/project-path.js';
import { defaultParameters } from '../src/plan/default-parameters.js';
import { listReleases, openRelease } from '../src/release/release.js';
import { UF_CODES } from '../src/release/types.js';
import { simulate } from '../src/simulate.js';
import { listOf, oneOf, parseBenchArgs, positiveNumber, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';
import { writeBenchResult } from './lib/bench-output.js';

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1e6;
};

/**
 * The benches' own RR scenarios (bench/scenarios/: the shipped examples as they were before the
 * examples moved to the newest release, v1.0.0, saturating), fixed so results stay comparable.
 */
async function example(file: string): Promise<Scenario> {
  return validateScenario(JSON.parse(await readFile(projectPath('bench', 'scenarios', file), 'utf8')));
}

/** RR reception (4 channels, 180 days, plano) on one shard and cut for budgets of 1/2 and 1/4 of its memory, in this thread, `runs` timed runs each. */
async function shardCost(runs: number) {
  const release = openRelease('v1.0.0');
  const plan = await compilePlan(await example('recepcao-rr.json'), release);
  const family = modelFor(plan.familia).kernel;
  const shape = planShape(plan.kernel, family);
  const all = layoutKernel(0, plan.kernelPopulation, shape).end;
  const instances: KernelInstance[] = [];
  const out: Array<Record<string, number | string>> = [];
  let reference = '';
  for (const parts of [1, 2, 4]) {
    const layout = shardPopulation(plan.kernelPopulation, shape, parts === 1 ? all : Math.ceil(all / parts) + 4096);
    while (instances.length < layout.shards.length) instances.push(await KernelInstance.create());
    const once = (r: number) => runShards(family, instances, layout, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, r));
    once(0); // warm-up: population and plan copied into each instance
    const sha = createHash('sha256');
    // each array over the whole population: shard by shard, in person order
    const states = layout.shards.map((_, k) => instances[k].state());
    for (const name of ['dayA', 'mday', 'sday', 'dday', 'resp', 'freq'] as const) {
      for (const st of states) sha.update(Buffer.from(st[name]!.buffer, st[name]!.byteOffset, st[name]!.byteLength));
    }
    const hash = sha.digest('hex');
    reference ||= hash;
    if (hash !== reference) throw new Error(`${parts} shards changed the state (${hash} != ${reference})`);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let r = 1; r <= runs; r++) once(r);
    const cpu = cpuSeconds(c0);
    const pd = plan.population.nPersons * plan.dias * runs;
    const row = {
      shards: layout.shards.length,
      contadores_trocados_por_dia: layout.exchange.reduce((s, x) => s + x.n, 0),
      segundos_por_execucao: Number(((performance.now() - t0) / 1000 / runs).toFixed(3)),
      pessoa_dias_por_segundo_cpu: Math.round(pd / cpu),
      estado_sha256: hash,
    };
    out.push(row);
    process.stdout.write(`RR reception, ${row.shards} shard(s), ${row.contadores_trocados_por_dia} counters exchanged per day: ${(row.pessoa_dias_por_segundo_cpu / 1e6).toFixed(1)} M person-days per CPU-second\n`);
  }
  const base = out[0].pessoa_dias_por_segundo_cpu as number;
  for (const r of out) r.relativo_a_1_shard = Number(((r.pessoa_dias_por_segundo_cpu as number) / base).toFixed(3));
  return { uf: 'RR', familia: 'recepcao', canais: 4, dias: plan.dias, pessoas: plan.population.nPersons, execucoes: runs, layouts: out };
}

/** Every UF (or `only` of them) at once: one reception task (1 channel, plano) of `dias` days over the whole population, sharded. */
async function brasil(dias: number, only: string | undefined, shardMib: string | undefined, threads: number, releaseId: string) {
  const ufs = UF_CODES.filter((u) => only?.split(',').includes(u) ?? true);
  const maxShardBytes = shardMib ? Number(shardMib) * 2 ** 20 : undefined;
  const release = openRelease(releaseId);
  const t0 = performance.now();
  let last = '';
  const population = await release.population(ufs, {
    onProgress: (p) => {
      if (p.uf !== last) process.stdout.write(`population: ${(last = p.uf)}\n`);
    },
  });
  const carga = (performance.now() - t0) / 1000;
  process.stdout.write(`population of ${ufs.length} UFs: ${population.nPersons.toLocaleString('en-US')} persons in ${carga.toFixed(1)} s\n`);
  const sc: Scenario = {
    ...(await example('recepcao-rr.json')),
    release: releaseId,
    geografia: { ufs },
    canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: dias, intensidade: 0.6 }],
    horizonte: { data_inicio: '2026-02-02', dias },
    replicas: 1,
    kpis: ['alcance'],
  };
  const plan = await compilePlan(validateScenario(sc), population, { parametros: defaultParameters(release.manifest, 'recepcao') });
  // run twice: the first copies the population into the shards' instances, the second reuses them
  const inner = createPool({ threads });
  // each run's phases per thread (its part's reset, days, barrier, exchange, reduction)
  let fases: TaskPhases[] = [];
  const pool: SimPool = {
    ...inner,
    run: async (req) => {
      const c = await inner.run(req);
      fases.push(...(c.fases ?? []));
      return c;
    },
  };
  const phasesOf = () => {
    const out = fases.map((f) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, Number(v.toFixed(2))])));
    fases = [];
    for (const f of out) process.stdout.write(`  thread from shard ${f.primeiroShard} (${f.pessoas.toLocaleString('en-US')} persons), wall s: reset ${f.reset}, days ${f.dias}, barrier ${f.espera}, exchange ${f.troca}, reduction ${f.reducao}\n`);
    return out;
  };
  let shown = -1;
  const onProgress = (p: { feitos: number; total: number }) => {
    if (p.feitos !== shown) process.stdout.write(`day ${(shown = p.feitos)}/${p.total}\n`);
  };
  const c0 = process.cpuUsage();
  const first = await simulate(sc, { plan, pool, onProgress, maxShardBytes });
  const fasesPrimeira = phasesOf();
  shown = -1;
  const r = await simulate(sc, { plan, pool, onProgress, maxShardBytes });
  const fasesSegunda = phasesOf();
  await pool.close();
  const alcance = r.variantes.plano[0].serie;
  const M = r.medidas.length;
  const W = r.semanas;
  let reached = 0;
  for (let u = 0; u < r.unidades.length; u++) reached += alcance[(u * W + W - 1) * M];
  const row = {
    ufs: ufs.length,
    threads,
    pessoas: population.nPersons,
    dias,
    carga_populacao_segundos: Number(carga.toFixed(1)),
    bytes_por_tarefa: plan.bytesPorTarefa,
    shards: r.shards,
    primeira_execucao_segundos: Number(first.segundos.toFixed(1)),
    segundos_simulacao: Number(r.segundos.toFixed(1)),
    pessoa_dias: r.pessoa_dias,
    pessoa_dias_por_segundo_parede: Math.round(r.pessoa_dias / r.segundos),
    cpu_segundos_processo_2_execucoes: Number(cpuSeconds(c0).toFixed(1)),
    fases_por_thread_primeira_execucao: fasesPrimeira,
    fases_por_thread_segunda_execucao: fasesSegunda,
    alcance_no_horizonte: reached,
    rss_pico_gib: Number((process.resourceUsage().maxRSS / 2 ** 20).toFixed(2)),
  };
  process.stdout.write(`every UF: ${row.shards} shards, ${(row.bytes_por_tarefa / 2 ** 30).toFixed(2)} GiB of kernel memory, ${row.segundos_simulacao} s (first run, with the copy into the instances: ${row.primeira_execucao_segundos} s) for ${row.pessoa_dias.toLocaleString('en-US')} person-days (${(row.pessoa_dias_por_segundo_parede / 1e6).toFixed(1)} M/s), peak RSS ${row.rss_pico_gib} GiB\n`);
  return row;
}

export async function runShardsBench() {
  const { values } = parseBenchArgs({
    name: 'shards',
    measures: 'The cost of shards: RR reception (4 channels, 180 days) on one shard and cut into 2 and 4, in this thread, checking that every layout leaves the same per-person state (exit 1 otherwise); person-days per CPU-second. With --brasil instead: every UF at once (about 203 M persons, one channel, sharded; builds the 27 UF populations on first use, about 15 GiB of memory). Merged over the committed bench/results/shards.json, so the other mode\'s part carries over.',
    results: ['shards.json'],
    options: {
      runs: { type: 'string', value: 'N', default: '3', check: wholeNumber(), description: 'timed runs of each layout (without --brasil)' },
      brasil: { type: 'boolean', description: 'the whole-Brazil task instead of the cost of shards' },
      dias: { type: 'string', value: 'N', default: '7', check: wholeNumber(), description: 'days of the --brasil task' },
      threads: { type: 'string', value: 'N', default: '1', check: wholeNumber(), description: 'threads of the --brasil task' },
      ufs: { type: 'string', value: 'LIST', check: listOf(oneOf(UF_CODES)), description: 'with --brasil, only these UFs (written as `parcial` instead of `brasil`); default every UF' },
      release: { type: 'string', value: 'V', default: 'v1.0.0', check: oneOf(listReleases()), description: 'with --brasil, the release whose population and model run (written as `brasil_V` unless v1.0.0, the first measured)' },
      'shard-mib': { type: 'string', value: 'MIB', check: positiveNumber, description: 'with --brasil, cut the shards at this size; default the planner\'s' },
    },
  });
  const carga_antes = loadavg()[0];
  const file = projectPath('bench', 'results', 'shards.json');
  const previous = await readFile(file, 'utf8').then((s) => JSON.parse(s) as Record<string, unknown>, () => ({}) as Record<string, unknown>);
  const result: Record<string, unknown> = {
    ...previous,
    bench: 'shards',
    when: new Date().toISOString(),
    node: process.version,
  };
  const chave = values.release === 'v1.0.0' ? 'brasil' : `brasil_${values.release}`;
  if (values.brasil) result[values.ufs ? 'parcial' : chave] = { release: values.release, ...(await brasil(Number(values.dias), values.ufs, values['shard-mib'], Number(values.threads), values.release as string)) };
  else result.custo_shards = await shardCost(Number(values.runs));
  result.maquina = { cpus: cpus().length, modelo: cpus()[0]?.model ?? '', carga_1min_antes: carga_antes, carga_1min_depois: loadavg()[0] };
  await writeBenchResult('shards.json', result);
}

runAsMain(import.meta.url, runShardsBench);
