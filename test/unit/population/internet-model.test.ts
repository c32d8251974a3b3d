import { describe, expect, it } from 'vitest';
import {
  cellProbabilities, decodeInternetCell, incomeClass, INTERNET_CELLS, internetCell, NO_SCHOOLING_SHARE_OF_LEVEL0, SALARIO_MINIMO_2023,
  schoolingClass,
} from '../../../src/population/internet-model.js';

describe('internet model cells (generator 1.5.0)', () => {
  it('numbers every cell once and decodes it back', () => {
    const seen = new Set<number>();
    for (let band = 2; band <= 16; band++) for (let e = 0; e < 4; e++) for (let r = 0; r < 6; r++) for (let u = 0; u < 2; u++) for (let g = 0; g < 5; g++) {
      const c = internetCell(band, e, r, u, g);
      expect(decodeInternetCell(c)).toEqual({ band, escolaridade: e, renda: r, urbano: u, regiao: g });
      seen.add(c);
    }
    expect(seen.size).toBe(INTERNET_CELLS);
    expect(Math.max(...seen)).toBe(INTERNET_CELLS - 1);
  });

  it('classes family income in 2023 minimum wages: per capita income x household size', () => {
    const sm = SALARIO_MINIMO_2023;
    expect(incomeClass(Math.log(0.9 * sm), 1)).toBe(0);
    expect(incomeClass(Math.log(0.6 * sm), 2)).toBe(1); // 1.2 SM
    expect(incomeClass(Math.log(sm), 4)).toBe(3); // 4 SM
    expect(incomeClass(Math.log(3 * sm), 3)).toBe(4); // 9 SM
    expect(incomeClass(Math.log(6 * sm), 2)).toBe(5); // 12 SM
  });

  it('classes schooling as the survey asks it: 10-14 in school, the least schooled part of level 0 without schooling', () => {
    expect(schoolingClass(2, 0, 0.01, 0.9)).toBe(1);
    const edge = NO_SCHOOLING_SHARE_OF_LEVEL0 * (1 - 0.6);
    expect(schoolingClass(9, 0, edge * 0.99, 0.6)).toBe(0);
    expect(schoolingClass(9, 0, edge * 1.01, 0.6)).toBe(1);
    expect(schoolingClass(9, 1, 0.5, 0.6)).toBe(1);
    expect(schoolingClass(9, 2, 0.7, 0.6)).toBe(2);
    expect(schoolingClass(9, 3, 0.9, 0.6)).toBe(3);
  });

  it('turns coefficients into one probability per cell', () => {
    const p = cellProbabilities({ idade: [0, 0, 0, 0, 0, Math.log(1 / 3)], escolaridade: [0, 0, 0, 0], renda: [0, 0, 0, 0, 0, 0], situacao: [0, 0], regiao: [0, 0, 0, 0, 0] });
    expect(p[internetCell(5, 2, 3, 1, 2)]).toBeCloseTo(0.5, 12);
    expect(p[internetCell(14, 2, 3, 1, 2)]).toBeCloseTo(0.25, 12);
  });
});
