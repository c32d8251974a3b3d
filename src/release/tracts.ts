// Modelled census tracts and weighting areas of one municipality (the real 2022 tract grid is
// not available offline). Deterministic from (release seed, municipality code): computed in
// milliseconds without building persons. Keep in sync with docs/population.md "Tracts".
import { insideShape, KM_PER_DEG_LAT, type MunShape } from './geometry.js';
import { largestRemainder, munKey, Rng, STREAM } from './random.js';
import type { CensusDistrict } from './census-districts.js';
import type { Municipality, TractLayout } from './types.js';

/** Mean residents per tract aimed at (IBGE tracts hold about 300-600 residents). */
export const TRACT_TARGET_RESIDENTS = 450;
/** Municipalities from this population up get weighting areas. */
export const AP_MIN_POPULATION = 20000;
/** Residents per weighting area aimed at. */
export const AP_TARGET_RESIDENTS = 12000;
/** Tracts per modelled district in the code (district codes 05, 10, 15, ...; releases before 1.2.0). */
const TRACTS_PER_DISTRICT = 5000;
/** Most tracts one subdistrict can number (4 digits). */
const TRACTS_PER_SUBDISTRICT = 9999;
/** Assumed density of the urban footprint, persons per km2 (modelled). */
const URBAN_DENSITY_KM2 = 5000;

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

export function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

/** Tract sizes of an area of `pop` residents: about 450 each, jittered but kept in 300-600 where the mean allows. */
function jitteredSizes(pop: number, rng: Rng): Int32Array {
  const n = Math.max(1, Math.round(pop / TRACT_TARGET_RESIDENTS));
  const mean = pop / n;
  const amp = Math.max(0, Math.min(0.3, (mean - 300) / mean, (600 - mean) / mean));
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 1 + amp * (2 * rng.next() - 1);
  return largestRemainder(w, pop);
}

export interface TractPoints {
  lat: Float64Array;
  lon: Float64Array;
  urban: Uint8Array;
  /** Centre of the urban area (the seat, or the interior point nearest to it). */
  cLat: number;
  cLon: number;
  /** Hilbert index of each point over the municipality's bounding box. */
  hilbert: Float64Array;
}

/**
 * Centroids of n tracts: the first nUrban urban, in a disc around the seat, the others uniform in
 * the municipality polygon.
 */
export function placeTractPoints(m: Municipality, shape: MunShape, urbanShare: number, n: number, rng: Rng): TractPoints {
  const pop = m.populacao;
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
  const urban = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let p: [number, number] | undefined;
    if (i < nUrban) {
      urban[i] = 1;
      // Urban tracts: a disc around the seat, denser towards the centre (radius ~ u^0.75).
      for (let t = 0; t < 40 && !p; t++) {
        const r = rUrbanKm * rng.next() ** 0.75;
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
  const hilbert = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = bw > 0 ? Math.min(65535, Math.floor(((lon[i] - shape.minLon) / bw) * 65535)) : 0;
    const y = bh > 0 ? Math.min(65535, Math.floor(((lat[i] - shape.minLat) / bh) * 65535)) : 0;
    hilbert[i] = hilbertIndex(Math.max(0, x), Math.max(0, y));
  }
  return { lat, lon, urban, cLat, cLon, hilbert };
}

/** An empty layout of n tracts with the municipality's weighting areas (runs of consecutive tracts). */
export function emptyLayout(m: Municipality, n: number): TractLayout {
  const pop = m.populacao;
  const nAp = pop >= AP_MIN_POPULATION ? Math.min(999, Math.max(2, Math.round(pop / AP_TARGET_RESIDENTS)), n) : 0;
  const aps: string[] = [];
  for (let k = 0; k < nAp; k++) aps.push(m.codigo + pad(k + 1, 3));
  const apIndex = new Int32Array(n);
  for (let k = 0; k < n; k++) apIndex[k] = nAp > 0 ? Math.floor((k * nAp) / n) : -1;
  return {
    municipio: m.codigo, n, codes: new Array<string>(n), urban: new Uint8Array(n), lat: new Float64Array(n),
    lon: new Float64Array(n), pop: new Int32Array(n), apIndex, aps,
  };
}

/** Copies point i of `pts` into slot k of the layout. */
export function putPoint(out: TractLayout, k: number, pts: TractPoints, i: number): void {
  out.urban[k] = pts.urban[i];
  out.lat[k] = pts.lat[i];
  out.lon[k] = pts.lon[i];
}

/**
 * Lays out the tracts and weighting areas of one municipality. With the Census 2022 districts
 * (generator 1.2.0) the tracts are laid out per district (layoutDistrictTracts); without, the
 * district codes are modelled (05, 10, ... every 5,000 tracts).
 */
export function layoutTracts(m: Municipality, shape: MunShape, urbanShare: number, seed: number, districts?: CensusDistrict[]): TractLayout {
  const rng = new Rng(seed, STREAM.tractPlace, munKey(m.codigo));
  if (districts) return layoutDistrictTracts(m, shape, urbanShare, districts, rng);
  const sizes = jitteredSizes(m.populacao, rng);
  const n = sizes.length;
  const pts = placeTractPoints(m, shape, urbanShare, n, rng);
  // Order tracts along a Hilbert curve so consecutive codes (districts, weighting areas) are contiguous.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => pts.hilbert[a] - pts.hilbert[b] || a - b);
  const out = emptyLayout(m, n);
  for (let k = 0; k < n; k++) {
    const district = 5 * (1 + Math.floor(k / TRACTS_PER_DISTRICT));
    out.codes[k] = m.codigo + pad(district, 2) + '00' + pad((k % TRACTS_PER_DISTRICT) + 1, 4);
    putPoint(out, k, pts, order[k]);
    out.pop[k] = sizes[k];
  }
  return out;
}

/**
 * Tracts of the Census 2022 districts: each district with residents gets its own tracts (sizes
 * summing to its Census residents), centroids placed as for the whole municipality. The seat
 * district (code 05) takes the points nearest the seat, urban first; the others, by decreasing
 * population, take consecutive runs of the remaining urban points and then of the rural ones
 * along the Hilbert curve, so each district is one compact area. Codes: the real district, then
 * subdistrict 00 (01, 02, ... where a district holds more than 9,999 tracts, as Rio de Janeiro),
 * then tracts 0001... along the curve. Occupied private households and collective residents of
 * a district are shared out over its tracts (tractHouseholds).
 */
function layoutDistrictTracts(m: Municipality, shape: MunShape, urbanShare: number, districts: CensusDistrict[], rng: Rng): TractLayout {
  const inhabited = districts.filter((d) => d.residents > 0);
  const sizes = inhabited.map((d) => jitteredSizes(d.residents, rng));
  const n = sizes.reduce((s, x) => s + x.length, 0);
  const pts = placeTractPoints(m, shape, urbanShare, n, rng);
  const byCurve = (a: number, b: number) => pts.hilbert[a] - pts.hilbert[b] || a - b;
  const all = Array.from({ length: n }, (_, i) => i);
  const cosLat = Math.cos((pts.cLat * Math.PI) / 180);
  const d2 = (i: number) => (pts.lat[i] - pts.cLat) ** 2 + ((pts.lon[i] - pts.cLon) * cosLat) ** 2;
  const seat = Math.max(0, inhabited.findIndex((d) => d.codigo.endsWith('05')));
  const taken = new Array<number[]>(inhabited.length);
  // Seat district: urban points first, each group nearest the seat first.
  const nearSeat = [...all].sort((a, b) => pts.urban[b] - pts.urban[a] || d2(a) - d2(b) || a - b);
  taken[seat] = nearSeat.slice(0, sizes[seat].length);
  const used = new Uint8Array(n);
  for (const i of taken[seat]) used[i] = 1;
  const rest = all.filter((i) => !used[i]).sort((a, b) => pts.urban[b] - pts.urban[a] || byCurve(a, b));
  const others = inhabited.map((_, j) => j).filter((j) => j !== seat)
    .sort((a, b) => inhabited[b].residents - inhabited[a].residents || a - b);
  let next = 0;
  for (const j of others) { taken[j] = rest.slice(next, next + sizes[j].length); next += sizes[j].length; }

  const out = emptyLayout(m, n);
  out.households = new Int32Array(n);
  out.collective = new Int32Array(n);
  out.district = new Array<string>(n);
  let k = 0;
  inhabited.forEach((d, j) => {
    const mine = taken[j].sort(byCurve);
    const nSub = Math.ceil(mine.length / TRACTS_PER_SUBDISTRICT);
    const perSub = Math.ceil(mine.length / nSub);
    const k0 = k;
    mine.forEach((i, q) => {
      const sub = nSub === 1 ? 0 : 1 + Math.floor(q / perSub);
      out.codes[k] = d.codigo + pad(sub, 2) + pad((nSub === 1 ? q : q % perSub) + 1, 4);
      putPoint(out, k, pts, i);
      out.pop[k] = sizes[j][q];
      out.district![k] = d.nome;
      k++;
    });
    tractHouseholds(d, out.pop.subarray(k0, k), out.households!.subarray(k0, k), out.collective!.subarray(k0, k));
  });
  return out;
}

/**
 * A district's occupied private households and collective residents over its tracts: collective
 * residents in proportion to tract residents, households in proportion to `weights` (default: the
 * residents left; observed tracts pass their observed households) by largest remainders, then
 * moved so that every tract has at least one resident per household and a household wherever
 * private residents live.
 */
export function tractHouseholds(d: CensusDistrict, pop: Int32Array, households: Int32Array, collective: Int32Array, weights?: ArrayLike<number>): void {
  collective.set(largestRemainder(pop, d.collective));
  const priv = pop.map((p, t) => p - collective[t]);
  households.set(largestRemainder(weights ?? priv, d.households));
  for (let t = 0; t < pop.length; t++) {
    while (households[t] > priv[t] || (households[t] === 0 && priv[t] > 0)) {
      const give = households[t] > priv[t];
      // The tract furthest from its share takes or gives one household.
      let best = -1;
      for (let u = 0; u < pop.length; u++) {
        if (u === t) continue;
        const ok = give ? households[u] < priv[u] : households[u] > 1;
        if (ok && (best < 0 || (give ? priv[u] - households[u] > priv[best] - households[best] : households[u] > households[best]))) best = u;
      }
      if (best < 0) throw new Error(`campaign-sim: households of district ${d.codigo} do not fit its tracts`);
      if (give) { households[t]--; households[best]++; } else { households[t]++; households[best]--; }
    }
  }
}
