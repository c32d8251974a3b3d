// The library's simulate() refuses what the contract refuses, with the contract's error, unless
// the scenario is one validateScenario returned.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidatedScenario, validateScenario } from '../../src/contract/validate-scenario.js';
import type { Scenario } from '../../src/contract/types.js';
import { projectPath } from '../../src/project-path.js';
import { openRelease } from '../../src/release/release.js';
import { simulate } from '../../src/simulate.js';

const valid = JSON.parse(readFileSync(projectPath('test/fixtures/contract/valid-recepcao.json'), 'utf8')) as Scenario;
const release = openRelease(valid.release);

describe('simulate() and the contract', () => {
  it('refuses kpis: [] with the contract code kpis_empty', async () => {
    await expect(simulate({ ...valid, kpis: [] }, { release })).rejects.toMatchObject({ code: 'invalid_request', contractCode: 'kpis_empty', field: 'kpis' });
  });

  it('refuses dias: "180" as a wrong type at horizonte.dias', async () => {
    const s = { ...valid, horizonte: { ...valid.horizonte, dias: '180' } } as unknown as Scenario;
    await expect(simulate(s, { release })).rejects.toMatchObject({ code: 'invalid_request', contractCode: 'wrong_type', field: 'horizonte.dias' });
  });

  it('takes the object validateScenario returned as validated, and no copy of it', () => {
    const s = validateScenario(valid);
    expect(isValidatedScenario(s)).toBe(true);
    expect(isValidatedScenario({ ...s })).toBe(false);
    expect(isValidatedScenario(valid)).toBe(false);
  });
});
