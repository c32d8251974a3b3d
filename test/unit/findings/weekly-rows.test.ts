// toRows: the weekly rows are published under the privacy rule of the findings (a count of 1..4
// hidden, then the next smallest cell of its margin, and a cell hidden in any replica hidden in
// all), and the curves leave hidden cells out of their sums.
import { describe, expect, it } from 'vitest';
import type { Medida } from '../../../src/contract/types.js';
import type { ReplicaResult } from '../../../src/pool/replica-result.js';
import { toRows, weekReaching, weeklyCurves, type WeeklySource } from '../../../src/findings/index.js';
import { buildReplica } from './build-replica.js';

const UNITS = ['1400001', '1400002', '1400003'];

/** A replica with one week and one measure: unit u counts counts[u] (all in its first grid cell). */
function replica(r: number, counts: number[]): ReplicaResult {
  return buildReplica({
    replica: r, unidades: UNITS, semanas: 1, medidas: ['alcance'] as Medida[],
    cell: (u, c) => (c === 0 ? counts[u] : 0), pop: () => 100,
  });
}

function source(...replicas: number[][]): WeeklySource {
  return { variantes: { plano: replicas.map((c, r) => replica(r, c)) }, plan: { scenario: { kpis: ['alcance'] } } };
}

describe('toRows', () => {
  it('hides a count of 1..4 and the next smallest unit of the week (the territory total could give it away)', () => {
    expect(toRows(source([3, 10, 20])).map((r) => r.valor)).toEqual([null, null, 20]);
  });

  it('hides a cell hidden in one replica in every replica, and keeps 0 published', () => {
    const rows = toRows(source([10, 0, 20], [3, 0, 30]));
    expect(rows.map((r) => [r.replica, r.municipio, r.valor])).toEqual([
      [1, '1400001', null], [1, '1400002', 0], [1, '1400003', null],
      [2, '1400001', null], [2, '1400002', 0], [2, '1400003', null],
    ]);
  });

  it('curves sum the published cells, mean over replicas, and count the hidden ones', () => {
    const [c] = weeklyCurves(toRows(source([5, 10, 20], [7, 10, 30])));
    expect(c).toEqual({ variante: 'plano', medida: 'alcance', valores: [41], escondidas: 0 });
    expect(weeklyCurves(toRows(source([3, 10, 20])))[0]).toMatchObject({ valores: [20], escondidas: 2 });
  });
});

describe('weekReaching', () => {
  it('is the first week at the share of the last week, null for a flat zero curve', () => {
    expect(weekReaching([10, 40, 60, 100], 0.5)).toBe(3);
    expect(weekReaching([60, 80, 100], 0.5)).toBe(1);
    expect(weekReaching([0, 0], 0.5)).toBeNull();
  });
});
