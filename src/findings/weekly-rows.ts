// The weekly curves of a simulation as tidy rows (long format: variante, replica, municipio,
// semana, medida, valor), published under the privacy rule like the findings (privacy.ts, through
// ReplicaSums): in each replica a count is 0 or at least 5, with complementary suppression along
// the margins a reader could subtract from (the units of one week and measure, whose territory
// total the answers publish, and the identities between measures), and a cell hidden in any
// replica of its variant is hidden in all of them. Counts are cumulative persons by the end of
// each week, over the whole population of the unit, for the scenario's KPIs.
import type { Medida } from '../contract/types.js';
import type { SimulationResult } from '../simulate.js';
import { checkLayout, keptMeasures, layoutOf } from './combine/replica-layout.js';
import { measureIdentities } from './combine/measure-identities.js';
import { ReplicaSums } from './combine/replica-sums.js';
import { buildMargins, MOTIVO_PUBLICADO, type Margins } from './privacy.js';

export interface WeeklyRow {
  variante: string;
  /** 1-based. */
  replica: number;
  /** The unit: a municipality code, or a weighting-area code when the scenario lists aps. */
  municipio: string;
  /** 1-based; the last week may be shorter than 7 days. */
  semana: number;
  medida: Medida;
  /** Persons with the event by the end of the week; null when the privacy rule hides the count. */
  valor: number | null;
}

/** What the rows are read from: a simulate() answer. */
export type WeeklySource = Pick<SimulationResult, 'variantes'> & { plan: { scenario: { kpis: readonly string[] } } };

/** Margins over the cells [unidade][semana][medida]. */
function weeklyMargins(units: number, weeks: number, medidas: readonly Medida[]): Margins {
  const M = medidas.length;
  const margins: number[][] = [];
  for (let w = 0; w < weeks; w++) for (let m = 0; m < M; m++) margins.push(Array.from({ length: units }, (_, u) => (u * weeks + w) * M + m));
  for (const parts of measureIdentities(medidas)) {
    for (let u = 0; u < units; u++) for (let w = 0; w < weeks; w++) margins.push(parts.map((m) => (u * weeks + w) * M + m));
  }
  return buildMargins(units * weeks * M, margins);
}

export interface WeeklyRowsOptions {
  /** Every count as simulated, the privacy rule not applied: for a researcher's own machine, never to publish. */
  raw?: boolean;
}

/** The rows, variant by variant (plan order), then replica, unit, week and measure. */
export function* weeklyRows(result: WeeklySource, opts: WeeklyRowsOptions = {}): Generator<WeeklyRow> {
  for (const [variante, replicas] of Object.entries(result.variantes)) {
    if (replicas.length === 0) continue;
    const layout = layoutOf(replicas[0]);
    const { medidas, medIdx } = keptMeasures(result.plan.scenario.kpis, layout);
    const U = layout.unidades.length;
    const W = layout.semanas;
    const M = medidas.length;
    const all = layout.medidas.length;
    const margins = weeklyMargins(U, W, medidas);
    const sums = new ReplicaSums(U * W * M, false);
    const kept = replicas.map((r) => {
      checkLayout(r, layout);
      const v = new Uint32Array(U * W * M);
      for (let uw = 0; uw < U * W; uw++) for (let m = 0; m < M; m++) v[uw * M + m] = r.serie[uw * all + medIdx[m]];
      sums.add(v, margins);
      return v;
    });
    for (let r = 0; r < kept.length; r++) {
      for (let u = 0; u < U; u++) {
        for (let w = 0; w < W; w++) {
          for (let m = 0; m < M; m++) {
            const i = (u * W + w) * M + m;
            yield {
              variante, replica: replicas[r].replica + 1, municipio: layout.unidades[u], semana: w + 1, medida: medidas[m],
              valor: opts.raw || sums.motivo[i] === MOTIVO_PUBLICADO ? kept[r][i] : null,
            };
          }
        }
      }
    }
  }
}

/** Every published weekly row of a simulate() answer (weeklyRows, collected). */
export function toRows(result: WeeklySource): WeeklyRow[] {
  return [...weeklyRows(result)];
}
