// Types of a release and of its synthetic population. The population layout is the ABI that
// src/plan, src/pool and assembly/ read: keep PERSON_ATTRS and Population in sync with them.

export const UF_CODES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE',
  'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type UfCode = (typeof UF_CODES)[number];

/**
 * IBGE macro-regions in the order of their index (the `regiao` axis of the propensity cells and
 * deslocamento_regiao); the UF of each comes from data/br/estados.csv (macroRegionOf).
 */
export const MACRO_REGIOES = ['Norte', 'Nordeste', 'Sudeste', 'Sul', 'Centro-Oeste'] as const;

/** IBGE size classes (porte), by 2022 Census population: index 0..6. */
export const PORTES = ['ate_5k', '5k_10k', '10k_20k', '20k_50k', '50k_100k', '100k_500k', 'mais_500k'] as const;

export const RACAS = ['branca', 'preta', 'amarela', 'parda', 'indigena'] as const;
export const NIVEIS_INSTRUCAO = ['fundamental_incompleto', 'fundamental_completo', 'medio_completo', 'superior_completo'] as const;
export const SEXOS = ['masculino', 'feminino'] as const;

/** 5-year age bands of Population.age5: 0..16, the last one 80+. */
export const AGE_BANDS = 17;
/** Labels of the age bands, as the Census tables and the etaria grid write them. */
export const AGE_BAND_LABELS: readonly string[] = Array.from({ length: AGE_BANDS }, (_, b) => (b === AGE_BANDS - 1 ? '80+' : `${5 * b}-${5 * b + 4}`));

export interface Municipality {
  codigo: string; // 7 digits
  nome: string;
  uf: UfCode;
  codigoUf: number;
  regiao: string; // one of MACRO_REGIOES
  lat: number;
  lon: number;
  areaKm2: number;
  populacao: number; // 2022 Census total
  porte: number; // index into PORTES
  capital: boolean;
}

/** A modelled census tract (the real 2022 tract grid is not available offline). */
export interface Tract {
  codigo: string; // 15 digits: municipality 7 + district 2 + subdistrict 2 + tract 4
  municipio: string;
  ap: string | null; // 10-digit weighting area, null in municipalities without them
  urbano: boolean;
  lat: number; // centroid
  lon: number;
  populacao: number; // synthetic residents (equal to the built population's count)
  /** Releases whose generator builds the 2022 Census households (`domicilios_censo`): the district's name. */
  distrito?: string;
  /** Occupied private households of the tract (the Census district's, shared out over its tracts). */
  domicilios?: number;
  /** Residents of collective dwellings (estimated), each a one-person range of the population. */
  moradores_coletivos?: number;
  /** Releases with `setores_observados`: true where the tract is IBGE's (code and residents observed). */
  observado?: boolean;
}

export interface Fonte {
  id: string;
  credito: string;
  licenca: string;
  url?: string;
  arquivo?: string;
  /** What was modelled from it and the published figures used, where it is an input to a model. */
  uso: string;
}

/** Model parameters of a family; `cenario_base: pix` takes them from the release manifest. */
export interface ModelParameters {
  beta0: number;
  beta_expo: number;
  logit_lancamento: number;
  amortecimento_saturacao: number;
  conversao_social: number;
  gamma_celulas: number;
  /** Cell grouping for the propensity s_c: 'celula' or a list of axes. */
  agrupamento: 'celula' | Array<'regiao' | 'faixa' | 'sexo' | 'raca' | 'nivel' | 'renda'>;
  /** Layer weights, by layer name (domicilio, turma, estabelecimento, vizinhanca, digital). */
  pesos_canais: Record<'domicilio' | 'turma' | 'estabelecimento' | 'vizinhanca' | 'digital', number>;
  /** Level shift per size stratum (index = porte), 7 values. */
  deslocamento_porte: number[];
  /**
   * Adoption model 2 (release v1.2.0 on; absent = the model of v1.0.0/v1.1.0, docs/model.md):
   * persons younger than this (years, a multiple of 5) are not eligible and never adopt.
   */
  idade_minima_adocao?: number;
  /**
   * Adoption model 2: fixed standardisation of the raw cell score, so that a UF simulated alone
   * keeps its level against the country (model 1 standardises over the simulated population).
   */
  padronizacao_celulas?: { media: number; dp: number };
  /**
   * Adoption model 2: launch impulse. The spontaneous hazard is exp(beta0) * (1 + impulso *
   * 2^(-(d - launch) / meia_vida)) on day d after the launch (publicity and novelty that fade).
   */
  impulso_lancamento?: number;
  meia_vida_impulso_dias?: number;
  /**
   * Adoption model 2: timing by income (no release's fit sets it yet). A person of national income quintile q
   * (0-4) has launch-day odds and launch impulse times exp(inclinacao * (q - 2)): with a positive
   * slope richer persons adopt earlier and poorer ones catch up later (docs/model.md). Absent or
   * 0 = the same timing for every quintile (the model before it, bit for bit).
   */
  inclinacao_renda_lancamento?: number;
  /**
   * Adoption model 2: timing by the UF's income (no release's fit sets it yet). A person of a UF
   * whose household income per capita of 2023 is rdpc_UF has launch-day odds and launch impulse
   * times (rdpc_UF / rdpc_BR)^inclinacao: with a positive slope the richer UFs adopt earlier and
   * the poorer ones catch up later (docs/model.md, "A timing by region, diagnosed"). Absent or 0 =
   * the same timing in every UF (the model before it, bit for bit).
   */
  inclinacao_renda_uf_lancamento?: number;
  /**
   * Adoption model 2: level shift per macro-region (index = MACRO_REGIOES order), added to
   * ln m_i like deslocamento_porte; a missing value counts as 0.
   */
  deslocamento_regiao?: number[];
  /**
   * Adoption model 2: level shift of the persons who live in their UF's capital (municipios.csv),
   * added to ln m_i; absent counts as 0.
   */
  deslocamento_capital?: number;
  /** Adoption model 2: weights of the raw cell score (model 1: 0.5, 0.3, 0.8, 0.2; docs/model.md). */
  pesos_escore?: PesosEscore;
  /**
   * Reception with responses that follow exposure (v2.1.0 on; absent = one response drawn at the
   * first exposure, the model before it; docs/model.md, "Responses that follow exposure"): the
   * memory (adstock of contacts) at which a source gives half its ceiling of absorve and repassa.
   */
  memoria_meia_saturacao?: number;
  /** Reception v2.1.0 on: the Hill exponent n of the memory's effect m^n / (K^n + m^n). */
  memoria_expoente?: number;
  /** Reception v2.1.0 on: the days in which each source's memory halves, by channel and for word of mouth (social). */
  memoria_meia_vida_dias?: MeiaVidaMemoria;
}

/** Half-life of the response memory, in days, of each media channel and of word of mouth. */
export interface MeiaVidaMemoria {
  tv: number;
  radio: number;
  digital: number;
  exterior: number;
  social: number;
}

/** Raw score = escolaridade * level + renda * quintile + internet * user - idade * |age group - 3|. */
export interface PesosEscore {
  escolaridade: number;
  renda: number;
  internet: number;
  idade: number;
}

/** Provenance of a release's parametros_pix: the Pix public case that fitted them. */
export interface CalibracaoPix {
  /** The library case that documents the fit (window, holdout, per-UF verdict, forecast). */
  caso: string;
  /**
   * The release whose population the fit ran on and whose folder holds the case file: the
   * release itself, or an older one whose fit a newer release carries (v1.3.0 carries v1.2.0's).
   */
  release: string;
  /** How the parameters were searched and scored (free text, docs/model.md says more). */
  metodo: string;
  /**
   * The case's verdict under the battery in force (`bateria`, src/release/pix-battery.ts), judged
   * again from its recorded scores when the manifest loads: only `aprovada` lets a job say `calibrado`.
   */
  veredito: 'aprovada' | 'reprovada';
  /** The verdict the case file recorded when it was made, possibly under an older battery (the file keeps its bytes). */
  veredito_do_caso: 'aprovada' | 'reprovada';
  /** The battery `veredito` was judged under (PIX_BATERIA.id). */
  bateria: string;
  /** Why, in words: which targets the case missed or did not measure. */
  motivo: string;
}

/** One row of a release's GRP table: a UF and channel, over all its persons (ReleaseManifest.tabela_grp). */
export interface GrpTableRow {
  uf: UfCode;
  canal: string;
  /** GRPs a week (7 days) of intensidade 0.1 buy among the UF's persons. */
  grp_semana_intensidade_0_1: number;
  /** The intensidade that buys 100 GRPs a week; null when not even intensidade 1 does. */
  intensidade_100_grp_semana: number | null;
}

export interface ReleaseManifest {
  versao: string; // vX.Y.Z
  publicada_em: string; // date
  /**
   * Population generator: version, seed, from generator 1.1.0 `efeitos_setor` (a tract effect
   * on household income, so tracts differ in income, education and race; docs/population.md) and
   * from generator 1.2.0 `domicilios_censo` (households, districts and household composition as
   * the 2022 Census counted them; docs/population.md).
   */
  /** setores_observados (v1.3.0 on, needs domicilios_censo): RR on its IBGE tracts (observed-tract-layout.ts). */
  /**
   * internet_conjunta (v1.5.0 on): internet use of persons 10+ by age, schooling, family income,
   * area and region jointly, raked to PNAD TIC 2023 and TIC Domicílios (internet-model.ts).
   */
  /**
   * caso_midia: the release whose midia case the internet model reads (absent: the release's own).
   * tv_por_area (v2.0.0 on): persons in TV households by the tract's area, from the release's
   * exposure case (PNAD TIC 2023: 95.1% urban, 88.5% rural), instead of 95% everywhere.
   */
  gerador: {
    versao: string; semente: number; efeitos_setor?: boolean; domicilios_censo?: boolean; setores_observados?: boolean; internet_conjunta?: boolean;
    caso_midia?: string; tv_por_area?: true;
    /** The release whose exposure case the generator and reception read (absent: its own; v2.1.0 reads v2.0.0's). */
    caso_exposicao?: string;
  };
  motor: string; // engine version
  ufs: UfCode[]; // offered
  /** UFs whose 5-year age grid is closed (exactly one in v1.0.0). */
  ufs_grade_etaria_fechada: UfCode[];
  preco_micros_por_pessoa_dia: number;
  /** Measured kernel throughput (person-days per second, all threads) used for minutos_estimados. */
  pessoa_dias_por_segundo: number;
  parametros_pix: ModelParameters;
  /**
   * How parametros_pix were obtained: null when they were set by hand (then every job that uses
   * them says `nao_calibrado`), else the documented calibration with its out-of-sample verdict.
   */
  calibracao_pix: CalibracaoPix | null;
  /**
   * Defaults of a reception scenario: parametros_pix are an adoption fit, so reception takes its
   * own media scale (beta0) and the rest from parametros_pix. Read through defaultParameters().
   */
  parametros_recepcao: ModelParameters;
  /**
   * v2.0.0 on: reception draws each person's exposure propensity per channel, with levels and
   * spreads from the release's exposure case (data/releases/<versao>/caso-exposicao.json;
   * src/models/recepcao/exposure-habits.ts). Absent: every user of a medium has the cell's hazard.
   */
  recepcao_exposicao?: true;
  /**
   * Releases with exposure propensities: the GRPs a week intensidade 0.1 buys per UF and channel
   * among all the UF's persons, and the intensity of 100 GRPs a week (data/releases/<versao>/grp.json,
   * computed by npm run case:grp; src/models/recepcao/plan-grp.ts). Absent when the release has none.
   */
  tabela_grp?: GrpTableRow[];
  grades: Record<'principal' | 'etaria', { unidade: string; eixos: string[]; descricao: string }>;
  fontes: Fonte[];
  aviso: string;
}

/**
 * Bit layout of Population.attrs (one Uint16 per person). Shared with assembly/ and src/plan.
 * sexo: 0 masculino, 1 feminino; raca: index into RACAS; escolaridade: index into
 * NIVEIS_INSTRUCAO; renda: 0..4 (national quintile of household income per capita);
 * internet: 1 when the person used the internet in the last 3 months (PNAD TIC 2023 shares by age,
 * area and region; from generator 1.5.0 jointly by age, schooling, income, area and region).
 */
export const PERSON_ATTRS = {
  sexo: { shift: 0, bits: 1 },
  raca: { shift: 1, bits: 3 },
  escolaridade: { shift: 4, bits: 2 },
  renda: { shift: 6, bits: 3 },
  internet: { shift: 9, bits: 1 },
  /** Generator 1.5.0 (media-users.ts): watches TV at all, listens to the radio at all; 0 in older releases. */
  tv: { shift: 10, bits: 1 },
  radio: { shift: 11, bits: 1 },
} as const;

/** The value of one PERSON_ATTRS field in a person's attrs. */
export function personAttr(attrs: number, field: { shift: number; bits: number }): number {
  return (attrs >> field.shift) & ((1 << field.bits) - 1);
}

export const NO_GROUP = 0xffffffff;

/**
 * The synthetic population of one or more UFs as a struct of arrays. Persons are numbered so
 * that each household's members are contiguous (hhStart). Every typed array is backed by a
 * SharedArrayBuffer so worker threads read it without a copy.
 */
export interface Population {
  release: string;
  ufs: UfCode[];
  nPersons: number;
  nHouseholds: number;
  nTracts: number;

  /** Municipalities of the population, in index order (munIdx). */
  municipios: string[];
  munUf: Uint8Array; // index into `ufs`
  munPorte: Uint8Array;
  munPop: Uint32Array; // synthetic persons per municipality (= Census 2022 total)

  /** Tracts (tractIdx), grouped by municipality in munIdx order. */
  tractCodes: string[];
  tractMun: Uint16Array;
  tractUrban: Uint8Array;
  tractAp: Int32Array; // index into `aps`, or -1
  tractLat: Float32Array;
  tractLon: Float32Array;
  /** Adjacent tracts (Delaunay neighbours of the centroids, same municipality or not) in CSR form. */
  tractAdjStart: Uint32Array; // nTracts + 1
  tractAdj: Uint32Array;

  aps: string[];
  apMun: Uint16Array;
  /**
   * Releases whose generator builds the 2022 Census households (`domicilios_censo`): residents of
   * collective dwellings per tract. They are the tract's last household ranges, one person each
   * (no household contacts); the tract's other ranges are its occupied private households.
   */
  tractCollective?: Uint32Array;

  /** Households: members hhStart[h] .. hhStart[h+1]-1; nHouseholds + 1 entries. */
  hhStart: Uint32Array;
  hhTract: Uint32Array;

  /** Persons. */
  age5: Uint8Array; // 5-year band 0..16 (16 = 80+)
  attrs: Uint16Array; // PERSON_ATTRS
  /** Activity group: a school class (turma) when < nTurmas, else an establishment; NO_GROUP for neither. */
  group: Uint32Array;

  nTurmas: number;
  nGroups: number;
  groupMun: Uint16Array; // municipality of the school or establishment (commuting: may differ from home)
}

export interface BuildProgress {
  uf: UfCode;
  stage: string;
  done: number;
  total: number;
}

export interface Release {
  readonly version: string;
  readonly manifest: ReleaseManifest;
  readonly ufs: readonly UfCode[];
  municipality(code: string): Municipality | undefined;
  municipalities(uf?: UfCode): Municipality[];
  /** Tract layout of a municipality: computed from the release seed in milliseconds, no person build. */
  tracts(code: string): Tract[];
  /** Weighting areas (10 digits) of a municipality; empty where it has none. */
  weightingAreas(code: string): string[];
  /**
   * The municipality boundary as a GeoJSON MultiPolygon feature (IBGE mesh of about 2010; a disc of
   * the official area around the seat, `modelado: true`, for the municipalities missing from it).
   */
  municipalityBoundary(code: string): GeoJsonFeature;
  /** Tract polygons (Voronoi cells clipped to the municipality), as GeoJSON features. Lazy. */
  tractPolygons(code: string): Promise<GeoJsonFeatureCollection>;
  /** The population of the listed UFs, from the binary cache (built on first use). */
  population(ufs: readonly UfCode[], opts?: { onProgress?: (p: BuildProgress) => void }): Promise<Population>;
}

/** The modelled tracts of a municipality as typed arrays (src/release/tracts.ts lays them out). */
export interface TractLayout {
  municipio: string;
  n: number;
  codes: string[];
  urban: Uint8Array;
  lat: Float64Array;
  lon: Float64Array;
  pop: Int32Array;
  /** Index into `aps`, or -1. */
  apIndex: Int32Array;
  aps: string[];
  /** Census districts (generator 1.2.0): occupied private households and collective residents per tract, district name. */
  households?: Int32Array;
  collective?: Int32Array;
  district?: string[];
}

/**
 * A release as the population store builds it: the read API plus the typed tract layouts the
 * builder places households in (src/population/population-store.ts). openRelease's releases are one.
 */
export interface BuildableRelease extends Release {
  tractLayout(code: string): TractLayout;
}

export interface GeoJsonFeatureCollection {
  type: 'FeatureCollection';
  features: GeoJsonFeature[];
}

export interface GeoJsonFeature {
  type: 'Feature';
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown };
}
