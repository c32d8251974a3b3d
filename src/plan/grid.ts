// Publication grid of a job (DESIGN 5): 'etaria' when the audience is cut in 5-year bands that
// do not merge into the 10-year groups of 'principal' (0-9 ... 50-59, 60+).
import type { Scenario } from '../contract/types.js';
import type { Grade } from '../pool/replica-result.js';

export function planGrid(scenario: Scenario): Grade {
  const bands = [...(scenario.publico?.idades ?? [])].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number | null]> = [];
  for (const [s, e] of bands) {
    const last = merged[merged.length - 1];
    if (last && last[1] !== null && last[1] + 1 === s) last[1] = e;
    else merged.push([s, e]);
  }
  const fits = merged.every(([s, e]) => s % 10 === 0 && s <= 60 && (e === null || ((e + 1) % 10 === 0 && e <= 59)));
  return fits ? 'principal' : 'etaria';
}
