// Which units of a job a reader keeps, and the unit columns of its rows.

import type { JobResult } from './job-result.js';

/** Municipalities the campaign targets: geografia.municipios when given, else every municipality of the job. */
export function targetedMunicipalities(result: JobResult): string[] {
  const listed = result.cenario.geografia.municipios;
  if (listed && listed.length > 0) return [...listed];
  return [...new Set(result.unidades.map((u) => u.slice(0, 7)))];
}

/** Indices of the job's units whose municipality is in `municipio` (default: the targeted ones), in job order. */
export function selectUnits(result: JobResult, municipio?: readonly string[]): number[] {
  const keep = new Set(municipio && municipio.length > 0 ? municipio : targetedMunicipalities(result));
  const out: number[] = [];
  result.unidades.forEach((u, i) => {
    if (keep.has(u.slice(0, 7))) out.push(i);
  });
  return out;
}

const AREAS = new WeakMap<JobResult, boolean>();

/** The job's units are weighting areas (10 digits) rather than municipalities (asked once per row: cached). */
export function unitsAreAreas(result: JobResult): boolean {
  let v = AREAS.get(result);
  if (v === undefined) {
    v = result.unidades.some((u) => u.length === 10);
    AREAS.set(result, v);
  }
  return v;
}

export function unitColumns(result: JobResult, unit: string): Record<string, string> {
  return unitsAreAreas(result) ? { municipio: unit.slice(0, 7), area_ponderacao: unit } : { municipio: unit };
}

/** Names of the municipalities that appear in `rows` (column municipio). */
export function namesOf(result: JobResult, codes: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of [...new Set(codes)].sort()) {
    const n = result.municipios[c];
    if (n !== undefined) out[c] = n;
  }
  return out;
}
