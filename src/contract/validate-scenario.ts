// validateScenario: a campaign scenario document -> the normalised Scenario, or the first
// refusal in the order of docs/contracts.md ("Order of refusals"):
//   1. the document is an object; versao_contrato is 3 or 2 (2 is read as 3);
//   2. the JSON Schema (schemas.ts: contract field order, shape before value);
//   3. the scenario's rules (scenario-rules.ts); 4. the answer contract (answer-contract.ts);
//   5. the release (release-checks.ts).
// Between 2 and 3, text jsonb cannot store (NUL, a lone surrogate) is refused (storable-text.ts).

import { contractError, type ServiceError } from '../errors.js';
import type { Release } from '../release/types.js';
import { checkAnswerContract } from './answer-contract.js';
import { checkAgainstRelease, type ReleaseSource } from './release-checks.js';
import { Refuser } from './refuser.js';
import { checkScenarioRules } from './scenario-rules.js';
import { SCENARIO_SCHEMA } from './scenario-schema.js';
import { checkStorableText } from './storable-text.js';
import { firstSchemaError, formatField, type Segment } from './schemas.js';
import type { Scenario } from './types.js';

/** Contract versions read as 3 (spec "Versioning"). */
const READ_AS_3 = [3, 2];

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Checks that `doc` is an object whose versao_contrato is 3 or 2 and returns a copy read as
 * version 3 (the caller's object is never changed).
 */
export function readAsVersion3(doc: unknown, prefix: readonly Segment[]): Record<string, unknown> {
  if (!isObject(doc)) throw contractError('wrong_type', formatField(prefix), `${formatField(prefix) || 'the document'} must be a JSON object`);
  const field = formatField([...prefix, 'versao_contrato']);
  const v = doc.versao_contrato;
  if (v === undefined) throw contractError('missing_field', field, `${field} is required`);
  if (typeof v !== 'number') throw contractError('wrong_type', field, `${field} must be an integer`);
  if (!READ_AS_3.includes(v)) throw contractError('contract_version_unsupported', field, `contract version ${v} is not supported: send 3 (2 is read as 3)`);
  // A JSON round trip both copies and reads the input as JSON data (undefined members vanish,
  // NaN and Infinity become null and are then refused by type).
  let copy: Record<string, unknown>;
  try {
    copy = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  } catch {
    throw contractError('wrong_type', formatField(prefix), `${formatField(prefix) || 'the document'} is not JSON data (a cycle or a BigInt)`);
  }
  copy.versao_contrato = 3;
  return copy;
}

/** Rules, answer contract and release checks of a schema-valid scenario; returns its release. */
export function checkScenarioDocument(s: Scenario, source: ReleaseSource | undefined, prefix: readonly Segment[] = []): Release {
  const r = new Refuser(prefix);
  checkScenarioRules(s, r);
  checkAnswerContract(s, r);
  return checkAgainstRelease(s, source, r);
}

/**
 * The objects validateScenario returned. By identity, so a copy (a scenario read back from JSON,
 * or spread into a new object) is not taken as validated; a caller that changes a validated
 * scenario in place takes the responsibility for the change.
 */
const validated = new WeakSet<object>();

/** Whether `s` is an object validateScenario returned (simulate() then does not check it again). */
export function isValidatedScenario(s: unknown): s is Scenario {
  return typeof s === 'object' && s !== null && validated.has(s);
}

/**
 * Validates a campaign scenario (contract version 3, or 2 read as 3) and returns it normalised,
 * or throws a ServiceError: 422 invalid_request with contract_code and field, or 422
 * release_unavailable. `release` is the release to check against, or a resolver by version
 * (default: the releases of this package, openRelease).
 */
export function validateScenario(json: unknown, release?: ReleaseSource): Scenario {
  const doc = readAsVersion3(json, []);
  const err: ServiceError | null = firstSchemaError(SCENARIO_SCHEMA, doc);
  if (err) throw err;
  checkStorableText(doc);
  const scenario = doc as unknown as Scenario;
  checkScenarioDocument(scenario, release);
  validated.add(scenario);
  return scenario;
}
