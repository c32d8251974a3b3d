// Where a growth request builds: the area centroid of its polygon, or the mean centre of its
// tracts. The spec names no code for a place outside the city, so a polygon whose centre lies
// outside the municipality is refused as growth_polygon_malformed and a tract code that is not a
// placed tract of the municipality as growth_territory_malformed (docs/context.md).
import { insideShape, loadUfShapes } from '../release/geometry.js';
import type { Municipality, Release } from '../release/types.js';
import { contextTractGrid } from '../tracts/context-tract-grid.js';
import { growthError, type GrowthRequest } from './growth-request.js';
import { polygonCentroid } from '../release/polygon-centroid.js';

export interface GrowthSite {
  lat: number;
  lon: number;
  origem: 'poligono' | 'setores';
}

export function growthSite(request: GrowthRequest, m: Municipality, release: Release): GrowthSite {
  if (request.poligono) {
    const [lon, lat] = polygonCentroid({ type: 'Polygon', coordinates: [request.poligono] });
    if (!insideShape(loadUfShapes(m.uf).get(m.codigo)!, lon, lat)) {
      throw growthError('growth_polygon_malformed', 'poligono', `the polygon's centre (${lon.toFixed(5)}, ${lat.toFixed(5)}) lies outside municipality ${m.codigo}`);
    }
    return { lat, lon, origem: 'poligono' };
  }
  // Codes of the release's tracts or of the context grid the console shows (where it has positions).
  const placed = new Map<string, { lat: number; lon: number }>();
  for (const t of release.tracts(m.codigo)) placed.set(t.codigo, t);
  for (const t of contextTractGrid(m).setores) if (t.lat !== null && t.lon !== null) placed.set(t.setor, { lat: t.lat, lon: t.lon });
  const points = request.setores!.map((code, i) => {
    const p = placed.get(code);
    if (!p) throw growthError('growth_territory_malformed', `setores[${i}]`, `${code} is not a placed tract of municipality ${m.codigo}`);
    return p;
  });
  return { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lon: points.reduce((s, p) => s + p.lon, 0) / points.length, origem: 'setores' };
}
