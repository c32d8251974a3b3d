// The quote of a calibration (spec "Quote for a calibration"; DESIGN 4): every round is a full
// simulation of the scenario's UFs over the calibration's days, one variant per round, at
// busca.replicas; priced at the release's simulation rate (src/contract/quotes.ts).
import { checkJobLimits, fleetSpeedup, taskShape, workerBudget, type WorkerBudget } from '../src/contract/job-limits.js';
import { estimatedMinutes, personDays, populationOf, priceMicros } from '../src/contract/quotes.js';
import { resolveRelease, type ReleaseSource } from '../src/contract/release-checks.js';
import type { CalibrationBody, CalibrationQuote } from '../src/contract/types.js';
import { countRounds } from './parameters.js';
import { periodEnd } from './periods.js';

const DAY_MS = 86_400_000;

/** Simulated days of a calibration: from horizonte.data_inicio (day 1) to the last day of the holdout. */
export function calibrationDays(body: Pick<CalibrationBody, 'pedido'>): number {
  const p = body.pedido;
  const end = periodEnd(p.holdout.fim, p.serie.declaracao.granularidade);
  if (end === null) throw new RangeError(`holdout.fim ${p.holdout.fim} is not a period`);
  const start = Date.parse(`${p.cenario.horizonte.data_inicio}T00:00:00Z`);
  return Math.round((end.getTime() - start) / DAY_MS) + 1;
}

/**
 * The price of a calibration job (does not validate: pass a body from validateCalibrationRequest);
 * a calibration the service could not finish is refused (src/contract/job-limits.ts). Rounds run
 * one after the other, each with its replicas at once: on one machine, or, with a PostgreSQL
 * server, its replicas as tasks over the budget's fleet (service/execution/calibration-tasks.ts), so
 * the time is one machine's divided by the fleet's speed-up on one round's tasks.
 */
export function quoteCalibration(body: CalibrationBody, release?: ReleaseSource, budget: WorkerBudget = workerBudget()): CalibrationQuote {
  const p = body.pedido;
  const r = resolveRelease(p.cenario.release, release);
  const dias = calibrationDays(body);
  const rodadas = countRounds(p, r);
  const replicas = p.busca.replicas ?? p.cenario.replicas;
  const persons = populationOf(r, p.cenario.geografia.ufs);
  const pessoa_dias = personDays(persons, dias, rodadas, replicas);
  const minutos_estimados = estimatedMinutes(pessoa_dias, r, fleetSpeedup(replicas, budget));
  checkJobLimits({ minutos_estimados, persons, tasks: replicas, shape: taskShape(p.cenario, dias) }, budget);
  return {
    release: r.version,
    ufs: [...p.cenario.geografia.ufs],
    dias,
    rodadas,
    replicas,
    pessoa_dias,
    preco_micros: priceMicros(pessoa_dias, r.manifest.preco_micros_por_pessoa_dia),
    minutos_estimados,
  };
}
