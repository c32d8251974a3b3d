// Limits of a job the service can finish (docs/api.md, "Job limits"): checked by every
// quote (simulation and calibration), so the quote, the submit and the library's templates refuse
// the same jobs, before any charge. Without them a 27-UF job of 65,535 days and 20 replicas was
// accepted, quoted at ~277 days of run time, and grew a worker to 15 GB.
import { availableParallelism, totalmem } from 'node:os';
import { ServiceError } from '../errors.js';
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
  machineFacts ??= { cores: availableParallelism(), memoryBytes: totalmem() };
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
 * Bytes of the kernel copy each running task holds, by family, channel count and days: per person
 * at least `kernelBytes` (src/kernel/layout.ts) over persons for RR and PA of every release
 * (adoption 41.3; reception 42.5 with 1 channel, 45.6 with 4: a byte a channel, 8.1 for the
 * event pass's candidate lists since ABI 11, 3 for the reduction's grid cell and audience since
 * ABI 12), plus reception's day tables, 8 bytes a channel-day and 8 a day, and the reduction's
 * run tables: 8 bytes a day and measure, and 4 a cell of the principal grid (1400, the larger) and
 * measure, of the family's measures (1 and 9). KEEP IN SYNC with the kernel's layout:
 * test/unit/contract/job-limits.test.ts fails when a layout outgrows these figures (the contract
 * stage sits below the kernel, so it cannot ask the layout).
 */
export function taskBytes(persons: number, shape: TaskShape): number {
  const measures = shape.familia === 'adocao' ? 1 : 9;
  const runTables = measures * (8 * (shape.dias + 1) + 4 * 1400) + 8 * (shape.canais + 1);
  if (shape.familia === 'adocao') return 41.5 * persons + runTables;
  return (42.5 + shape.canais) * persons + 8 * shape.canais * (shape.dias + 1) + 8 * (shape.dias + 2) + runTables;
}

/**
 * Bytes per person the host holds for a run besides the population (POPULATION_BYTES_PER_PERSON),
 * shared by its tasks: the kernel population's group and digital cell (4 + 2), the compiled plan's
 * m_i (4), reception cell (2, reception) or launch timing class (1, adoption; counted even when the
 * timing does not depend on income and the plan has none), grid cell and audience bit (2 + 1, the
 * reduction's), and each shard's copy of the group when the population is sharded (4; counted
 * always). KEEP IN SYNC with prepareKernelPopulation, compilePlanFor and shardPopulation:
 * test/unit/contract/job-limits.test.ts sums their per-person arrays.
 */
export function hostBytes(persons: number, shape: TaskShape): number {
  return (shape.familia === 'adocao' ? 18 : 19) * persons;
}

/** The kernel's shape of a job, as far as its memory goes. */
export interface TaskShape {
  familia: Familia;
  canais: number;
  dias: number;
}

/** The shape of a scenario's tasks: its family and, for reception, its distinct channels (as the plan compiles them). */
export function taskShape(scenario: Pick<Scenario, 'familia' | 'canais'>, dias: number): TaskShape {
  return { familia: scenario.familia, canais: scenario.familia === 'recepcao' ? scenarioChannels(scenario).length : 0, dias };
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
