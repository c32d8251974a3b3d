// Residents, occupied private households and residents of collective dwellings of every Census 2022
// district (generator 1.2.0, `domicilios_censo`). Residents and households are IBGE's; the split of
// residents between private households and collective dwellings is not published and is estimated
// here (docs/population.md, "Households as the 2022 Census counted them"). Data only, no seed.
import {
  loadCensusDistrictRows, loadCensusMunicipalRows, loadPermanentHouseholds, type CensusDistrictRow, type CensusMunicipalRow,
} from './data-files.js';
import { largestRemainder } from './random.js';

export interface CensusDistrict {
  codigo: string; // 9 digits
  nome: string;
  residents: number; // v0001
  households: number; // v0007
  /** Residents of collective dwellings (estimated); residents - collective live in the households. */
  collective: number;
}

/**
 * Residents per improvised private household, fitted at load: over the municipalities without
 * collective dwellings (v0004 = 0), every resident outside permanent households (v0001 - V06002)
 * lives in an improvised one (v0007 - V06001). 2.57 from 1,816 such households.
 */
function improvisedMeanSize(): number {
  const perm = loadPermanentHouseholds();
  let residents = 0, households = 0;
  for (const m of loadCensusMunicipalRows().values()) {
    const p = perm.get(m.codigo)!;
    if (m.collectiveDwellings > 0 || m.households === p.households) continue;
    residents += m.residents - p.residents;
    households += m.households - p.households;
  }
  return residents / households;
}

/**
 * Residents of private households allowed by the published mean v0005 (1 decimal, rounded half up):
 * mean in [v0005 - 0.05, v0005 + 0.05), and at least one resident per household, at most all.
 */
export function privateResidentsRange(r: { residents: number; households: number; meanSize: number }): [number, number] {
  if (r.households === 0) return [0, 0];
  const lo = Math.ceil((r.meanSize - 0.05) * r.households - 1e-6);
  const hi = Math.ceil((r.meanSize + 0.05) * r.households - 1e-6) - 1;
  return [Math.max(r.households, lo), Math.min(r.residents, hi)];
}

/** Collective residents of a district: 0 without collective dwellings, else what its mean allows. */
function collectiveRange(d: CensusDistrictRow): [number, number] {
  if (d.collectiveDwellings === 0 || d.residents === 0) return [0, 0];
  const [lo, hi] = privateResidentsRange(d);
  return [d.residents - hi, d.residents - lo];
}

/**
 * Collective residents of a municipality: residents outside permanent households (v0001 - V06002)
 * less the residents of its improvised households at the fitted mean, kept within what the
 * municipal mean and the districts' means allow (the districts' bounds win when the two disagree).
 */
function municipalCollective(m: CensusMunicipalRow, districtLo: number, districtHi: number, improvisedMean: number): number {
  if (m.collectiveDwellings === 0) return 0;
  const perm = loadPermanentHouseholds().get(m.codigo)!;
  const outside = m.residents - perm.residents;
  const improvised = m.households - perm.households;
  let c = Math.max(0, Math.min(outside - improvised, outside - Math.round(improvised * improvisedMean)));
  const [pLo, pHi] = privateResidentsRange(m);
  const lo = Math.max(districtLo, m.residents - pHi), hi = Math.min(districtHi, m.residents - pLo);
  if (lo <= hi) c = Math.min(hi, Math.max(lo, c));
  return Math.min(districtHi, Math.max(districtLo, c));
}

let cache: Map<string, CensusDistrict[]> | undefined;

/**
 * The districts of every municipality (code order) with their collective residents: the municipal
 * estimate shared out so that every district sits at the same point of its own allowed range.
 * The 2 rows IBGE publishes without values (320465810 Braço do Sul, 500830520 Ilha Comprida) get
 * 0 residents: the other districts of their municipalities add up to its totals exactly.
 */
export function censusDistricts(): Map<string, CensusDistrict[]> {
  if (cache) return cache;
  const mean = improvisedMeanSize();
  const muns = loadCensusMunicipalRows();
  const out = new Map<string, CensusDistrict[]>();
  for (const [code, rows] of loadCensusDistrictRows()) {
    const ranges = rows.map(collectiveRange);
    const lo = ranges.reduce((s, r) => s + r[0], 0), hi = ranges.reduce((s, r) => s + r[1], 0);
    const total = municipalCollective(muns.get(code)!, lo, hi, mean);
    const extra = largestRemainder(ranges.map((r) => r[1] - r[0]), total - lo);
    out.set(code, rows.map((d, i) => ({
      codigo: d.codigo, nome: d.nome, residents: d.residents, households: d.households, collective: ranges[i][0] + extra[i],
    })));
  }
  cache = out;
  return out;
}
