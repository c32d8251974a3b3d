// The pieces of generator 1.2.0 (`domicilios_censo`) that need no population build: the Census
// districts with their collective residents, the household templates and their calibration, the
// household sizes, the district tract layout and which releases credit the new sources.
import { describe, expect, it } from 'vitest';
import { censusDistricts } from '../../../src/release/census-districts.js';
import {
  loadAgeSex, loadCensusDistrictRows, loadCensusMunicipalRows, loadMunicipalities, loadRrSample,
} from '../../../src/release/data-files.js';
import { drawTractSizes, fitSizeShares, tiltedSizes } from '../../../src/population/household-sizes.js';
import { calibrateTemplates, templatePool } from '../../../src/population/household-templates.js';
import { largestRemainder, Rng } from '../../../src/release/random.js';
import { openRelease, releaseManifest } from '../../../src/release/release.js';
import { AGE_BANDS } from '../../../src/release/types.js';

const inRounding = (mean: number, published: number) => mean >= published - 0.05 - 1e-9 && mean < published + 0.05;

describe('Census 2022 districts', () => {
  const districts = censusDistricts();
  const rows = loadCensusDistrictRows();
  const muns = loadCensusMunicipalRows();

  it('cover every municipality with its Census residents and occupied private households', () => {
    for (const m of loadMunicipalities()) {
      const list = districts.get(m.codigo)!;
      expect(list.length).toBeGreaterThan(0);
      for (const d of list) expect(d.codigo).toMatch(new RegExp(`^${m.codigo}\\d\\d$`));
      expect(list.reduce((s, d) => s + d.residents, 0)).toBe(m.populacao);
      expect(list.reduce((s, d) => s + d.households, 0)).toBe(muns.get(m.codigo)!.households);
    }
    expect([...districts.values()].reduce((s, l) => s + l.length, 0)).toBe(10698);
  });

  it('give the 2 districts published without values no residents', () => {
    const empty = [...rows.values()].flat().filter((d) => d.withoutValues).map((d) => d.codigo).sort();
    expect(empty).toEqual(['320465810', '500830520']);
    for (const code of empty) {
      const d = districts.get(code.slice(0, 7))!.find((x) => x.codigo === code)!;
      expect(d).toMatchObject({ residents: 0, households: 0, collective: 0 });
    }
  });

  it('put collective residents only where there are collective dwellings, keeping every published mean', () => {
    let collective = 0, badDistrict = 0, badMunicipality = 0;
    for (const [code, list] of districts) {
      let priv = 0, hh = 0;
      list.forEach((d, i) => {
        const row = rows.get(code)![i];
        expect(d.collective).toBeGreaterThanOrEqual(0);
        expect(d.residents - d.collective).toBeGreaterThanOrEqual(d.households);
        if (row.collectiveDwellings === 0) expect(d.collective).toBe(0);
        if (d.households > 0 && !inRounding((d.residents - d.collective) / d.households, row.meanSize)) badDistrict++;
        priv += d.residents - d.collective;
        hh += d.households;
        collective += d.collective;
      });
      if (!inRounding(priv / hh, muns.get(code)!.meanSize)) badMunicipality++;
    }
    expect({ badDistrict, badMunicipality }).toEqual({ badDistrict: 0, badMunicipality: 0 });
    // About 0.4% of the 203 million residents (barracks, prisons, care homes, shelters, camps).
    expect(collective).toBeGreaterThan(600_000);
    expect(collective).toBeLessThan(1_100_000);
    // Boa Vista's shelters of Venezuelan migrants: residents outside permanent households 10,561.
    const bv = districts.get('1400100')!;
    expect(bv[0].collective).toBeGreaterThan(8000);
    expect(bv[0].collective).toBeLessThan(10561);
  });
});

describe('household templates', () => {
  it('hold the private households of the RR 2010 sample, per RR municipality and for the rest of Brazil', () => {
    const sample = loadRrSample();
    expect(sample.length).toBe(16314);
    expect(sample.reduce((s, h) => s + h.cells.length, 0)).toBe(63765);
    const donor = templatePool('3550308');
    expect(templatePool('4314902')).toBe(donor);
    const own = templatePool('1400704');
    expect(own).not.toBe(donor);
    expect(own.n).toBeLessThan(600);
    const weight = (p: ReturnType<typeof templatePool>) => p.prior.reduce((s, x) => s + x, 0);
    const privateWeight = sample.filter((h) => h.especie !== 6).reduce((s, h) => s + h.peso, 0);
    expect(weight(donor)).toBeCloseTo(privateWeight, 6);
    // Members oldest first.
    for (let k = 0; k < donor.n; k++) {
      for (let i = donor.start[k] + 1; i < donor.start[k + 1]; i++) expect(donor.cells[i] % AGE_BANDS).toBeLessThanOrEqual(donor.cells[i - 1] % AGE_BANDS);
    }
  });

  it('calibrate to a municipality\'s households and sex x age counts', () => {
    for (const code of ['1400100', '3550308', '4314902']) {
      const census = loadCensusMunicipalRows().get(code)!;
      const cells = largestRemainder(loadAgeSex().get(code)!, census.residents);
      const pool = templatePool(code);
      const w = calibrateTemplates(pool, cells, census.households);
      expect(w.reduce((s, x) => s + x, 0)).toBeCloseTo(census.households, 3);
      const got = new Float64Array(2 * AGE_BANDS);
      for (let k = 0; k < pool.n; k++) for (let i = pool.start[k]; i < pool.start[k + 1]; i++) got[pool.cells[i]] += w[k];
      for (let c = 0; c < 2 * AGE_BANDS; c++) expect(Math.abs(got[c] - cells[c]) / census.residents).toBeLessThan(0.001);
    }
  });
});

describe('household sizes', () => {
  const p = Float64Array.from([0, 0.2, 0.3, 0.2, 0.15, 0.1, 0.05]);
  const moments = (q: Float64Array) => {
    let m1 = 0, m2 = 0;
    q.forEach((x, s) => { m1 += s * x; m2 += s * s * x; });
    return [m1, m2 - m1 * m1];
  };

  it('tilt the shares to a mean and a variance', () => {
    const [m, v] = moments(fitSizeShares(p, 3.4, 2.5));
    expect(m).toBeCloseTo(3.4, 6);
    expect(v).toBeCloseTo(2.5, 4);
    const [m2, v2] = moments(fitSizeShares(p, 2.6, 1.2));
    expect(m2).toBeCloseTo(2.6, 6);
    expect(v2).toBeCloseTo(1.2, 4);
    const [m3, v3] = moments(fitSizeShares(p, 2.2, 4));
    expect(m3).toBeCloseTo(2.2, 6);
    expect(v3).toBeCloseTo(4, 4);
    const cum = tiltedSizes(p, 4);
    expect(cum[cum.length - 1]).toBeCloseTo(1, 12);
    expect(moments(Float64Array.from(cum, (x, s) => (s === 0 ? 0 : x - cum[s - 1])))[0]).toBeCloseTo(4, 6);
  });

  it('draw exactly a tract\'s residents over its households, within the sizes possible', () => {
    const cum = tiltedSizes(p, 3);
    const rng = new Rng(1, 99, 1);
    for (const [n, residents] of [[150, 450], [150, 600], [10, 11], [1, 6], [40, 40]]) {
      const out = new Uint8Array(n + 2);
      drawTractSizes(cum, n, residents, rng, out, 1);
      expect(out[0]).toBe(0);
      expect(out[n + 1]).toBe(0);
      expect(out.reduce((s, x) => s + x, 0)).toBe(residents);
      for (let i = 1; i <= n; i++) { expect(out[i]).toBeGreaterThanOrEqual(1); expect(out[i]).toBeLessThanOrEqual(6); }
    }
    expect(() => drawTractSizes(cum, 2, 13, rng, new Uint8Array(2), 0)).toThrow(/cannot hold/);
  });
});

describe('tracts of the Census districts (v1.2.0)', () => {
  const r = openRelease('v1.2.0');

  it('carry the real district codes and names, and add up to each district\'s residents and households', () => {
    // One district (RR), many rural districts (Maranguape), Rio de Janeiro (13,803 tracts: subdistricts), a lagoon district.
    for (const code of ['1400100', '2307700', '3304557', '5008305']) {
      const tracts = r.tracts(code);
      const byDistrict = new Map<string, { residents: number; households: number; collective: number; names: Set<string> }>();
      for (const t of tracts) {
        expect(t.codigo).toMatch(/^\d{15}$/);
        const d = byDistrict.get(t.codigo.slice(0, 9)) ?? { residents: 0, households: 0, collective: 0, names: new Set<string>() };
        d.residents += t.populacao; d.households += t.domicilios!; d.collective += t.moradores_coletivos!; d.names.add(t.distrito!);
        byDistrict.set(t.codigo.slice(0, 9), d);
        expect(t.domicilios!).toBeLessThanOrEqual(t.populacao - t.moradores_coletivos!);
      }
      const census = censusDistricts().get(code)!.filter((d) => d.residents > 0);
      expect([...byDistrict.keys()]).toEqual(census.map((d) => d.codigo));
      for (const d of census) {
        expect(byDistrict.get(d.codigo)).toMatchObject({ residents: d.residents, households: d.households, collective: d.collective });
        expect([...byDistrict.get(d.codigo)!.names]).toEqual([d.nome]);
      }
      expect(new Set(tracts.map((t) => t.codigo)).size).toBe(tracts.length);
    }
    const rio = r.tracts('3304557');
    expect(new Set(rio.map((t) => t.codigo.slice(9, 11)))).toEqual(new Set(['01', '02']));
    expect(r.tracts('5008305').some((t) => t.codigo.startsWith('500830520'))).toBe(false); // Ilha Comprida: no values
  });

  it('leave the tracts of v1.0.0 and v1.1.0 without Census fields', () => {
    for (const v of ['v1.0.0', 'v1.1.0']) {
      const t = openRelease(v).tracts('1400100');
      expect(t[0].codigo).toBe('140010005000001');
      expect(t.every((x) => x.distrito === undefined && x.domicilios === undefined)).toBe(true);
    }
  });
});

describe('fontes of the Census households', () => {
  it('are credited by the releases whose generator reads them only', () => {
    const ids = (v: string) => releaseManifest(v).fontes.map((f) => f.id);
    const census = ['censo2022_basico', 'censo2022_domicilios_permanentes', 'microdados_censo2010_rr'];
    for (const v of ['v1.0.0', 'v1.1.0']) {
      expect(releaseManifest(v).gerador.domicilios_censo).toBeUndefined();
      for (const id of census) expect(ids(v)).not.toContain(id);
    }
    expect(releaseManifest('v1.2.0').gerador.domicilios_censo).toBe(true);
    for (const id of census) expect(ids('v1.2.0')).toContain(id);
    expect(ids('v1.2.0').slice(0, ids('v1.0.0').length)).toEqual(ids('v1.0.0'));
    const credit = releaseManifest('v1.2.0').fontes.map((f) => f.credito).join('\n');
    expect(credit).toContain('Censo Demográfico 2022 — Agregados por distritos e por municípios (Básico)');
    expect(credit).toContain('Censo Demográfico 2010 — Microdados da Amostra (Roraima)');
  });
});
