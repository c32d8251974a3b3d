// The kernel population puts the member of a group of one in the group of nobody
// (src/kernel/kernel-population.ts), so the group tables the person loops gather from hold only
// groups of two or more. That is the same state because the kernel gives a group of one member a
// share and a unit of 0, as nobody's: here the persons without a group are each given a group of
// their own in a copy of the kernel population, and both runs must leave the same state bit for bit.
import { describe, expect, it } from 'vitest';
import type { KernelPopulation } from '../../src/kernel/kernel-population.js';
import { replicaKey } from '../../src/kernel/rng-key.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { hashState, runOnInstance, threadInstance } from '../fixtures/run-in-thread.js';
import { adoptionScenario, parameters, receptionScenario } from '../fixtures/scenarios.js';

/**
 * The kernel population with the persons of the group of nobody in groups of `size` (the last one
 * smaller), numbered after the others.
 */
function regrouped(kp: KernelPopulation, size: number): KernelPopulation {
  const nobody = kp.nGroups;
  const group = kp.group.slice();
  const groupSize = new Int32Array(kp.nGroups + kp.groupSize[nobody] + 1);
  groupSize.set(kp.groupSize.subarray(0, nobody));
  let g = nobody;
  for (let i = 0; i < kp.nPersons; i++) {
    if (group[i] !== nobody) continue;
    if (groupSize[g] === size) g++;
    group[i] = g;
    groupSize[g]++;
  }
  return { ...kp, id: `${kp.id}-groups-of-${size}`, nGroups: g + 1, group, groupSize: groupSize.subarray(0, g + 2) };
}

async function stateHash(plan: Plan, kp: KernelPopulation): Promise<string> {
  const k = await threadInstance();
  runOnInstance(k, kp, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, 0));
  return hashState(k.state());
}

describe('a group of one member', () => {
  const pop = buildFixturePopulation({ persons: 6_000, municipios: 2, tractsPerMunicipality: 4, seed: 'group-of-one' });
  const horizonte = { data_inicio: '2026-01-05', dias: 21 };

  it.each([
    ['adoption', compilePlanFor(adoptionScenario({ horizonte }), pop, parameters({ beta0: Math.log(0.02) }))],
    ['reception', compilePlanFor(receptionScenario({ horizonte }), pop, parameters())],
  ] as const)('%s: the same state as the group of nobody (and groups of 50 change it)', async (_name, plan) => {
    const kp = plan.kernelPopulation;
    const ones = regrouped(kp, 1);
    expect(ones.nGroups - kp.nGroups).toBeGreaterThan(1_000);
    expect(await stateHash(plan, ones)).toBe(await stateHash(plan, kp));
    expect(await stateHash(plan, regrouped(kp, 50))).not.toBe(await stateHash(plan, kp));
  });
});
