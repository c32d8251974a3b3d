// Tract effects of generator 1.1.0 (`efeitos_setor`): tracts differ in income, rural tracts are
// poorer, while the municipality's income distribution stays that of v1.0.0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearPopulationMemory } from '../../src/population/population-store.js';
import { openRelease, releaseManifest } from '../../src/release/release.js';
import { PERSON_ATTRS, type Population } from '../../src/release/types.js';

const dir = mkdtempSync(join(tmpdir(), 'campaign-sim-tracts-'));
let v10: Population;
let v11: Population;

beforeAll(async () => {
  process.env.CAMPAIGN_SIM_CACHE = dir;
  clearPopulationMemory();
  v10 = await openRelease('v1.0.0').population(['RR']);
  v11 = await openRelease('v1.1.0').population(['RR']);
});
afterAll(() => { clearPopulationMemory(); rmSync(dir, { recursive: true, force: true }); });

const renda = (a: number) => (a >> PERSON_ATTRS.renda.shift) & 7;

/** Mean income bracket per tract of one municipality, and of its urban and rural residents. */
function tractIncome(pop: Population, mun: string) {
  const mi = pop.municipios.indexOf(mun);
  const sum = new Float64Array(pop.nTracts), n = new Float64Array(pop.nTracts);
  const byUrban = [[0, 0], [0, 0]];
  let total = 0, count = 0;
  for (let h = 0; h < pop.nHouseholds; h++) {
    const t = pop.hhTract[h];
    if (pop.tractMun[t] !== mi) continue;
    for (let p = pop.hhStart[h]; p < pop.hhStart[h + 1]; p++) {
      const r = renda(pop.attrs[p]);
      sum[t] += r; n[t]++;
      byUrban[pop.tractUrban[t]][0] += r; byUrban[pop.tractUrban[t]][1]++;
      total += r; count++;
    }
  }
  const means: number[] = [];
  for (let t = 0; t < pop.nTracts; t++) if (n[t] > 0) means.push(sum[t] / n[t]);
  const m = means.reduce((s, x) => s + x, 0) / means.length;
  const sd = Math.sqrt(means.reduce((s, x) => s + (x - m) ** 2, 0) / means.length);
  return { sd, urban: byUrban[1][0] / byUrban[1][1], rural: byUrban[0][0] / byUrban[0][1], mean: total / count };
}

describe('tract effects (generator 1.1.0)', () => {
  it('are switched on in v1.1.0 only', () => {
    expect(releaseManifest('v1.0.0').gerador.efeitos_setor).toBe(false);
    expect(releaseManifest('v1.1.0').gerador.efeitos_setor).toBe(true);
  });

  it('make tracts differ in income and rural tracts poorer, keeping the municipal level', () => {
    const a = tractIncome(v10, '1400100');
    const b = tractIncome(v11, '1400100');
    expect(b.sd).toBeGreaterThan(2 * a.sd);
    expect(b.rural).toBeLessThan(b.urban - 0.3);
    expect(Math.abs(b.mean - a.mean)).toBeLessThan(0.1);
  });
});
