// Observed tracts (generator flag `setores_observados`, release v1.3.0 on): in Roraima, the only
// UF whose IBGE tract grid this data version holds, a municipality's tracts are the real ones.
//  - Boa Vista (1400100): the 2022 tracts (codes, residents; positions at the centroids of the
//    published 2022 polygons). IBGE suppressed the residents of 22 small tracts: they get none.
//  - The other 14 municipalities: the 2010 tracts (codes, residents, occupied private households,
//    urban or rural); 2010 is the newest grid here for them, and it has no polygons, so their
//    positions are modelled (urban tracts around the seat, rural ones over the municipality).
// Residents are scaled to the 2022 Census residents of each district (largest remainders over the
// observed residents), households to its 2022 households (over the observed 2010 households, or
// over the private residents where the 2022 file has none), collective residents as in
// tracts.ts. Weighting areas stay modelled (runs of consecutive tracts). Urban or rural of a
// 2022 tract is not in the file: modelled from its density (URBAN_DENSITY). Keep in sync with
// docs/population.md "Tracts" and the context grid (src/tracts/context-tract-grid.ts).
import type { CensusDistrict } from './census-districts.js';
import { loadTractPolygons2022, loadTracts2010, loadTracts2022, type TractGeometry } from './context-files.js';
import { KM_PER_DEG_LAT, type MunShape } from './geometry.js';
import { polygonCentroid } from './polygon-centroid.js';
import { largestRemainder, munKey, Rng, STREAM } from './random.js';
import { emptyLayout, placeTractPoints, tractHouseholds } from './tracts.js';
import type { Municipality, TractLayout, UfCode } from './types.js';

/** The UFs whose tracts are observed in a release with `setores_observados`. */
export const UFS_SETORES_OBSERVADOS: readonly UfCode[] = ['RR'];
export const BOA_VISTA = '1400100';
/** Residents per km2 from which a 2022 tract of Boa Vista counts as urban (modelled: the file has no situação). */
export const URBAN_DENSITY = 150;

/** One observed tract before scaling. */
interface ObservedRow {
  setor: string;
  residentes: number;
  /** Weight of its share of the district's households; null: none observed (2022). */
  domicilios: number | null;
  /** Urban or rural; null: to be modelled from density. */
  urbano: boolean | null;
  /** Observed position (2022 polygon centroid) and area, or null. */
  centro: [number, number] | null;
  areaKm2: number | null;
}

/** Planar area of a polygon or multipolygon in km2 (degrees scaled at its latitude; tracts are small). */
function areaKm2(g: TractGeometry, lat: number): number {
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as number[][][][];
  const kx = KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180), ky = KM_PER_DEG_LAT;
  let a = 0;
  for (const poly of polygons) {
    poly.forEach((ring, k) => {
      let s = 0;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      a += (k === 0 ? 1 : -1) * Math.abs(s / 2) * kx * ky;
    });
  }
  return a;
}

function observedRows(m: Municipality): ObservedRow[] {
  if (m.codigo === BOA_VISTA) {
    const polygons = loadTractPolygons2022();
    return loadTracts2022().map((t) => {
      const g = polygons.get(t.setor);
      const centro = g ? polygonCentroid(g) : null;
      return { setor: t.setor, residentes: t.total, domicilios: null, urbano: null, centro, areaKm2: g && centro ? areaKm2(g, centro[1]) : null };
    });
  }
  return (loadTracts2010().get(m.codigo) ?? []).map((t) => ({
    setor: t.setor, residentes: t.residentes ?? 0, domicilios: t.domicilios ?? 0, urbano: t.urbano, centro: null, areaKm2: null,
  }));
}

/** Whether a municipality's tracts are observed in a release with `setores_observados`. */
export function hasObservedTracts(m: Municipality): boolean {
  return UFS_SETORES_OBSERVADOS.includes(m.uf);
}

/** The layout of a municipality on its observed tracts, scaled to its 2022 Census districts. */
export function layoutObservedTracts(m: Municipality, shape: MunShape, seed: number, districts: CensusDistrict[]): TractLayout {
  const rows = observedRows(m).sort((a, b) => a.setor.localeCompare(b.setor));
  if (rows.length === 0) throw new Error(`campaign-sim: no observed tracts of ${m.codigo} in data/br/contexto`);
  const n = rows.length;
  const out = emptyLayout(m, n);
  out.households = new Int32Array(n);
  out.collective = new Int32Array(n);
  out.district = new Array<string>(n);
  for (let k = 0; k < n; k++) out.codes[k] = rows[k].setor;

  // Residents, households and collective residents per 2022 district; a district the tract codes
  // do not name (none in RR today) would leave the municipality short, so it is an error.
  for (const d of districts.filter((x) => x.residents > 0)) {
    const idx = rows.map((r, k) => (r.setor.startsWith(d.codigo) ? k : -1)).filter((k) => k >= 0);
    if (idx.length === 0) throw new Error(`campaign-sim: 2022 district ${d.codigo} has no observed tract`);
    const pop = largestRemainder(idx.map((k) => rows[k].residentes), d.residents);
    const hh = new Int32Array(idx.length), coll = new Int32Array(idx.length);
    const observedHouseholds = idx.every((k) => rows[k].domicilios !== null) ? idx.map((k) => rows[k].domicilios!) : undefined;
    tractHouseholds(d, pop, hh, coll, observedHouseholds);
    idx.forEach((k, j) => { out.pop[k] = pop[j]; out.households![k] = hh[j]; out.collective![k] = coll[j]; out.district![k] = d.nome; });
  }

  // Urban: observed (2010) or from density (2022).
  for (let k = 0; k < n; k++) {
    const r = rows[k];
    out.urban[k] = (r.urbano ?? (r.areaKm2 !== null && r.areaKm2 > 0 && r.residentes / r.areaKm2 >= URBAN_DENSITY)) ? 1 : 0;
  }
  // Positions: observed centroids where the polygons exist; else modelled as for modelled tracts,
  // urban points to urban tracts and rural to rural, each in code order along the Hilbert curve.
  const missing = rows.map((r, k) => (r.centro ? -1 : k)).filter((k) => k >= 0);
  for (let k = 0; k < n; k++) if (rows[k].centro) { out.lon[k] = rows[k].centro![0]; out.lat[k] = rows[k].centro![1]; }
  if (missing.length > 0) {
    const urban = missing.filter((k) => out.urban[k] === 1), rural = missing.filter((k) => out.urban[k] === 0);
    const rng = new Rng(seed, STREAM.tractPlace, munKey(m.codigo));
    const pts = placeTractPoints(m, shape, urban.length / missing.length, missing.length, rng);
    const nUrban = pts.urban.reduce((s, u) => s + u, 0);
    const byCurve = (a: number, b: number) => pts.hilbert[a] - pts.hilbert[b] || a - b;
    const urbanPts = Array.from({ length: nUrban }, (_, i) => i).sort(byCurve);
    const ruralPts = Array.from({ length: missing.length - nUrban }, (_, i) => nUrban + i).sort(byCurve);
    // placeTractPoints makes at least one urban point: a municipality without urban tracts takes
    // it as rural, in curve order with the others
    const points = [...urbanPts.slice(0, urban.length), ...[...urbanPts.slice(urban.length), ...ruralPts].sort(byCurve)];
    [...urban, ...rural].forEach((k, j) => { out.lon[k] = pts.lon[points[j]]; out.lat[k] = pts.lat[points[j]]; });
  }
  return out;
}
