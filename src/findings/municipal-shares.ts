// The saturation of one measure in each municipality of a job (its total row, or its publico row,
// as the saturacao table publishes them), for a map: every municipality of the job, with no row
// limit (the findings tables stop at LIMITE_MAXIMO rows, and a map that reads them loses
// municipalities).
import type { JobResult } from './job-result.js';
import { saturationCell } from './findings-tables.js';
import { selectUnits, unitsAreAreas } from './units.js';

export interface MunicipalShare {
  municipio: string;
  nome: string | null;
  /** The share of the municipality's population (or audience) with the measure; null when withheld by the privacy rule or split over weighting areas. */
  parte: number | null;
  /** Persons with the measure and persons counted (the share's numerator and denominator, as published); null where parte is. */
  n: number | null;
  populacao: number | null;
  /** Why parte is null: the row's privacy reason, or 'varias_areas' when the municipality has several weighting areas (their values are in the table). */
  motivo: string | null;
}

/**
 * One entry per targeted municipality of the job, in job order, for measure `medida`: of the whole
 * population, or with `publico` of the scenario's audience (its publico row; the total row when the
 * audience is the whole population).
 */
export function municipalShares(result: JobResult, medida: string, opts: { publico?: boolean } = {}): MunicipalShare[] {
  const m = (result.saturacao.medidas as readonly string[]).indexOf(medida);
  if (m < 0) return [];
  const byCode = new Map<string, number[]>();
  for (const u of selectUnits(result)) {
    const code = result.unidades[u].slice(0, 7);
    byCode.set(code, [...(byCode.get(code) ?? []), u]);
  }
  return [...byCode].map(([municipio, units]) => {
    const nome = result.municipios[municipio] ?? null;
    // A weighting area's value stands for its municipality only when it is the municipality's only one.
    if (unitsAreAreas(result) && units.length > 1) return { municipio, nome, parte: null, n: null, populacao: null, motivo: 'varias_areas' };
    const cell = saturationCell(result, units[0], opts.publico && result.saturacao.temPublico ? 1 : 0, m);
    const parte = cell.parte as number | null;
    return {
      municipio, nome, parte,
      n: parte === null ? null : cell.n as number, populacao: parte === null ? null : cell.populacao as number,
      motivo: cell.motivo as string | null,
    };
  });
}
