// One minimal invalid document per refusal code (test/fixtures/contract/<code>.json, written by
// generate.mjs) and the valid examples beside them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALIBRATION_CONTRACT_CODES, CONTRACT_CODES, ServiceError } from '../../../src/errors.js';
import { validateCalibrationRequest } from '../../../calibration/validate-request.js';
import { validateScenario } from '../../../src/contract/validate-scenario.js';

const dir = join(import.meta.dirname, '../../fixtures/contract');
const load = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const expected = load('expected.json') as Record<string, { status: number; code: string; contract_code?: string; field?: string; ufs?: string[] }>;

function run(doc: unknown): unknown {
  const isBody = typeof doc === 'object' && doc !== null && 'pedido' in doc;
  return isBody ? validateCalibrationRequest(doc) : validateScenario(doc);
}

function refusal(doc: unknown): ServiceError {
  try {
    run(doc);
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('accepted an invalid document');
}

describe('a fixture per refusal code', () => {
  for (const [name, want] of Object.entries(expected)) {
    it(`${name}.json -> ${want.code} ${want.contract_code ?? ''} ${want.field ?? ''}`, () => {
      const e = refusal(load(`${name}.json`));
      const d = e.toEnvelope().detail;
      expect({ status: e.status, code: d.code, contract_code: d.contract_code, field: d.field, ufs: d.ufs })
        .toEqual({ status: want.status, code: want.code, contract_code: want.contract_code, field: want.field, ufs: want.ufs });
      expect(typeof d.message).toBe('string');
    });
  }

  it('covers every scenario and answer-contract code of the spec and every calibration code it can reach', () => {
    const covered = new Set(Object.values(expected).map((w) => w.contract_code));
    const scenarioCodes = CONTRACT_CODES.filter((c) => !c.startsWith('growth_'));
    expect(scenarioCodes.filter((c) => !covered.has(c))).toEqual([]);
    // series_too_long needs 150,001 rows: tested in test/unit/calibration/validate-request.test.ts, not as a file.
    expect(CALIBRATION_CONTRACT_CODES.filter((c) => !covered.has(c))).toEqual(['series_too_long']);
  });
});

describe('valid examples', () => {
  const valid = readdirSync(dir).filter((f) => f.startsWith('valid-'));
  for (const f of valid) {
    it(`${f} is accepted and comes back as version 3`, () => {
      const doc = load(f) as Record<string, unknown>;
      const out = run(doc) as Record<string, unknown>;
      if ('pedido' in doc) {
        const p = (out as { pedido: { versao_contrato: number; cenario: { versao_contrato: number } } }).pedido;
        expect(p.versao_contrato).toBe(3);
        expect(p.cenario.versao_contrato).toBe(3);
      } else {
        expect(out).toEqual({ ...doc, versao_contrato: 3 });
      }
    });
  }
});
