// Audience ages (publico.idades) against the two publication grids (src/release/publication-grid.ts):
// an audience whose ages are a union of whole grupo_idade groups fits the main grid (for example
// 20-24 and 25-29 together are the group 20-29); any other set of 5-year bands needs etaria.
import { ageGroupOf, bandsOfAgeGroup, bandsOfAgeRange, type Grade } from '../release/publication-grid.js';
import type { Scenario } from './types.js';

type AgeBand = [number, number | null];

/**
 * Index of the first band (document order) that keeps the audience off the main grid: a band
 * touching a grupo_idade that the bands together do not cover whole. -1 when the bands fit.
 */
export function firstBandOffMainGrid(idades: readonly AgeBand[] | undefined): number {
  if (!idades || idades.length === 0) return -1;
  const covered = new Set(idades.flatMap(bandsOfAgeRange));
  for (let i = 0; i < idades.length; i++) {
    for (const b of bandsOfAgeRange(idades[i])) {
      if (!bandsOfAgeGroup(ageGroupOf(b)).every((x) => covered.has(x))) return i;
    }
  }
  return -1;
}

/** The publication grid of a job: etaria when the audience is cut in 5-year bands, else principal. */
export function jobGrid(scenario: Pick<Scenario, 'publico'>): Grade {
  return firstBandOffMainGrid(scenario.publico?.idades) >= 0 ? 'etaria' : 'principal';
}
