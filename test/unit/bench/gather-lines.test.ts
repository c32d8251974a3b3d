// The roofline's gather count (bench/lib/gather-lines.ts): the cache it simulates is an LRU of
// 16-way sets, and the counts per table follow the population's indices.
import { describe, expect, it } from 'vitest';
import { LineCache, adoptionGatherLines, receptionGatherLines } from '../../../bench/lib/gather-lines.js';
import { prepareKernelPopulation } from '../../../src/kernel/kernel-population.js';
import { buildFixturePopulation } from '../../fixtures/population-fixture.js';

const distinctLines = (indices: ArrayLike<number>) => new Set(Array.from(indices, (g) => Math.floor((g * 4) / 64))).size;

describe('gather lines', () => {
  it('a 16-line cache of one set keeps the 16 lines used last', () => {
    const c = new LineCache(16 * 64);
    for (let l = 0; l < 16; l++) expect(c.touch(l)).toBe(true);
    expect(c.touch(0)).toBe(false); // 0 is now the most recently used
    expect(c.touch(16)).toBe(true); // evicts 1, the least recently used
    expect(c.touch(0)).toBe(false);
    expect(c.touch(1)).toBe(true);
    expect([c.accesses, c.misses]).toEqual([20, 18]);
  });

  it('counts a gather per person and household, the distinct lines of each table, and misses only past a cache that holds them', () => {
    const pop = prepareKernelPopulation(buildFixturePopulation({ persons: 20_000, municipios: 3, tractsPerMunicipality: 40, seed: 'gather-lines' }));
    const large = adoptionGatherLines(pop, 64 * 2 ** 20);
    expect(large.leituras_por_tabela.tG).toBe(pop.nPersons);
    expect(large.leituras_por_tabela.tV).toBe(pop.nHouseholds);
    expect(large.distintas_por_tabela.tG).toBe(distinctLines(pop.group));
    expect(large.distintas_por_tabela.tV).toBe(distinctLines(pop.hhTract));
    // a cache larger than everything the day touches misses each line once
    expect(large.falhas_por_tabela).toEqual(large.distintas_por_tabela);
    const small = adoptionGatherLines(pop, 4 * 1024);
    expect(small.falhas_por_tabela.tG).toBeGreaterThan(small.distintas_por_tabela.tG);
    expect(small.falhas_por_pessoa_dia).toBeGreaterThan(large.falhas_por_pessoa_dia);
    const reception = receptionGatherLines(pop, 64 * 2 ** 20);
    expect(reception.distintas_por_tabela).toEqual({ tG: large.distintas_por_tabela.tG, tD: large.distintas_por_tabela.tD, tV: large.distintas_por_tabela.tV });
  });
});
