// The built population of five UFs, one per macro-region (RR Norte, SE and AL Nordeste, MS Centro-Oeste,
// ES Sudeste, SC Sul), checked against the real inputs. Built into a temporary cache directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgeSex, loadRace } from '../../src/release/data-files.js';
import { clearPopulationMemory } from '../../src/population/population-store.js';
import { openRelease } from '../../src/release/release.js';
import { AGE_BANDS, NO_GROUP, PERSON_ATTRS, type Population, type Release, type UfCode } from '../../src/release/types.js';

const UFS: UfCode[] = ['RR', 'SE', 'AL', 'MS', 'ES', 'SC'];
const dir = mkdtempSync(join(tmpdir(), 'campaign-sim-pop-'));
let rel: Release;
const pops = new Map<UfCode, Population>();

const field = (a: number, f: { shift: number; bits: number }) => (a >> f.shift) & ((1 << f.bits) - 1);

/** Municipality index of each person's home (household -> tract -> municipality). */
function homes(pop: Population): Uint16Array {
  const out = new Uint16Array(pop.nPersons);
  for (let h = 0; h < pop.nHouseholds; h++) out.fill(pop.tractMun[pop.hhTract[h]], pop.hhStart[h], pop.hhStart[h + 1]);
  return out;
}

beforeAll(async () => {
  process.env.CAMPAIGN_SIM_CACHE = dir;
  clearPopulationMemory();
  rel = openRelease('v1.0.0');
  for (const uf of UFS) pops.set(uf, await rel.population([uf]));
});

afterAll(() => {
  clearPopulationMemory();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(UFS)('population of %s', (uf) => {
  it('has exactly the 2022 Census persons in every municipality', () => {
    const pop = pops.get(uf)!;
    const home = homes(pop);
    const count = new Uint32Array(pop.municipios.length);
    for (let p = 0; p < pop.nPersons; p++) count[home[p]]++;
    pop.municipios.forEach((code, i) => {
      expect(count[i]).toBe(rel.municipality(code)!.populacao);
      expect(pop.munPop[i]).toBe(count[i]);
    });
    expect(pop.municipios).toEqual(rel.municipalities(uf).map((m) => m.codigo));
  });

  it('matches sex x age and colour/race shares within 0.5 pp in municipalities over 10,000', () => {
    const pop = pops.get(uf)!;
    const home = homes(pop);
    const nM = pop.municipios.length;
    const sexAge = new Float64Array(nM * 2 * AGE_BANDS);
    const race = new Float64Array(nM * 5);
    for (let p = 0; p < pop.nPersons; p++) {
      const a = pop.attrs[p];
      sexAge[home[p] * 34 + field(a, PERSON_ATTRS.sexo) * AGE_BANDS + pop.age5[p]]++;
      race[home[p] * 5 + field(a, PERSON_ATTRS.raca)]++;
    }
    let checked = 0;
    pop.municipios.forEach((code, i) => {
      const n = pop.munPop[i];
      if (n <= 10000) return;
      checked++;
      const inSA = loadAgeSex().get(code)!;
      const totSA = inSA.reduce((s, x) => s + x, 0);
      for (let c = 0; c < 34; c++) expect(Math.abs(sexAge[i * 34 + c] / n - inSA[c] / totSA)).toBeLessThan(0.005);
      const inR = loadRace().get(code)!;
      const totR = inR.reduce((s, x) => s + x, 0);
      for (let c = 0; c < 5; c++) expect(Math.abs(race[i * 5 + c] / n - inR[c] / totR)).toBeLessThan(0.005);
    });
    expect(checked).toBeGreaterThan(0);
  });

  it('numbers households contiguously, in tract order, each headed by an adult', () => {
    const pop = pops.get(uf)!;
    expect(pop.hhStart[0]).toBe(0);
    expect(pop.hhStart[pop.nHouseholds]).toBe(pop.nPersons);
    // Counted, not asserted per element: millions of expect() calls would take minutes.
    let adultHead = 0, badSize = 0, badOrder = 0;
    for (let h = 0; h < pop.nHouseholds; h++) {
      const size = pop.hhStart[h + 1] - pop.hhStart[h];
      if (size < 1 || size > 7) badSize++;
      if (h > 0 && pop.hhTract[h] < pop.hhTract[h - 1]) badOrder++;
      if (pop.age5[pop.hhStart[h]] >= 4) adultHead++;
    }
    expect({ badSize, badOrder }).toEqual({ badSize: 0, badOrder: 0 });
    expect(adultHead / pop.nHouseholds).toBeGreaterThan(0.999);
    const mean = pop.nPersons / pop.nHouseholds;
    expect(mean).toBeGreaterThan(2.5);
    expect(mean).toBeLessThan(3.1);
  });

  it('puts every pupil in a class (<= 35, one age band) of its own municipality, and workers of working age in establishments', () => {
    const pop = pops.get(uf)!;
    const home = homes(pop);
    const size = new Uint32Array(pop.nGroups);
    const band = new Int16Array(pop.nTurmas).fill(-1);
    let pupils = 0, workers = 0, commuters = 0;
    const bad = { groupRange: 0, pupilAway: 0, pupilAge: 0, classBands: 0, workerAge: 0, classSize: 0 };
    for (let p = 0; p < pop.nPersons; p++) {
      const g = pop.group[p];
      if (g === NO_GROUP) continue;
      if (g >= pop.nGroups) { bad.groupRange++; continue; }
      size[g]++;
      if (g < pop.nTurmas) {
        pupils++;
        if (pop.groupMun[g] !== home[p]) bad.pupilAway++;
        if (pop.age5[p] < 1 || pop.age5[p] > 3) bad.pupilAge++;
        if (band[g] < 0) band[g] = pop.age5[p];
        if (pop.age5[p] !== band[g]) bad.classBands++;
      } else {
        workers++;
        if (pop.age5[p] < 3 || pop.age5[p] > 12) bad.workerAge++;
        if (pop.groupMun[g] !== home[p]) commuters++;
      }
    }
    for (let g = 0; g < pop.nTurmas; g++) if (size[g] === 0 || size[g] > 35) bad.classSize++;
    expect(bad).toEqual({ groupRange: 0, pupilAway: 0, pupilAge: 0, classBands: 0, workerAge: 0, classSize: 0 });
    expect(pupils / pop.nPersons).toBeGreaterThan(0.1);
    expect(workers / pop.nPersons).toBeGreaterThan(0.3);
    expect(commuters / workers).toBeLessThan(0.3);
  });

  it('models education, income and internet consistently', () => {
    const pop = pops.get(uf)!;
    const bad = { rendaInHousehold: 0, childEducation: 0, babyInternet: 0, rendaRange: 0, raceRange: 0 };
    for (let h = 0; h < pop.nHouseholds; h++) {
      const r = field(pop.attrs[pop.hhStart[h]], PERSON_ATTRS.renda);
      for (let p = pop.hhStart[h] + 1; p < pop.hhStart[h + 1]; p++) if (field(pop.attrs[p], PERSON_ATTRS.renda) !== r) bad.rendaInHousehold++;
    }
    const rendaByEdu = [[0, 0], [0, 0], [0, 0], [0, 0]];
    for (let p = 0; p < pop.nPersons; p++) {
      const a = pop.attrs[p];
      const e = field(a, PERSON_ATTRS.escolaridade);
      if (pop.age5[p] < 3 && e !== 0) bad.childEducation++;
      if (pop.age5[p] === 0 && field(a, PERSON_ATTRS.internet) !== 0) bad.babyInternet++;
      if (field(a, PERSON_ATTRS.renda) > 4) bad.rendaRange++;
      if (field(a, PERSON_ATTRS.raca) > 4) bad.raceRange++;
      if (pop.age5[p] >= 5) { rendaByEdu[e][0] += field(a, PERSON_ATTRS.renda); rendaByEdu[e][1]++; }
    }
    expect(bad).toEqual({ rendaInHousehold: 0, childEducation: 0, babyInternet: 0, rendaRange: 0, raceRange: 0 });
    // Education and income are correlated through the household latent.
    expect(rendaByEdu[3][0] / rendaByEdu[3][1]).toBeGreaterThan(rendaByEdu[0][0] / rendaByEdu[0][1] + 0.3);
  });
});

describe('several UFs', () => {
  it('places income by municipality: SC richer than AL', () => {
    const meanRenda = (pop: Population) => {
      let s = 0;
      for (let p = 0; p < pop.nPersons; p++) s += field(pop.attrs[p], PERSON_ATTRS.renda);
      return s / pop.nPersons;
    };
    expect(meanRenda(pops.get('SC')!)).toBeGreaterThan(meanRenda(pops.get('AL')!) + 0.5);
  });

  it('concatenates neighbouring UFs with commuting inside the listed UFs only, whatever the order', async () => {
    const both = await rel.population(['SE', 'AL']);
    const again = await rel.population(['AL', 'SE']);
    expect(both.ufs).toEqual(['AL', 'SE']);
    expect(Buffer.from(again.group.buffer, again.group.byteOffset, again.group.byteLength)
      .equals(Buffer.from(both.group.buffer, both.group.byteOffset, both.group.byteLength))).toBe(true);
    const al = pops.get('AL')!, se = pops.get('SE')!;
    expect(both.nPersons).toBe(al.nPersons + se.nPersons);
    expect(both.nTurmas).toBe(al.nTurmas + se.nTurmas);
    expect(both.nGroups).toBe(al.nGroups + se.nGroups);
    expect(both.municipios).toEqual([...al.municipios, ...se.municipios]);
    expect(both.hhStart[both.nHouseholds]).toBe(both.nPersons);
    // Attributes are the single-UF ones, shifted.
    expect(both.attrs[al.nPersons + 12345]).toBe(se.attrs[12345]);
    const home = homes(both);
    let cross = 0, workers = 0;
    const bad = { groupRange: 0, munRange: 0, pupilAway: 0 };
    for (let p = 0; p < both.nPersons; p++) {
      const g = both.group[p];
      if (g === NO_GROUP) continue;
      if (g >= both.nGroups) { bad.groupRange++; continue; }
      if (both.groupMun[g] >= both.municipios.length) bad.munRange++;
      if (g < both.nTurmas) { if (both.groupMun[g] !== home[p]) bad.pupilAway++; continue; }
      workers++;
      if (both.munUf[both.groupMun[g]] !== both.munUf[home[p]]) cross++;
    }
    expect(bad).toEqual({ groupRange: 0, munRange: 0, pupilAway: 0 });
    expect(cross).toBeGreaterThan(0);
    expect(cross / workers).toBeLessThan(0.05);
  });

  it('links each tract to its Delaunay neighbours symmetrically', () => {
    const pop = pops.get('ES')!;
    const has = (i: number, j: number) => {
      for (let k = pop.tractAdjStart[i]; k < pop.tractAdjStart[i + 1]; k++) if (pop.tractAdj[k] === j) return true;
      return false;
    };
    expect(pop.tractAdjStart[pop.nTracts]).toBe(pop.tractAdj.length);
    const bad = { isolated: 0, self: 0, asymmetric: 0 };
    for (let i = 0; i < pop.nTracts; i++) {
      if (pop.tractAdjStart[i + 1] === pop.tractAdjStart[i]) bad.isolated++;
      for (let k = pop.tractAdjStart[i]; k < pop.tractAdjStart[i + 1]; k++) {
        const j = pop.tractAdj[k];
        if (j === i) bad.self++;
        if (!has(j, i)) bad.asymmetric++;
      }
    }
    expect(bad).toEqual({ isolated: 0, self: 0, asymmetric: 0 });
  });

  it('uses the tract layout of the read API (same codes, populations equal to residents)', () => {
    const pop = pops.get('RR')!;
    const codes = pop.municipios.flatMap((m) => rel.tracts(m).map((t) => t.codigo));
    expect(pop.tractCodes).toEqual(codes);
    const residents = new Uint32Array(pop.nTracts);
    for (let h = 0; h < pop.nHouseholds; h++) residents[pop.hhTract[h]] += pop.hhStart[h + 1] - pop.hhStart[h];
    const expected = pop.municipios.flatMap((m) => rel.tracts(m).map((t) => t.populacao));
    expect(Array.from(residents)).toEqual(expected);
    const aps = pop.municipios.flatMap((m) => rel.weightingAreas(m));
    expect(pop.aps).toEqual(aps);
    for (let t = 0; t < pop.nTracts; t++) if (pop.tractAp[t] >= 0) expect(pop.apMun[pop.tractAp[t]]).toBe(pop.tractMun[t]);
  });

  it('backs every array with shared memory', () => {
    const pop = pops.get('RR')!;
    for (const a of [pop.age5, pop.attrs, pop.group, pop.hhStart, pop.hhTract, pop.tractAdj, pop.groupMun, pop.munUf]) {
      expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    }
  });
});
