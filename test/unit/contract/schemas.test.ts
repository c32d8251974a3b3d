// The served JSON Schemas: plain draft 2020-12 that any strict validator compiles, agreeing with
// validateScenario on what the schema can state.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { getCalibrationSchema, getScenarioSchema, schemas } from '../../../src/contract/schemas.js';
import { fixture } from './helpers.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => Ajv2020;

function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

describe('served schemas', () => {
  it('are draft 2020-12 documents with an $id, without the internal x-contract-code and x-type-name annotations', () => {
    for (const s of [getScenarioSchema(), getCalibrationSchema()]) {
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(typeof s.$id).toBe('string');
      expect(JSON.stringify(s)).not.toContain('x-contract-code');
      expect(JSON.stringify(s)).not.toContain('x-type-name');
    }
    expect(Object.keys(schemas)).toEqual(['cenario-campanha', 'pedido-calibracao']);
  });

  it('return a fresh copy each time (a caller cannot change the contract)', () => {
    const a = getScenarioSchema();
    (a.properties as Record<string, unknown>).release = {};
    expect((getScenarioSchema().properties as Record<string, { pattern?: string }>).release.pattern).toBe('^v[0-9]+\\.[0-9]+\\.[0-9]+$');
  });

  it('compile in a strict validator that accepts the valid examples and refuses schema-level faults', () => {
    const ajv = strictAjv();
    const scenario = ajv.compile(getScenarioSchema());
    for (const f of ['valid-recepcao', 'valid-adocao', 'valid-recepcao-etaria', 'valid-recepcao-min']) {
      expect(scenario(fixture(f)), `${f}: ${JSON.stringify(scenario.errors)}`).toBe(true);
    }
    for (const f of ['unknown_field', 'replicas_range', 'horizon_date_malformed', 'stim_id_malformed', 'question_nested_compare', 'launch_calibration_forbidden', 'question_territory_malformed']) {
      expect(scenario(fixture(f)), f).toBe(false);
    }
    const calibration = ajv.compile(getCalibrationSchema());
    expect(calibration(fixture('valid-calibracao').pedido), JSON.stringify(calibration.errors)).toBe(true);
    expect(calibration(fixture('valid-calibracao-aleatoria').pedido)).toBe(true);
    expect(calibration(fixture('calibration-missing_field').pedido)).toBe(false);
  });
});
