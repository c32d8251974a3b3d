// The Pix case's coverage (calibration/pix/pix-coverage.ts): each UF's 2022 mid-year estimate
// over its 2022 Census residents, read from the data files the population builder reads.
import { describe, expect, it } from 'vitest';
import { censusCoverage } from '../../../calibration/pix/pix-coverage.js';
import { loadMunicipalities } from '../../../src/release/data-files.js';
import { UF_CODES } from '../../../src/release/types.js';

describe('censusCoverage', () => {
  const c = censusCoverage();

  it('has one factor per UF, each the estimate over the Census', () => {
    expect(Object.keys(c).sort()).toEqual([...UF_CODES].sort());
    // the published national totals: 210,862,983 estimated (POPSBR22), 203,080,756 counted
    let census = 0, estimated = 0;
    for (const m of loadMunicipalities()) { census += m.populacao; estimated += c[m.uf] * m.populacao; }
    expect(census).toBe(203_080_756);
    expect(estimated).toBeCloseTo(210_862_983, 0);
  });

  it('spreads as the two sources do: RO and AP highest, MT lowest', () => {
    const order = Object.entries(c).sort((a, b) => a[1] - b[1]).map(([uf]) => uf);
    expect(order[0]).toBe('MT');
    expect(order.slice(-2)).toEqual(['AP', 'RO']);
    expect(c.RO).toBeCloseTo(1_734_648 / 1_581_196, 4);
    for (const v of Object.values(c)) expect(v).toBeGreaterThan(1);
  });
});
