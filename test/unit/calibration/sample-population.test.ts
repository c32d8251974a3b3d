import { describe, expect, it } from 'vitest';
import { samplePopulation } from '../../../calibration/sample-population.js';
import { NO_GROUP } from '../../../src/release/types.js';
import { buildFixturePopulation } from '../../fixtures/population-fixture.js';

const pop = buildFixturePopulation({ persons: 20_000, municipios: 3, tractsPerMunicipality: 8 });

describe('samplePopulation', () => {
  it('k = 1 is the population itself', () => {
    expect(samplePopulation(pop, 1)).toBe(pop);
  });

  it('keeps every k-th household whole, its persons in order, and counts them per municipality', () => {
    const k = 3, offset = 1;
    const s = samplePopulation(pop, k, offset);
    const kept: number[] = [];
    for (let h = (k - offset) % k; h < pop.nHouseholds; h += k) kept.push(h);
    expect(s.nHouseholds).toBe(kept.length);
    let persons = 0;
    const perMun = new Array(pop.munPop.length).fill(0);
    kept.forEach((h, j) => {
      const n = pop.hhStart[h + 1] - pop.hhStart[h];
      expect(s.hhStart[j + 1] - s.hhStart[j]).toBe(n);
      expect(s.hhTract[j]).toBe(pop.hhTract[h]);
      for (let q = 0; q < n; q++) {
        expect(s.age5[s.hhStart[j] + q]).toBe(pop.age5[pop.hhStart[h] + q]);
        expect(s.attrs[s.hhStart[j] + q]).toBe(pop.attrs[pop.hhStart[h] + q]);
      }
      persons += n;
      perMun[pop.tractMun[pop.hhTract[h]]] += n;
    });
    expect(s.nPersons).toBe(persons);
    expect([...s.munPop]).toEqual(perMun);
    expect(s.age5.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('merges k consecutive classes and establishments, so groups keep about their size', () => {
    const k = 4;
    const s = samplePopulation(pop, k);
    expect(s.nTurmas).toBe(Math.ceil(pop.nTurmas / k));
    const members = (p: typeof pop) => {
      const c = new Map<number, number>();
      for (let i = 0; i < p.nPersons; i++) if (p.group[i] !== NO_GROUP) c.set(p.group[i], (c.get(p.group[i]) ?? 0) + 1);
      return [...c.values()].reduce((a, b) => a + b, 0) / c.size;
    };
    for (let i = 0; i < s.nPersons; i++) if (s.group[i] !== NO_GROUP) expect(s.group[i]).toBeLessThan(s.nGroups);
    const ratio = members(s) / members(pop);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
