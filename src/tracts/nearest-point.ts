// Nearest of a set of points to a query point, in metres: a Delaunay triangulation of the points
// in a local equirectangular projection (d3-delaunay's find walks to the nearest site), so a
// query costs about the square root of the set, not the whole set.
import { Delaunay } from 'd3-delaunay';
import { distanceKm } from '../release/geometry.js';

export interface NearestHit {
  index: number;
  distancia_m: number;
}

export type NearestFinder = (lat: number, lon: number) => NearestHit | null;

/** A finder over the points (lat, lon); null for every query when the set is empty. */
export function nearestFinder(points: ReadonlyArray<{ lat: number; lon: number }>): NearestFinder {
  if (points.length === 0) return () => null;
  const cosLat = Math.cos(((points.reduce((s, p) => s + p.lat, 0) / points.length) * Math.PI) / 180);
  const delaunay = Delaunay.from(points, (p) => p.lon * cosLat, (p) => p.lat);
  let last = 0;
  return (lat, lon) => {
    last = delaunay.find(lon * cosLat, lat, last);
    const p = points[last];
    return { index: last, distancia_m: Math.round(distanceKm(lat, lon, p.lat, p.lon) * 1000) };
  };
}
