// Territory curves with their spread over replicas, for the banded chart (curves-chart.ts): per
// variant, measure and week, each replica's sum over the units of the published counts, then the
// mean, the lowest and the highest replica. Hidden cells are left out of every sum, as in
// weekly-curves.ts (whose means the stored result keeps: this file does not change them).
import type { WeeklyCurve } from './weekly-curves.js';
import type { WeeklyRow } from './weekly-rows.js';

export interface WeeklyBand extends WeeklyCurve {
  /** [semana - 1]: the lowest replica's sum. */
  minimos: number[];
  /** [semana - 1]: the highest replica's sum. */
  maximos: number[];
}

/** Bands in the order their variant and measure first appear in the rows. */
export function weeklyBands(rows: Iterable<WeeklyRow>): WeeklyBand[] {
  const groups = new Map<string, { variante: string; medida: string; escondidas: number; porReplica: Map<number, number[]> }>();
  for (const row of rows) {
    const key = `${row.variante}\u0000${row.medida}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { variante: row.variante, medida: row.medida, escondidas: 0, porReplica: new Map() }));
    let sums = g.porReplica.get(row.replica);
    if (!sums) g.porReplica.set(row.replica, (sums = []));
    while (sums.length < row.semana) sums.push(0);
    if (row.valor === null) g.escondidas++;
    else sums[row.semana - 1] += row.valor;
  }
  return [...groups.values()].map(({ variante, medida, escondidas, porReplica }) => {
    const replicas = [...porReplica.values()];
    const weeks = Math.max(...replicas.map((s) => s.length));
    const at = (w: number) => replicas.map((s) => s[w] ?? 0);
    const valores: number[] = [];
    const minimos: number[] = [];
    const maximos: number[] = [];
    for (let w = 0; w < weeks; w++) {
      const v = at(w);
      valores.push(v.reduce((a, b) => a + b, 0) / v.length);
      minimos.push(Math.min(...v));
      maximos.push(Math.max(...v));
    }
    return { variante, medida, valores, escondidas, minimos, maximos };
  });
}
