// Age bands of publico.idades against the two publication grids (DESIGN 5): principal has
// grupo_idade 0-6 (0-9, 10-19, ..., 50-59, 60+), etaria has faixa_etaria_5 0-16 (80+ last).
// An audience whose ages are a union of whole grupo_idade groups fits the main grid (for
// example 20-24 and 25-29 together are the group 20-29); any other set of bands needs etaria.
// The same mapping is read by src/findings/grid.ts (audienceByAxis): keep them in sync.

import type { Scenario } from './types.js';

export type AgeBand = [number, number | null];

/** 5-year cells (0..16) of a band [start, end]; end null is open (to 80+). */
export function bandCells(band: AgeBand): number[] {
  const first = Math.floor(band[0] / 5);
  const last = band[1] === null ? 16 : Math.min(16, Math.floor((band[1] + 1) / 5) - 1);
  const out: number[] = [];
  for (let c = first; c <= last; c++) out.push(c);
  return out;
}

/** grupo_idade (0..6) of a 5-year cell. */
export function groupOfCell(cell: number): number {
  return Math.min(6, Math.floor(cell / 2));
}

/** 5-year cells of a grupo_idade. */
export function cellsOfGroup(g: number): number[] {
  return g < 6 ? [2 * g, 2 * g + 1] : [12, 13, 14, 15, 16];
}

/**
 * Index of the first band (document order) that keeps the audience off the main grid: a band
 * touching a grupo_idade that the bands together do not cover whole. -1 when the bands fit.
 */
export function firstBandOffMainGrid(idades: readonly AgeBand[] | undefined): number {
  if (!idades || idades.length === 0) return -1;
  const covered = new Set(idades.flatMap(bandCells));
  for (let i = 0; i < idades.length; i++) {
    for (const c of bandCells(idades[i])) {
      if (!cellsOfGroup(groupOfCell(c)).every((x) => covered.has(x))) return i;
    }
  }
  return -1;
}

/** The publication grid of a job: etaria when the audience is cut in 5-year bands, else principal. */
export function jobGrid(scenario: Pick<Scenario, 'publico'>): 'principal' | 'etaria' {
  return firstBandOffMainGrid(scenario.publico?.idades) >= 0 ? 'etaria' : 'principal';
}
