// From v1.5.0 the reception affinity derives from media habits: a one-channel campaign at
// intensidade 1 reaches in one day each person with the daily-use probability of the medium
// (src/models/recepcao/media-habits.ts), and over 30 days about the medium's users. Checked in the kernel:
// the reach by age group, mean of the replicas, against the sum of the persons' probabilities,
// within 4 binomial standard errors.
// Uses the worker from dist/ (npx tsc -p tsconfig.json first; npm test does).
import { afterAll, describe, expect, it } from 'vitest';
import { defaultParameters } from '../../src/plan/default-parameters.js';
import seedrandom from 'seedrandom';
import { dailyUse, habitOf, personDailyUse, usesMediaHabits } from '../../src/models/recepcao/media-habits.js';
import { RADIO_USUARIOS_KANTAR, TV_USUARIOS_PBM } from '../../src/population/media-users.js';
import { PERSON_ATTRS } from '../../src/release/types.js';
import { receptionCell } from '../../src/models/recepcao/reception-profiles.js';
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
const fixture = buildFixturePopulation({ persons: 40_000, municipios: 2, tractsPerMunicipality: 8, internet: 0.8 });
// The fixture has no media habits: give its persons the TV and radio user flags generator 1.5.0 draws.
const rng = seedrandom('habits');
const attrs = fixture.attrs.map((a) => a | ((rng() < TV_USUARIOS_PBM ? 1 : 0) << PERSON_ATTRS.tv.shift) | ((rng() < RADIO_USUARIOS_KANTAR ? 1 : 0) << PERSON_ATTRS.radio.shift));
const pop = { ...fixture, attrs, release: RELEASE };

/** Reach after `days` days of channel c at intensidade 1, by age group, against the persons' probabilities; returns the expected shares. */
async function reach(c: Canal, days: number): Promise<Float64Array> {
  const sc = receptionScenario({ release: RELEASE, replicas: REPLICAS, canais: [canal(c, 1, days, 1)], horizonte: { data_inicio: '2026-01-05', dias: days } });
  const res = await simulate(sc, { population: pop, parametros: defaultParameters(releaseManifest(RELEASE), 'recepcao'), pool, celulas: 'todas' });
  // Expected per age group: sum of the persons' daily-use probabilities and of their variances.
  const n = new Float64Array(7), mean = new Float64Array(7), variance = new Float64Array(7), ofCell = new Int8Array(gridCellCount('principal'));
  for (let h = 0; h < pop.nHouseholds; h++) {
    const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const daily = personDailyUse(c, receptionCell(pop.age5[i], pop.attrs[i], urbano), habitOf(pop.attrs[i]));
      const q = 1 - (1 - daily) ** days;
      const g = ageGroupOf(pop.age5[i]);
      n[g]++;
      mean[g] += q;
      variance[g] += q * (1 - q);
      ofCell[gridCell('principal', pop.age5[i], pop.attrs[i])] = g;
    }
  }
  const observed = new Float64Array(7);
  for (const r of res.variantes.plano) {
    const m = r.medidasCelulas.indexOf('exposta_midia_medida');
    const nM = r.medidasCelulas.length, nCells = ofCell.length;
    for (let k = 0; k < r.celulas.length / nM; k++) observed[ofCell[k % nCells]] += r.celulas[k * nM + m] / REPLICAS;
  }
  for (let g = 0; g < 7; g++) {
    const se = Math.sqrt(variance[g] / REPLICAS);
    expect(Math.abs(observed[g] - mean[g]), `${c}, ${days} days, age group ${g}: ${observed[g]} against ${mean[g]}`).toBeLessThan(4 * se + 1);
  }
  return mean.map((x, g) => x / n[g]);
}

/** Mean over the persons of a cell-level daily use, by age group. */
function cellMean(c: Canal): Float64Array {
  const n = new Float64Array(7), s = new Float64Array(7);
  for (let h = 0; h < pop.nHouseholds; h++) {
    const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const g = ageGroupOf(pop.age5[i]);
      n[g]++;
      s[g] += dailyUse(c, receptionCell(pop.age5[i], pop.attrs[i], urbano));
    }
  }
  return s.map((x, g) => x / n[g]);
}

describe('media habits in the kernel (v1.5.0)', () => {
  it('apply to v1.5.0 and not to the releases before it', () => {
    expect(usesMediaHabits(RELEASE)).toBe(true);
    expect(usesMediaHabits('v1.4.0')).toBe(false);
    expect(usesMediaHabits('v0.0.0-fixture')).toBe(false);
  });

  it('one day of TV at intensidade 1 reaches the daily viewers of each age group', async () => {
    const expected = await reach('tv', 1);
    // The users' daily use averages the cell's daily use (tv_diaria) up to the draw of the users.
    const cell = cellMean('tv');
    for (let g = 1; g < 7; g++) expect(Math.abs(expected[g] - cell[g])).toBeLessThan(0.015);
  });
  it('one day of radio at intensidade 1 reaches the daily listeners', () => reach('radio', 1));
  it('one day of digital at intensidade 1 reaches the daily social-network users', () => reach('digital', 1));
  it('30 days of TV at intensidade 1 reach about the TV users, 30 of radio about the radio users', async () => {
    const tv = await reach('tv', 30);
    const radio = await reach('radio', 30);
    for (let g = 1; g < 7; g++) {
      expect(tv[g]).toBeGreaterThan(TV_USUARIOS_PBM - 0.02);
      expect(tv[g]).toBeLessThan(TV_USUARIOS_PBM + 0.01);
      expect(radio[g]).toBeGreaterThan(RADIO_USUARIOS_KANTAR - 0.03);
      expect(radio[g]).toBeLessThan(RADIO_USUARIOS_KANTAR + 0.02);
    }
  });
});
