// Territory curves from published weekly rows (weekly-rows.ts): per variant and measure, each
// week's sum over the units of the published counts, as a mean over replicas. A hidden cell is
// left out of the sum and counted, as the job totals do (job-totals.ts): adding it in would let
// it be recovered by subtraction. The CLI summary and `campaign-sim plot` draw these.
import type { WeeklyRow } from './weekly-rows.js';

export interface WeeklyCurve {
  variante: string;
  medida: string;
  /** [semana - 1]: persons, mean over replicas of the sum of the published unit counts. */
  valores: number[];
  /** Cells (unit x week x replica) hidden by the privacy rule and left out of the sums. */
  escondidas: number;
}

/** Curves in the order their variant and measure first appear in the rows. */
export function weeklyCurves(rows: Iterable<WeeklyRow>): WeeklyCurve[] {
  const curves = new Map<string, { curve: WeeklyCurve; sums: number[]; replicas: Set<number> }>();
  for (const row of rows) {
    const key = `${row.variante}\u0000${row.medida}`;
    let c = curves.get(key);
    if (!c) {
      c = { curve: { variante: row.variante, medida: row.medida, valores: [], escondidas: 0 }, sums: [], replicas: new Set() };
      curves.set(key, c);
    }
    c.replicas.add(row.replica);
    const w = row.semana - 1;
    while (c.sums.length <= w) c.sums.push(0);
    if (row.valor === null) c.curve.escondidas++;
    else c.sums[w] += row.valor;
  }
  return [...curves.values()].map(({ curve, sums, replicas }) => ({ ...curve, valores: sums.map((s) => s / replicas.size) }));
}

/** The first week (1-based) whose value reaches `share` of the last week's; null for a curve that stays at 0. */
export function weekReaching(valores: readonly number[], share: number): number | null {
  const last = valores.at(-1) ?? 0;
  if (last <= 0) return null;
  const w = valores.findIndex((v) => v >= share * last);
  return w + 1;
}
