// The level shifts of adoption model 2 in m_i (src/plan/propensity.ts): the public-sector shift
// moves every resident of a UF by exp(coefficient x the UF's z-score), and the z-scores are the
// Atlas 2010 public-sector shares standardised over the 27 UFs.
import { describe, expect, it } from 'vitest';
import { adoptionMultipliers, publicSectorScores } from '../../../src/plan/propensity.js';
import { buildFixturePopulation } from '../../fixtures/population-fixture.js';
import { parameters } from '../../fixtures/scenarios.js';

describe('adoption multipliers', () => {
  it('public-sector z-scores: mean 0 and sd 1 over the 27 UFs, RR highest and SP lowest (Atlas 2010 trabpub)', () => {
    const z = publicSectorScores();
    const v = [...z.values()];
    expect(v).toHaveLength(27);
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    expect(mean).toBeCloseTo(0, 12);
    expect(Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length)).toBeCloseTo(1, 12);
    const sorted = [...z].sort((a, b) => a[1] - b[1]);
    expect(sorted[0][0]).toBe('SP');
    expect(sorted[26][0]).toBe('RR');
  });

  it('the public-sector shift multiplies every m_i of the UF by exp(coefficient x z), and 0 changes nothing', () => {
    const pop = buildFixturePopulation({ persons: 2_000, municipios: 2, tractsPerMunicipality: 2 });
    const z = publicSectorScores().get(pop.ufs[0])!;
    const base = adoptionMultipliers(pop, parameters());
    expect(adoptionMultipliers(pop, parameters({ deslocamento_servico_publico: 0 }))).toEqual(base);
    const shifted = adoptionMultipliers(pop, parameters({ deslocamento_servico_publico: 0.5 }));
    for (let i = 0; i < pop.nPersons; i += 97) expect(shifted[i]).toBeCloseTo(base[i] * Math.exp(0.5 * z), 4);
    expect(z).not.toBe(0);
  });
});
