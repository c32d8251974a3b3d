// GET /v1/municipios/{codigo}/perfil: what this data version has of a municipality (population,
// households and head-of-household income of the 2022 Census, seat altitude, districts,
// sanitation by provider) and, null with the reason, what it does not (urbanised area, land cover).
import { loadCensusDistrictRows, loadCensusMunicipalRows } from '../release/data-files.js';
import { loadHeadIncome2022, loadSanitation, loadSeatAltitude, type SanitationProvider } from '../release/context-files.js';
import { contextMunicipality } from './context-municipality.js';
import { sourceCredits, type ContextSource } from '../tracts/context-sources.js';

export interface MunicipalityProfile {
  municipio: string;
  nome: string;
  uf: string;
  populacao_2022: number;
  domicilios_ocupados_2022: number;
  moradores_por_domicilio_2022: number;
  renda_media_responsavel_2022: number | null;
  altitude_sede_m: number | null;
  distritos: Array<{ codigo: string; nome: string; residentes: number | null; domicilios_ocupados: number | null }>;
  saneamento: SanitationProvider[];
  area_urbanizada_2022_km2: null;
  crescimento_area_urbanizada_desde_2019: null;
  cobertura_terra_2025: null;
  area_urbana_desde_1985: null;
  /** Why each null field is null. */
  nulos: Record<string, string>;
  fontes: ContextSource[];
  aviso: string;
}

const SEM_COBERTURA = 'não há mapa de cobertura e uso da terra nesta versão dos dados';

export function municipalityProfile(codigo: string): MunicipalityProfile {
  const m = contextMunicipality(codigo);
  const census = loadCensusMunicipalRows().get(codigo)!;
  const altitude = loadSeatAltitude().get(codigo) ?? null;
  const renda = loadHeadIncome2022().get(codigo) ?? null;
  const saneamento = (loadSanitation().get(codigo) ?? []).map((x) => x.provider);
  const nulos: Record<string, string> = {
    area_urbanizada_2022_km2: `${SEM_COBERTURA} (área urbanizada)`,
    crescimento_area_urbanizada_desde_2019: `${SEM_COBERTURA} (área urbanizada)`,
    cobertura_terra_2025: SEM_COBERTURA,
    area_urbana_desde_1985: SEM_COBERTURA,
  };
  if (altitude === null) nulos.altitude_sede_m = 'a tabela de municípios do DATASUS não traz a sede deste município';
  if (renda === null) nulos.renda_media_responsavel_2022 = 'o IBGE não publica o rendimento deste município';
  return {
    municipio: codigo, nome: m.nome, uf: m.uf,
    populacao_2022: census.residents, domicilios_ocupados_2022: census.households, moradores_por_domicilio_2022: census.meanSize,
    renda_media_responsavel_2022: renda, altitude_sede_m: altitude,
    distritos: (loadCensusDistrictRows().get(codigo) ?? []).map((d) => ({
      codigo: d.codigo, nome: d.nome, residentes: d.withoutValues ? null : d.residents, domicilios_ocupados: d.withoutValues ? null : d.households,
    })),
    saneamento,
    area_urbanizada_2022_km2: null, crescimento_area_urbanizada_desde_2019: null, cobertura_terra_2025: null, area_urbana_desde_1985: null,
    nulos,
    fontes: sourceCredits('censo2022_basico', 'censo2022_renda', 'altitude_sede', 'snis_2021'),
    aviso: 'População, domicílios ocupados e renda média dos responsáveis com rendimento são do Censo 2022 (IBGE); a altitude é a de um ponto, a sede, ' +
      'não o relevo do município. Saneamento: SNIS 2021 por prestador; um prestador regional aparece numa linha só, na cidade sede, com os números de todos os ' +
      `municípios que atende${saneamento.length === 0 ? ', e este município não é sede de nenhum prestador (pode ser atendido por um regional)' : ''}. ` +
      'Área urbanizada e cobertura da terra não estão nesta versão dos dados.',
  };
}
