import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyPrivacyRule, buildMargins, roundMean, suppressReplica, K,
} from '../../../src/findings/privacy.js';

describe('privacy rule: k = 5', () => {
  it('publishes 0 and counts >= 5, hides 1..4 as menor_que_k', () => {
    const out = applyPrivacyRule([[0, 1, 4, 5, 120]]);
    expect(out.map((c) => c.n)).toEqual([0, null, null, 5, 120]);
    expect(out.map((c) => c.motivo)).toEqual([null, 'menor_que_k', 'menor_que_k', null, null]);
  });

  it('rounds the mean over replicas half to even: a zero and a five give 2', () => {
    expect(applyPrivacyRule([[0], [5]])[0].n).toBe(2);
    expect(applyPrivacyRule([[5], [10]])[0].n).toBe(8); // 7.5 -> 8
    expect(applyPrivacyRule([[5], [6], [6]])[0].n).toBe(6); // 5.67
    expect(roundMean(13, 2)).toBe(6); // 6.5 -> 6
    expect(roundMean(15, 2)).toBe(8); // 7.5 -> 8
    expect(roundMean(16, 3)).toBe(5); // 5.33
  });

  it('a cell hidden in any replica is null; menor_que_k wins over complementar', () => {
    // cells: total, a, b with total = a + b
    const margins = [[0, 1, 2]];
    const out = applyPrivacyRule([[10, 7, 3], [12, 12, 0], [15, 3, 12]], margins);
    // replica 0: b = 3 hidden, a complementar; replica 2: a = 3 hidden, b complementar
    expect(out[0]).toEqual({ n: 12, motivo: null }); // (10 + 12 + 15) / 3 = 12.33
    expect(out[1]).toEqual({ n: null, motivo: 'menor_que_k' });
    expect(out[2]).toEqual({ n: null, motivo: 'menor_que_k' });
  });

  it('complementary suppression hides the next smallest non-zero cell of the margin', () => {
    // total 40 = 3 + 0 + 6 + 11 + 20
    const out = applyPrivacyRule([[40, 3, 0, 6, 11, 20]], [[0, 1, 2, 3, 4, 5]]);
    expect(out.map((c) => c.motivo)).toEqual([null, 'menor_que_k', null, 'complementar', null, null]);
    expect(out.map((c) => c.n)).toEqual([40, null, 0, null, 11, 20]);
  });

  it('cascades across overlapping margins until no margin has exactly one hidden cell', () => {
    // 2 x 2 table with row and column totals and the grand total:
    //  a b | ra        cells: 0 a, 1 b, 2 c, 3 d, 4 ra, 5 rb, 6 ca, 7 cb, 8 t
    //  c d | rb
    //  ca cb | t
    const a = 2, b = 9, c = 8, d = 30;
    const values = [a, b, c, d, a + b, c + d, a + c, b + d, a + b + c + d];
    const margins = [[4, 0, 1], [5, 2, 3], [6, 0, 2], [7, 1, 3], [8, 4, 5], [8, 6, 7]];
    const out = applyPrivacyRule([values], margins);
    const hidden = out.map((x) => x.n === null);
    for (const m of margins) expect(m.filter((i) => hidden[i]).length).not.toBe(1);
    expect(out[0].motivo).toBe('menor_que_k');
    expect(hidden.filter(Boolean).length).toBeGreaterThanOrEqual(4); // a, b, c and d at least
  });

  it('property: no hidden value can be recomputed from the published ones by one subtraction along a margin', () => {
    // Random R x C tables with row totals, column totals and the grand total, several replicas.
    const table = fc.record({
      rows: fc.integer({ min: 1, max: 4 }),
      cols: fc.integer({ min: 1, max: 5 }),
      replicas: fc.integer({ min: 1, max: 3 }),
      seed: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 5, max: 40 })), { minLength: 60, maxLength: 60 }),
    });
    fc.assert(
      fc.property(table, ({ rows, cols, replicas, seed }) => {
        // layout: cells r*cols+c, then row totals, then column totals, then the grand total
        const nInner = rows * cols;
        const rowTot = (r: number) => nInner + r;
        const colTot = (c: number) => nInner + rows + c;
        const grand = nInner + rows + cols;
        const n = grand + 1;
        const margins: number[][] = [];
        for (let r = 0; r < rows; r++) margins.push([rowTot(r), ...Array.from({ length: cols }, (_, c) => r * cols + c)]);
        for (let c = 0; c < cols; c++) margins.push([colTot(c), ...Array.from({ length: rows }, (_, r) => r * cols + c)]);
        margins.push([grand, ...Array.from({ length: rows }, (_, r) => rowTot(r))]);
        margins.push([grand, ...Array.from({ length: cols }, (_, c) => colTot(c))]);
        const reps: number[][] = [];
        for (let k = 0; k < replicas; k++) {
          const v = new Array<number>(n).fill(0);
          for (let i = 0; i < nInner; i++) v[i] = seed[(i + 17 * k) % seed.length];
          for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
            v[rowTot(r)] += v[r * cols + c];
            v[colTot(c)] += v[r * cols + c];
            v[grand] += v[r * cols + c];
          }
          reps.push(v);
        }
        // Per replica: every margin has 0 or >= 2 hidden cells, published counts are 0 or >= k.
        const m = buildMargins(n, margins);
        const out = new Uint8Array(n);
        for (const v of reps) {
          suppressReplica(v, m, out);
          for (const mg of margins) {
            const hiddenCells = mg.filter((i) => out[i] !== 0);
            if (hiddenCells.length === 1) return false;
          }
          for (let i = 0; i < n; i++) if (out[i] === 0 && v[i] > 0 && v[i] < K) return false;
        }
        // Over replicas: the published table has no margin with exactly one null.
        const pub = applyPrivacyRule(reps, margins);
        for (const mg of margins) {
          const nulls = mg.filter((i) => pub[i].n === null);
          // One null: the margin's published cells give it away by a single subtraction.
          if (nulls.length === 1) return false;
        }
        // Every published cell was publishable in every replica.
        for (let i = 0; i < n; i++) {
          if (pub[i].n !== null && reps.some((v) => v[i] > 0 && v[i] < K)) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
