// The layout every ReplicaResult of a job shares (units, weeks, measures, grid, channels): taken
// from the first replica, and each later one checked against it before any block reads it.
import type { Medida } from '../../contract/types.js';
import type { ReplicaResult } from '../../pool/replica-result.js';
import { gridCellCount } from '../../release/publication-grid.js';
import { fail, sameList } from './combine-checks.js';

export interface ReplicaLayout {
  unidades: string[];
  semanas: number;
  medidas: Medida[]; // measure axis of the ReplicaResults
  grade: ReplicaResult['grade'];
  canais: string[];
}

export function layoutOf(r: ReplicaResult): ReplicaLayout {
  return { unidades: [...r.unidades], semanas: r.semanas, medidas: [...r.medidas], grade: r.grade, canais: [...r.canais] };
}

export function checkLayout(r: ReplicaResult, l: ReplicaLayout): void {
  if (r.semanas !== l.semanas || r.grade !== l.grade || !sameList(r.unidades, l.unidades) || !sameList(r.medidas, l.medidas) || !sameList(r.canais, l.canais)) {
    fail(`replica ${r.replica} of ${r.variante} has a different layout (units, weeks, measures, grid or channels) from the first one`);
  }
  const U = l.unidades.length;
  const C = gridCellCount(l.grade);
  const want = (name: string, arr: ArrayLike<number> | undefined, n: number) => {
    if (!arr || arr.length !== n) fail(`${name} of ${r.variante}/${r.replica} has ${arr?.length ?? 'no'} entries, expected ${n}`);
  };
  want('serie', r.serie, U * l.semanas * l.medidas.length);
  want('seriePublico', r.seriePublico, U * l.semanas * l.medidas.length);
  // cells: plano's, of some of the measures (src/pool/replica-result.ts); none for other variants
  if (!Array.isArray(r.medidasCelulas) || !r.medidasCelulas.every((m) => l.medidas.includes(m))) {
    fail(`medidasCelulas of ${r.variante}/${r.replica} must list measures of the replicas (${l.medidas.join(', ')})`);
  }
  const withCells = r.celulasPopulacao?.length > 0;
  want('celulas', r.celulas, withCells ? U * C * r.medidasCelulas.length : 0);
  want('celulasPopulacao', r.celulasPopulacao, withCells ? U * C : 0);
}

/** The measures a result keeps (the scenario's KPIs, in kpis order) and their index in the replicas' measure axis. */
export interface KeptMeasures {
  medidas: Medida[];
  medIdx: number[];
}

export function keptMeasures(kpis: readonly string[], l: ReplicaLayout): KeptMeasures {
  const medidas = kpis.filter((k) => l.medidas.includes(k as Medida)) as Medida[];
  return { medidas, medIdx: medidas.map((m) => l.medidas.indexOf(m)) };
}
