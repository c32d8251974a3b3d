// Territorial units of a plan: the job's units (municipios, or aps when the scenario lists them)
// and the territories of answer-contract questions, each as a unit index per tract (-1 outside).
import type { Scenario, Territorio } from '../contract/types.js';
import { contractError } from '../errors.js';
import type { Population } from '../release/types.js';
import { sharedBuffer } from '../platform/shared-buffer.js';

export interface TractUnits {
  unidades: string[];
  /** Unit of each tract, -1 when the tract is in none. */
  daSetor: Int32Array;
}

function sharedInt32(n: number): Int32Array {
  return new Int32Array(sharedBuffer(Math.max(1, n) * 4), 0, n);
}

function byMunicipality(pop: Population, codes: readonly string[]): TractUnits {
  const index = new Map(codes.map((c, k) => [c, k]));
  const daSetor = sharedInt32(pop.nTracts);
  for (let t = 0; t < pop.nTracts; t++) daSetor[t] = index.get(pop.municipios[pop.tractMun[t]]) ?? -1;
  return { unidades: [...codes], daSetor };
}

/** The job's units: aps when listed, else the listed municipios, else every municipality of the UFs. */
export function jobUnits(scenario: Scenario, pop: Population): TractUnits {
  const { municipios, aps } = scenario.geografia;
  if (aps?.length) {
    const index = new Map(aps.map((c, k) => [c, k]));
    const daSetor = sharedInt32(pop.nTracts);
    for (let t = 0; t < pop.nTracts; t++) daSetor[t] = pop.tractAp[t] >= 0 ? index.get(pop.aps[pop.tractAp[t]]) ?? -1 : -1;
    return { unidades: [...aps], daSetor };
  }
  return byMunicipality(pop, municipios?.length ? municipios : pop.municipios);
}

/** The tracts of the job's units, for saida_por_setor. */
export function jobTracts(units: TractUnits, pop: Population): TractUnits {
  const daSetor = sharedInt32(pop.nTracts).fill(-1);
  const unidades: string[] = [];
  for (let t = 0; t < pop.nTracts; t++) {
    if (units.daSetor[t] >= 0) {
      daSetor[t] = unidades.length;
      unidades.push(pop.tractCodes[t]);
    }
  }
  return { unidades, daSetor };
}

const EARTH_M = 6371008.8;

function metres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Whether a tract centroid (the population's float32 position) lies in the territory's circle:
 * within raio_m of ponto ([longitude, latitude]). Also the tracts whose error the circle's answers
 * carry (src/findings/release-lookups.ts).
 */
export function inCircle(territorio: { ponto: [number, number]; raio_m: number }, lat: number, lon: number): boolean {
  return metres(territorio.ponto[1], territorio.ponto[0], Math.fround(lat), Math.fround(lon)) <= territorio.raio_m;
}

/**
 * A question's territory: one unit per listed municipality or tract, or one unit 'ponto' holding
 * the tracts whose centroid lies within raio_m of the point ([longitude, latitude], GeoJSON order).
 */
export function territoryUnits(territorio: Territorio, pop: Population, field: string): TractUnits {
  if ('municipios' in territorio) return byMunicipality(pop, territorio.municipios);
  const daSetor = sharedInt32(pop.nTracts).fill(-1);
  if ('setores' in territorio) {
    const index = new Map(territorio.setores.map((c, k) => [c, k]));
    for (let t = 0; t < pop.nTracts; t++) daSetor[t] = index.get(pop.tractCodes[t]) ?? -1;
    return { unidades: [...territorio.setores], daSetor };
  }
  if ('ponto' in territorio) {
    for (let t = 0; t < pop.nTracts; t++) if (inCircle(territorio, pop.tractLat[t], pop.tractLon[t])) daSetor[t] = 0;
    return { unidades: ['ponto'], daSetor };
  }
  throw contractError('question_territory_malformed', field, 'territorio must have municipios, setores or ponto with raio_m');
}
