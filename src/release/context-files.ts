// Loaders of the compact context files in data/br/contexto (scripts/prepare-contexto.mjs writes
// them; data/br/README.md lists their columns). Each file is read once per process and cached.
// A file that cannot be read is the spec's 503 of its data family (tracts_unavailable,
// rainfall_unavailable, relief_unavailable, diagnosis_unavailable), never a made-up answer.
// In the release stage because the releases with observed tracts (observed-tract-layout.ts)
// build their populations on the tract files; the context routes (src/context/) read them too.
import { parse } from 'csv-parse/sync';
import { ServiceError, type ErrorCode } from '../errors.js';
import { host } from '../platform/host.js';
import { loadMunicipalities } from './data-files.js';
import { UF_CODES, type UfCode } from './types.js';

type Row = Record<string, string>;

function readSource(unavailable: ErrorCode, ...path: string[]): string {
  try {
    return host.packageText(['data', 'br', 'contexto', ...path].join('/'));
  } catch (e) {
    throw new ServiceError(unavailable, `data/br/contexto/${path.join('/')} cannot be read now: ${(e as Error).message}`);
  }
}

function readRows(unavailable: ErrorCode, ...path: string[]): Row[] {
  return parse(readSource(unavailable, ...path), { columns: true, skip_empty_lines: true }) as Row[];
}

/** A number of the file, or null for an empty cell (suppressed or not published). */
const numberOrNull = (v: string | undefined): number | null => (v === undefined || v === '' ? null : Number(v));

/** Loads once: the first call parses, later calls return the cached value. */
function once<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    const list = m.get(k);
    if (list) list.push(t); else m.set(k, [t]);
  }
  return m;
}

export interface HealthUnit {
  cnes: string;
  municipio: string;
  nome: string;
  lat: number | null;
  lon: number | null;
  /** The declared point lies inside the unit's own municipality (null: no point or no polygon). */
  dentroDoMunicipio: boolean | null;
}

/** The 7-digit CNES code: both sources dropped the leading zeros of some (e.g. 10456 for 0010456). */
const cnesCode = (v: string): string => v.padStart(7, '0');

/** UBS by 7-digit municipality code (saude_ubs/ubs.csv). */
export const loadHealthUnits = once(() => groupBy(readRows('tracts_unavailable', 'saude_ubs', 'ubs.csv').map((r): HealthUnit => ({
  cnes: cnesCode(r.cnes), municipio: r.cd_mun, nome: r.nome, lat: numberOrNull(r.lat), lon: numberOrNull(r.lon),
  dentroDoMunicipio: r.dentro_do_municipio === '' ? null : r.dentro_do_municipio === '1',
})), (u) => u.municipio));

/** The UFs of the CNES 2017 extract (cnes_2017_20ufs/PROVENANCE.md); BA MG PR RJ RS SC SP are missing. */
export const UFS_CNES_2017: readonly UfCode[] = [
  'AC', 'AL', 'AM', 'AP', 'CE', 'DF', 'ES', 'GO', 'MA', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'RN', 'RO', 'RR', 'SE', 'TO',
];

/** The UFs the extract misses: hospitals and urgent care are null there, never zero. */
export const UFS_SEM_CNES_2017: readonly UfCode[] = UF_CODES.filter((uf) => !UFS_CNES_2017.includes(uf));

export interface CnesFacility {
  cnes: string;
  municipio: string;
  nome: string;
  /** The CNES unit type, e.g. HOSPITAL GERAL, UNIDADE MISTA, PRONTO ATENDIMENTO. */
  tipo: string;
  grupo: 'hospital' | 'pronto_atendimento';
  /** Null where the source has no point, or only the municipal seat's (origem_coord SEDE MUNICIPIO). */
  lat: number | null;
  lon: number | null;
}

const CNES_GRUPO = { hospital: 'hospital', urgent_care: 'pronto_atendimento' } as const;

/**
 * Hospitals and urgent-care units of mid-2017 by 7-digit municipality code
 * (cnes_2017_20ufs/hospitais_pronto_atendimento.csv). The file's 6-digit code is mapped to the
 * 7-digit one through the municipality list (the 6 digits are the 7 without the check digit).
 */
export const loadHospitalsAndUrgentCare = once(() => {
  const rows = readRows('tracts_unavailable', 'cnes_2017_20ufs', 'hospitais_pronto_atendimento.csv');
  const codigo = new Map(loadMunicipalities().map((m) => [m.codigo.slice(0, 6), m.codigo]));
  return groupBy(rows.flatMap((r): CnesFacility[] => {
    const municipio = codigo.get(r.co_ibge);
    if (municipio === undefined) return []; // not a municipality of the 2022 grid: none in this file
    const sede = r.origem_coord === 'SEDE MUNICIPIO';
    return [{
      cnes: cnesCode(r.co_cnes), municipio, nome: r.no_fantasia, tipo: r.ds_tipo_unidade,
      grupo: CNES_GRUPO[r.category as keyof typeof CNES_GRUPO],
      lat: sede ? null : numberOrNull(r.lat), lon: sede ? null : numberOrNull(r.long),
    }];
  }), (f) => f.municipio);
});

export interface RainYear {
  ano: number;
  /** Rainfall of each calendar month in mm; null for a month the source does not have (complete). */
  meses: Array<number | null>;
}

/** Monthly rainfall (mm) per municipality of the North region, by year (chuva_mensal_mm.csv). */
export const loadRainfall = once(() => {
  const rows = readRows('rainfall_unavailable', 'chuva_brdwgd_norte', 'chuva_mensal_mm.csv');
  const byMun = groupBy(rows, (r) => r.cd_mun);
  const out = new Map<string, RainYear[]>();
  for (const [mun, list] of byMun) {
    out.set(mun, list.map((r) => ({
      ano: Number(r.ano), meses: Array.from({ length: 12 }, (_, m) => numberOrNull(r[`pr_${String(m + 1).padStart(2, '0')}`])),
    })).sort((a, b) => a.ano - b.ano));
  }
  return out;
});

/** Altitude of the municipal seat in metres (relevo_altitude_sede/altitude_sede.csv). */
export const loadSeatAltitude = once(() => new Map(readRows('relief_unavailable', 'relevo_altitude_sede', 'altitude_sede.csv')
  .map((r) => [r.cd_mun, Number(r.altitude_sede_m)] as const)));

export interface SanitationProvider {
  prestador: string;
  sigla: string;
  /** Local (the municipality's own figure), Regional or Microrregional (one row for all it serves). */
  abrangencia: string;
  tipo_servico: string;
  municipios_agua: number | null;
  municipios_esgoto: number | null;
  /** IN055 and IN056: share of the population served with water and with sewage, %. */
  atendimento_agua_pct: number | null;
  atendimento_esgoto_pct: number | null;
}

/** SNIS 2021 provider rows by the 7-digit code of the municipality they are filed under. */
export const loadSanitation = once(() => groupBy(readRows('diagnosis_unavailable', 'saneamento_snis', 'snis_prestadores_2021.csv')
  .map((r) => ({
    municipio: r.cd_mun,
    provider: {
      prestador: r.prestador, sigla: r.sigla_prestador, abrangencia: r.abrangencia, tipo_servico: r.tipo_servico,
      municipios_agua: numberOrNull(r.G05A), municipios_esgoto: numberOrNull(r.G05B),
      atendimento_agua_pct: numberOrNull(r.IN055), atendimento_esgoto_pct: numberOrNull(r.IN056),
    } satisfies SanitationProvider,
  })), (x) => x.municipio));

export interface School {
  codigo_inep: string;
  nome: string;
  /** em_funcionamento, paralisada, so_atividade_complementar, so_alunos_com_deficiencia. */
  situacao: string;
  dependencia: string;
  /** Enrolment band "min-max" ("1001-" open); empty when the catalogue gives none. */
  porte: string;
  etapas: string[];
  lat: number | null;
  lon: number | null;
}

/** The INEP school catalogue of São Paulo city (escolas_inep_sp_capital/escolas.csv). */
export const loadSchools = once(() => readRows('diagnosis_unavailable', 'escolas_inep_sp_capital', 'escolas.csv').map((r): School => ({
  codigo_inep: r.codigo_inep, nome: r.nome, situacao: r.situacao, dependencia: r.dependencia, porte: r.porte,
  etapas: r.etapas === '' ? [] : r.etapas.split(';'), lat: numberOrNull(r.lat), lon: numberOrNull(r.lon),
})));

/** The 11 age bands of the 2022 tract file (IBGE V01031-V01041). */
export const BANDAS_2022 = ['00_04', '05_09', '10_14', '15_19', '20_24', '25_29', '30_39', '40_49', '50_59', '60_69', '70mais'] as const;

export interface ObservedTract2022 {
  setor: string;
  /** Residents per band (BANDAS_2022); all zero where IBGE suppressed the tract (few residents). */
  faixas: number[];
  total: number;
}

/** Boa Vista's 2022 tracts (setores_2022_boa_vista/boa_vista_setores_2022_idade.csv), in code order. */
export const loadTracts2022 = once(() => readRows('tracts_unavailable', 'setores_2022_boa_vista', 'boa_vista_setores_2022_idade.csv')
  .map((r): ObservedTract2022 => ({ setor: r.code_tract, faixas: BANDAS_2022.map((b) => Number(r[`pop_${b}`])), total: Number(r.pop_total) }))
  .sort((a, b) => a.setor.localeCompare(b.setor)));

export interface TractGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: number[][][] | number[][][][];
}

/** Boa Vista's 2022 tract polygons by tract code (EPSG:4326, as published). */
export const loadTractPolygons2022 = once(() => {
  const fc = JSON.parse(readSource('tracts_unavailable', 'setores_2022_boa_vista', 'boa_vista_setores_2022.geojson')) as {
    features: Array<{ properties: { code_tract: string }; geometry: TractGeometry }>;
  };
  return new Map(fc.features.map((f) => [f.properties.code_tract, f.geometry]));
});

/** Sex x 5-year bands of the 2010 tract file: M 0-4 ... M 80+, then F. */
export const BANDAS_2010 = ['0-4', '5-9', '10-14', '15-19', '20-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50-54', '55-59', '60-64', '65-69', '70-74', '75-79', '80+'] as const;

export interface ObservedTract2010 {
  setor: string;
  municipio: string;
  distrito: string;
  subdistrito: string;
  /** Reported bairro; null where the file says the whole municipality ("(todos os setores)"). */
  bairro: string | null;
  /** IBGE 2010 situação 1-3 urban, 4-8 rural. */
  urbano: boolean;
  residentes: number | null;
  domicilios: number | null;
  moradores_domicilios: number | null;
  /** Residents by sex x band (M then F, BANDAS_2010); null where IBGE suppressed a single age. */
  sexoIdade: Array<number | null>;
}

/** Roraima's 2010 tracts by municipality, in code order (setores_2010_rr/). */
export const loadTracts2010 = once(() => {
  const ages = new Map(readRows('tracts_unavailable', 'setores_2010_rr', 'rr_setores_2010_sexo_idade5_largo.csv')
    .map((r) => [r.cd_setor, ['M', 'F'].flatMap((s) => BANDAS_2010.map((b) => numberOrNull(r[`${s}_${b}`])))] as const));
  const tracts = readRows('tracts_unavailable', 'setores_2010_rr', 'rr_setores_2010_basico.csv').map((r): ObservedTract2010 => ({
    setor: r.cd_setor, municipio: r.cd_mun, distrito: r.nm_dist, subdistrito: r.nm_subdist,
    bairro: r.nm_bairro.includes('(todos os setores)') ? null : r.nm_bairro, urbano: Number(r.situacao_setor) <= 3,
    residentes: numberOrNull(r.pessoas_residentes), domicilios: numberOrNull(r.dom_part_perm), moradores_domicilios: numberOrNull(r.moradores_dpp),
    sexoIdade: ages.get(r.cd_setor) ?? new Array<number | null>(2 * BANDAS_2010.length).fill(null),
  }));
  tracts.sort((a, b) => a.setor.localeCompare(b.setor));
  return groupBy(tracts, (t) => t.municipio);
});

/** Subdistrict names by 11-digit code (IBGE DTB c. 2015). */
export const loadSubdistrictNames = once(() => new Map(readRows('tracts_unavailable', 'territorio_distritos', 'subdistritos_dtb_c2015.csv')
  .map((r) => [r.ibge_code, r.name] as const)));

/** Census 2022 mean monthly income of household heads with income (V06004, R$ of 2022) by municipality. */
export const loadHeadIncome2022 = once(() => new Map(readRows('diagnosis_unavailable', 'censo2022_renda_municipios', 'censo2022_renda_responsavel_municipios.csv')
  .map((r) => [r.CD_MUN, numberOrNull(r.V06004)] as const)));
