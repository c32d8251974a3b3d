// From v1.5.0 the reception affinity derives from media habits: a one-channel campaign at
// intensidade 1 reaches in one day each person with the daily-use probability of the medium
// (src/plan/media-habits.ts). Checked in the kernel: the day-1 reach by age group, mean of the
// replicas, against the sum of the persons' probabilities, within 4 binomial standard errors.
// Uses the worker from dist/ (npx tsc -p tsconfig.json first; npm test does).
import { afterAll, describe, expect, it } from 'vitest';
import { defaultParameters } from '../../src/plan/default-parameters.js';
import { dailyUse, usesMediaHabits } from '../../src/plan/media-habits.js';
import { receptionCell } from '../../src/plan/reception-profiles.js';
import { createPool } from '../../src/pool/pool.js';
import { ageGroupOf, gridCell, gridCellCount } from '../../src/release/publication-grid.js';
import { releaseManifest } from '../../src/release/release.js';
import { simulate } from '../../src/simulate.js';
import type { Canal } from '../../src/contract/types.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { canal, receptionScenario } from '../fixtures/scenarios.js';

const pool = createPool({ threads: 2 });
afterAll(() => pool.close());

const RELEASE = 'v1.5.0';
const REPLICAS = 6;
const pop = { ...buildFixturePopulation({ persons: 40_000, municipios: 2, tractsPerMunicipality: 8, internet: 0.8 }), release: RELEASE };

async function dayOneReach(c: Canal): Promise<void> {
  const sc = receptionScenario({ release: RELEASE, replicas: REPLICAS, canais: [canal(c, 1, 1, 1)], horizonte: { data_inicio: '2026-01-05', dias: 1 } });
  const res = await simulate(sc, { population: pop, parametros: defaultParameters(releaseManifest(RELEASE), 'recepcao'), pool });
  // Expected per age group: sum of the persons' daily-use probabilities and of their variances.
  const mean = new Float64Array(7), variance = new Float64Array(7), ofCell = new Int8Array(gridCellCount('principal'));
  for (let h = 0; h < pop.nHouseholds; h++) {
    const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const q = dailyUse(c, receptionCell(pop.age5[i], pop.attrs[i], urbano));
      const g = ageGroupOf(pop.age5[i]);
      mean[g] += q;
      variance[g] += q * (1 - q);
      ofCell[gridCell('principal', pop.age5[i], pop.attrs[i])] = g;
    }
  }
  const observed = new Float64Array(7);
  for (const r of res.variantes.plano) {
    const m = r.medidas.indexOf('exposta_midia_medida');
    const nM = r.medidas.length, nCells = ofCell.length;
    for (let k = 0; k < r.celulas.length / nM; k++) observed[ofCell[k % nCells]] += r.celulas[k * nM + m] / REPLICAS;
  }
  for (let g = 0; g < 7; g++) {
    const se = Math.sqrt(variance[g] / REPLICAS);
    expect(Math.abs(observed[g] - mean[g]), `${c}, age group ${g}: ${observed[g]} against ${mean[g]}`).toBeLessThan(4 * se + 1);
  }
}

describe('media habits in the kernel (v1.5.0)', () => {
  it('apply to v1.5.0 and not to the releases before it', () => {
    expect(usesMediaHabits(RELEASE)).toBe(true);
    expect(usesMediaHabits('v1.4.0')).toBe(false);
    expect(usesMediaHabits('v0.0.0-fixture')).toBe(false);
  });

  it('one day of TV at intensidade 1 reaches the daily viewers of each age group', () => dayOneReach('tv'));
  it('one day of radio at intensidade 1 reaches the daily listeners', () => dayOneReach('radio'));
  it('one day of digital at intensidade 1 reaches the daily social-network users', () => dayOneReach('digital'));
});
