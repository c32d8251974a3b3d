// The roofline's streamed bytes (bench/lib/kernel-traffic.ts): an adoption run's mean follows the
// blocks and households listed each day and the step's switch from blocks to households.
import { describe, expect, it } from 'vitest';
import { adoptionRunBytesPerPersonDay, adoptionPasses, bytesPerPersonDay } from '../../../bench/lib/kernel-traffic.js';

describe('kernel traffic', () => {
  it('an adoption run: two days by blocks, then one by households', () => {
    // two households of 16 (two blocks); everyone but person 0 adopts on day 2, person 0 never
    const pop = { nPersons: 32, nHouseholds: 2, hhStart: new Uint32Array([0, 16, 32]) };
    const dayA = new Uint16Array(32).fill(2);
    dayA[0] = 0;
    // by blocks, per listed household: the list (r/w) 8, hhStart, cH, hhTract 12, P_HH_BASE written 16 and read 8 = 44;
    // per person of a listed block: the block list 0.5, aday 2, group 4, dcell 2, household 4, mult 4, rem 8 = 24.5
    const day2 = 2 * 44 + 32 * 24.5; // all listed: 2 of 2 households, so still by blocks after it
    const day3 = 44 + 16 * 24.5; // 1 of 2 households listed: by households from the next day
    // by households, per listed household 20 and per member 20 (aday, group, dcell, mult, rem r/w)
    const day4 = 20 + 16 * 20;
    expect(adoptionRunBytesPerPersonDay(pop, dayA, 1, 3)).toBeCloseTo((day2 + day3) / (32 * 3), 12);
    expect(adoptionRunBytesPerPersonDay(pop, dayA, 1, 4)).toBeCloseTo((day2 + day3 + day4) / (32 * 4), 12);
    // a first day is the per-day count with every household listed
    expect(day2 / 32).toBeCloseTo(bytesPerPersonDay(adoptionPasses(), 2 / 32), 12);
  });
});
