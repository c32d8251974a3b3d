// Tract polygons: Voronoi cells of the modelled centroids clipped to the municipality.
import { describe, expect, it } from 'vitest';
import { insideShape, loadUfShapes, type MunShape } from '../../../src/release/geometry.js';
import { openRelease } from '../../../src/release/release.js';

type Ring = number[][];
const ringArea = (r: Ring, c: number) => {
  let a = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) a += (r[j][0] * c) * r[i][1] - (r[i][0] * c) * r[j][1];
  return Math.abs(a) / 2;
};
const multiArea = (mp: Ring[][], c: number) => mp.reduce((s, poly) => s + ringArea(poly[0], c) - poly.slice(1).reduce((h, r) => h + ringArea(r, c), 0), 0);
const pointIn = (mp: Ring[][], x: number, y: number) => {
  const inRing = (r: Ring) => {
    let ins = false;
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      if ((r[i][1] > y) !== (r[j][1] > y) && x < r[i][0] + ((y - r[i][1]) / (r[j][1] - r[i][1])) * (r[j][0] - r[i][0])) ins = !ins;
    }
    return ins;
  };
  return mp.some((poly) => inRing(poly[0]) && !poly.slice(1).some(inRing));
};

describe('tract polygons', () => {
  const r = openRelease('v1.0.0');
  // Boa Vista; Rio de Janeiro (parts listed as extra rings in the mesh); a municipality missing from the mesh; Aracaju.
  it.each(['1400100', '3304557', '4220000', '2800308'])('partition municipality %s into one cell per tract holding its centroid', async (code) => {
    const m = r.municipality(code)!;
    const shape: MunShape = loadUfShapes(m.uf).get(code)!;
    const tracts = r.tracts(code);
    const fc = await r.tractPolygons(code);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f) => f.properties.codigo)).toEqual(tracts.map((t) => t.codigo));
    const c = Math.cos((m.lat * Math.PI) / 180);
    let cells = 0, missing = 0;
    fc.features.forEach((f, i) => {
      expect(f.geometry.type).toBe('MultiPolygon');
      expect(f.properties.modelado).toBe(true);
      const mp = f.geometry.coordinates as Ring[][];
      cells += multiArea(mp, c);
      if (!pointIn(mp, tracts[i].lon, tracts[i].lat) && insideShape(shape, tracts[i].lon, tracts[i].lat)) missing++;
    });
    expect(missing).toBe(0);
    const munArea = multiArea(shape.polygons as unknown as Ring[][], c);
    expect(Math.abs(cells - munArea) / munArea).toBeLessThan(0.01);
  });

  it('refuses a code outside the grid', async () => {
    await expect(r.tractPolygons('0000000')).rejects.toMatchObject({ code: 'municipality_unknown' });
  });
});
