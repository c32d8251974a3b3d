// Limits of a job the service can finish (docs/api.md, "Job limits"): checked by every
// quote (simulation and calibration), so the quote, the submit and the library's templates refuse
// the same jobs, before any charge. Without them a 27-UF job of 65,535 days and 20 replicas was
// accepted, quoted at ~277 days of run time, and grew a worker to 15 GB.
import { ServiceError } from '../errors.js';
import { modelFor } from '../models/model-registry.js';
import { host } from '../platform/host.js';
import type { Familia } from './schema-types.js';
import type { Scenario } from './types.js';
import { scenarioChannels } from './variants.js';

/** The longest run a job may be quoted for, at the release's measured throughput. */
export const MAX_JOB_MINUTES = 12 * 60;

/**
 * Resident bytes per synthetic person of the population held in memory (the 27-UF merge peaked at
 * 3,213 MiB for 203.1 M persons, bench/results/population-brasil.json).
 */
export const POPULATION_BYTES_PER_PERSON = 17;

export interface WorkerBudget {
  /** Tasks a worker runs at once (its pool's threads). */
  threads: number;
  /** Bytes a worker may hold. */
  memoryBytes: number;
  /** Workers, alike, that take the tasks of a simulation spread over them (the service's fleet; 1: one machine). */
  workers: number;
  /** Task threads of the fleet, measured (the service's live workers, service/execution/fleet.ts); absent: workers x threads. */
  fleetThreads?: number;
}

let machineFacts: { cores: number; memoryBytes: number } | undefined;
/** The machine's cores and memory, read once: every quote takes a budget, and totalmem reads /proc (8% of an estimate's CPU time). */
function machine(): { cores: number; memoryBytes: number } {
  machineFacts ??= { cores: host.cores(), memoryBytes: host.totalMemory() };
  return machineFacts;
}

/**
 * The worker's budget: CAMPAIGN_SIM_WORKER_THREADS (default: the machine's cores, as the pool),
 * CAMPAIGN_SIM_WORKER_MEMORY_MB (default: 75% of the machine's memory) and CAMPAIGN_SIM_WORKERS,
 * the fleet a job's tasks spread over (default 1). The API and the worker read the same
 * variables, so a quote on one machine refuses what its workers could not run.
 */
export function workerBudget(env: NodeJS.ProcessEnv = process.env): WorkerBudget {
  const threads = Number(env.CAMPAIGN_SIM_WORKER_THREADS ?? machine().cores);
  const mb = Number(env.CAMPAIGN_SIM_WORKER_MEMORY_MB ?? Math.floor((machine().memoryBytes * 0.75) / 2 ** 20));
  const workers = Number(env.CAMPAIGN_SIM_WORKERS ?? 1);
  return { threads: Math.max(1, Math.floor(threads) || 1), memoryBytes: Math.max(1, mb) * 2 ** 20, workers: Math.max(1, Math.floor(workers) || 1) };
}

/**
 * How many times faster the fleet runs a job of `tasks` independent tasks than one worker: one
 * runs min(tasks, threads) of them at once, the fleet min(tasks, its task threads: fleetThreads,
 * or workers x threads). The release's throughput is one machine's, so a job of a single task, or
 * a fleet of one, gains nothing, and a fleet smaller than one machine is quoted as one machine.
 */
export function fleetSpeedup(tasks: number, budget: Pick<WorkerBudget, 'threads' | 'workers' | 'fleetThreads'>): number {
  const n = Math.max(1, tasks);
  return Math.max(1, Math.min(n, budget.fleetThreads ?? budget.workers * budget.threads) / Math.min(n, budget.threads));
}

/**
 * Bytes of the kernel copy each running task holds, by family, channel count and days: the
 * family's own per person, per person and channel, per channel-day and per day (its room's
 * MemoryCoefficients, src/models/), and the reduction's run tables: 8 bytes a day and measure, and
 * 4 a cell of the principal grid (1400, the larger) and measure, of the family's measures.
 * test/unit/contract/job-limits.test.ts fails when a layout outgrows these figures (a quote is
 * made before any plan, so it cannot ask the layout).
 */
export function taskBytes(persons: number, shape: TaskShape): number {
  const model = modelFor(shape.familia);
  const m = model.memoria;
  const runTables = model.medidas.length * (8 * (shape.dias + 1) + 4 * 1400) + 8 * (shape.canais + 1);
  // a release whose responses follow exposure (reception v2.1.0 on) holds its memory's arrays too
  const r = shape.memoriaDaResposta ? m.memoriaDaResposta : undefined;
  const memory = r ? r.porPessoa * persons + r.porCanalDia * shape.canais * (shape.dias + 1) + r.fixo : 0;
  return (m.porPessoa + m.porPessoaCanal * shape.canais) * persons + m.porCanalDia * shape.canais * (shape.dias + 1) + m.porDia * (shape.dias + 2) + runTables + memory;
}

/**
 * Bytes per person the host holds for a run besides the population (POPULATION_BYTES_PER_PERSON),
 * shared by its tasks: the kernel population's group and digital cell (4 + 2), the compiled plan's
 * per-person arrays (m_i, the family's own, the reduction's grid cell and audience bit) and each
 * shard's copy of the group when the population is sharded (4; counted always): the family's
 * MemoryCoefficients.hostPorPessoa. test/unit/contract/job-limits.test.ts sums those arrays.
 */
export function hostBytes(persons: number, shape: TaskShape): number {
  return modelFor(shape.familia).memoria.hostPorPessoa * persons;
}

/** The kernel's shape of a job, as far as its memory goes. */
export interface TaskShape {
  familia: Familia;
  canais: number;
  dias: number;
  /** The release's responses follow exposure (reception v2.1.0 on): the kernel holds the memory's arrays. */
  memoriaDaResposta?: true;
}

/**
 * The shape of a scenario's tasks: its family and, for a family with media, its distinct channels
 * (as the plan compiles them), and whether its release's responses follow exposure.
 */
export function taskShape(scenario: Pick<Scenario, 'familia' | 'canais' | 'release'>, dias: number): TaskShape {
  const model = modelFor(scenario.familia);
  return {
    familia: scenario.familia, canais: model.canais ? scenarioChannels(scenario).length : 0, dias,
    ...(model.respostaSegueExposicao?.(scenario.release) ? { memoriaDaResposta: true as const } : {}),
  };
}

/** Bytes a run of `persons` needs with `tasks` tasks of `shape`, at most budget.threads of them at once. */
export function memoryNeed(persons: number, tasks: number, shape: TaskShape, budget: Pick<WorkerBudget, 'threads'>): number {
  return POPULATION_BYTES_PER_PERSON * persons + hostBytes(persons, shape) + taskBytes(persons, shape) * Math.min(tasks, budget.threads);
}

/** Refuses a job longer than MAX_JOB_MINUTES (job_too_long) or bigger than the worker's memory (job_too_large). */
export function checkJobLimits(
  job: { minutos_estimados: number; persons: number; tasks: number; shape: TaskShape },
  budget: WorkerBudget = workerBudget(),
): void {
  if (job.minutos_estimados > MAX_JOB_MINUTES) {
    throw new ServiceError(
      'job_too_long',
      `the job would run about ${job.minutos_estimados} minutes at the release's measured throughput; the limit is ${MAX_JOB_MINUTES} minutes (12 hours): fewer UFs, days, replicas or channels`,
      { extra: { minutos_estimados: job.minutos_estimados, limite_minutos: MAX_JOB_MINUTES } },
    );
  }
  const need = memoryNeed(job.persons, job.tasks, job.shape, budget);
  if (need > budget.memoryBytes) {
    const gib = (b: number) => (b / 2 ** 30).toFixed(1);
    throw new ServiceError(
      'job_too_large',
      `the job needs about ${gib(need)} GiB for ${job.persons} persons; a worker has ${gib(budget.memoryBytes)} GiB: fewer UFs per job`,
      { extra: { memoria_bytes: need, limite_bytes: budget.memoryBytes } },
    );
  }
}
