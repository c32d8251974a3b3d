import { describe, expect, it } from 'vitest';
import { dayOf, periodDays, periodStart, periodsBetween } from '../../../calibration/periods.js';

describe('period codes', () => {
  it('maps months and days to simulated days from data_inicio (day 1)', () => {
    expect(periodDays(202101, 'mes', '2021-01-01')).toEqual([1, 31]);
    expect(periodDays(202102, 'mes', '2021-01-01')).toEqual([32, 59]);
    expect(periodDays(202402, 'mes', '2024-01-01')).toEqual([32, 60]); // leap year
    expect(periodDays(20210315, 'dia', '2021-03-01')).toEqual([15, 15]);
    expect(dayOf(new Date(Date.UTC(2020, 11, 31)), '2021-01-01')).toBe(0);
  });

  it('refuses codes that are not real periods', () => {
    expect(periodStart(202113, 'mes')).toBeNull();
    expect(periodStart(20210230, 'dia')).toBeNull();
    expect(periodStart(2021011, 'dia')).toBeNull();
    expect(periodStart(202101.5, 'mes')).toBeNull();
  });

  it('lists every period between two codes across a year end', () => {
    expect(periodsBetween(202111, 202202, 'mes')).toEqual([202111, 202112, 202201, 202202]);
    expect(periodsBetween(20211230, 20220102, 'dia')).toEqual([20211230, 20211231, 20220101, 20220102]);
  });
});
