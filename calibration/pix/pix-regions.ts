// A municipality's place in its IBGE geographic region, for the Pix municipal cross-section
// (pix-municipal.ts). The Banco Central counts payers where they pay, so a regional centre takes
// in payers from the towns around it: the centrality covariates say how much of its region a
// municipality is, whether it is the region's hub (its most populous municipality) and how far its
// seat is from the hub's. Regions come from the Census 2022 district table: immediate (CD_RGI, the
// towns around one centre) and intermediate (CD_RGINT, a few immediate regions around a larger one).
import { columns, readCsv } from '../../src/release/csv.js';
import { distanceKm } from '../../src/release/geometry.js';
import type { Municipality } from '../../src/release/types.js';

const DISTRITOS_FILE = 'data/br/contexto/censo2022_basico_distritos_municipios/censo2022_basico_distritos.csv';

/** The IBGE region level: immediate (CD_RGI) or intermediate (CD_RGINT). */
export type RegionLevel = 'CD_RGI' | 'CD_RGINT';

/** The region of `nivel` of each municipality, from the Census 2022 district table. */
export function municipalRegions(nivel: RegionLevel): Map<string, string> {
  const { header, rows } = readCsv(DISTRITOS_FILE);
  const c = columns(header, ['CD_MUN', nivel], DISTRITOS_FILE);
  return new Map(rows.map((r) => [r[c.CD_MUN], r[c[nivel]]]));
}

/** IBGE immediate geographic region (CD_RGI) of each municipality. */
export function immediateRegions(): Map<string, string> {
  return municipalRegions('CD_RGI');
}

export interface Centrality {
  /** The municipality's share of its region's residents (2022 Census). */
  parte: number;
  /** 1 for the region's hub (its most populous municipality; a tie goes to the lower code), else 0. */
  polo: number;
  /** km from the municipality's seat to the hub's (0 for the hub). */
  km: number;
}

/** The centrality of each of `muns` in its region (`regiao`), hubs and totals taken over `muns`. */
export function regionalCentrality(
  muns: ReadonlyArray<Pick<Municipality, 'codigo' | 'populacao' | 'lat' | 'lon'>>, regiao: ReadonlyMap<string, string>,
): Map<string, Centrality> {
  const total = new Map<string, number>();
  const hub = new Map<string, (typeof muns)[number]>();
  for (const m of muns) {
    const r = regiao.get(m.codigo);
    if (r === undefined) throw new Error(`campaign-sim: municipality ${m.codigo} has no region in ${DISTRITOS_FILE}`);
    total.set(r, (total.get(r) ?? 0) + m.populacao);
    const h = hub.get(r);
    if (!h || m.populacao > h.populacao || (m.populacao === h.populacao && m.codigo < h.codigo)) hub.set(r, m);
  }
  return new Map(muns.map((m) => {
    const r = regiao.get(m.codigo)!;
    const h = hub.get(r)!;
    return [m.codigo, { parte: m.populacao / total.get(r)!, polo: h === m ? 1 : 0, km: h === m ? 0 : distanceKm(m.lat, m.lon, h.lat, h.lon) }];
  }));
}
