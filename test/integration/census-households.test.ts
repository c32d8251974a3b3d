// Generator 1.2.0 (`domicilios_censo`, release v1.2.0) built for RR, AP and AC: households,
// districts and collective dwellings as the 2022 Census counted them, household members from the
// RR 2010 sample templates, the sex x age counts unchanged; and v1.0.0 / v1.1.0 byte for byte as
// before. Built into a temporary cache directory.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureCensusFit, type CensusFit } from '../../src/population/census-fit.js';
import { templatePool } from '../../src/population/household-templates.js';
import { clearPopulationMemory, populationFilePath } from '../../src/population/population-store.js';
import { openRelease } from '../../src/release/release.js';
import { AGE_BANDS, PERSON_ATTRS, type Population, type Release, type UfCode } from '../../src/release/types.js';

const UFS: UfCode[] = ['RR', 'AP', 'AC'];
const dir = mkdtempSync(join(tmpdir(), 'campaign-sim-census-hh-'));
let rel: Release;
const pops = new Map<UfCode, Population>();
const fits = new Map<UfCode, CensusFit>();

beforeAll(async () => {
  process.env.CAMPAIGN_SIM_CACHE = dir;
  clearPopulationMemory();
  rel = openRelease('v1.2.0');
  for (const uf of UFS) {
    const pop = await rel.population([uf]);
    pops.set(uf, pop);
    fits.set(uf, measureCensusFit(pop));
  }
});

afterAll(() => {
  clearPopulationMemory();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether household h is one of its tract's collective residents (the tract's last ranges). */
function collectiveFlags(pop: Population): Uint8Array {
  const flags = new Uint8Array(pop.nHouseholds);
  const left = Uint32Array.from(pop.tractCollective!);
  for (let h = pop.nHouseholds - 1; h >= 0; h--) if (left[pop.hhTract[h]] > 0) { left[pop.hhTract[h]]--; flags[h] = 1; }
  return flags;
}

describe.each(UFS)('v1.2.0 population of %s', (uf) => {
  it('has the Census occupied private households of every municipality, with the published mean size', () => {
    const f = fits.get(uf)!;
    expect(f.municipalities.map((m) => m.codigo)).toEqual(rel.municipalities(uf).map((m) => m.codigo));
    for (const m of f.municipalities) {
      expect(m.households).toBe(m.censusHouseholds);
      // v0005 is published to 1 decimal.
      expect(m.meanSize).toBeGreaterThanOrEqual(m.censusMeanSize - 0.05 - 1e-9);
      expect(m.meanSize).toBeLessThan(m.censusMeanSize + 0.05);
      expect(m.residents).toBe(rel.municipality(m.codigo)!.populacao);
    }
    // The sizes are fitted to the published variance (V06003, an integer); the districts' own means
    // and the exact tract totals move it a little.
    const rounds = f.municipalities.filter((m) => Math.round(m.sizeVariance) === m.censusSizeVariance).length;
    expect(rounds / f.municipalities.length).toBeGreaterThan(0.95);
  });

  it('has the Census residents and households of every district, in tracts coded with the real districts', () => {
    const f = fits.get(uf)!;
    expect(f.tractsOutsideDistricts).toBe(0);
    for (const d of f.districts) {
      expect(d.residents).toBe(d.censusResidents);
      expect(d.households).toBe(d.censusHouseholds);
    }
  });

  it('builds each tract as release.tracts lays it out, collective residents as one-person ranges', () => {
    const pop = pops.get(uf)!;
    const collective = collectiveFlags(pop);
    const persons = new Uint32Array(pop.nTracts), households = new Uint32Array(pop.nTracts), coll = new Uint32Array(pop.nTracts);
    let notSingle = 0, badOrder = 0;
    for (let h = 0; h < pop.nHouseholds; h++) {
      const t = pop.hhTract[h], s = pop.hhStart[h + 1] - pop.hhStart[h];
      persons[t] += s;
      if (collective[h]) { coll[t]++; if (s !== 1) notSingle++; } else households[t]++;
      if (h > 0 && (t < pop.hhTract[h - 1] || (t === pop.hhTract[h - 1] && collective[h - 1] > collective[h]))) badOrder++;
    }
    expect({ notSingle, badOrder }).toEqual({ notSingle: 0, badOrder: 0 });
    let t = 0, withCollective = 0;
    for (const code of pop.municipios) {
      for (const x of rel.tracts(code)) {
        expect(pop.tractCodes[t]).toBe(x.codigo);
        expect([persons[t], households[t], coll[t]]).toEqual([x.populacao, x.domicilios, x.moradores_coletivos]);
        if (coll[t] > 0) withCollective++;
        t++;
      }
    }
    expect(t).toBe(pop.nTracts);
    expect(withCollective).toBeGreaterThan(0);
  });

  it('keeps the sex x age counts of the Census total in every municipality', () => {
    for (const m of fits.get(uf)!.municipalities) expect(m.sexAgeCountDiff).toBe(0);
  });

  it('fills households from the RR 2010 sample compositions, oldest member first', () => {
    const pop = pops.get(uf)!;
    const collective = collectiveFlags(pop);
    const known = new Map<string, Set<string>>();
    const keyOf = (a: number, b: number) => {
      const cells: number[] = [];
      for (let p = a; p < b; p++) cells.push(((pop.attrs[p] >> PERSON_ATTRS.sexo.shift) & 1) * AGE_BANDS + pop.age5[p]);
      return cells.join(',');
    };
    let households = 0, fromTemplate = 0, oldestFirst = 0, childrenAlone = 0, largest = 0;
    for (let h = 0; h < pop.nHouseholds; h++) {
      if (collective[h]) continue;
      const code = pop.municipios[pop.tractMun[pop.hhTract[h]]];
      let set = known.get(code);
      if (!set) {
        const tp = templatePool(code);
        set = new Set<string>();
        for (let k = 0; k < tp.n; k++) set.add(Array.from(tp.cells.subarray(tp.start[k], tp.start[k + 1])).join(','));
        known.set(code, set);
      }
      const a = pop.hhStart[h], b = pop.hhStart[h + 1];
      households++;
      largest = Math.max(largest, b - a);
      if (set.has(keyOf(a, b))) fromTemplate++;
      let oldest = 0, adult = false;
      for (let p = a; p < b; p++) { oldest = Math.max(oldest, pop.age5[p]); if (pop.age5[p] >= 3) adult = true; }
      if (pop.age5[a] === oldest) oldestFirst++;
      if (!adult) childrenAlone++;
    }
    // Members whose cell ran out are taken from the nearest cell: a few households differ from any template.
    expect(fromTemplate / households).toBeGreaterThan(0.97);
    expect(oldestFirst).toBe(households);
    expect(childrenAlone / households).toBeLessThan(0.001); // the few sample households of children alone
    expect(largest).toBeGreaterThan(7); // the sample's large households, not the old 1-7 sizes
  });
});

describe('the Census households change nothing before generator 1.2.0', () => {
  const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

  it('builds v1.0.0 and v1.1.0 of RR byte for byte as before', async () => {
    const v10 = await openRelease('v1.0.0').population(['RR']);
    expect([v10.nPersons, v10.nHouseholds, v10.nTracts]).toEqual([636707, 226984, 1417]);
    expect(v10.tractCollective).toBeUndefined();
    expect(v10.tractCodes[0]).toBe('140002705000001');
    await openRelease('v1.1.0').population(['RR']);
    // The files as generator 1.1.0 wrote them before Census households existed.
    expect(sha(populationFilePath('v1.0.0', 'RR'))).toBe('d40904e0be99a09b0ffaacaa963b1b62e88bf9814ba93cb61553646806caed1d');
    expect(sha(populationFilePath('v1.1.0', 'RR'))).toBe('618ca7c7498ee2983d1c07d525c08821a5fb8a5176017a5764ff0534248d2b3f');
  });
});
