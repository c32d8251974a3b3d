// Quote a campaign scenario; reserves nothing (POST /v1/jobs/estimate, tool estimate_simulation).
import type { SimulationQuote } from '../../src/contract/types.js';
import { checkScenario } from './check-scenario.js';
import type { Operation } from './operation.js';

export const estimateSimulation: Operation<{ pedido: unknown }, SimulationQuote> = {
  scope: 'simulate',
  async run(ctx, principal, input) {
    return (await checkScenario(ctx, principal.projectId, input.pedido)).quote;
  },
};
