// The engine as the calibration's SimulateFn: compile the round's plan with the candidate's
// parameters and only its `plano` variant (the channel variants of a reception scenario measure
// contributions and elasticities, which a calibration does not use and the calibration quote
// does not charge for), with the daily series per unit (`diario`), so daily and monthly periods
// are read exactly (calibration/align.ts).
// A round's tasks run in the process's pool, or, for a calibration spread over workers, in the
// pool `roundPool` gives (service/execution/remote-pool.ts): the same plan, simulate() and combine
// either way, so the same bits.
import type { Scenario } from '../src/contract/types.js';
import { compilePlan } from '../src/plan/compile-plan.js';
import type { SimPool } from '../src/pool/pool.js';
import type { ModelParameters } from '../src/release/types.js';
import { simulate } from '../src/simulate.js';
import type { SimulateFn } from './simulation-model.js';

/** What a calibration round runs of a scenario (compilePlan options). */
export const ROUND_SCOPE = { variantes: ['plano'], diario: true, celulas: 'todas' } as const;

/** The pool a round's tasks run in, given the round's scenario and parameters (called once a round, in the order run). */
export type RoundPool = (scenario: Scenario, parametros: ModelParameters | undefined) => SimPool;

/** The engine as a SimulateFn, its tasks in `roundPool`'s pool (default the process's). */
export function roundSimulate(roundPool?: RoundPool): SimulateFn {
  return async (scenario, opts) => {
    const plan = await compilePlan(scenario, opts.release, { parametros: opts.parametros, ...ROUND_SCOPE });
    const pool = roundPool?.(scenario, opts.parametros);
    // a remote pool holds no kernel memory here: every task is in flight at once
    return simulate(scenario, { plan, threads: opts.threads, signal: opts.signal, pool, memoryBytes: pool ? Number.POSITIVE_INFINITY : undefined });
  };
}

export const engineSimulate: SimulateFn = roundSimulate();
