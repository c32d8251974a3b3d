// GET /v1/schemas/cenario-campanha and /v1/schemas/pedido-calibracao (spec "Schemas"):
// public, never counted against the hourly budgets (no config.scope).
import type { FastifyInstance } from 'fastify';
import { getCalibrationSchema, getScenarioSchema } from '../../../src/contract/index.js';

export async function schemaRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/schemas/cenario-campanha', {
    schema: { tags: ['schemas'], summary: 'JSON Schema of the campaign scenario (public, not counted)' },
  }, async () => getScenarioSchema());
  app.get('/v1/schemas/pedido-calibracao', {
    schema: { tags: ['schemas'], summary: 'JSON Schema of the calibration request (public, not counted)' },
  }, async () => getCalibrationSchema());
}
