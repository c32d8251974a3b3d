// The tract grid the context routes serve for a municipality: the observed IBGE grid where this
// data version has one, else the newest release's modelled tracts (said so). One grid per
// municipality, so setores, setores/nomes and setores/geometria list the same codes.
//  - ibge_2022: Boa Vista (1400100), the 2022 tracts with their polygons and residents by age.
//  - ibge_2010: the other 14 municipalities of Roraima, the 2010 tracts (2010 codes, residents,
//    households, bairro / district / subdistrict names); no polygons in this data version.
//  - modelado: everywhere else, the tracts of the newest release (positions and codes modelled;
//    from v1.2.0 the district codes, names, residents and households per district are the 2022
//    Census's).
import { loadCensusDistrictRows, loadCensusMunicipalRows } from '../release/data-files.js';
import { BOA_VISTA } from '../release/observed-tract-layout.js';
import { newestRelease, openRelease } from '../release/release.js';
import type { Municipality } from '../release/types.js';
import { loadSubdistrictNames, loadTractPolygons2022, loadTracts2010, loadTracts2022 } from '../release/context-files.js';
import { coverageOf, type ContextSourceId } from './context-sources.js';
import { polygonCentroid } from '../release/polygon-centroid.js';

export type TractGridSource = 'ibge_2022' | 'ibge_2010' | 'modelado';

export interface ContextTract {
  setor: string;
  /** Urban (true) or rural; null where the source does not say (the 2022 file). */
  urbano: boolean | null;
  /** Centroid; null where the grid has no position (2010 tracts). */
  lat: number | null;
  lon: number | null;
  /** Residents; null where IBGE suppressed the tract's figures. */
  residentes: number | null;
  /** Occupied private households; null where the source has none for the tract. */
  domicilios: number | null;
  distrito: string | null;
  subdistrito: string | null;
  bairro: string | null;
}

export interface ContextTractGrid {
  municipio: string;
  fonte: TractGridSource;
  /** The release whose modelled tracts are served (modelado), else null. */
  release: string | null;
  setores: ContextTract[];
  /** Source ids to credit (context-sources.ts). */
  fontes: ContextSourceId[];
  aviso: string;
}

export { BOA_VISTA };

const cache = new Map<string, ContextTractGrid>();

/** The context tract grid of a municipality (cached per process). */
export function contextTractGrid(m: Municipality): ContextTractGrid {
  let g = cache.get(m.codigo);
  if (!g) {
    g = m.codigo === BOA_VISTA ? observedGrid2022(m) : m.uf === 'RR' ? observedGrid2010(m) : modelledGrid(m);
    cache.set(m.codigo, g);
  }
  return g;
}

function districtNames(m: Municipality): Map<string, string> {
  return new Map((loadCensusDistrictRows().get(m.codigo) ?? []).map((d) => [d.codigo, d.nome]));
}

function observedGrid2022(m: Municipality): ContextTractGrid {
  const polygons = loadTractPolygons2022();
  const districts = districtNames(m);
  const subdistricts = loadSubdistrictNames();
  const setores = loadTracts2022().map((t): ContextTract => {
    const geometry = polygons.get(t.setor);
    const [lon, lat] = geometry ? polygonCentroid(geometry) : [null, null];
    return {
      setor: t.setor, urbano: null, lat, lon, residentes: t.total > 0 ? t.total : null, domicilios: null,
      distrito: districts.get(t.setor.slice(0, 9)) ?? null, subdistrito: subdistricts.get(t.setor.slice(0, 11)) ?? null, bairro: null,
    };
  });
  const suppressed = setores.filter((s) => s.residentes === null).length;
  const published = setores.reduce((sum, s) => sum + (s.residentes ?? 0), 0);
  const census = loadCensusMunicipalRows().get(m.codigo)!.residents;
  return {
    municipio: m.codigo, fonte: 'ibge_2022', release: null, setores, fontes: ['setores_2022_boa_vista', 'censo2022_basico', 'subdistritos_dtb'],
    aviso: `Setores observados do Censo 2022 (IBGE), ${coverageOf('setores_2022_boa_vista')}. ${suppressed} setores sem moradores ou com ` +
      `os números suprimidos pelo IBGE têm residentes null (a fonte publica ${published} dos ${census} residentes do município). ` +
      'A fonte não traz domicílios, situação urbana/rural nem bairro por setor de 2022.',
  };
}

function observedGrid2010(m: Municipality): ContextTractGrid {
  const subdistricts = loadSubdistrictNames();
  const setores = (loadTracts2010().get(m.codigo) ?? []).map((t): ContextTract => ({
    setor: t.setor, urbano: t.urbano, lat: null, lon: null, residentes: t.residentes, domicilios: t.domicilios,
    distrito: t.distrito, subdistrito: subdistricts.get(t.setor.slice(0, 11)) ?? t.subdistrito, bairro: t.bairro,
  }));
  return {
    municipio: m.codigo, fonte: 'ibge_2010', release: null, setores, fontes: ['setores_2010_rr', 'subdistritos_dtb'],
    aviso: `Setores observados do Censo 2010 (IBGE, códigos de 2010), ${coverageOf('setores_2010_rr')}: não há setores de 2022 deste ` +
      'município nesta versão dos dados. Residentes e domicílios são os de 2010, não de 2022.',
  };
}

function modelledGrid(m: Municipality): ContextTractGrid {
  const release = openRelease(newestRelease());
  const subdistricts = loadSubdistrictNames();
  const setores = release.tracts(m.codigo).map((t): ContextTract => ({
    setor: t.codigo, urbano: t.urbano, lat: t.lat, lon: t.lon, residentes: t.populacao, domicilios: t.domicilios ?? null,
    distrito: t.distrito ?? null, subdistrito: subdistricts.get(t.codigo.slice(0, 11)) ?? null, bairro: null,
  }));
  return {
    municipio: m.codigo, fonte: 'modelado', release: release.version, setores, fontes: ['censo2022_basico'],
    aviso: `Setores modelados da release ${release.version}: códigos, posições e formas não são a malha do IBGE (setores observados nesta ` +
      'versão dos dados só em Roraima). Os distritos, com seus residentes e domicílios de 2022, são os do Censo; a repartição entre setores é modelada.',
  };
}
