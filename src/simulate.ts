// simulate(scenario, opts): compile the plan and run every (replica, variant) task in the pool,
// with common random numbers: key = hash(grupo_comparacao, replica) for every variant.
import type { Canal, Medida, Scenario } from './contract/types.js';
import { checkModelParameters } from './contract/model-parameters.js';
import { isValidatedScenario, validateScenario } from './contract/validate-scenario.js';
import { CONTROL_CANCEL, CONTROL_DAYS } from './kernel/kernel-plan.js';
import { planShape } from './kernel/layout.js';
import { replicaKey } from './kernel/rng-key.js';
import { SHARED_CONTACT_BYTES, SHARED_MEMORY_BYTES } from './kernel/shared-contacts.js';
import { DEFAULT_SHARD_BYTES, shardPopulation } from './kernel/shards.js';
import { modelFor } from './models/model-registry.js';
import { host } from './platform/host.js';
import { sharedBuffer } from './platform/shared-buffer.js';
import { compilePlan } from './plan/compile-plan.js';
import type { Plan } from './plan/types.js';
import type { TaskCounts, TaskRequest } from './pool/messages.js';
import type { ShardLayout } from './kernel/shards.js';
import { sharedPool, type SimPool } from './pool/pool.js';
import { ReplicaQueue } from './pool/replica-queue.js';
import type { ReplicaResult } from './pool/replica-result.js';
import type { Grade } from './release/publication-grid.js';
import type { ModelParameters, Population, Release } from './release/types.js';

export interface SimulateProgress {
  /** Simulated days done over all tasks, of `total` = replicas x variants x days. */
  feitos: number;
  total: number;
}

export interface SimulateOptions {
  release?: Release;
  /** An already built population of the scenario's UFs (instead of release.population). */
  population?: Population;
  /** An already compiled plan (skips compilePlan). */
  plan?: Plan;
  /** Parameter overrides (calibration candidates, the resolved calibracao base), checked against their types and ranges (src/contract/model-parameters.ts). */
  parametros?: Partial<ModelParameters>;
  /** Only these variants (compilePlan's scope; default every variant): ['plano'] explores without the counterfactuals. */
  variantes?: readonly string[];
  /** The measures of plano's grid cells (compilePlan's scope): 'kpis' (default) or 'todas'. */
  celulas?: 'kpis' | 'todas';
  /** Threads of the shared pool (default: the machine's cores); ignored when `pool` is given. */
  threads?: number;
  pool?: SimPool;
  onProgress?: (p: SimulateProgress) => void;
  signal?: AbortSignal;
  /** Kernel memory per shard (default DEFAULT_SHARD_BYTES, 3 GiB); a smaller value only changes the layout, never the results. */
  maxShardBytes?: number;
  /** Kernel memory all tasks in flight may use (default 60% of the machine's): fewer tasks run at once when one task needs more. */
  memoryBytes?: number;
}

export interface SimulationResult {
  variantes: Record<string, ReplicaResult[]>;
  pessoa_dias: number;
  /** Wall seconds of the simulation itself (tasks), without population load and plan compile. */
  segundos: number;
  /** Seconds to load the population and compile the plan. */
  preparo_segundos: number;
  threads: number;
  /** Tasks run at once: the threads, or fewer when memoryBytes holds fewer tasks. */
  tarefasSimultaneas: number;
  /** Kernel instances (shards) per task. */
  shards: number;
  /** Whether a replica's variants shared their channels' media contacts (shareContacts; the same results either way). */
  contatosPartilhados: boolean;
  familia: Scenario['familia'];
  medidas: Medida[];
  unidades: string[];
  canais: Canal[];
  semanas: number;
  grade: Grade;
  plan: Plan;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('simulation aborted', 'AbortError');
}

/** Wraps a worker's counts with the plan's names (src/pool/replica-result.ts). */
export function toReplicaResult(plan: Plan, variante: number, replica: number, c: TaskCounts): ReplicaResult {
  const r: ReplicaResult = {
    variante: plan.variantes[variante].nome,
    replica,
    semanas: plan.semanas,
    medidas: plan.medidas,
    unidades: plan.unidades.unidades,
    serie: c.serie,
    seriePublico: c.seriePublico,
    populacao: c.populacao,
    publico: c.publico,
    grade: plan.grade,
    celulas: c.celulas,
    celulasPopulacao: c.celulasPopulacao,
    medidasCelulas: c.medidasCelulas.map((k) => plan.medidas[k]),
    canais: plan.canais,
  };
  if (c.frequencia) r.frequencia = c.frequencia;
  if (c.alcancavel) r.alcancavel = c.alcancavel;
  if (c.serieDiaria) r.serieDiaria = c.serieDiaria;
  if (c.porSetor && plan.setores) {
    r.setores = plan.setores.unidades;
    r.tipos = plan.medidas;
    r.porSetor = c.porSetor;
  }
  if (plan.perguntas.length) {
    r.respostas = {};
    c.respostas.forEach((q, k) => {
      r.respostas![q.chave] = { unidades: plan.perguntas[k].territorio.unidades, contagens: q.contagens, base: q.base };
    });
  }
  return r;
}

/**
 * The shard layout every task of a plan runs on, cut for a pool of `threads` (maxShardBytes and
 * threads only change the layout, never the results).
 */
export function planShards(plan: Plan, maxShardBytes = DEFAULT_SHARD_BYTES, threads = 1): ShardLayout {
  return shardPopulation(plan.kernelPopulation, planShape(plan.kernel, modelFor(plan.familia).kernel), maxShardBytes, threads);
}

/**
 * The pool's request for task (replica r, variant kv) of a plan, with common random numbers (the
 * key depends on grupo_comparacao and the replica only): what simulate() runs, and what a worker
 * runs alone for a job spread over machines (service/execution/task-thread.ts).
 */
export function taskRequest(plan: Plan, shards: ShardLayout, kv: number, r: number, control: Int32Array, contatosPartilhados: boolean): TaskRequest {
  return {
    population: plan.kernelPopulation, shards, plan: plan.kernel, reduce: plan.reduce,
    variante: kv, escala: plan.variantes[kv].escala, replica: r, key: replicaKey(plan.grupoComparacao, r), control, contatosPartilhados,
  };
}

/**
 * Whether a plan's tasks keep their channels' media contacts for the replica's other variants
 * (src/kernel/shared-contacts.ts; the same results either way): two channels or more (a family
 * with media) and other variants than plano to share them with, and room in `memoryBytes` for what
 * `inFlight` tasks keep (5 bytes a person and channel each, 9 from v2.1.0) beside their kernel memory. A
 * replica's tasks run one after another in the queue, so a thread meets its next variants.
 */
export function shareContacts(plan: Plan, inFlight: number, memoryBytes: number): boolean {
  if (plan.canais.length < 2 || plan.variantes.length < 2) return false;
  const kept = (SHARED_CONTACT_BYTES + (plan.kernel.memoria ? SHARED_MEMORY_BYTES : 0)) * plan.canais.length * plan.population.nPersons;
  return inFlight * (plan.bytesPorTarefa + kept) <= memoryBytes;
}

/**
 * Runs a scenario. A scenario validateScenario did not return is validated first (the contract's
 * refusal is thrown as a ServiceError), so the library never runs what the service would refuse;
 * with `opts.plan` the plan is what runs, compiled by the caller from a scenario it holds.
 */
export async function simulate(scenario: Scenario, opts: SimulateOptions = {}): Promise<SimulationResult> {
  const { signal } = opts;
  if (signal?.aborted) throw abortError(signal);
  const t0 = performance.now();
  let plan = opts.plan;
  if (!plan) {
    const source = opts.population ?? opts.release;
    if (!source) throw new TypeError('simulate needs opts.release, opts.population or opts.plan');
    const checked = isValidatedScenario(scenario) ? scenario : validateScenario(scenario, opts.release);
    if (opts.parametros !== undefined) checkModelParameters(opts.parametros, ['parametros']);
    plan = await compilePlan(checked, source, { parametros: opts.parametros, variantes: opts.variantes, celulas: opts.celulas });
  }
  const pool = opts.pool ?? sharedPool(opts.threads);
  const shards = planShards(plan, opts.maxShardBytes, pool.threads);
  // each thread running a task holds that task's kernel memory (every shard)
  const memoryBytes = opts.memoryBytes ?? host.totalMemory() * 0.6;
  const inFlight = Math.max(1, Math.min(pool.threads, Math.floor(memoryBytes / plan.bytesPorTarefa)));
  const contatos = shareContacts(plan, inFlight, memoryBytes);
  const control = new Int32Array(sharedBuffer(8));
  const total = plan.replicas * plan.variantes.length * plan.dias;
  const t1 = performance.now();
  const onAbort = () => Atomics.store(control, CONTROL_CANCEL, 1);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = opts.onProgress
    ? setInterval(() => opts.onProgress!({ feitos: Atomics.load(control, CONTROL_DAYS), total }), 200)
    : undefined;
  try {
    const variantes: Record<string, ReplicaResult[]> = Object.fromEntries(plan.variantes.map((v) => [v.nome, []]));
    let firstError: unknown;
    const queue = new ReplicaQueue(plan.replicas, plan.variantes.length);
    const lane = async (): Promise<void> => {
      let last = -1;
      for (let t = queue.next(last); t && firstError === undefined; t = queue.next(last)) {
        const { replica: r, variante: kv } = t;
        last = r;
        await pool.run(taskRequest(plan!, shards, kv, r, control, contatos)).then(
          (c) => {
            variantes[plan!.variantes[kv].nome][r] = toReplicaResult(plan!, kv, r, c);
          },
          (err: unknown) => {
            // stop the other tasks at their next day; report the first failure
            firstError ??= err;
            Atomics.store(control, CONTROL_CANCEL, 1);
          },
        );
      }
    };
    const tasks = Array.from({ length: Math.min(inFlight, plan.replicas * plan.variantes.length) }, lane);
    await Promise.all(tasks);
    if (signal?.aborted) throw abortError(signal);
    if (firstError !== undefined) throw firstError;
    const t2 = performance.now();
    opts.onProgress?.({ feitos: total, total });
    return {
      variantes,
      pessoa_dias: plan.pessoaDias,
      segundos: (t2 - t1) / 1000,
      preparo_segundos: (t1 - t0) / 1000,
      threads: pool.threads,
      tarefasSimultaneas: inFlight,
      shards: shards.shards.length,
      contatosPartilhados: contatos,
      familia: plan.familia,
      medidas: plan.medidas,
      unidades: plan.unidades.unidades,
      canais: plan.canais,
      semanas: plan.semanas,
      grade: plan.grade,
      plan,
    };
  } finally {
    if (timer) clearInterval(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
