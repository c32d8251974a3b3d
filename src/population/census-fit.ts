// How closely a built population (generator 1.2.0, `domicilios_censo`) reproduces the 2022 Census:
// occupied private households and mean size per municipality, residents and households per district,
// sex x age counts, and the composition of its households. Read by bench/population.ts and the tests.
import { censusDistricts } from '../release/census-districts.js';
import { loadAgeSex, loadCensusMunicipalRows, loadPermanentHouseholds } from '../release/data-files.js';
import { largestRemainder } from '../release/random.js';
import { AGE_BANDS, PERSON_ATTRS } from '../release/types.js';

/** The arrays of a built population (one UF's file or a merged population) that the fit reads. */
export interface HouseholdArrays {
  municipios: string[];
  tractCodes: string[];
  tractMun: Uint16Array;
  tractCollective?: Uint32Array;
  hhStart: Uint32Array;
  hhTract: Uint32Array;
  age5: Uint8Array;
  attrs: Uint16Array;
}

export interface MunicipalFit {
  codigo: string;
  residents: number;
  households: number;
  censusHouseholds: number; // v0007
  meanSize: number; // residents of private households per household
  censusMeanSize: number; // v0005 (1 decimal)
  sizeVariance: number;
  censusSizeVariance: number; // V06003, permanent households only, published as an integer
  collective: number;
  /** Largest |synthetic - Census count| over the 34 sex x band cells (the counts: largest remainders of the Census total). */
  sexAgeCountDiff: number;
  /** The same as a share of the residents, percentage points. */
  sexAgeShareDevPp: number;
  /** Largest |synthetic share - source share| over the cells, percentage points (DataSUS shares, before rounding to counts). */
  sexAgeSourceDevPp: number;
}

export interface DistrictFit {
  codigo: string;
  residents: number;
  censusResidents: number; // v0001
  households: number;
  censusHouseholds: number; // v0007
}

/** Counts over the private households, for the composition check. */
export interface Composition {
  households: number;
  persons: number;
  onePerson: number;
  withChild: number; // a member under 15
  withOlder: number; // a member 60+
  threeGenerations: number; // a member under 15 and one 60+
  olderAlone: number; // persons 60+ living alone
  older: number; // persons 60+ in private households
  sizeCounts: number[]; // households of size 1..9, 10+ last
}

export function emptyComposition(): Composition {
  return { households: 0, persons: 0, onePerson: 0, withChild: 0, withOlder: 0, threeGenerations: 0, olderAlone: 0, older: 0, sizeCounts: new Array(10).fill(0) };
}

/** Adds b's counts to a's. */
export function addComposition(a: Composition, b: Composition): void {
  for (const k of Object.keys(a) as Array<keyof Composition>) {
    if (k === 'sizeCounts') b.sizeCounts.forEach((x, i) => { a.sizeCounts[i] += x; });
    else a[k] += b[k];
  }
}

export interface CensusFit {
  municipalities: MunicipalFit[];
  districts: DistrictFit[];
  /** Tracts whose code does not start with a Census 2022 district of their municipality. */
  tractsOutsideDistricts: number;
  composition: Composition;
}

const CHILD_BANDS = 3; // bands 0-2: under 15
const OLDER_BAND = 12; // 60-64 and over

export function measureCensusFit(pop: HouseholdArrays): CensusFit {
  const nM = pop.municipios.length;
  const nT = pop.tractCodes.length;
  const hh = new Float64Array(nM), sum = new Float64Array(nM), sum2 = new Float64Array(nM), coll = new Float64Array(nM);
  const cells = new Float64Array(nM * 2 * AGE_BANDS);
  const tractRes = new Float64Array(nT), tractHh = new Float64Array(nT);
  const comp = emptyComposition();
  const residents = new Float64Array(nM);
  const { sexo } = PERSON_ATTRS;
  // Ranges are walked backwards so each tract's collective residents (its last ranges) come first.
  const left = pop.tractCollective ? Uint32Array.from(pop.tractCollective) : new Uint32Array(nT);
  for (let h = pop.hhTract.length - 1; h >= 0; h--) {
    const t = pop.hhTract[h], m = pop.tractMun[t];
    const a = pop.hhStart[h], b = pop.hhStart[h + 1], s = b - a;
    tractRes[t] += s;
    residents[m] += s;
    for (let p = a; p < b; p++) cells[m * 2 * AGE_BANDS + ((pop.attrs[p] >> sexo.shift) & 1) * AGE_BANDS + pop.age5[p]]++;
    if (left[t] > 0) { left[t]--; coll[m] += s; continue; }
    tractHh[t]++;
    hh[m]++; sum[m] += s; sum2[m] += s * s;
    let child = false, older = 0;
    for (let p = a; p < b; p++) { if (pop.age5[p] < CHILD_BANDS) child = true; if (pop.age5[p] >= OLDER_BAND) older++; }
    comp.households++; comp.persons += s; comp.sizeCounts[Math.min(10, s) - 1]++;
    if (s === 1) comp.onePerson++;
    if (child) comp.withChild++;
    if (older > 0) comp.withOlder++;
    if (child && older > 0) comp.threeGenerations++;
    if (s === 1 && older > 0) comp.olderAlone++;
    comp.older += older;
  }
  const census = loadCensusMunicipalRows(), perm = loadPermanentHouseholds(), ageSex = loadAgeSex();
  const municipalities = pop.municipios.map((codigo, m): MunicipalFit => {
    const c = census.get(codigo)!;
    const src = ageSex.get(codigo)!;
    const exact = largestRemainder(src, c.residents);
    const srcTotal = src.reduce((s, x) => s + x, 0);
    let countDiff = 0, sourceDev = 0;
    for (let k = 0; k < 2 * AGE_BANDS; k++) {
      const n = cells[m * 2 * AGE_BANDS + k];
      countDiff = Math.max(countDiff, Math.abs(n - exact[k]));
      sourceDev = Math.max(sourceDev, Math.abs(n / residents[m] - src[k] / srcTotal) * 100);
    }
    const mean = sum[m] / hh[m];
    return {
      codigo, residents: residents[m], households: hh[m], censusHouseholds: c.households, meanSize: mean, censusMeanSize: c.meanSize,
      sizeVariance: sum2[m] / hh[m] - mean * mean, censusSizeVariance: perm.get(codigo)!.sizeVariance, collective: coll[m],
      sexAgeCountDiff: countDiff, sexAgeShareDevPp: (100 * countDiff) / residents[m], sexAgeSourceDevPp: sourceDev,
    };
  });
  const byDistrict = new Map<string, { residents: number; households: number }>();
  for (let t = 0; t < nT; t++) {
    const d = pop.tractCodes[t].slice(0, 9);
    const x = byDistrict.get(d) ?? { residents: 0, households: 0 };
    x.residents += tractRes[t]; x.households += tractHh[t];
    byDistrict.set(d, x);
  }
  const districts: DistrictFit[] = [];
  const all = censusDistricts();
  for (const code of pop.municipios) {
    for (const d of all.get(code)!) {
      const x = byDistrict.get(d.codigo) ?? { residents: 0, households: 0 };
      districts.push({ codigo: d.codigo, residents: x.residents, censusResidents: d.residents, households: x.households, censusHouseholds: d.households });
    }
  }
  const known = new Set(districts.map((d) => d.codigo));
  let tractsOutsideDistricts = 0;
  for (let t = 0; t < nT; t++) if (!known.has(pop.tractCodes[t].slice(0, 9))) tractsOutsideDistricts++;
  return { municipalities, districts, tractsOutsideDistricts, composition: comp };
}
