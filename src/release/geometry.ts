// Municipality boundaries (data/br/geometria, IBGE mesh of about 2010) as flat rings for fast
// point-in-polygon tests. The 7 municipalities missing from the mesh get a modelled disc of their
// official area around the seat.
import { host } from '../platform/host.js';
import { loadMunicipalities } from './data-files.js';
import type { Municipality, UfCode } from './types.js';

export interface MunShape {
  /** Rings as [lon0, lat0, lon1, lat1, ...]; inside = odd number of crossings over all rings. */
  rings: Float64Array[];
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
  /** True when the boundary is a modelled disc (municipality missing from the mesh). */
  modelled: boolean;
  /** The same boundary as GeoJSON MultiPolygon coordinates (polygon -> rings -> [lon, lat]). */
  polygons: Array<Array<Array<[number, number]>>>;
}

export const KM_PER_DEG_LAT = 111.32;

function shapeOf(polygons: MunShape['polygons'], modelled: boolean): MunShape {
  const rings: Float64Array[] = [];
  for (const p of polygons) for (const ring of p) rings.push(Float64Array.from(ring.flat()));
  let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
  for (const r of rings) {
    for (let i = 0; i < r.length; i += 2) {
      if (r[i] < minLon) minLon = r[i];
      if (r[i] > maxLon) maxLon = r[i];
      if (r[i + 1] < minLat) minLat = r[i + 1];
      if (r[i + 1] > maxLat) maxLat = r[i + 1];
    }
  }
  return { rings, minLon, minLat, maxLon, maxLat, modelled, polygons };
}

function ringContains(ring: Array<[number, number]>, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < xi + ((y - yi) / (yj - yi)) * (xj - xi)) inside = !inside;
  }
  return inside;
}

/**
 * Rebuilds polygon/hole structure from ring nesting (even depth: outer ring; odd: hole of the ring
 * one level up). Some mesh features list separate parts as extra rings of one Polygon (Rio de
 * Janeiro, 3304557); this keeps the polygons consistent with the even-odd test of insideShape.
 */
function normalizePolygons(input: MunShape['polygons']): MunShape['polygons'] {
  const rings = input.flat();
  const depth = rings.map((r, i) => rings.reduce((d, o, j) => d + (j !== i && ringContains(o, r[0][0], r[0][1]) ? 1 : 0), 0));
  const out: MunShape['polygons'] = [];
  const polyOf = new Map<number, number>();
  rings.forEach((r, i) => { if (depth[i] % 2 === 0) { polyOf.set(i, out.length); out.push([r]); } });
  rings.forEach((r, i) => {
    if (depth[i] % 2 === 0) return;
    const parent = rings.findIndex((o, j) => j !== i && depth[j] === depth[i] - 1 && ringContains(o, r[0][0], r[0][1]));
    if (parent >= 0) out[polyOf.get(parent)!].push(r);
  });
  return out;
}

/** A 64-gon of the municipality's official area centred on its seat. */
export function discShape(m: Municipality): MunShape {
  const rKm = Math.sqrt(m.areaKm2 / Math.PI);
  const dLat = rKm / KM_PER_DEG_LAT;
  const dLon = rKm / (KM_PER_DEG_LAT * Math.cos((m.lat * Math.PI) / 180));
  const n = 64;
  const ring: Array<[number, number]> = [];
  for (let k = 0; k <= n; k++) {
    const a = (2 * Math.PI * (k % n)) / n;
    ring.push([m.lon + dLon * Math.cos(a), m.lat + dLat * Math.sin(a)]);
  }
  return shapeOf([[ring]], true);
}

const shapeCache = new Map<UfCode, Map<string, MunShape>>();

/** Shapes of every municipality of a UF (mesh or modelled disc), by 7-digit code. */
export function loadUfShapes(uf: UfCode): Map<string, MunShape> {
  const cached = shapeCache.get(uf);
  if (cached) return cached;
  const muns = loadMunicipalities().filter((m) => m.uf === uf);
  const fc = JSON.parse(host.packageText(`data/br/geometria/geojs-${muns[0].codigoUf}-mun.json`)) as {
    features: Array<{ properties: { id: string }; geometry: { type: string; coordinates: number[][][] | number[][][][] } }>;
  };
  const out = new Map<string, MunShape>();
  for (const f of fc.features) {
    const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as MunShape['polygons'];
    out.set(String(f.properties.id), shapeOf(normalizePolygons(polys), false));
  }
  for (const m of muns) if (!out.has(m.codigo)) out.set(m.codigo, discShape(m));
  shapeCache.set(uf, out);
  return out;
}

/** Even-odd point-in-polygon over all rings. */
export function insideShape(s: MunShape, lon: number, lat: number): boolean {
  if (lon < s.minLon || lon > s.maxLon || lat < s.minLat || lat > s.maxLat) return false;
  let inside = false;
  for (const r of s.rings) {
    const n = r.length;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const yi = r[i + 1], yj = r[j + 1];
      if (yi > lat !== yj > lat) {
        const x = r[i] + ((lat - yi) / (yj - yi)) * (r[j] - r[i]);
        if (lon < x) inside = !inside;
      }
    }
  }
  return inside;
}

/** Approximate distance in km between two points (equirectangular, fine at municipal scale). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const c = Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const dy = (lat2 - lat1) * KM_PER_DEG_LAT;
  const dx = (lon2 - lon1) * KM_PER_DEG_LAT * c;
  return Math.sqrt(dx * dx + dy * dy);
}
