// Replica bands as data (src/research/replica-bands.ts): per variant, measure and week the mean,
// min, max and type-7 quantiles over replicas, over the territory (hidden cells left out and
// counted) or per unit (a hidden cell empty), dated and named, and their CSV.
import { describe, expect, it } from 'vitest';
import type { TidyWeeklyRow } from '../../../src/findings/tidy-weekly-rows.js';
import { bandCsvLines, quantileColumn, quantileOfSorted, replicaBands } from '../../../src/research/replica-bands.js';

function row(replica: number, municipio: string, semana: number, valor: number | null): TidyWeeklyRow {
  return {
    data: semana === 1 ? '2026-02-08' : '2026-02-15', municipio, municipio_nome: municipio === '1400100' ? 'Boa Vista' : 'Caracaraí', uf: 'RR',
    area_ponderacao: null, variante: 'plano', replica, semana, medida: 'adotantes', valor, publicavel: true,
  };
}

// 4 replicas x 2 units x 2 weeks; Caracaraí's week 2 is hidden (in every replica, as the rule does)
const rows = [1, 2, 3, 4].flatMap((rep) => [
  row(rep, '1400100', 1, 10 * rep), row(rep, '1400100', 2, 100 * rep),
  row(rep, '1400209', 1, rep), row(rep, '1400209', 2, null),
]);

describe('quantiles over replicas', () => {
  it('interpolates between order statistics as R and NumPy do by default (type 7)', () => {
    expect(quantileOfSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileOfSorted([1, 2, 3, 4], 0.05)).toBeCloseTo(1.15, 12);
    expect(quantileOfSorted([1, 2, 3, 4], 1)).toBe(4);
    expect(quantileOfSorted([7], 0.3)).toBe(7);
    expect([0.05, 0.5, 0.95, 0.025, 0.975].map(quantileColumn)).toEqual(['q05', 'q50', 'q95', 'q02.5', 'q97.5']);
  });
});

describe('replicaBands', () => {
  it('gives the territory\'s spread per week, hidden cells left out of the sums and counted', () => {
    const b = replicaBands(rows);
    expect(b).toEqual([
      { data: '2026-02-08', semana: 1, municipio: null, municipio_nome: null, uf: null, area_ponderacao: null, variante: 'plano', medida: 'adotantes',
        replicas: 4, media: 27.5, minimo: 11, maximo: 44, q05: 12.65, q50: 27.5, q95: 42.35, escondidas: 0, publicavel: true },
      { data: '2026-02-15', semana: 2, municipio: null, municipio_nome: null, uf: null, area_ponderacao: null, variante: 'plano', medida: 'adotantes',
        replicas: 4, media: 250, minimo: 100, maximo: 400, q05: 115, q50: 250, q95: 385, escondidas: 4, publicavel: true },
    ]);
  });

  it('gives each unit\'s spread on request, named, empty where the privacy rule hides the cell', () => {
    const b = replicaBands(rows, { por: 'municipio', quantis: [0.5] });
    expect(b.map((r) => [r.municipio_nome, r.semana, r.minimo, r.q50, r.maximo])).toEqual([
      ['Boa Vista', 1, 10, 25, 40], ['Boa Vista', 2, 100, 250, 400], ['Caracaraí', 1, 1, 2.5, 4], ['Caracaraí', 2, null, null, null],
    ]);
  });

  it('refuses quantiles outside 0 to 1 and an unknown grouping', () => {
    expect(() => replicaBands(rows, { quantis: [1.5] })).toThrow(/quantis must be a non-empty list of numbers from 0 to 1/);
    expect(() => replicaBands(rows, { quantis: [] })).toThrow(/quantis/);
    expect(() => replicaBands(rows, { por: 'uf' as never })).toThrow(/por must be territorio or municipio/);
  });

  it('writes CSV with the quantiles between minimo and maximo', () => {
    const lines = [...bandCsvLines(replicaBands(rows, { por: 'municipio' }))];
    expect(lines[0]).toBe('data,semana,municipio,municipio_nome,uf,area_ponderacao,variante,medida,replicas,media,minimo,q05,q50,q95,maximo,escondidas,publicavel\n');
    expect(lines[4]).toBe('2026-02-15,2,1400209,Caracaraí,RR,,plano,adotantes,4,,,,,,,4,true\n');
  });
});
