// Quotes (spec "Quote for a simulation"; DESIGN 4):
//   pessoa_dias = population of the listed UFs (sum of 2022 Census totals) x dias x variantes x replicas
//   preco_micros = ceil(pessoa_dias x release rate), computed exactly (the rate is read as a decimal)
//   plano_grp (extension, a family with media channels) = the GRPs each channel period buys (src/models/recepcao/plan-grp.ts)
//   minutos_estimados = ceil(pessoa_dias / release throughput / 60 / fleet speedup), the speedup of a
//     simulation's tasks spread over the budget's workers (job-limits.ts fleetSpeedup; CAMPAIGN_SIM_WORKERS,
//     1 by default; the service passes the measured fleet, service/execution/fleet.ts)
// A calibration (calibration/quote.ts) charges the same rate on every round, one variant per round.

import { modelFor } from '../models/model-registry.js';
import type { Release, UfCode } from '../release/types.js';
import { checkJobLimits, fleetSpeedup, taskShape, workerBudget, type WorkerBudget } from './job-limits.js';
import { resolveRelease, type ReleaseSource } from './release-checks.js';
import type { Scenario, SimulationQuote } from './types.js';
import { variantNames } from './variants.js';

/** Person-days of a run: the unit of price and of throughput (the plan and the quote both count them so). */
export function personDays(persons: number, dias: number, variantes: number, replicas: number): number {
  return persons * dias * variantes * replicas;
}

/** Population of the listed UFs in a release (2022 Census totals: the synthetic persons). */
export function populationOf(release: Release, ufs: readonly UfCode[]): number {
  let n = 0;
  for (const uf of ufs) for (const m of release.municipalities(uf)) n += m.populacao;
  return n;
}

/** A finite non-negative number as an exact fraction of BigInts (from its shortest decimal form). */
function decimalFraction(x: number): [bigint, bigint] {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new RangeError(`not a non-negative finite number: ${x}`);
  const frac = m[2] ?? '';
  const exp = Number(m[3] ?? 0) - frac.length;
  const digits = BigInt(m[1] + frac);
  return exp >= 0 ? [digits * 10n ** BigInt(exp), 1n] : [digits, 10n ** BigInt(-exp)];
}

/** ceil(pessoaDias x rate) in exact arithmetic. */
export function priceMicros(pessoaDias: number, rate: number): number {
  const [num, den] = decimalFraction(rate);
  const p = BigInt(pessoaDias) * num;
  return Number((p + den - 1n) / den);
}

/** Minutes a run of `pessoaDias` takes at the release's measured throughput (one machine's), `speedup` times faster on a fleet. */
export function estimatedMinutes(pessoaDias: number, release: Release, speedup = 1): number {
  const rate = release.manifest.pessoa_dias_por_segundo;
  return rate > 0 ? Math.ceil(pessoaDias / rate / 60 / speedup) : 0;
}

/**
 * The price of a simulation job (does not validate: pass a normalised scenario); a job the service
 * could not finish is refused (job-limits.ts). Its tasks (replica x variant) spread over the
 * budget's workers, so the time is the fleet's.
 */
export function quoteSimulation(scenario: Scenario, release?: ReleaseSource, budget: WorkerBudget = workerBudget()): SimulationQuote {
  const r = resolveRelease(scenario.release, release);
  const variantes = variantNames(scenario).length;
  const persons = populationOf(r, scenario.geografia.ufs);
  const pessoa_dias = personDays(persons, scenario.horizonte.dias, variantes, scenario.replicas);
  const tasks = variantes * scenario.replicas;
  const minutos_estimados = estimatedMinutes(pessoa_dias, r, fleetSpeedup(tasks, budget));
  checkJobLimits({ minutos_estimados, persons, tasks, shape: taskShape(scenario, scenario.horizonte.dias) }, budget);
  const plano_grp = modelFor(scenario.familia).planGrp?.(scenario);
  return {
    release: r.version,
    ufs: [...scenario.geografia.ufs],
    dias: scenario.horizonte.dias,
    variantes,
    replicas: scenario.replicas,
    pessoa_dias,
    preco_micros: priceMicros(pessoa_dias, r.manifest.preco_micros_por_pessoa_dia),
    minutos_estimados,
    ...(plano_grp ? { plano_grp } : {}),
  };
}
