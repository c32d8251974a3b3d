// GET /v1/municipios/{codigo}/saude: the municipality's primary-care units (UBS) with coordinates,
// `grupo: atencao_basica`, and `usada` when the unit is the nearest one to some tract of the
// municipality's grid. Emergency units and hospitals are not in this data version (said in
// `aviso`, counted as null).
import { loadHealthUnits, type HealthUnit } from '../release/context-files.js';
import { contextMunicipality } from './context-municipality.js';
import { coverageOf, sourceCredits, type ContextSource } from '../tracts/context-sources.js';
import { contextTractGrid } from '../tracts/context-tract-grid.js';
import { nearestFinder } from '../tracts/nearest-point.js';

export interface HealthFacility {
  cnes: string;
  nome: string;
  lat: number;
  lon: number;
  grupo: 'atencao_basica' | 'pronto_atendimento' | 'hospital';
  tipo: 'UBS';
  /** True when nearest to some tract; null when the tract grid has no positions (2010 grid). */
  usada: boolean | null;
  /** The declared point lies inside the municipality (false: a geocoding error or a border case). */
  dentro_do_municipio: boolean | null;
}

export interface HealthUnits {
  municipio: string;
  unidades: HealthFacility[];
  resumo: { atencao_basica: number; sem_coordenadas: number; usadas: number | null; pronto_atendimento: null; hospital: null };
  fontes: ContextSource[];
  aviso: string;
}

/** UBS of a municipality that have a declared point. */
export function locatedHealthUnits(codigo: string): Array<HealthUnit & { lat: number; lon: number }> {
  return (loadHealthUnits().get(codigo) ?? []).filter((u): u is HealthUnit & { lat: number; lon: number } => u.lat !== null && u.lon !== null);
}

export function healthUnits(codigo: string): HealthUnits {
  const m = contextMunicipality(codigo);
  const all = loadHealthUnits().get(codigo) ?? [];
  const located = locatedHealthUnits(codigo);
  const grid = contextTractGrid(m);
  const placed = grid.setores.filter((t) => t.lat !== null && t.lon !== null);
  let used: Set<number> | null = null;
  if (placed.length > 0) {
    const nearest = nearestFinder(located);
    used = new Set(placed.flatMap((t) => { const hit = nearest(t.lat!, t.lon!); return hit ? [hit.index] : []; }));
  }
  const unidades = located.map((u, i): HealthFacility => ({
    cnes: u.cnes, nome: u.nome, lat: u.lat, lon: u.lon, grupo: 'atencao_basica', tipo: 'UBS',
    usada: used === null ? null : used.has(i), dentro_do_municipio: u.dentroDoMunicipio,
  }));
  const cobertura = all.length === 0 ? ` Nenhuma UBS deste município na fonte (${coverageOf('ubs')}).` : '';
  return {
    municipio: m.codigo, unidades,
    resumo: { atencao_basica: all.length, sem_coordenadas: all.length - located.length, usadas: used === null ? null : used.size, pronto_atendimento: null, hospital: null },
    fontes: sourceCredits('ubs'),
    aviso: 'Só unidades básicas de saúde (atenção básica, SUS), com a coordenada declarada na fonte; pronto-atendimentos e hospitais não estão nesta versão dos dados.' +
      ` usada: a unidade é a mais próxima (em linha reta) do centro de algum setor ${grid.fonte === 'modelado' ? 'modelado ' : ''}do município` +
      (used === null ? '; os setores de 2010 não têm posição, então usada é null.' : '.') + cobertura,
  };
}
