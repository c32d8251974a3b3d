// A campaign scenario as the quote and the submission take it: the contract layer's normalised
// scenario (422 invalid_request / release_unavailable otherwise) and its quote; a calibracao
// base must name a concluded calibration of the caller's project (calibration-base.ts). The quote's
// time is the measured fleet's (execution/fleet.ts fleetBudget).
import { quoteSimulation, validateScenario } from '../../src/contract/index.js';
import type { Scenario, SimulationQuote } from '../../src/contract/types.js';
import { resolveCalibrationBase } from '../jobs/calibration-base.js';
import { fleetBudget } from '../execution/fleet.js';
import type { ServiceContext } from '../service-context.js';

export async function checkScenario(ctx: ServiceContext, projectId: string, pedido: unknown): Promise<{ scenario: Scenario; quote: SimulationQuote }> {
  const scenario = validateScenario(pedido);
  const quote = quoteSimulation(scenario, undefined, await fleetBudget(ctx.store));
  await resolveCalibrationBase(ctx.store, projectId, scenario);
  return { scenario, quote };
}
