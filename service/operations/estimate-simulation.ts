// Quote a campaign scenario; reserves nothing (POST /v1/jobs/estimate, tool estimate_simulation).
import type { SimulationQuote } from '../../src/contract/types.js';
import { checkScenario } from './check-scenario.js';
import { SCENARIO_BODY } from './input-schemas.js';
import type { Operation } from './operation.js';

export const estimateSimulation = {
  name: 'estimate_simulation',
  scope: 'simulate',
  input: { body: SCENARIO_BODY },
  async run(ctx, principal, input) {
    return (await checkScenario(ctx, principal.projectId, input.pedido)).quote;
  },
} satisfies Operation<{ pedido: unknown }, SimulationQuote>;
