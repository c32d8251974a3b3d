// Loaders of the real input files in data/br (see data/br/README.md). Each file is read once
// per process and cached; nothing here models anything, it only parses and joins.
import { columns, readCsv } from './csv.js';
import { AGE_BAND_LABELS, AGE_BANDS, MACRO_REGIOES, UF_CODES, type Municipality, type UfCode } from './types.js';

const dataFile = (...p: string[]) => ['data', 'br', ...p].join('/');

/** IBGE size class (porte) of a 2022 Census population. */
export function porteOf(pop: number): number {
  const limits = [5000, 10000, 20000, 50000, 100000, 500000];
  let k = 0;
  while (k < limits.length && pop > limits[k]) k++;
  return k;
}

export interface UfInfo {
  uf: UfCode;
  codigoUf: number;
  nome: string;
  regiao: string;
}

let ufInfoCache: Map<UfCode, UfInfo> | undefined;
export function ufInfo(): Map<UfCode, UfInfo> {
  if (ufInfoCache) return ufInfoCache;
  const { header, rows } = readCsv(dataFile('estados.csv'));
  const c = columns(header, ['codigo_uf', 'uf', 'nome', 'regiao'] as const, 'estados.csv');
  const m = new Map<UfCode, UfInfo>();
  for (const r of rows) {
    const uf = r[c.uf] as UfCode;
    if (!UF_CODES.includes(uf)) throw new Error(`campaign-sim: unknown UF ${uf} in estados.csv`);
    m.set(uf, { uf, codigoUf: Number(r[c.codigo_uf]), nome: r[c.nome], regiao: r[c.regiao] });
  }
  ufInfoCache = m;
  return m;
}

/** Index in MACRO_REGIOES of the UF's macro-region (estados.csv). */
export function macroRegionOf(uf: UfCode): number {
  const regiao = ufInfo().get(uf)?.regiao;
  const k = MACRO_REGIOES.indexOf(regiao as (typeof MACRO_REGIOES)[number]);
  if (k < 0) throw new Error(`campaign-sim: UF ${uf} has no known macro-region in estados.csv (${regiao})`);
  return k;
}

let munCache: Municipality[] | undefined;
/**
 * The 5,570 municipalities of the 2022 Census grid, sorted by code. municipios.csv also lists
 * 5101837 (Boa Esperança do Norte, installed after the Census): it has no Census population
 * and is left out.
 */
export function loadMunicipalities(): Municipality[] {
  if (munCache) return munCache;
  const ufs = new Map<number, UfInfo>();
  for (const u of ufInfo().values()) ufs.set(u.codigoUf, u);

  const pop = new Map<string, number>();
  {
    const { header, rows } = readCsv(dataFile('populacao_censo_2022.csv'), ';');
    const c = columns(header, ['code_muni', '2022'] as const, 'populacao_censo_2022.csv');
    for (const r of rows) pop.set(r[c.code_muni], Number(r[c['2022']]));
  }
  const area = new Map<string, number>();
  {
    const { header, rows } = readCsv(dataFile('area_km2_2022.csv'));
    const c = columns(header, ['cd_mun', 'area_km2'] as const, 'area_km2_2022.csv');
    for (const r of rows) area.set(r[c.cd_mun], Number(r[c.area_km2]));
  }
  const { header, rows } = readCsv(dataFile('municipios.csv'));
  const c = columns(header, ['codigo_ibge', 'nome', 'latitude', 'longitude', 'capital', 'codigo_uf'] as const, 'municipios.csv');
  const out: Municipality[] = [];
  for (const r of rows) {
    const codigo = r[c.codigo_ibge];
    const p = pop.get(codigo);
    if (p === undefined) continue;
    const u = ufs.get(Number(r[c.codigo_uf]));
    if (!u) throw new Error(`campaign-sim: municipality ${codigo} has an unknown UF code`);
    const a = area.get(codigo);
    if (a === undefined) throw new Error(`campaign-sim: municipality ${codigo} has no area in area_km2_2022.csv`);
    out.push({
      codigo, nome: r[c.nome], uf: u.uf, codigoUf: u.codigoUf, regiao: u.regiao,
      lat: Number(r[c.latitude]), lon: Number(r[c.longitude]), areaKm2: a, populacao: p,
      porte: porteOf(p), capital: r[c.capital] === '1',
    });
  }
  out.sort((x, y) => (x.codigo < y.codigo ? -1 : x.codigo > y.codigo ? 1 : 0));
  if (out.length !== pop.size) throw new Error(`campaign-sim: ${pop.size - out.length} Census municipalities lack a row in municipios.csv`);
  munCache = out;
  return out;
}

const BAND_INDEX = new Map<string, number>(AGE_BAND_LABELS.map((label, b) => [label, b]));

let ageSexCache: Map<string, Float64Array> | undefined;
/** Sex x 5-year band estimates per municipality (index sex*17 + band; sex 0 M, 1 F). Shares only. */
export function loadAgeSex(): Map<string, Float64Array> {
  if (ageSexCache) return ageSexCache;
  const { header, rows } = readCsv(dataFile('populacao_sexo_idade5_2022.csv'));
  const c = columns(header, ['code_muni', 'sex', 'age_band', 'pop'] as const, 'populacao_sexo_idade5_2022.csv');
  const m = new Map<string, Float64Array>();
  for (const r of rows) {
    let a = m.get(r[c.code_muni]);
    if (!a) { a = new Float64Array(2 * AGE_BANDS); m.set(r[c.code_muni], a); }
    const band = BAND_INDEX.get(r[c.age_band]);
    if (band === undefined) throw new Error(`campaign-sim: unknown age band ${r[c.age_band]} in populacao_sexo_idade5_2022.csv`);
    a[(r[c.sex] === 'F' ? AGE_BANDS : 0) + band] = Number(r[c.pop]);
  }
  ageSexCache = m;
  return m;
}

let raceCache: Map<string, Float64Array> | undefined;
/** 2022 Census persons by colour or race (RACAS order) per municipality. */
export function loadRace(): Map<string, Float64Array> {
  if (raceCache) return raceCache;
  const { header, rows } = readCsv(dataFile('raca_censo_2022.csv'));
  const c = columns(header, ['code_muni', 'branca', 'preta', 'amarela', 'parda', 'indigena'] as const, 'raca_censo_2022.csv');
  const m = new Map<string, Float64Array>();
  for (const r of rows) {
    m.set(r[c.code_muni], Float64Array.from([c.branca, c.preta, c.amarela, c.parda, c.indigena], (i) => Number(r[i])));
  }
  raceCache = m;
  return m;
}

/** 2010 Atlas indicators of one municipality used by the builder. */
export interface AtlasRow {
  rdpc: number; // R$ of Aug 2010
  gini: number;
  pFund: number; // % of employed 18+ with fundamental complete
  pMed: number;
  pSuper: number;
  urbanShare: number; // pesourb / pesotot
  /** True when the municipality is absent from the Atlas and the nearest one of its UF stands in. */
  imputed: boolean;
}

let atlasCache: Map<string, AtlasRow> | undefined;
/** Atlas 2010 rows by 7-digit code; the 5 municipalities created after 2010 take their nearest neighbour's. */
export function loadAtlas(): Map<string, AtlasRow> {
  if (atlasCache) return atlasCache;
  const { header, rows } = readCsv(dataFile('socioeconomico', 'atlas_municipios_2010.csv'));
  const c = columns(header, ['codmun7', 'rdpc', 'gini', 'p_fund', 'p_med', 'p_super', 'pesotot', 'pesourb'] as const, 'atlas_municipios_2010.csv');
  const m = new Map<string, AtlasRow>();
  for (const r of rows) {
    const tot = Number(r[c.pesotot]);
    m.set(r[c.codmun7], {
      rdpc: Number(r[c.rdpc]), gini: Number(r[c.gini]), pFund: Number(r[c.p_fund]), pMed: Number(r[c.p_med]),
      pSuper: Number(r[c.p_super]), urbanShare: tot > 0 ? Number(r[c.pesourb]) / tot : 0.5, imputed: false,
    });
  }
  const muns = loadMunicipalities();
  for (const mu of muns) {
    if (m.has(mu.codigo)) continue;
    let best: Municipality | undefined;
    let bestD = Infinity;
    for (const o of muns) {
      if (o.uf !== mu.uf || o.codigo === mu.codigo || !m.has(o.codigo)) continue;
      const d = (o.lat - mu.lat) ** 2 + ((o.lon - mu.lon) * Math.cos((mu.lat * Math.PI) / 180)) ** 2;
      if (d < bestD) { bestD = d; best = o; }
    }
    if (!best) throw new Error(`campaign-sim: no Atlas neighbour for ${mu.codigo}`);
    m.set(mu.codigo, { ...m.get(best.codigo)!, imputed: true });
  }
  atlasCache = m;
  return m;
}

/** UF-level figures: Atlas 2010 and the 2023 income / Gini of renda_gini_ufs.csv. */
export interface UfSocio {
  rdpc2010: number;
  gini2010: number;
  tFund25: number; // % of adults 25+ with fundamental complete (2010)
  tMed25: number;
  tSuper25: number;
  rdpc2023: number; // R$/month, PNAD Contínua 2023
  gini: number; // Census 2022 where published, else PNAD Contínua 2016
}

let ufSocioCache: Map<UfCode, UfSocio> | undefined;
let brIncome2023: number | undefined;

/** Brazil's household income per capita of 2023 (R$/month, renda_gini_ufs.csv's row 0). */
export function nationalIncome2023(): number {
  loadUfSocio();
  if (brIncome2023 === undefined) throw new Error('campaign-sim: renda_gini_ufs.csv has no row for Brazil (uf_code 0)');
  return brIncome2023;
}

export function loadUfSocio(): Map<UfCode, UfSocio> {
  if (ufSocioCache) return ufSocioCache;
  const byCode = new Map<number, UfCode>();
  for (const u of ufInfo().values()) byCode.set(u.codigoUf, u.uf);
  const recent = new Map<number, { rdpc: number; gini: number }>();
  {
    const { header, rows } = readCsv(dataFile('socioeconomico', 'renda_gini_ufs.csv'));
    const c = columns(header, ['uf_code', 'rdpc_2023_brl', 'gini_pnadc_2016', 'gini_census_2022'] as const, 'renda_gini_ufs.csv');
    for (const r of rows) {
      const g = r[c.gini_census_2022] ? Number(r[c.gini_census_2022]) : Number(r[c.gini_pnadc_2016]);
      recent.set(Number(r[c.uf_code]), { rdpc: Number(r[c.rdpc_2023_brl]), gini: g });
    }
    brIncome2023 = recent.get(0)?.rdpc;
  }
  const { header, rows } = readCsv(dataFile('socioeconomico', 'atlas_ufs_2010.csv'));
  const c = columns(header, ['uf', 'rdpc', 'gini', 't_fund25m', 't_med25m', 't_super25m'] as const, 'atlas_ufs_2010.csv');
  const m = new Map<UfCode, UfSocio>();
  for (const r of rows) {
    const code = Number(r[c.uf]);
    const uf = byCode.get(code);
    const rec = recent.get(code);
    if (!uf || !rec) throw new Error(`campaign-sim: UF ${code} missing in estados.csv or renda_gini_ufs.csv`);
    m.set(uf, {
      rdpc2010: Number(r[c.rdpc]), gini2010: Number(r[c.gini]), tFund25: Number(r[c.t_fund25m]),
      tMed25: Number(r[c.t_med25m]), tSuper25: Number(r[c.t_super25m]), rdpc2023: rec.rdpc, gini: rec.gini,
    });
  }
  ufSocioCache = m;
  return m;
}


/** Census 2022 Básico figures of one district (v0001, v0007, v0005, v0004 of IBGE's dictionary). */
export interface CensusDistrictRow {
  codigo: string; // 9 digits: municipality 7 + district 2
  nome: string;
  residents: number; // v0001
  households: number; // v0007, occupied private households
  meanSize: number; // v0005, mean residents per occupied private household, published to 1 decimal
  collectiveDwellings: number; // v0004
  /** IBGE publishes the row without values (2 districts): read as 0 residents, see census-districts.ts. */
  withoutValues: boolean;
}

/** The same four figures for a municipality (censo2022_basico_municipios.csv). */
export type CensusMunicipalRow = Omit<CensusDistrictRow, 'nome' | 'withoutValues'>;

const contexto = (...p: string[]) => dataFile('contexto', ...p);

function censusRow(r: string[], c: Record<'v0001' | 'v0004' | 'v0005' | 'v0007', number>) {
  return {
    residents: Number(r[c.v0001] || 0), households: Number(r[c.v0007] || 0), meanSize: Number(r[c.v0005] || 0),
    collectiveDwellings: Number(r[c.v0004] || 0),
  };
}

let districtCache: Map<string, CensusDistrictRow[]> | undefined;
/** Census 2022 districts by 7-digit municipality code, in district code order. */
export function loadCensusDistrictRows(): Map<string, CensusDistrictRow[]> {
  if (districtCache) return districtCache;
  const file = 'censo2022_basico_distritos.csv';
  const { header, rows } = readCsv(contexto('censo2022_basico_distritos_municipios', file));
  const c = columns(header, ['CD_DIST', 'NM_DIST', 'CD_MUN', 'v0001', 'v0004', 'v0005', 'v0007'] as const, file);
  const m = new Map<string, CensusDistrictRow[]>();
  for (const r of rows) {
    const list = m.get(r[c.CD_MUN]) ?? [];
    list.push({ codigo: r[c.CD_DIST], nome: r[c.NM_DIST], ...censusRow(r, c), withoutValues: r[c.v0001] === '' });
    m.set(r[c.CD_MUN], list);
  }
  for (const list of m.values()) list.sort((a, b) => (a.codigo < b.codigo ? -1 : 1));
  districtCache = m;
  return m;
}

let censusMunCache: Map<string, CensusMunicipalRow> | undefined;
export function loadCensusMunicipalRows(): Map<string, CensusMunicipalRow> {
  if (censusMunCache) return censusMunCache;
  const file = 'censo2022_basico_municipios.csv';
  const { header, rows } = readCsv(contexto('censo2022_basico_distritos_municipios', file));
  const c = columns(header, ['CD_MUN', 'v0001', 'v0004', 'v0005', 'v0007'] as const, file);
  const m = new Map<string, CensusMunicipalRow>();
  for (const r of rows) m.set(r[c.CD_MUN], { codigo: r[c.CD_MUN], ...censusRow(r, c) });
  censusMunCache = m;
  return m;
}

/** Census 2022 permanent private households (DPPO) of a municipality: count, residents, size variance. */
export interface PermanentHouseholdsRow {
  households: number; // V06001, responsible persons = occupied permanent private households
  residents: number; // V06002
  sizeVariance: number; // V06003, published as an integer
}

let permanentCache: Map<string, PermanentHouseholdsRow> | undefined;
export function loadPermanentHouseholds(): Map<string, PermanentHouseholdsRow> {
  if (permanentCache) return permanentCache;
  const file = 'censo2022_renda_responsavel_municipios.csv';
  const { header, rows } = readCsv(contexto('censo2022_renda_municipios', file));
  const c = columns(header, ['CD_MUN', 'V06001', 'V06002', 'V06003'] as const, file);
  const m = new Map<string, PermanentHouseholdsRow>();
  for (const r of rows) m.set(r[c.CD_MUN], { households: Number(r[c.V06001]), residents: Number(r[c.V06002]), sizeVariance: Number(r[c.V06003]) });
  permanentCache = m;
  return m;
}

/** One household of the RR 2010 sample: its municipality, species, weight and members' sex x band cells. */
export interface SampleHousehold {
  municipio: string;
  /** IBGE V4001: 1 permanent private, 5 improvised private, 6 collective. */
  especie: number;
  peso: number;
  /** sex*17 + band of each member (sex 0 M, 1 F), in the file's order. */
  cells: number[];
}

let sampleCache: SampleHousehold[] | undefined;
/** Households of the Census 2010 sample of Roraima with their members (microdados_censo2010_rr). */
export function loadRrSample(): SampleHousehold[] {
  if (sampleCache) return sampleCache;
  const dir = 'microdados_censo2010_rr';
  const hFile = 'rr_censo2010_amostra_domicilios.csv', pFile = 'rr_censo2010_amostra_pessoas.csv';
  const hh = readCsv(contexto(dir, hFile));
  const hc = columns(hh.header, ['cd_mun', 'id_dom', 'peso', 'especie_V4001'] as const, hFile);
  const byId = new Map<string, SampleHousehold>();
  const out: SampleHousehold[] = [];
  for (const r of hh.rows) {
    const h: SampleHousehold = { municipio: r[hc.cd_mun], especie: Number(r[hc.especie_V4001]), peso: Number(r[hc.peso]), cells: [] };
    byId.set(r[hc.id_dom], h);
    out.push(h);
  }
  const pp = readCsv(contexto(dir, pFile));
  const pc = columns(pp.header, ['id_dom', 'sexo_V0601', 'idade_V6036'] as const, pFile);
  for (const r of pp.rows) {
    const h = byId.get(r[pc.id_dom]);
    if (!h) throw new Error(`campaign-sim: person of unknown household ${r[pc.id_dom]} in ${pFile}`);
    const band = Math.min(AGE_BANDS - 1, Math.floor(Number(r[pc.idade_V6036]) / 5));
    h.cells.push((r[pc.sexo_V0601] === '2' ? AGE_BANDS : 0) + band);
  }
  sampleCache = out;
  return out;
}
