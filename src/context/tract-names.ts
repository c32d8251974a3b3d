// GET /v1/municipios/{codigo}/setores/nomes: a label for each tract of the municipality's grid by
// the spec's precedence, as far as this data version goes: the reported bairro (stat_bairro,
// 2010 tracts of Roraima), then the district (stat_distrito), then the last digits of the code.
// Rural clusters, urban cores and map places (stat_aglomerado, stat_nucleo, map_*) are not in
// this data version, so those origins never appear. Public data: no city needs to be open.
import { contextMunicipality } from './context-municipality.js';
import { sourceCredits, type ContextSource } from '../tracts/context-sources.js';
import { contextTractGrid, type ContextTract } from '../tracts/context-tract-grid.js';

export type NameOrigin = 'stat_bairro' | 'stat_aglomerado' | 'stat_nucleo' | 'map_dentro' | 'map_limite' | 'map_perto' | 'stat_distrito';

export interface TractName {
  setor: string;
  nome: string;
  /** The place name alone; null when only the code's digits name the tract. */
  lugar: string | null;
  /** Where the place name comes from; null for the last digits of the code (no origin in the spec's list). */
  origem: NameOrigin | null;
  credito: string | null;
  /** Metres from the tract centre to a nearby map place (map_perto only): always null here. */
  distancia_m: null;
  bairro: string | null;
  distrito: string | null;
  subdistrito: string | null;
}

export interface TractNames {
  municipio: string;
  setores: TractName[];
  fontes: ContextSource[];
  aviso: string;
}

function nameOf(t: ContextTract, credits: { bairro: string; distrito: string }): TractName {
  const digits = `setor ${t.setor.slice(-4)}`;
  const base = { setor: t.setor, distancia_m: null, bairro: t.bairro, distrito: t.distrito, subdistrito: t.subdistrito };
  if (t.bairro) return { ...base, nome: `${t.bairro}, ${digits}`, lugar: t.bairro, origem: 'stat_bairro', credito: credits.bairro };
  if (t.distrito) return { ...base, nome: `${t.distrito}, ${digits}`, lugar: t.distrito, origem: 'stat_distrito', credito: credits.distrito };
  return { ...base, nome: digits, lugar: null, origem: null, credito: null };
}

export function tractNames(codigo: string): TractNames {
  const grid = contextTractGrid(contextMunicipality(codigo));
  const credits = {
    bairro: sourceCredits('setores_2010_rr')[0].credito,
    distrito: sourceCredits(grid.fonte === 'ibge_2010' ? 'setores_2010_rr' : 'censo2022_basico')[0].credito,
  };
  return {
    municipio: codigo,
    setores: grid.setores.map((t) => nameOf(t, credits)),
    fontes: sourceCredits(...grid.fontes),
    aviso: `${grid.aviso} Nomes: bairro informado (só nos setores de 2010 de Roraima que o têm), senão o distrito, senão os últimos dígitos do código; ` +
      'aglomerados rurais, núcleos urbanos e lugares de mapa não estão nesta versão dos dados.',
  };
}
