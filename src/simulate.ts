// simulate(scenario, opts): compile the plan and run every (replica, variant) task in the pool,
// with common random numbers: key = hash(grupo_comparacao, replica) for every variant.
import type { Canal, Medida, Scenario } from './contract/types.js';
import { CONTROL_CANCEL, CONTROL_DAYS } from './kernel/kernel-plan.js';
import { replicaKey } from './kernel/rng-key.js';
import { compilePlan } from './plan/compile-plan.js';
import type { Plan } from './plan/types.js';
import type { TaskCounts } from './pool/messages.js';
import { sharedPool, type SimPool } from './pool/pool.js';
import type { Grade, ReplicaResult } from './pool/replica-result.js';
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
  /** Parameter overrides (calibration candidates, the resolved calibracao base). */
  parametros?: Partial<ModelParameters>;
  /** Threads of the shared pool (default: the machine's cores); ignored when `pool` is given. */
  threads?: number;
  pool?: SimPool;
  onProgress?: (p: SimulateProgress) => void;
  signal?: AbortSignal;
}

export interface SimulationResult {
  variantes: Record<string, ReplicaResult[]>;
  pessoa_dias: number;
  /** Wall seconds of the simulation itself (tasks), without population load and plan compile. */
  segundos: number;
  /** Seconds to load the population and compile the plan. */
  preparo_segundos: number;
  threads: number;
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

export async function simulate(scenario: Scenario, opts: SimulateOptions = {}): Promise<SimulationResult> {
  const { signal } = opts;
  if (signal?.aborted) throw abortError(signal);
  const t0 = performance.now();
  let plan = opts.plan;
  if (!plan) {
    const source = opts.population ?? opts.release;
    if (!source) throw new TypeError('simulate needs opts.release, opts.population or opts.plan');
    plan = await compilePlan(scenario, source, { parametros: opts.parametros });
  }
  const pool = opts.pool ?? sharedPool(opts.threads);
  const control = new Int32Array(new SharedArrayBuffer(8));
  const total = plan.replicas * plan.variantes.length * plan.dias;
  const t1 = performance.now();
  const onAbort = () => Atomics.store(control, CONTROL_CANCEL, 1);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = opts.onProgress
    ? setInterval(() => opts.onProgress!({ feitos: Atomics.load(control, CONTROL_DAYS), total }), 200)
    : undefined;
  try {
    const variantes: Record<string, ReplicaResult[]> = Object.fromEntries(plan.variantes.map((v) => [v.nome, []]));
    const tasks: Array<Promise<void>> = [];
    let firstError: unknown;
    for (let r = 0; r < plan.replicas; r++) {
      const key = replicaKey(plan.grupoComparacao, r);
      plan.variantes.forEach((v, k) => {
        tasks.push(
          pool
            .run({ population: plan!.kernelPopulation, plan: plan!.kernel, reduce: plan!.reduce, variante: k, escala: v.escala, replica: r, key, control })
            .then(
              (c) => {
                variantes[v.nome][r] = toReplicaResult(plan!, k, r, c);
              },
              (err: unknown) => {
                // stop the other tasks at their next day; report the first failure
                firstError ??= err;
                Atomics.store(control, CONTROL_CANCEL, 1);
              },
            ),
        );
      });
    }
    await Promise.all(tasks);
    if (signal?.aborted) throw abortError(signal);
    if (firstError !== undefined) throw firstError;
    const t2 = performance.now();
    opts.onProgress?.({ feitos: total, total });
    return {
      variantes,
      pessoa_dias: plan.population.nPersons * plan.dias * plan.variantes.length * plan.replicas,
      segundos: (t2 - t1) / 1000,
      preparo_segundos: (t1 - t0) / 1000,
      threads: pool.threads,
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
