// The centrality covariates of the Pix municipal cross-section (calibration/pix/pix-regions.ts,
// pix-municipal.ts) against hand-computed values: a small made-up pair of regions, and Roraima's
// immediate region of Caracaraí (two municipalities) from the Census 2022 tables.
import { describe, expect, it } from 'vitest';
import { CENTRALIDADE, municipalCovariates } from '../../../calibration/pix/pix-municipal.js';
import { municipalRegions, regionalCentrality } from '../../../calibration/pix/pix-regions.js';
import { distanceKm, KM_PER_DEG_LAT } from '../../../src/release/geometry.js';

describe('regionalCentrality', () => {
  it('finds each region\'s hub, the shares of its residents and the km to the hub', () => {
    // region A: three seats on the meridian 0, half a degree apart; region B: a tie of two
    const muns = [
      { codigo: '1', populacao: 100, lat: 0, lon: 0 }, { codigo: '2', populacao: 300, lat: 0.5, lon: 0 }, { codigo: '3', populacao: 100, lat: 1, lon: 0 },
      { codigo: '5', populacao: 50, lat: 10, lon: 1 }, { codigo: '4', populacao: 50, lat: 10, lon: 0 },
    ];
    const c = regionalCentrality(muns, new Map([['1', 'A'], ['2', 'A'], ['3', 'A'], ['4', 'B'], ['5', 'B']]));
    expect(c.get('2')).toEqual({ parte: 0.6, polo: 1, km: 0 });
    expect(c.get('1')!.parte).toBeCloseTo(0.2, 15);
    expect(c.get('1')!.polo).toBe(0);
    expect(c.get('1')!.km).toBeCloseTo(0.5 * KM_PER_DEG_LAT, 9);
    expect(c.get('3')!.km).toBeCloseTo(0.5 * KM_PER_DEG_LAT, 9);
    // the tie goes to the lower code
    expect(c.get('4')).toEqual({ parte: 0.5, polo: 1, km: 0 });
    expect(c.get('5')!.polo).toBe(0);
    expect(c.get('5')!.km).toBeCloseTo(KM_PER_DEG_LAT * Math.cos((10 * Math.PI) / 180), 9);
  });

  it('refuses a municipality without a region', () => {
    expect(() => regionalCentrality([{ codigo: '9', populacao: 1, lat: 0, lon: 0 }], new Map())).toThrow(/no region/);
  });
});

describe('the centrality covariates on the Census 2022 tables', () => {
  it('gives the seat distance of a haversine within 0.2%', () => {
    // Boa Vista (2.82384, -60.6753) to Manaus (-3.11866, -60.0212), municipios.csv: haversine on a
    // sphere of 6,371 km, by hand, 664.76 km
    expect(distanceKm(2.82384, -60.6753, -3.11866, -60.0212) / 664.76).toBeCloseTo(1, 2);
  });

  it('computes Iracema\'s place in the immediate region of Caracaraí and Boa Vista\'s in its own', () => {
    const rgi = municipalRegions('CD_RGI');
    expect(rgi.get('1400209')).toBe('140004');
    expect([...rgi].filter(([, r]) => r === '140004').map(([m]) => m).sort()).toEqual(['1400209', '1400282']);
    const z = municipalCovariates(CENTRALIDADE);
    // Census 2022: Caracaraí 20,957 residents, Iracema 10,023; seats 40.73 km apart (haversine, by hand)
    const [parte, polo, km, poloIntermediaria] = z.get('1400282')!;
    expect(parte).toBeCloseTo(Math.log(10023 / (10023 + 20957)), 12);
    expect(polo).toBe(0);
    expect(Math.expm1(km)).toBeCloseTo(40.73, 0);
    expect(poloIntermediaria).toBe(0);
    expect(z.get('1400209')!.slice(1, 3)).toEqual([1, 0]);
    // Boa Vista: hub of its immediate region and of its intermediate one (CD_RGINT 1401)
    expect(z.get('1400100')!.slice(1)).toEqual([1, 0, 1, 0]);
  });

  it('refuses a covariate name it does not know', () => {
    expect(() => municipalCovariates(['urbanizacao_2010', 'nao_existe'])).toThrow(/unknown municipal covariate nao_existe/);
  });
});
