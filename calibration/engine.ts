// The engine as the calibration's SimulateFn: compile the round's plan with the candidate's
// parameters and run only its `plano` variant (the channel variants of a reception scenario
// measure contributions and elasticities, which a calibration does not use and the calibration
// quote does not charge for). It also asks the workers for the daily series per unit
// (ReduceSpec.diario), so daily and monthly periods are read exactly (calibration/align.ts).
import { compilePlan } from '../src/plan/compile-plan.js';
import { simulate } from '../src/simulate.js';
import type { SimulateFn } from './simulation-model.js';

export const engineSimulate: SimulateFn = async (scenario, opts) => {
  const plan = await compilePlan(scenario, opts.release, { parametros: opts.parametros });
  const plano = plan.variantes.filter((v) => v.nome === 'plano');
  return simulate(scenario, { plan: { ...plan, variantes: plano, reduce: { ...plan.reduce, diario: true } }, threads: opts.threads, signal: opts.signal });
};
