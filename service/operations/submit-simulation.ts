// Submit a campaign scenario as a job that reserves its price (POST /v1/jobs, tool
// submit_simulation). The same idempotency key with the same (normalised) scenario gives the
// same job, charged once.
import { checkScenario } from './check-scenario.js';
import { IDEMPOTENCY_HEADERS, SCENARIO_BODY } from './input-schemas.js';
import type { Operation } from './operation.js';
import { submitJob, type Submitted } from './submit-job.js';

export const submitSimulation = {
  name: 'submit_simulation',
  scope: 'simulate',
  input: { body: SCENARIO_BODY, headers: IDEMPOTENCY_HEADERS },
  async run(ctx, principal, input) {
    const { scenario, quote } = await checkScenario(ctx, principal.projectId, input.pedido);
    return submitJob(ctx, principal, input.idempotency_key, 'simulacao', scenario, quote);
  },
} satisfies Operation<{ pedido: unknown; idempotency_key: string }, Submitted>;
