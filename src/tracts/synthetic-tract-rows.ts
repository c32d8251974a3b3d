// The synthetic side of a diagnosis variable: one row per tract of the release, with the
// synthetic count and its tract error, or null with the reason (the cutoff of tract-error-cutoff.ts:
// erro_acima_do_corte, erro_nao_medido, sem_populacao_sintetica). The residents' error is also the
// tract error of the per-tract job output (tractResidentErrors).
//
// Tract error, measured: |n - o| / o, where n is the release's synthetic count in the tract and o
// what IBGE observed in the same ground.
//  - Releases on observed tracts (v1.3.0 on, Roraima): the tract IS IBGE's, so o is the tract's
//    own count: Boa Vista's 2022 counts as published; elsewhere the 2010 counts scaled by the
//    municipality's 2022 / 2010 ratio of that variable's total (residents for the ages). The
//    population was placed on the observed residents and households, so their error is the
//    rounding of that scaling (and, in Boa Vista, the share of the residents IBGE suppressed);
//    the error of the age variables is the model's (ages are drawn per municipality, not per tract).
//  - Releases on modelled tracts: the tracts are modelled cells, so "the same ground" is the cell:
//    o sums the observed tracts whose centre lies nearest the cell's centre (the cell is the
//    Voronoi cell of its centre). Measurable only where observed tracts have positions: Boa Vista's
//    2022 tracts (residents and ages).
// Elsewhere, and where no observation matches, the error is not measured and the count is hidden.
// A hidden count also hides its error (with the observation it would give the count back).
import { CORTE_ERRO, type MotivoCorte } from './tract-error-cutoff.js';
import type { Municipality, Population, Release, Tract } from '../release/types.js';
import { loadTracts2022 } from '../release/context-files.js';
import { BOA_VISTA, contextTractGrid } from './context-tract-grid.js';
import { observed2022, observedTables, type CountVariable } from './diagnosis-variables.js';
import { nearestFinder } from './nearest-point.js';

export interface SyntheticRow {
  setor: string;
  n: number | null;
  erro: number | null;
  motivo: MotivoCorte | null;
}

/** Relative error of n against the observation o; null when o is 0 and n is not (unbounded). */
export function relativeTractError(n: number, o: number): number | null {
  if (o === 0) return n === 0 ? 0 : null;
  return Math.abs(n - o) / o;
}

/** The row of one tract under the cutoff. */
export function cutoffRow(setor: string, n: number, o: number): SyntheticRow {
  const erro = relativeTractError(n, o);
  if (erro === null || erro > CORTE_ERRO) return { setor, n: null, erro: null, motivo: 'erro_acima_do_corte' };
  return { setor, n, erro: Math.round(erro * 1000) / 1000, motivo: null };
}

/** Age bands (Population.age5) of the age variables. */
const AGE5: Partial<Record<CountVariable, [number, number]>> = { criancas_0_14: [0, 2], idosos_60_mais: [12, 16] };

/** Synthetic persons of the age variable per tract code of the municipality. */
function countAges(pop: Population, municipio: string, [lo, hi]: [number, number]): Map<string, number> {
  const counts = new Map<string, number>();
  const mun = pop.municipios.indexOf(municipio);
  for (let h = 0; h < pop.nHouseholds; h++) {
    const t = pop.hhTract[h];
    if (pop.tractMun[t] !== mun) continue;
    let k = 0;
    for (let p = pop.hhStart[h]; p < pop.hhStart[h + 1]; p++) if (pop.age5[p] >= lo && pop.age5[p] <= hi) k++;
    counts.set(pop.tractCodes[t], (counts.get(pop.tractCodes[t]) ?? 0) + k);
  }
  return counts;
}

/**
 * What IBGE observed in the same ground as each tract of the release (in release.tracts order;
 * NaN where no observation matches the tract), or null where the error is not measurable here.
 */
function observedInTracts(m: Municipality, v: CountVariable, tracts: Tract[]): Float64Array | null {
  if (tracts.some((t) => t.observado)) return ownObservations(m, v, tracts);
  if (m.codigo !== BOA_VISTA || v === 'domicilios') return null;
  // modelled cells of Boa Vista: the observed 2022 tracts whose centre lies nearest each cell's
  const observed = new Float64Array(tracts.length);
  const nearest = nearestFinder(tracts);
  const positions = new Map(contextTractGrid(m).setores.map((s) => [s.setor, s]));
  for (const o of loadTracts2022()) {
    const value = observed2022(o, v);
    const at = positions.get(o.setor);
    if (value === null || !at || at.lat === null || at.lon === null) continue;
    observed[nearest(at.lat, at.lon)!.index] += value;
  }
  return observed;
}

/** Observations of a release whose tracts are IBGE's: each tract's own count (2010 counts brought to 2022). */
function ownObservations(m: Municipality, v: CountVariable, tracts: Tract[]): Float64Array {
  const malha = m.codigo === BOA_VISTA ? 'ibge_2022' : 'ibge_2010';
  const table = observedTables(m, v).find((t) => t.malha === malha);
  const observed = new Map((table?.setores ?? []).map((s) => [s.setor, s.valor]));
  // 2010 counts are brought to 2022 by the municipality's ratio of the variable's totals
  let scale = 1;
  if (table?.ano === 2010) {
    const base = v === 'domicilios' ? 'domicilios' : 'residentes';
    const byCode = new Map(observedTables(m, base).find((t) => t.malha === malha)!.setores.map((x) => [x.setor, x.valor]));
    const synthetic = tracts.reduce((acc, t) => acc + (base === 'domicilios' ? t.domicilios ?? 0 : t.populacao), 0);
    scale = synthetic / tracts.reduce((acc, t) => acc + (byCode.get(t.codigo) ?? 0), 0);
  }
  return Float64Array.from(tracts, (t) => {
    const o = observed.get(t.codigo);
    return o === undefined || o === null ? NaN : o * scale;
  });
}

/**
 * The synthetic rows of a variable in a municipality at a release. The population of the UF is
 * read (built on first use) only where the error can be measured for an age variable.
 */
export async function syntheticTractRows(release: Release, m: Municipality, v: CountVariable): Promise<SyntheticRow[]> {
  const tracts = release.tracts(m.codigo);
  const observed = observedInTracts(m, v, tracts);
  const counts = observed ? await syntheticCounts(release, m, v, tracts) : new Map<string, number>();
  return tracts.map((t, i): SyntheticRow => {
    if (t.populacao === 0) return { setor: t.codigo, n: null, erro: null, motivo: 'sem_populacao_sintetica' };
    if (!observed || Number.isNaN(observed[i])) return { setor: t.codigo, n: null, erro: null, motivo: 'erro_nao_medido' };
    return cutoffRow(t.codigo, counts.get(t.codigo) ?? 0, observed[i]);
  });
}

/**
 * The measured error of each tract's synthetic residents at a release (the diagnosis's
 * `residentes` error, unrounded), keyed by tract code: NaN where not measured, Infinity where
 * the tract has residents and the observation none. The per-tract job output applies the cutoff
 * to it (src/findings/release-lookups.ts).
 */
export function tractResidentErrors(release: Release, m: Municipality): Map<string, number> {
  const tracts = release.tracts(m.codigo);
  const observed = observedInTracts(m, 'residentes', tracts);
  return new Map(tracts.map((t, i) => {
    const o = observed ? observed[i] : NaN;
    return [t.codigo, Number.isNaN(o) ? NaN : relativeTractError(t.populacao, o) ?? Infinity];
  }));
}

/** The release's synthetic count of a variable per tract code. */
async function syntheticCounts(release: Release, m: Municipality, v: CountVariable, tracts: Tract[]): Promise<Map<string, number>> {
  const ages = AGE5[v];
  if (ages) return countAges(await release.population([m.uf]), m.codigo, ages);
  return new Map(tracts.map((t) => [t.codigo, v === 'domicilios' ? t.domicilios ?? 0 : t.populacao]));
}
