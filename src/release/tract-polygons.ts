// Tract polygons (modelled): Voronoi cells of the tract centroids clipped to the municipality
// boundary (or to the modelled disc of the municipalities missing from the mesh).
import { Delaunay } from 'd3-delaunay';
import polygonClipping, { type MultiPolygon, type Pair } from 'polygon-clipping';
import { insideShape, type MunShape } from './geometry.js';
import type { GeoJsonFeatureCollection, Municipality, TractLayout } from './types.js';

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Sutherland-Hodgman crop of one ring to a rectangle (cheap pre-cut before exact clipping). */
function cropRing(ring: Array<[number, number]>, x0: number, y0: number, x1: number, y1: number): Pair[] {
  let pts: Pair[] = ring;
  const edges: Array<(p: Pair) => number> = [(p) => p[0] - x0, (p) => x1 - p[0], (p) => p[1] - y0, (p) => y1 - p[1]];
  for (const f of edges) {
    if (pts.length === 0) break;
    const out: Pair[] = [];
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i], b = pts[(i + 1) % pts.length];
      const fa = f(a), fb = f(b);
      if (fa >= 0) out.push(a);
      if ((fa >= 0) !== (fb >= 0)) {
        const t = fa / (fa - fb);
        out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
      }
    }
    pts = out;
  }
  return pts;
}

/** Voronoi cells of the tracts clipped to the municipality, as GeoJSON features in tract order. */
export function tractPolygonsOf(m: Municipality, t: TractLayout, shape: MunShape): GeoJsonFeatureCollection {
  // Equirectangular projection around the seat so cells are Voronoi cells in distance, not degrees.
  const c = Math.cos((m.lat * Math.PI) / 180);
  const pts = new Float64Array(2 * t.n);
  for (let i = 0; i < t.n; i++) { pts[2 * i] = t.lon[i] * c; pts[2 * i + 1] = t.lat[i]; }
  const pad = 0.01;
  const bounds: [number, number, number, number] = [shape.minLon * c - pad, shape.minLat - pad, shape.maxLon * c + pad, shape.maxLat + pad];
  const vor = new Delaunay(pts).voronoi(bounds);
  const boundary: Float64Array[] = shape.rings;
  const features: GeoJsonFeatureCollection['features'] = [];
  for (let i = 0; i < t.n; i++) {
    const cellP = vor.cellPolygon(i) as Array<[number, number]> | null;
    let coords: MultiPolygon = [];
    if (cellP) {
      const cell: Pair[] = cellP.map(([x, y]) => [x / c, y]);
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const [x, y] of cell) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
      // Fast path: every cell vertex inside and no boundary vertex within the cell's box means
      // no boundary edge crosses the (convex) cell.
      let crosses = false;
      for (const r of boundary) {
        for (let k = 0; k < r.length && !crosses; k += 2) if (r[k] >= x0 && r[k] <= x1 && r[k + 1] >= y0 && r[k + 1] <= y1) crosses = true;
        if (crosses) break;
      }
      if (!crosses && cell.every(([x, y]) => insideShape(shape, x, y))) coords = [[cell]];
      else {
        const mx = (x1 - x0) * 0.05 + 1e-9, my = (y1 - y0) * 0.05 + 1e-9;
        const cropped: MultiPolygon = [];
        for (const poly of shape.polygons) {
          const rings = poly.map((r) => cropRing(r, x0 - mx, y0 - my, x1 + mx, y1 + my)).filter((r) => r.length >= 3);
          if (rings.length > 0 && cropRing(poly[0], x0 - mx, y0 - my, x1 + mx, y1 + my).length >= 3) cropped.push(rings);
        }
        coords = cropped.length > 0 ? polygonClipping.intersection([cell], cropped) : [];
      }
    }
    features.push({
      type: 'Feature',
      properties: {
        codigo: t.codes[i], municipio: t.municipio, ap: t.apIndex[i] >= 0 ? t.aps[t.apIndex[i]] : null,
        urbano: t.urban[i] === 1, populacao: t.pop[i], modelado: true,
      },
      geometry: { type: 'MultiPolygon', coordinates: coords.map((p) => p.map((r) => r.map(([x, y]) => [round6(x), round6(y)]))) },
    });
  }
  return { type: 'FeatureCollection', features };
}
