// Household compositions of the Census 2010 sample of Roraima (the only household microdata in
// data/br) as templates: the sex x 5-year band of every member of a real household, with its
// sample weight. A municipality of RR draws on its own sampled households; every other
// municipality on all of RR's (a donor sample). Either way the weights are calibrated to the
// municipality's 2022 margins (calibrateTemplates) before any household is drawn.
import { loadRrSample } from '../release/data-files.js';
import { AGE_BANDS } from '../release/types.js';

const CELLS = 2 * AGE_BANDS;

/** Distinct household compositions with their summed 2010 weights, typed for fast calibration. */
export interface TemplatePool {
  n: number;
  size: Uint8Array;
  /** Members of template k: cells[start[k] .. start[k+1]-1], oldest band first. */
  start: Uint32Array;
  cells: Uint8Array;
  prior: Float64Array;
  /** Templates holding each cell (CSR over the 34 cells) and how many members of that cell they hold. */
  cellStart: Uint32Array;
  cellTpl: Uint32Array;
  cellMult: Uint8Array;
  /** Templates grouped by size (CSR over sizes 0..maxSize). */
  maxSize: number;
  sizeStart: Uint32Array;
  sizeTpl: Uint32Array;
}

/** Members oldest first (band descending, men before women within a band), the order of a range. */
export function compareMembers(a: number, b: number): number {
  return (b % AGE_BANDS) - (a % AGE_BANDS) || a - b;
}

function poolOf(households: Array<{ cells: number[]; peso: number }>): TemplatePool {
  const byKey = new Map<string, { cells: number[]; w: number }>();
  for (const h of households) {
    const cells = [...h.cells].sort(compareMembers);
    const key = cells.join(',');
    const t = byKey.get(key);
    if (t) t.w += h.peso; else byKey.set(key, { cells, w: h.peso });
  }
  // Sorted by key so the pool does not depend on the file's row order.
  const list = [...byKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
  const n = list.length;
  const size = new Uint8Array(n), start = new Uint32Array(n + 1), prior = new Float64Array(n);
  let members = 0, maxSize = 0;
  list.forEach((t, k) => { size[k] = t.cells.length; start[k] = members; members += t.cells.length; prior[k] = t.w; maxSize = Math.max(maxSize, t.cells.length); });
  start[n] = members;
  const cells = new Uint8Array(members);
  list.forEach((t, k) => cells.set(t.cells, start[k]));
  const mult = new Uint8Array(n * CELLS);
  for (let k = 0; k < n; k++) for (let i = start[k]; i < start[k + 1]; i++) mult[k * CELLS + cells[i]]++;
  const cellStart = new Uint32Array(CELLS + 1);
  for (let k = 0; k < n; k++) for (let c = 0; c < CELLS; c++) if (mult[k * CELLS + c] > 0) cellStart[c + 1]++;
  for (let c = 0; c < CELLS; c++) cellStart[c + 1] += cellStart[c];
  const cellTpl = new Uint32Array(cellStart[CELLS]), cellMult = new Uint8Array(cellStart[CELLS]);
  const fill = cellStart.slice(0, CELLS);
  for (let k = 0; k < n; k++) {
    for (let c = 0; c < CELLS; c++) {
      const m = mult[k * CELLS + c];
      if (m > 0) { cellTpl[fill[c]] = k; cellMult[fill[c]++] = m; }
    }
  }
  const sizeStart = new Uint32Array(maxSize + 2);
  for (let k = 0; k < n; k++) sizeStart[size[k] + 1]++;
  for (let s = 0; s <= maxSize; s++) sizeStart[s + 1] += sizeStart[s];
  const sizeTpl = new Uint32Array(n);
  const sFill = sizeStart.slice(0, maxSize + 1);
  for (let k = 0; k < n; k++) sizeTpl[sFill[size[k]]++] = k;
  return { n, size, start, cells, prior, cellStart, cellTpl, cellMult, maxSize, sizeStart, sizeTpl };
}

/** IBGE V4001 of a collective dwelling. */
const COLLECTIVE_SPECIES = 6;

let pools: Map<string, TemplatePool> | undefined;
let donor: TemplatePool | undefined;

/**
 * The template pool of a municipality: its own private households of the RR 2010 sample (permanent
 * and improvised; collective dwellings are not households) when it has some, else all of RR's.
 */
export function templatePool(municipio: string): TemplatePool {
  if (!pools) {
    const priv = loadRrSample().filter((h) => h.especie !== COLLECTIVE_SPECIES);
    const byMun = new Map<string, typeof priv>();
    for (const h of priv) { const l = byMun.get(h.municipio) ?? []; l.push(h); byMun.set(h.municipio, l); }
    pools = new Map([...byMun].map(([m, l]) => [m, poolOf(l)]));
    donor = poolOf(priv);
  }
  return pools.get(municipio) ?? donor!;
}

let rates: Float64Array | undefined;
/**
 * Share of the residents of each sex x band cell living in collective dwellings, RR 2010 sample
 * (227 sampled residents, 1,916 weighted: mostly men of 20-54, as in barracks, prisons and camps).
 */
export function collectiveRates(): Float64Array {
  if (rates) return rates;
  const inCollective = new Float64Array(CELLS), all = new Float64Array(CELLS);
  for (const h of loadRrSample()) {
    for (const c of h.cells) { all[c] += h.peso; if (h.especie === COLLECTIVE_SPECIES) inCollective[c] += h.peso; }
  }
  rates = inCollective.map((x, c) => (all[c] > 0 ? x / all[c] : 0));
  return rates;
}

/** Sweeps of iterative proportional updating: enough for the household margins (docs/population.md). */
const CALIBRATION_SWEEPS = 20;

/**
 * Template weights summing to `households` whose members reproduce `target` (persons of private
 * households per sex x band cell): iterative proportional updating (Ye et al. 2009) from the 2010
 * weights, one cell at a time, the household total last. Cells that no template holds stay unmet
 * (the builder fills them from the nearest cells).
 */
export function calibrateTemplates(pool: TemplatePool, target: ArrayLike<number>, households: number): Float64Array {
  const { n, prior, cellStart, cellTpl, cellMult } = pool;
  const w = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) sum += prior[k];
  for (let k = 0; k < n; k++) w[k] = (prior[k] * households) / sum;
  for (let sweep = 0; sweep < CALIBRATION_SWEEPS; sweep++) {
    for (let c = 0; c < CELLS; c++) {
      const a = cellStart[c], b = cellStart[c + 1];
      let have = 0;
      for (let i = a; i < b; i++) have += w[cellTpl[i]] * cellMult[i];
      if (have <= 0) continue;
      const r = target[c] / have;
      for (let i = a; i < b; i++) w[cellTpl[i]] *= r;
    }
    let total = 0;
    for (let k = 0; k < n; k++) total += w[k];
    const r = total > 0 ? households / total : 0;
    for (let k = 0; k < n; k++) w[k] *= r;
  }
  return w;
}
