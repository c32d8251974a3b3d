// The roofline's streamed bytes (bench/lib/kernel-traffic.ts): an adoption run's mean follows the
// blocks, households and persons listed each day and the step's switches from blocks to households
// and to the compact copy.
import { describe, expect, it } from 'vitest';
import { adoptionRunBytesPerPersonDay, adoptionPasses, bytesPerPersonDay } from '../../../bench/lib/kernel-traffic.js';

// two households of 16 (two blocks); the compact copy holds up to 3/8 of the 32 persons, 12
const pop = { nPersons: 32, nHouseholds: 2, hhStart: new Uint32Array([0, 16, 32]) };
// by blocks, per household (every one): hhStart, cH, hhTract 12, P_HH_BASE written 16 and read 8 = 36;
// per person of a listed block: the block list 0.5, aday 2, group 4, dcell 2, household 4, mult 4, rem 8 = 24.5
const blocksDay = (blocks: number) => 2 * 36 + 16 * blocks * 24.5;
// by households, per listed household 20 and per member 20 (aday, group, dcell, mult, rem r/w)
const householdsDay = (households: number, members: number) => 20 * households + 20 * members;
// over the compact copy, per listed household the list (r/w) 8 and 36 as by blocks = 44; per
// person left, the copy's 5 u32 read and written 40 and rem r/w 8 = 48
const compactDay = (households: number, persons: number) => 44 * households + 48 * persons;

describe('kernel traffic', () => {
  it('an adoption run: two days by blocks, then over the compact copy', () => {
    // everyone but person 0 adopts on day 2, person 0 never
    const dayA = new Uint16Array(32).fill(2);
    dayA[0] = 0;
    const day2 = blocksDay(2); // all listed: 2 of 2 households, so still by blocks after it
    const day3 = blocksDay(1); // 1 of 2 households listed: the blocks end; 1 person left fits the copy
    const day4 = compactDay(2, 1); // the list whole on the first day after the blocks
    expect(adoptionRunBytesPerPersonDay(pop, dayA, 1, 3)).toBeCloseTo((day2 + day3) / (32 * 3), 12);
    expect(adoptionRunBytesPerPersonDay(pop, dayA, 1, 4)).toBeCloseTo((day2 + day3 + day4) / (32 * 4), 12);
    // a first day is the per-day count with every household listed
    expect(day2 / 32).toBeCloseTo(bytesPerPersonDay(adoptionPasses(), 2 / 32), 12);
  });

  it('an adoption run: by blocks, by households until the persons left fit the copy, then over it', () => {
    // household 1 adopts on day 2, persons 0-3 on day 4, persons 4-15 never
    const dayA = new Uint16Array(32).fill(2);
    dayA.fill(0, 0, 16).fill(4, 0, 4);
    const days = [
      blocksDay(2),
      blocksDay(1), // the blocks end; 16 persons left do not fit the copy
      householdsDay(2, 32), // the list whole; 12 left after it fit the copy
      compactDay(1, 12),
    ];
    expect(adoptionRunBytesPerPersonDay(pop, dayA, 1, 5)).toBeCloseTo(days.reduce((a, b) => a + b) / (32 * 5), 12);
  });
});
