// Tract polygons: Voronoi cells of the tract centroids clipped to the municipality. In progress.
import { ServiceError } from '../errors.js';
import type { TractLayout } from './tracts.js';
import type { GeoJsonFeatureCollection, Municipality } from './types.js';

export function tractPolygonsOf(_m: Municipality, _t: TractLayout): GeoJsonFeatureCollection {
  throw new ServiceError('tracts_unavailable', 'tract polygons are not implemented yet (issue 2, in progress)');
}
