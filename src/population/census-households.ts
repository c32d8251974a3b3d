// Households and collective dwellings of one municipality as the 2022 Census counted them
// (generator 1.2.0, `domicilios_censo`): per tract exactly its share of the district's occupied
// private households and private residents, compositions from real household templates calibrated
// to the municipality's margins, residents of collective dwellings as one-person ranges after the
// tract's households. The sex x age counts stay exactly the municipality's. docs/population.md.
import { loadPermanentHouseholds } from '../release/data-files.js';
import { AGE_BANDS, type TractLayout } from '../release/types.js';
import { drawTractSizes, fitSizeShares, tiltedSizes } from './household-sizes.js';
import { calibrateTemplates, collectiveRates, compareMembers, templatePool, type TemplatePool } from './household-templates.js';
import { Rng, STREAM } from '../release/random.js';

const CELLS = 2 * AGE_BANDS;
const UNFILLED = 255;
/** Least share of a size the pool holds, so that the tilts can reach it. */
const MIN_SIZE_SHARE = 1e-9;

/** Where the next households and persons of the UF go (the builder's running counters). */
export interface HouseholdCursor {
  hh: number;
  person: number;
  tractBase: number;
  hhStart: Uint32Array;
  hhTract: Uint32Array;
}

/**
 * Sex x band cells of the municipality's residents of collective dwellings, drawn one at a time
 * without replacement from its counts with weights rate_c x remaining_c (collectiveRates): the
 * RR 2010 profile adapted to the municipality's age structure. Removes them from `remaining`.
 */
function drawCollectiveCells(remaining: Int32Array, n: number, rng: Rng): Uint8Array {
  const rate = collectiveRates();
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let total = 0, any = 0;
    for (let c = 0; c < CELLS; c++) { total += rate[c] * remaining[c]; any += remaining[c]; }
    // Where the profile has no one left, any remaining resident.
    const byRate = total > 0;
    let u = rng.next() * (byRate ? total : any);
    let c = 0;
    for (; c < CELLS - 1; c++) {
      u -= byRate ? rate[c] * remaining[c] : remaining[c];
      if (u < 0) break;
    }
    while (remaining[c] === 0) c = (c + 1) % CELLS;
    remaining[c]--;
    out[i] = c;
  }
  return out;
}

/**
 * Share of households of each size: the calibrated template weights' (every size the pool holds
 * kept possible), then tilted to the municipality's mean and to the variance the Census publishes
 * (V06003, permanent households, an integer). The template weights alone give RR's more spread
 * sizes: over Brazil about 21% one-person households against 19.8% once fitted (docs/population.md).
 */
function sizeShares(pool: TemplatePool, w: Float64Array, mean: number, variance: number): Float64Array {
  const p = new Float64Array(pool.maxSize + 1);
  let total = 0;
  for (let k = 0; k < pool.n; k++) { p[pool.size[k]] += w[k]; total += w[k]; }
  for (let s = 1; s <= pool.maxSize; s++) if (pool.sizeStart[s + 1] > pool.sizeStart[s]) p[s] = Math.max(p[s], MIN_SIZE_SHARE * total);
  return fitSizeShares(p, mean, variance);
}

/** Household sizes of every tract, in tract order: each district's tracts from its own tilted distribution. */
function drawSizes(L: TractLayout, p: Float64Array, rng: Rng): Uint8Array {
  const hh = L.households!, coll = L.collective!;
  let H = 0;
  for (let t = 0; t < L.n; t++) H += hh[t];
  const sizes = new Uint8Array(H);
  let at = 0;
  for (let t0 = 0; t0 < L.n;) {
    // A district is a run of tracts with the same 9-digit prefix.
    let t1 = t0, households = 0, residents = 0;
    while (t1 < L.n && L.codes[t1].slice(0, 9) === L.codes[t0].slice(0, 9)) {
      households += hh[t1]; residents += L.pop[t1] - coll[t1]; t1++;
    }
    const cum = households > 0 ? tiltedSizes(p, residents / households) : p;
    for (let t = t0; t < t1; t++) { drawTractSizes(cum, hh[t], L.pop[t] - coll[t], rng, sizes, at); at += hh[t]; }
    t0 = t1;
  }
  return sizes;
}

/**
 * A template for every household, matching its size: per size, systematic sampling over the
 * calibrated weights of the templates of that size (so their mix follows the weights closely),
 * dealt to the households of that size in random order.
 */
function chooseTemplates(pool: TemplatePool, w: Float64Array, sizes: Uint8Array, rng: Rng): Uint32Array {
  const H = sizes.length;
  const count = new Uint32Array(pool.maxSize + 1);
  for (let h = 0; h < H; h++) count[sizes[h]]++;
  const picks = new Array<Uint32Array>(pool.maxSize + 1);
  for (let s = 1; s <= pool.maxSize; s++) {
    const n = count[s];
    picks[s] = new Uint32Array(n);
    if (n === 0) continue;
    const a = pool.sizeStart[s], b = pool.sizeStart[s + 1];
    let total = 0;
    for (let i = a; i < b; i++) total += w[pool.sizeTpl[i]];
    // A size the calibration emptied (its templates all hold a cell of no one) takes the 2010 weights.
    const weight = total > 0 ? w : pool.prior;
    if (total <= 0) for (let i = a; i < b; i++) total += weight[pool.sizeTpl[i]];
    const step = total / n;
    let next = rng.next() * step, acc = 0, j = 0;
    for (let i = a; i < b && j < n; i++) {
      acc += weight[pool.sizeTpl[i]];
      while (j < n && next < acc) { picks[s][j++] = pool.sizeTpl[i]; next += step; }
    }
    // Rounding at the end of the cumulative sum: the heaviest-last template takes the rest.
    while (j < n) picks[s][j++] = pool.sizeTpl[b - 1];
    rng.shuffle(picks[s]);
  }
  const tpl = new Uint32Array(H);
  count.fill(0);
  for (let h = 0; h < H; h++) tpl[h] = picks[sizes[h]][count[sizes[h]]++];
  return tpl;
}

/**
 * Members' cells: households in random order take their template's cells from the municipality's
 * exact counts, first every household its oldest member (the reference person), then the others.
 * A cell already used up is filled, once the pass is over, from the nearest cell left (a band away
 * costs 2, the other sex 3), and such a household's members are re-sorted oldest first. Serving the
 * reference persons first keeps the cells left at the end (often children, where the templates ask
 * for fewer than the Census counts) from making households of children alone.
 */
function fillMembers(
  pool: TemplatePool, tpl: Uint32Array, offset: Uint32Array, remaining: Int32Array, cellOf: Uint8Array, rng: Rng,
): void {
  const H = tpl.length;
  const order = new Uint32Array(H);
  for (let h = 0; h < H; h++) order[h] = h;
  rng.shuffle(order);
  const substituted: number[] = [];
  const pass = (first: boolean) => {
    const pending: number[] = [];
    for (let k = 0; k < H; k++) {
      const h = order[k];
      const t = tpl[h];
      const a = first ? pool.start[t] : pool.start[t] + 1, b = first ? a + 1 : pool.start[t + 1];
      for (let i = a, p = offset[h] + (a - pool.start[t]); i < b; i++, p++) {
        const c = pool.cells[i];
        if (remaining[c] > 0) { remaining[c]--; cellOf[p] = c; } else { cellOf[p] = UNFILLED; pending.push(h, c, p); }
      }
    }
    for (let i = 0; i < pending.length; i += 3) {
      const want = pending[i + 1];
      let best = -1, bestCost = Infinity;
      for (let c = 0; c < CELLS; c++) {
        if (remaining[c] === 0) continue;
        const cost = 2 * Math.abs((c % AGE_BANDS) - (want % AGE_BANDS)) + (c >= AGE_BANDS !== want >= AGE_BANDS ? 3 : 0);
        if (cost < bestCost) { bestCost = cost; best = c; }
      }
      remaining[best]--;
      cellOf[pending[i + 2]] = best;
      substituted.push(pending[i]);
    }
  };
  pass(true);
  pass(false);
  for (const h of substituted) {
    cellOf.subarray(offset[h], offset[h] + (pool.start[tpl[h] + 1] - pool.start[tpl[h]])).sort(compareMembers);
  }
}

/**
 * Places the municipality's households and collective residents (tract by tract: households, then
 * one range per collective resident) and returns each person's sex x band cell, in person order.
 * `cells` are the municipality's exact sex x band counts. Advances the cursor; returns the ranges.
 */
export function placeCensusHouseholds(
  cur: HouseholdCursor, L: TractLayout, municipio: string, cells: Int32Array, seed: number, key: number,
): { ranges: number; cellOf: Uint8Array } {
  const remaining = Int32Array.from(cells);
  let nCollective = 0, P = 0;
  for (let t = 0; t < L.n; t++) { nCollective += L.collective![t]; P += L.pop[t]; }
  const collectiveCells = drawCollectiveCells(remaining, nCollective, new Rng(seed, STREAM.collective, key));

  const pool = templatePool(municipio);
  const rngSize = new Rng(seed, STREAM.householdSize, key);
  const rngTpl = new Rng(seed, STREAM.householdTemplate, key);
  let H = 0;
  for (let t = 0; t < L.n; t++) H += L.households![t];
  const w = calibrateTemplates(pool, remaining, H);
  const shares = sizeShares(pool, w, (P - nCollective) / H, loadPermanentHouseholds().get(municipio)!.sizeVariance);
  const sizes = drawSizes(L, shares, rngSize);
  const tpl = chooseTemplates(pool, w, sizes, rngTpl);

  // Person offsets (local to the municipality) of every household, collective residents after each tract's.
  const offset = new Uint32Array(H);
  const { hhStart, hhTract } = cur;
  let hh = cur.hh, local = 0, h = 0;
  for (let t = 0; t < L.n; t++) {
    for (let k = 0; k < L.households![t]; k++, h++) {
      offset[h] = local;
      hhStart[hh] = cur.person + local;
      hhTract[hh++] = cur.tractBase + t;
      local += sizes[h];
    }
    for (let k = 0; k < L.collective![t]; k++) {
      hhStart[hh] = cur.person + local;
      hhTract[hh++] = cur.tractBase + t;
      local++;
    }
  }
  if (local !== P) throw new Error(`campaign-sim: households of ${municipio} hold ${local} persons, not ${P}`);
  hhStart[hh] = cur.person + local;

  const cellOf = new Uint8Array(P);
  fillMembers(pool, tpl, offset, remaining, cellOf, rngTpl);
  // Collective residents: the remaining slots, in person order, take the drawn cells.
  let q = 0;
  h = 0;
  let p = 0;
  for (let t = 0; t < L.n; t++) {
    for (let k = 0; k < L.households![t]; k++, h++) p += sizes[h];
    for (let k = 0; k < L.collective![t]; k++) cellOf[p++] = collectiveCells[q++];
  }
  const ranges = hh - cur.hh;
  cur.hh = hh;
  cur.person += P;
  return { ranges, cellOf };
}
