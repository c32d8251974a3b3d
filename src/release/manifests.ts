// The release manifests. A release names a population build (generator version + seed) and an
// engine version; v1.1.0 uses the same data with a newer generator seed so that releases differ;
// v1.2.0 builds households and districts as the 2022 Census counted them and carries the Pix fit.
import { readPixFit } from './pix-fit-file.js';
import { UF_CODES, type CalibracaoPix, type Fonte, type ModelParameters, type ReleaseManifest } from './types.js';

/**
 * Default parameters of `cenario_base: pix`. Provisional: set by hand to plausible magnitudes
 * (daily spontaneous adoption ~0.2%, launch-day share ~1.8%) until the Pix calibration case
 * (calibration/, data/br/pix) fits them; the kernel and calibration owners replace them then.
 */
const PARAMETROS_MANUAIS: ModelParameters = {
  beta0: Math.log(0.002),
  beta_expo: Math.log(0.3),
  logit_lancamento: -4,
  amortecimento_saturacao: 0.3,
  conversao_social: 0.5,
  gamma_celulas: 0.3,
  agrupamento: 'celula',
  pesos_canais: { domicilio: 1, turma: 0.5, estabelecimento: 0.7, vizinhanca: 0.3, digital: 0.4 },
  deslocamento_porte: [0, 0, 0, 0, 0, 0, 0],
};

/**
 * exp(beta0) of reception is the daily media contact hazard at intensity 1 and affinity 1
 * (1 - e^-0.3 = 26% a day): a modelled default of this project (docs/model.md), not a fit.
 */
const PARAMETROS_RECEPCAO: ModelParameters = { ...PARAMETROS_MANUAIS, beta0: Math.log(0.3) };

const FONTES: Fonte[] = [
  {
    id: 'municipios', arquivo: 'data/br/municipios.csv', licenca: 'MIT',
    credito: 'kelvins/municipios-brasileiros (github), csv/municipios.csv',
    url: 'https://github.com/kelvins/municipios-brasileiros',
    uso: 'Name, UF, seat coordinates and capital flag of each municipality; the seat anchors the modelled urban tracts. 5101837 (Boa Esperança do Norte, installed after the 2022 Census) is left out.',
  },
  {
    id: 'estados', arquivo: 'data/br/estados.csv', licenca: 'MIT',
    credito: 'kelvins/municipios-brasileiros (github), csv/estados.csv',
    url: 'https://github.com/kelvins/municipios-brasileiros',
    uso: 'UF codes, names and macro-region (regiao).',
  },
  {
    id: 'area', arquivo: 'data/br/area_km2_2022.csv', licenca: 'public data (IBGE)',
    credito: 'IBGE, Áreas Territoriais 2022 (AR_BR_MUN_2022)',
    uso: 'Official area per municipality; also the area of the modelled disc of the 7 municipalities missing from the boundary mesh.',
  },
  {
    id: 'populacao_censo_2022', arquivo: 'data/br/populacao_censo_2022.csv', licenca: 'MIT (compilation); IBGE public data',
    credito: 'IBGE, Censo Demográfico 2022, SIDRA table 9514, via rfsaldanha/brpop',
    url: 'https://sidra.ibge.gov.br/tabela/9514',
    uso: 'Resident population per municipality (national 203,080,756): the exact number of synthetic persons of each municipality and its size class (porte).',
  },
  {
    id: 'populacao_sexo_idade5_2022', arquivo: 'data/br/populacao_sexo_idade5_2022.csv', licenca: 'MIT (compilation); public data',
    credito: 'Ministério da Saúde DataSUS / RIPSA population estimates 2022 (POPSBR22), via rfsaldanha/brpop',
    uso: 'Shares of sex x 5-year age band within each municipality (the estimates total 210.9 M, so only shares are used), scaled to the Census total by largest-remainder rounding: exact counts per cell.',
  },
  {
    id: 'raca_censo_2022', arquivo: 'data/br/raca_censo_2022.csv', licenca: 'MIT (compilation); IBGE public data',
    credito: 'IBGE, Censo Demográfico 2022, SIDRA table 9605, via arhspe/mun-data',
    url: 'https://sidra.ibge.gov.br/tabela/9605',
    uso: 'Colour or race shares per municipality, scaled to the Census total by largest-remainder rounding (exact counts); assigned with household homophily (modelled).',
  },
  {
    id: 'geometria', arquivo: 'data/br/geometria/geojs-NN-mun.json', licenca: 'CC0 1.0',
    credito: 'tbrugz/geodata-br (IBGE municipal mesh of about 2010)',
    url: 'https://github.com/tbrugz/geodata-br',
    uso: 'Municipality boundaries: modelled tract centroids are placed inside them. Missing 4220000, 1504752, 2206720, 5006275, 4212650, 4314548, 5101837: a disc of the official area around the seat stands in.',
  },
  {
    id: 'atlas_municipios_2010', arquivo: 'data/br/socioeconomico/atlas_municipios_2010.csv', licenca: 'MIT (compilation); public data',
    credito: 'Atlas do Desenvolvimento Humano no Brasil (PNUD, IPEA, FJP), 2010 Census indicators, via abjur/abjData',
    url: 'http://www.atlasbrasil.org.br',
    uso: 'Per municipality: urban share pesourb/pesotot (share of urban tracts), rdpc and gini (income bracket model, scaled to 2023 UF figures), p_fund, p_med, p_super (education model, shifted to 2023 national levels). The 5 municipalities created after 2010 take their nearest neighbour of the same UF.',
  },
  {
    id: 'atlas_ufs_2010', arquivo: 'data/br/socioeconomico/atlas_ufs_2010.csv', licenca: 'MIT (compilation); public data',
    credito: 'Atlas do Desenvolvimento Humano no Brasil (PNUD, IPEA, FJP), via abjur/abjData',
    uso: 'UF rdpc and gini of 2010: the denominators that scale municipal 2010 income and Gini to the 2023/2022 UF figures.',
  },
  {
    id: 'atlas_siglas', arquivo: 'data/br/socioeconomico/atlas_siglas.csv', licenca: 'MIT (compilation)',
    credito: 'Atlas do Desenvolvimento Humano no Brasil, dictionary of indicators',
    uso: 'Definitions of the Atlas columns used (no figures taken).',
  },
  {
    id: 'renda_gini_ufs', arquivo: 'data/br/socioeconomico/renda_gini_ufs.csv', licenca: 'IBGE public data',
    credito: 'IBGE, PNAD Contínua 2023 (household income per capita) and Gini (Census 2022 where published, else PNAD Contínua 2016)',
    uso: 'Municipal income level = Atlas rdpc 2010 x (UF rdpc_2023_brl / UF Atlas rdpc 2010); municipal Gini = Atlas gini x (UF gini_census_2022, else gini_pnadc_2016 / UF Atlas gini 2010). National quintile cut-offs of household income per capita are computed over the resulting log-normal mixture of all 5,570 municipalities weighted by Census population.',
  },
  {
    id: 'fatos_nacionais', arquivo: 'data/br/socioeconomico/fatos_nacionais.csv', licenca: 'each row names its source page',
    credito: 'IBGE PNAD Contínua 2023 (education 25+), PNAD TIC 2023 (internet use), Pesquisa Brasileira de Mídia and Kantar IBOPE (media)',
    url: 'https://sidra.ibge.gov.br/tabela/9675',
    uso: 'Education of adults 25+ in 2023 (levels: fundamental incompleto incl. sem instrucao 33.1%, fundamental completo incl. medio incompleto 12.5%, medio completo incl. superior incompleto 34.8%, superior completo 19.7%): national targets of the education shift. Internet use 2023 by age (10-13 84.2%, 14-49 about 93.4-96.3%, 50-59 88%, 60+ 66%) and urban/rural (89.6/76.6%) and region (CO 91.4, SE 89.9, S 89.2, N 85.3, NE 84.2%): the internet attribute. Media figures: reserved for the reception model.',
  },
  {
    id: 'pix', arquivo: 'data/br/pix/*.csv', licenca: 'Banco Central do Brasil open data',
    credito: 'Banco Central do Brasil, Pix_DadosAbertos (TransacoesPixPorMunicipio, PixUsuariosCadastradosDICT), via sulivanrocha/pix-dataviz',
    url: 'https://dadosabertos.bcb.gov.br',
    uso: 'Not used by the population. The Pix public case (library) fits and judges parametros_pix against these series in the releases that carry it (v1.2.0 on: data/releases/<release>/caso-pix.json); earlier releases keep hand-set parameters.',
  },
];

/** Sources of the generator's Census households (gerador.domicilios_censo, release v1.2.0 on). */
const FONTES_DOMICILIOS_CENSO: Fonte[] = [
  {
    id: 'censo2022_basico', arquivo: 'data/br/contexto/censo2022_basico_distritos_municipios/*.csv',
    licenca: 'IBGE public data (free use citing the source); the municipal file\'s copy MIT (LuccaFerraz/Analise-Criminal-no-Brasil)',
    credito: 'IBGE, Censo Demográfico 2022 — Agregados por distritos e por municípios (Básico), via vini-ayres/SIMCADS-IA and LuccaFerraz/Analise-Criminal-no-Brasil',
    uso: 'Per municipality and per district (10,698): residents (v0001, the persons of each district), occupied private households (v0007, the synthetic households of each district), mean residents per household (v0005, published to 1 decimal: the synthetic mean rounds to it) and collective dwellings (v0004: none means no collective residents); district codes and names (CD_DIST, NM_DIST) in the tract codes. The 2 districts published without values (320465810 Braço do Sul, 500830520 Ilha Comprida) have no residents.',
  },
  {
    id: 'censo2022_domicilios_permanentes', arquivo: 'data/br/contexto/censo2022_renda_municipios/censo2022_renda_responsavel_municipios.csv',
    licenca: 'IBGE public data (free use citing the source)',
    credito: 'IBGE, Censo Demográfico 2022 — Agregados por municípios, rendimento do responsável, via Vini-Urias/CD_Projeto1',
    uso: 'Occupied permanent private households (V06001) and their residents (V06002): the residents outside them, less those of improvised households at 2.57 each (fitted where there are no collective dwellings), estimate the residents of collective dwellings; the variance of household size (V06003, published as an integer) bounds the spread of the synthetic sizes (within 0.45 of it). Income columns not used.',
  },
  {
    id: 'microdados_censo2010_rr', arquivo: 'data/br/contexto/microdados_censo2010_rr/*.csv',
    licenca: 'IBGE public data (free use citing the source)',
    credito: 'IBGE, Censo Demográfico 2010 — Microdados da Amostra (Roraima), via mpessoasilva/ds_project_template',
    url: 'https://github.com/mpessoasilva/ds_project_template',
    uso: 'Sex and age of the members of the 16,114 sampled private households as household templates, reweighted (iterative proportional updating) to each municipality\'s 2022 households and sex x age counts: RR municipalities draw on their own sampled households, all others on all of RR\'s (a donor sample, modelled). The 227 sampled residents of collective dwellings give the sex x age profile of collective residents.',
  },
];

const AVISO_POPULACAO =
  'Synthetic population: persons, households, census tracts, weighting areas, schools, establishments and commuting are ' +
  'modelled. Municipal totals (2022 Census), sex x age shares and colour/race shares are real; education and income are ' +
  '2010 Atlas municipal indicators scaled to 2022-2023 national and UF figures; tract and weighting-area codes and shapes ' +
  'are modelled and are not the IBGE grid.';
const AVISO_DOMICILIOS =
  ' Households per municipality and per district, and residents per district, are the 2022 Census counts (district codes ' +
  'real, district geography modelled); who lives with whom is modelled from the Roraima 2010 sample microdata.';

/** What a release says of its parametros_pix: hand-set, fitted but failed, or fitted and approved. */
function avisoParametros(c: CalibracaoPix | null): string {
  if (c === null) return ' parametros_pix are set by hand, not fitted: adoption jobs on cenario_base pix say nao_calibrado.';
  if (c.veredito !== 'aprovada') {
    return ' parametros_pix are fitted to the Banco Central Pix series (library case pix) but missed its out-of-sample targets: adoption jobs on cenario_base pix say nao_calibrado.';
  }
  return ' parametros_pix are fitted to the Banco Central Pix series and passed its out-of-sample test (library case pix).';
}

const GRADES: ReleaseManifest['grades'] = {
  principal: {
    unidade: 'municipio ou area_ponderacao',
    eixos: ['grupo_idade', 'sexo', 'renda', 'escolaridade', 'raca'],
    descricao: 'Municipality (or weighting area) x grupo_idade 0-6 (10-year bands 0-9 ... 50-59, 60+ last) x sexo 0-1 x renda 0-4 x escolaridade 0-3 x raca 0-4.',
  },
  etaria: {
    unidade: 'municipio',
    eixos: ['faixa_etaria_5', 'sexo'],
    descricao: 'Municipality x faixa_etaria_5 0-16 (5-year bands, 80+ last) x sexo 0-1; not open in ufs_grade_etaria_fechada.',
  },
};

interface ManifestOptions {
  efeitos_setor: boolean;
  domicilios_censo?: boolean;
  parametros_pix?: ModelParameters;
  calibracao_pix?: CalibracaoPix | null;
}

/** The Pix fit of a release, when its case file exists; else the hand-set parameters (nao_calibrado). */
function fittedPix(versao: string): Pick<ManifestOptions, 'parametros_pix' | 'calibracao_pix'> {
  const f = readPixFit(versao);
  return f ? { parametros_pix: f.parametros, calibracao_pix: f.calibracao } : {};
}

function manifest(versao: string, publicada_em: string, semente: number, o: ManifestOptions): ReleaseManifest {
  const gerador: ReleaseManifest['gerador'] = { versao, semente, efeitos_setor: o.efeitos_setor };
  if (o.domicilios_censo) gerador.domicilios_censo = true;
  const parametros_pix = o.parametros_pix ?? PARAMETROS_MANUAIS;
  return {
    versao,
    publicada_em,
    gerador,
    motor: versao,
    ufs: [...UF_CODES],
    ufs_grade_etaria_fechada: ['SP'],
    // Price rule: preco_micros = ceil(pessoa_dias * rate).
    preco_micros_por_pessoa_dia: 0.0002,
    // Whole-job throughput on the reference machine (2 cores), from bench/results/kernel.json:
    // the full RR reception job (4 channels, 9 variants, 5 replicas, 5.16e9 person-days) runs in
    // 21.3 s (about 240e6 person-days/s), but reception on a large UF runs at 65.8e6 per core
    // (about 125e6 on 2 cores, less on a busy shared machine) and big jobs are what the estimate
    // matters for: kept at 100e6, so the estimate errs long. Re-measure (node dist/bench/kernel.js)
    // when the kernels change.
    pessoa_dias_por_segundo: 100_000_000,
    parametros_pix,
    calibracao_pix: o.calibracao_pix ?? null,
    parametros_recepcao: PARAMETROS_RECEPCAO,
    grades: GRADES,
    // Each release credits the sources its generator reads.
    fontes: o.domicilios_censo ? [...FONTES, ...FONTES_DOMICILIOS_CENSO] : FONTES,
    aviso: AVISO_POPULACAO + (o.domicilios_censo ? AVISO_DOMICILIOS : '') + avisoParametros(o.calibracao_pix ?? null),
  };
}

/** Every offered release, oldest first. */
export const MANIFESTS: readonly ReleaseManifest[] = [
  manifest('v1.0.0', '2026-11-01', 20221001, { efeitos_setor: false }),
  manifest('v1.1.0', '2026-11-20', 20231101, { efeitos_setor: true }),
  // parametros_pix fitted by the Pix case (data/releases/v1.2.0/caso-pix.json, npm run bench:pix).
  manifest('v1.2.0', '2026-11-23', 20241201, { efeitos_setor: true, domicilios_censo: true, ...fittedPix('v1.2.0') }),
];
