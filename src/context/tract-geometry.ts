// GET /v1/municipios/{codigo}/setores/geometria: the municipality's tract polygons as one GeoJSON
// FeatureCollection, one feature per tract (property `setor`), simplified to about 11 m
// (Douglas-Peucker, tolerance 0.0001 degree) and kept as gzip bytes, so a route only sends them.
// Observed polygons where the grid has them (Boa Vista 2022), none for the 2010 grid (no polygons
// in this data version), the release's modelled cells elsewhere (`modelado: true`).
import { gzipSync } from 'node:zlib';
import { simplify } from '@turf/simplify';
import type { FeatureCollection, Geometry } from 'geojson';
import { newestRelease, openRelease } from '../release/release.js';
import { loadTractPolygons2022 } from '../release/context-files.js';
import { contextMunicipality } from './context-municipality.js';
import { sourceCredits, type ContextSource } from '../tracts/context-sources.js';
import { contextTractGrid } from '../tracts/context-tract-grid.js';

/** About 11 m: 0.0001 degree of latitude is 11.1 m. */
export const TOLERANCIA_SIMPLIFICACAO_GRAUS = 0.0001;

export interface TractFeatureProperties {
  setor: string;
  modelado: boolean;
}

/** The GeoJSON with two foreign members the console reads: the credits and the notice. */
export type TractFeatureCollection = FeatureCollection<Geometry, TractFeatureProperties> & { fontes: ContextSource[]; aviso: string };

export interface TractGeometry {
  geojson: TractFeatureCollection;
  /** The same document, gzip-compressed (Content-Encoding: gzip). */
  gzip: Buffer;
}

const cache = new Map<string, Promise<TractGeometry>>();

/** The tract polygons of a municipality, built once per process. */
export function tractGeometry(codigo: string): Promise<TractGeometry> {
  const m = contextMunicipality(codigo);
  let g = cache.get(codigo);
  if (!g) {
    g = buildTractGeometry(codigo, contextTractGrid(m));
    cache.set(codigo, g);
    g.catch(() => cache.delete(codigo));
  }
  return g;
}

async function buildTractGeometry(codigo: string, grid: ReturnType<typeof contextTractGrid>): Promise<TractGeometry> {
  let features: TractFeatureCollection['features'] = [];
  if (grid.fonte === 'ibge_2022') {
    const polygons = loadTractPolygons2022();
    features = grid.setores.filter((t) => polygons.has(t.setor))
      .map((t) => ({ type: 'Feature', properties: { setor: t.setor, modelado: false }, geometry: structuredClone(polygons.get(t.setor)!) as Geometry }));
  } else if (grid.fonte === 'modelado') {
    const cells = await openRelease(grid.release ?? newestRelease()).tractPolygons(codigo);
    features = cells.features.filter((f) => (f.geometry.coordinates as unknown[]).length > 0)
      .map((f) => ({ type: 'Feature', properties: { setor: String(f.properties.codigo), modelado: true }, geometry: f.geometry as Geometry }));
  }
  const fc: FeatureCollection<Geometry, TractFeatureProperties> = simplify({ type: 'FeatureCollection', features }, { tolerance: TOLERANCIA_SIMPLIFICACAO_GRAUS, mutate: true });
  const sem = grid.setores.length - fc.features.length;
  const geojson: TractFeatureCollection = {
    ...fc,
    fontes: sourceCredits(...grid.fontes),
    aviso: `${grid.aviso} Polígonos simplificados a cerca de 11 m.` +
      (grid.fonte === 'ibge_2010' ? ' Não há polígonos dos setores de 2010 nesta versão dos dados: a coleção vem vazia.'
        : sem > 0 ? ` ${sem} setores sem polígono na fonte (sem moradores ou suprimidos) não têm feição.` : ''),
  };
  return { geojson, gzip: gzipSync(JSON.stringify(geojson)) };
}
