// A/B of two builds of the kernel (issue 37): the CPU time of one task of this checkout (novo)
// against a base checkout's (base), both in one process, in rounds whose order alternates, every
// round's state hashes compared. On the shared 2-core VMs the same build runs 10-20% apart from one
// minute to the next and the side measured second was favoured by 1-6% (docs/experiments/kernel-speed.md,
// "How the kernels are measured"), so a change is judged by the rounds' paired ratios (the two runs of a round see about the
// same machine) in both orders, with a bootstrap interval of their median; without --base the base
// is this checkout (an A/A run: the harness's own noise on the machine, which a change must beat).
// With --fase reducao it times a task's reduction to counts instead (src/pool/reduce-replica.ts and
// assembly/reduce.ts), each side over the state its own task left, the counts' digests compared.
//   npm run tsbuild && node dist/bench/kernel-ab.js [--base DIR] [--familia recepcao] [--uf PA] [--dias 30] [--canais 4] [--rodadas 10] [--fase tarefa]
// DIR is a built checkout (`git worktree add /tmp/base REV && (cd /tmp/base && npm ci)`): its own
// dist/ (host code and kernel) runs its side, so a change of the ABI or the layout compares too;
// it must have the model rooms of src/models/ (the host API this bench calls since they came).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import seedrandom from 'seedrandom';
import type { Scenario } from '../src/contract/types.js';
import type * as ValidateScenario from '../src/contract/validate-scenario.js';
import type * as Instance from '../src/kernel/instance.js';
import type * as RngKey from '../src/kernel/rng-key.js';
import type * as RunShards from '../src/kernel/run-shards.js';
import type * as Shards from '../src/kernel/shards.js';
import type * as ModelRegistry from '../src/models/model-registry.js';
import type * as CompilePlan from '../src/plan/compile-plan.js';
import type * as ReduceReplica from '../src/pool/reduce-replica.js';
import { projectPath } from '../src/project-path.js';
import type * as Release from '../src/release/release.js';
import { UF_CODES, type UfCode } from '../src/release/types.js';
import { hashState } from '../test/fixtures/run-in-thread.js';
import { oneOf, parseBenchArgs, refuseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';
import { overUf } from './lib/over-uf.js';
import { runAsMain } from './lib/run-as-main.js';

const RESAMPLES = 2000;

/** What a side is timed on: a task in the kernel, or the reduction of a task's state to counts. */
type Fase = 'tarefa' | 'reducao';

/** One side: a checkout's compiled plan and kernel instance, and a task run on it. */
interface Side {
  raiz: string;
  pessoas: number;
  pessoaDias: number;
  /** Runs one task with the replica key of `replica` and returns its CPU seconds and state hash. */
  run(replica: number): { segundos: number; estado: string };
  /** Reduces the state the last task left to counts and returns the CPU seconds and the counts' digest. */
  reduce(): { segundos: number; estado: string };
}

/** The counts' arrays, one after the other, in a sha256 (the first 12 hex digits). */
function digestCounts(counts: object): string {
  const sha = createHash('sha256');
  for (const [name, a] of Object.entries(counts).sort(([x], [y]) => x.localeCompare(y))) {
    if (a instanceof Uint32Array) sha.update(name).update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  }
  return sha.digest('hex').slice(0, 12);
}

/** The side of the checkout at `root` (its dist/ built), over `familia`'s bench scenario (bench/scenarios/) cut to `uf`, `dias` days and `canais` channels, on `release` if given (else the scenario's). */
async function loadSide(root: string, familia: string, uf: UfCode, dias: number, canais: number, release?: string): Promise<Side> {
  const from = <T>(path: string) => import(pathToFileURL(resolve(root, 'dist', path)).href) as Promise<T>;
  const { validateScenario } = await from<typeof ValidateScenario>('src/contract/validate-scenario.js');
  const { compilePlan } = await from<typeof CompilePlan>('src/plan/compile-plan.js');
  const { openRelease } = await from<typeof Release>('src/release/release.js');
  const { KernelInstance } = await from<typeof Instance>('src/kernel/instance.js');
  const { replicaKey } = await from<typeof RngKey>('src/kernel/rng-key.js');
  const { runShards } = await from<typeof RunShards>('src/kernel/run-shards.js');
  const { singleShard } = await from<typeof Shards>('src/kernel/shards.js');
  const { reduceReplica } = await from<typeof ReduceReplica>('src/pool/reduce-replica.js');
  const { modelFor } = await from<typeof ModelRegistry>('src/models/model-registry.js');
  // this checkout's bench scenario (both sides run the same one), its first `canais` channels, cut by this checkout's overUf, validated by the side's own code
  const doc = JSON.parse(await readFile(projectPath('bench', 'scenarios', familia === 'adocao' ? 'adocao-rr.json' : 'recepcao-rr.json'), 'utf8')) as Scenario;
  if (doc.canais) doc.canais = doc.canais.slice(0, canais);
  if (release) doc.release = release;
  const scenario = validateScenario(overUf(doc, uf, dias));
  const plan = await compilePlan(scenario, openRelease(scenario.release));
  const kernel = await KernelInstance.create();
  const layout = singleShard(plan.kernelPopulation);
  const cpuSince = (c0: NodeJS.CpuUsage) => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
  const side: Side = {
    raiz: root,
    pessoas: plan.population.nPersons,
    pessoaDias: plan.population.nPersons * dias,
    run(replica) {
      const c0 = process.cpuUsage();
      runShards(modelFor(plan.familia).kernel, [kernel], layout, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, replica));
      return { segundos: cpuSince(c0), estado: hashState(kernel.state()).slice(0, 12) };
    },
    reduce() {
      // the segment in both forms: its kernel instance (ABI 12 on), its state's views (before)
      const segment = { h0: 0, h1: plan.kernelPopulation.nHouseholds, p0: 0, inst: kernel, st: kernel.state() };
      const c0 = process.cpuUsage();
      const counts = reduceReplica(plan.kernelPopulation, plan.kernel, plan.reduce, [segment], 0, plan.variantes[0].escala);
      return { segundos: cpuSince(c0), estado: digestCounts(counts) };
    },
  };
  side.run(0); // warm-up: population and plan copied in, code tiered up
  side.reduce(); // and the plan's counts, which the reduction keeps for the next tasks of the plan
  return side;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The 2.5% and 97.5% points of the median of `xs` resampled with replacement (a seeded bootstrap: the same rounds give the same interval). */
function medianInterval(xs: readonly number[]): [number, number] {
  const random = seedrandom('kernel-ab');
  const medians: number[] = [];
  for (let k = 0; k < RESAMPLES; k++) medians.push(median(xs.map(() => xs[Math.floor(random() * xs.length)])));
  medians.sort((a, b) => a - b);
  return [medians[Math.floor(0.025 * RESAMPLES)], medians[Math.ceil(0.975 * RESAMPLES) - 1]];
}

const round3 = (x: number) => Number(x.toFixed(3));

export async function runKernelAb() {
  const { values } = parseBenchArgs({
    name: 'kernel-ab',
    measures: 'CPU seconds of one task of this checkout\'s kernel (novo) against a base checkout\'s (base), both in one process, in rounds that alternate which side runs first, with both sides\' state hashes compared in every round; prints the rounds\' paired ratios base / novo (> 1: novo faster), their median with a bootstrap 95% interval, and the ratio of the minima. Without --base the base is this checkout: an A/A run, the noise a change has to beat on this machine. With --fase reducao, the reduction of the state of one task to counts instead, the counts\' digests compared. Not run by `npm run bench` unless named (minutes on a large UF).',
    results: ['kernel-ab.json'],
    options: {
      base: { type: 'string', value: 'DIR', description: 'a built checkout to compare against (its dist/); default this checkout' },
      familia: { type: 'string', value: 'F', default: 'recepcao', check: oneOf(['recepcao', 'adocao']), description: 'the family (its scenario in bench/scenarios/)' },
      uf: { type: 'string', value: 'UF', default: 'PA', check: oneOf(UF_CODES), description: 'the UF the scenario is cut to' },
      dias: { type: 'string', value: 'N', default: '30', check: wholeNumber(), description: 'days of the task' },
      canais: { type: 'string', value: 'N', default: '4', check: wholeNumber(), description: 'the scenario\'s first N channels (reception)' },
      rodadas: { type: 'string', value: 'N', default: '10', check: wholeNumber(2), description: 'rounds (each runs both sides once; even rounds base first, odd ones novo first)' },
      releases: { type: 'string', value: 'BASE,NOVO', description: 'run the scenario on release BASE on the base side and NOVO on the other (e.g. v1.9.0,v2.0.0: what a release\'s model costs; the states then differ and are not compared)' },
      fase: { type: 'string', value: 'F', default: 'tarefa', check: oneOf(['tarefa', 'reducao']), description: 'what is timed: tarefa, a task in the kernel, or reducao, the reduction of the state of one task to counts (the counts\' digests compared instead of the states)' },
    },
  });
  const familia = values.familia as string;
  const uf = values.uf as UfCode;
  const dias = Number(values.dias);
  const canais = Number(values.canais);
  const rodadas = Number(values.rodadas);
  const fase = values.fase as Fase;
  const releases = (values.releases as string | undefined)?.split(',');
  if (releases && releases.length !== 2) refuseBenchArgs('kernel-ab', `--releases ${values.releases}: two releases, BASE,NOVO`);
  const baseRoot = resolve((values.base as string | undefined) ?? projectPath());
  if (!existsSync(resolve(baseRoot, 'dist', 'src', 'kernel', 'instance.js'))) refuseBenchArgs('kernel-ab', `--base ${baseRoot}: not a built checkout (no dist/src/kernel/instance.js; run npm ci there)`);
  const base = await loadSide(baseRoot, familia, uf, dias, canais, releases?.[0]);
  const novo = await loadSide(projectPath(), familia, uf, dias, canais, releases?.[1]);
  // two releases draw different numbers: their states are not expected to match
  const comparar = !releases || releases[0] === releases[1];
  const tBase: number[] = [];
  const tNovo: number[] = [];
  let iguais = true;
  const what = fase === 'tarefa' ? 'state' : 'counts';
  for (let k = 0; k < rodadas; k++) {
    // the replica rotates so that the rounds do not all draw the same numbers; both sides the same one
    const replica = k % 3;
    const [first, second] = k % 2 === 0 ? [base, novo] : [novo, base];
    const a = fase === 'tarefa' ? first.run(replica) : first.reduce();
    const b = fase === 'tarefa' ? second.run(replica) : second.reduce();
    const [rb, rn] = first === base ? [a, b] : [b, a];
    tBase.push(rb.segundos);
    tNovo.push(rn.segundos);
    if (comparar) iguais &&= rb.estado === rn.estado;
    const estados = !comparar ? `${what} not compared (two releases)` : `${what} ${rb.estado === rn.estado ? `the same (${rn.estado})` : `DIFFERENT: base ${rb.estado}, novo ${rn.estado}`}`;
    process.stdout.write(`round ${k + 1}/${rodadas} (${first === base ? 'base' : 'novo'} first): base ${rb.segundos.toFixed(3)} s, novo ${rn.segundos.toFixed(3)} s, ratio ${(rb.segundos / rn.segundos).toFixed(3)}, ${estados}\n`);
  }
  const razoes = tBase.map((t, k) => t / tNovo[k]);
  const [lo, hi] = medianInterval(razoes);
  const porOrdem = (first: number) => round3(median(razoes.filter((_, k) => k % 2 === first)));
  const result = {
    bench: 'kernel-ab',
    when: new Date().toISOString(),
    node: process.version,
    base: baseRoot,
    novo: projectPath(),
    aa: baseRoot === projectPath() && comparar,
    releases: releases ?? null,
    fase,
    familia,
    uf,
    dias,
    canais: familia === 'recepcao' ? canais : 0,
    rodadas,
    segundos_cpu_base: tBase.map(round3),
    segundos_cpu_novo: tNovo.map(round3),
    razoes_base_sobre_novo: razoes.map(round3),
    mediana_razao: round3(median(razoes)),
    intervalo_95_mediana: [round3(lo), round3(hi)],
    mediana_razao_base_primeiro: porOrdem(0),
    mediana_razao_novo_primeiro: porOrdem(1),
    razao_minimos: round3(Math.min(...tBase) / Math.min(...tNovo)),
    // a task: person-days a CPU-second; a reduction: persons a CPU-second
    [fase === 'tarefa' ? 'pessoa_dias_por_segundo_cpu_novo' : 'pessoas_por_segundo_cpu_novo']: Math.round((fase === 'tarefa' ? novo.pessoaDias : novo.pessoas) / Math.min(...tNovo)),
    estados_iguais: comparar ? iguais : null,
  };
  process.stdout.write(`base / novo CPU time: median ratio ${result.mediana_razao} (95% interval ${result.intervalo_95_mediana.join(' to ')}; base first ${result.mediana_razao_base_primeiro}, novo first ${result.mediana_razao_novo_primeiro}), minima ${result.razao_minimos}; ${what === 'state' ? 'states' : 'counts'} ${!comparar ? 'not compared (two releases)' : iguais ? 'the same in every round' : 'DIFFERENT'}\n`);
  await writeBenchResult('kernel-ab.json', result);
  if (!iguais) process.exitCode = 1;
  return result;
}

runAsMain(import.meta.url, runKernelAb);
