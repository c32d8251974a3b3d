// Area centroid of a GeoJSON polygon or multipolygon (planar, in degrees: tracts are small), the
// point tract distances are measured from.

type Ring = number[][];

function ringMoments(ring: Ring): { a: number; x: number; y: number } {
  let a = 0, x = 0, y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    a += cross;
    x += (ring[j][0] + ring[i][0]) * cross;
    y += (ring[j][1] + ring[i][1]) * cross;
  }
  return { a: a / 2, x: x / 6, y: y / 6 };
}

/** [lon, lat] of the area centroid; holes subtract. Falls back to the vertex mean for a degenerate shape. */
export function polygonCentroid(geometry: { type: string; coordinates: unknown }): [number, number] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
  let a = 0, x = 0, y = 0, n = 0, sx = 0, sy = 0;
  for (const poly of polygons) {
    poly.forEach((ring, k) => {
      const m = ringMoments(ring);
      // Outer rings count positive and holes negative whatever their winding.
      const sign = (k === 0 ? 1 : -1) * Math.sign(m.a);
      a += sign * m.a; x += sign * m.x; y += sign * m.y;
      for (const p of ring) { sx += p[0]; sy += p[1]; n++; }
    });
  }
  return Math.abs(a) > 1e-14 ? [x / a, y / a] : [sx / n, sy / n];
}
