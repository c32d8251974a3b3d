// The engine as the calibration's SimulateFn: compile the round's plan with the candidate's
// parameters and only its `plano` variant (the channel variants of a reception scenario measure
// contributions and elasticities, which a calibration does not use and the calibration quote
// does not charge for), with the daily series per unit (`diario`), so daily and monthly periods
// are read exactly (calibration/align.ts).
import { compilePlan } from '../src/plan/compile-plan.js';
import { simulate } from '../src/simulate.js';
import type { SimulateFn } from './simulation-model.js';

/** What a calibration round runs of a scenario (compilePlan options). */
export const ROUND_SCOPE = { variantes: ['plano'], diario: true } as const;

export const engineSimulate: SimulateFn = async (scenario, opts) => {
  const plan = await compilePlan(scenario, opts.release, { parametros: opts.parametros, ...ROUND_SCOPE });
  return simulate(scenario, { plan, threads: opts.threads, signal: opts.signal });
};
