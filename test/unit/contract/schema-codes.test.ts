// Audit of the internal schemas: every keyword that can refuse a value carries its contract code,
// so no Ajv failure falls back to a generic code by accident.
import { describe, expect, it } from 'vitest';
import { CALIBRATION_BODY } from '../../../src/contract/calibration-schema.js';
import { CODE_KEYWORD, SCENARIO_BODY, SCENARIO_DEFS } from '../../../src/contract/scenario-schema.js';
import { CALIBRATION_CONTRACT_CODES, CONTRACT_CODES } from '../../../src/errors.js';

type Node = Record<string, unknown>;
const VALUE_KEYWORDS = ['pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'maxLength', 'minLength', 'format'];

/** Every schema node with its path, skipping `if` conditions (they select a branch, never refuse). */
function nodes(n: unknown, path: string, out: Array<[string, Node]> = []): Array<[string, Node]> {
  if (Array.isArray(n)) n.forEach((x, i) => nodes(x, `${path}/${i}`, out));
  else if (n !== null && typeof n === 'object') {
    out.push([path, n as Node]);
    for (const [k, v] of Object.entries(n)) if (k !== 'if' && k !== CODE_KEYWORD && k !== 'enum' && k !== 'const') nodes(v, `${path}/${k}`, out);
  }
  return out;
}

const codesOf = (n: Node) => (n[CODE_KEYWORD] ?? {}) as Record<string, string | { code: string }>;

describe('contract codes in the schemas', () => {
  const scenarioNodes = [...nodes(SCENARIO_BODY, '#'), ...nodes(SCENARIO_DEFS, '#/$defs')];
  const calibrationNodes = nodes(CALIBRATION_BODY, '#pedido');

  it('value keywords of both schemas (patterns, bounds, lengths, formats) name their code', () => {
    const missing: string[] = [];
    for (const [path, n] of [...scenarioNodes, ...calibrationNodes]) {
      for (const k of VALUE_KEYWORDS) if (k in n && !(k in codesOf(n))) missing.push(`${path}/${k}`);
    }
    expect(missing).toEqual([]);
  });

  it('every enum and const of the scenario names its code (calibration enums are wrong_type by design)', () => {
    const missing: string[] = [];
    for (const [path, n] of scenarioNodes) {
      for (const k of ['enum', 'const']) {
        // forma: comparar is the branch's own constant: it holds whenever the branch applies
        if (k in n && !(k in codesOf(n)) && path !== '#/$defs/perguntaComparar/properties/forma') missing.push(`${path}/${k}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every code named in a schema is a known contract code', () => {
    const known = new Set<string>([...CONTRACT_CODES, ...CALIBRATION_CONTRACT_CODES]);
    for (const [path, n] of [...scenarioNodes, ...calibrationNodes]) {
      for (const entry of Object.values(codesOf(n))) {
        const code = typeof entry === 'string' ? entry : entry.code;
        expect(known.has(code), `${path}: ${code}`).toBe(true);
      }
    }
  });
});
