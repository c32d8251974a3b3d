// Modelled census tracts and weighting areas of one municipality (the real 2022 tract grid is
// not available offline). Deterministic from (release seed, municipality code): computed in
// milliseconds without building persons. Keep in sync with docs/population.md "Tracts".
import { insideShape, KM_PER_DEG_LAT, type MunShape } from './geometry.js';
import { largestRemainder, munKey, Rng, STREAM } from './random.js';
import type { Municipality } from './types.js';

/** Mean residents per tract aimed at (IBGE tracts hold about 300-600 residents). */
export const TRACT_TARGET_RESIDENTS = 450;
/** Municipalities from this population up get weighting areas. */
export const AP_MIN_POPULATION = 20000;
/** Residents per weighting area aimed at. */
export const AP_TARGET_RESIDENTS = 12000;
/** Tracts per district in the code (district codes 05, 10, 15, ... as IBGE numbers them). */
const TRACTS_PER_DISTRICT = 5000;
/** Assumed density of the urban footprint, persons per km2 (modelled). */
const URBAN_DENSITY_KM2 = 5000;

export interface TractLayout {
  municipio: string;
  n: number;
  codes: string[];
  urban: Uint8Array;
  lat: Float64Array;
  lon: Float64Array;
  pop: Int32Array;
  /** Index into `aps`, or -1. */
  apIndex: Int32Array;
  aps: string[];
}

/** Hilbert curve index of (x, y) in a 2^16 grid, for spatially contiguous orderings. */
export function hilbertIndex(x: number, y: number): number {
  const n = 65536;
  let d = 0;
  for (let s = n >>> 1; s > 0; s >>>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) { x = s - 1 - x; y = s - 1 - y; }
      const t = x; x = y; y = t;
    }
  }
  return d;
}

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

/** Lays out the tracts and weighting areas of one municipality. */
export function layoutTracts(m: Municipality, shape: MunShape, urbanShare: number, seed: number): TractLayout {
  const key = munKey(m.codigo);
  const rng = new Rng(seed, STREAM.tractPlace, key);
  const pop = m.populacao;
  const n = Math.max(1, Math.round(pop / TRACT_TARGET_RESIDENTS));
  const mean = pop / n;
  // Jitter sizes but keep them inside 300-600 where the mean allows.
  const amp = Math.max(0, Math.min(0.3, (mean - 300) / mean, (600 - mean) / mean));
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 1 + amp * (2 * rng.next() - 1);
  const sizes = largestRemainder(w, pop);

  const nUrban = Math.min(n, Math.max(1, Math.round(n * urbanShare)));
  const cosLat = Math.cos((m.lat * Math.PI) / 180);
  const urbanAreaKm2 = Math.min(0.8 * m.areaKm2, (pop * Math.max(urbanShare, 1 / n)) / URBAN_DENSITY_KM2);
  const rUrbanKm = Math.sqrt(urbanAreaKm2 / Math.PI);
  const bw = shape.maxLon - shape.minLon;
  const bh = shape.maxLat - shape.minLat;
  const uniformPoint = (): [number, number] => {
    for (let t = 0; t < 500; t++) {
      const lon = shape.minLon + rng.next() * bw;
      const lat = shape.minLat + rng.next() * bh;
      if (insideShape(shape, lon, lat)) return [lon, lat];
    }
    return [m.lon, m.lat];
  };
  // The seat of 15 municipalities lies just outside the 2010 mesh: the urban area is then centred
  // on the interior point nearest to the seat among 200 uniform draws.
  let cLat = m.lat, cLon = m.lon;
  if (!insideShape(shape, m.lon, m.lat)) {
    let best = Infinity;
    for (let k = 0; k < 200; k++) {
      const [lo, la] = uniformPoint();
      const d = (la - m.lat) ** 2 + ((lo - m.lon) * cosLat) ** 2;
      if (d < best && insideShape(shape, lo, la)) { best = d; cLat = la; cLon = lo; }
    }
  }
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const urbanFlag = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let p: [number, number] | undefined;
    if (i < nUrban) {
      urbanFlag[i] = 1;
      // Urban tracts: a disc around the seat, denser towards the centre (radius ~ u^0.75).
      for (let t = 0; t < 40 && !p; t++) {
        const r = rUrbanKm * Math.pow(rng.next(), 0.75);
        const a = 2 * Math.PI * rng.next();
        const la = cLat + (r * Math.sin(a)) / KM_PER_DEG_LAT;
        const lo = cLon + (r * Math.cos(a)) / (KM_PER_DEG_LAT * cosLat);
        if (insideShape(shape, lo, la)) p = [lo, la];
      }
    }
    p ??= uniformPoint();
    lon[i] = p[0];
    lat[i] = p[1];
  }

  // Order tracts along a Hilbert curve so consecutive codes (districts, weighting areas) are contiguous.
  const hx = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = bw > 0 ? Math.min(65535, Math.floor(((lon[i] - shape.minLon) / bw) * 65535)) : 0;
    const y = bh > 0 ? Math.min(65535, Math.floor(((lat[i] - shape.minLat) / bh) * 65535)) : 0;
    hx[i] = hilbertIndex(Math.max(0, x), Math.max(0, y));
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => hx[a] - hx[b] || a - b);

  const nAp = pop >= AP_MIN_POPULATION ? Math.min(999, Math.max(2, Math.round(pop / AP_TARGET_RESIDENTS)), n) : 0;
  const aps: string[] = [];
  for (let k = 0; k < nAp; k++) aps.push(m.codigo + pad(k + 1, 3));
  const out: TractLayout = {
    municipio: m.codigo, n, codes: new Array<string>(n), urban: new Uint8Array(n), lat: new Float64Array(n),
    lon: new Float64Array(n), pop: new Int32Array(n), apIndex: new Int32Array(n), aps,
  };
  for (let k = 0; k < n; k++) {
    const i = order[k];
    const district = 5 * (1 + Math.floor(k / TRACTS_PER_DISTRICT));
    out.codes[k] = m.codigo + pad(district, 2) + '00' + pad((k % TRACTS_PER_DISTRICT) + 1, 4);
    out.urban[k] = urbanFlag[i];
    out.lat[k] = lat[i];
    out.lon[k] = lon[i];
    out.pop[k] = sizes[k];
    out.apIndex[k] = nAp > 0 ? Math.floor((k * nAp) / n) : -1;
  }
  return out;
}
