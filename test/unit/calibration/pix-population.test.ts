// The eligible population of the Pix case's observation model (calibration/pix/pix-population.ts):
// the factor by hand, and the cohorts read from the data (IBGE's published UF totals).
import { describe, expect, it } from 'vitest';
import { eligibleFactor, eligibleFactors, loadCohorts, monthEndYear } from '../../../calibration/pix/pix-population.js';

describe('eligibleFactor', () => {
  // 1,000 persons in mid 2022, 200 under 15; 30 born and 40 turning 15 a year; growing 1% a year.
  const c = { pessoas: 1000, menores15: 200, saldo_menores15: -10, crescimento: 0.01 };

  it('is 1 at the end of June 2022 (the 2022 estimates\' date), with or without growth', () => {
    expect(monthEndYear(202206)).toBe(2022.5);
    expect(eligibleFactor(c, 202206, true)).toBe(1);
    expect(eligibleFactor(c, 202206, false)).toBe(1);
  });

  it('moves the age-15 line, and the population only with the post-2022 estimates', () => {
    // a year later: 190 under 15; without estimates 1,000 persons (810 / 800), with them 1,000 e^0.01
    expect(eligibleFactor(c, 202306, true)).toBeCloseTo(810 / 800, 12);
    expect(eligibleFactor(c, 202306, false)).toBeCloseTo((1000 * Math.exp(0.01) - 190) / 800, 12);
    // half a year earlier: 205 under 15
    expect(eligibleFactor(c, 202112, true)).toBeCloseTo(795 / 800, 12);
    expect(Array.from(eligibleFactors(c, [202112, 202206], true))).toEqual([eligibleFactor(c, 202112, true), 1]);
  });
});

describe('loadCohorts', () => {
  const c = loadCohorts();

  it('has every municipality of the Census grid and every UF, whose cohorts are its municipalities\' sums', () => {
    expect(c.municipios.size).toBe(5570);
    expect(Object.keys(c.ufs)).toHaveLength(27);
    const rr = [...c.municipios].filter(([code]) => code.startsWith('14')).map(([, m]) => m);
    expect(rr).toHaveLength(15);
    expect(c.ufs.RR.pessoas).toBeCloseTo(rr.reduce((s, m) => s + m.pessoas, 0), 6);
    expect(c.ufs.RR.menores15).toBeCloseTo(rr.reduce((s, m) => s + m.menores15, 0), 6);
  });

  it('grows a UF as IBGE\'s published 2024 and 2025 totals do (data/br/estimativas_populacao/PROVENANCE.md)', () => {
    expect(c.ufs.RR.crescimento).toBeCloseTo(Math.log(738_772 / 716_793), 12);
    expect(c.ufs.SP.crescimento).toBeCloseTo(Math.log(46_081_801 / 45_973_194), 12);
  });
});
