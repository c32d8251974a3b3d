// Golden weekly rows (CSV) and chart (SVG) of one fixed small scenario: a hand-made population of
// 4,000 persons in 3 municipalities (small enough that the privacy rule hides some counts), two
// channels, 2 replicas, 21 days. The expected files change only with BASELINE_REGENERATE=1
// (`npm run baseline:regenerate`): a difference means the engine, the privacy rule, the CSV or the
// chart changed. `campaign-sim plot` on the golden CSV must give the golden SVG.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { curvesSvg, formatWeeklyCsv, parseWeeklyCsv, toRows, weeklyCurves } from '../../src/findings/index.js';
import { PRIVACY_K } from '../../src/findings/index.js';
import { createPool } from '../../src/pool/pool.js';
import { simulate } from '../../src/simulate.js';
import { runCliCaptured } from '../fixtures/run-cli.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { canal, parameters, receptionScenario } from '../fixtures/scenarios.js';

const CSV = fileURLToPath(new URL('./weekly-rows-small.csv', import.meta.url));
const SVG = fileURLToPath(new URL('./weekly-curves-small.svg', import.meta.url));
const REGENERATE = process.env.BASELINE_REGENERATE === '1';

const pool = createPool({ threads: 2 });
afterAll(() => pool.close());

function golden(file: string, got: string): void {
  if (REGENERATE) {
    writeFileSync(file, got);
    return;
  }
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run baseline:regenerate once and commit it`);
  expect(got).toBe(readFileSync(file, 'utf8'));
}

describe('golden weekly rows and chart (small fixed scenario)', () => {
  it('simulate -> toRows gives the stored CSV, and its curves the stored SVG', async () => {
    const pop = buildFixturePopulation({ persons: 4000, municipios: 3, tractsPerMunicipality: 2, seed: 'golden-weekly' });
    const scenario = receptionScenario({
      canais: [canal('tv', 1, 14, 0.6), canal('radio', 8, 21, 0.5)],
      horizonte: { data_inicio: '2026-01-05', dias: 21 },
      grupo_comparacao: 'golden-weekly',
    });
    const rows = toRows(await simulate(scenario, { population: pop, parametros: parameters(), pool }));
    expect(rows).toHaveLength(5 * 2 * 3 * 3 * 2); // variants x replicas x units x weeks x KPIs
    for (const r of rows) expect(r.valor === null || r.valor === 0 || r.valor >= PRIVACY_K, JSON.stringify(r)).toBe(true);
    const csv = formatWeeklyCsv(rows);
    expect(parseWeeklyCsv(csv)).toEqual(rows);
    golden(CSV, csv);
    golden(SVG, curvesSvg(weeklyCurves(rows)));
  });

  it('campaign-sim plot draws the stored CSV as the stored SVG', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'plot-')), 'chart.svg');
    const r = await runCliCaptured('plot', CSV, '-o', out);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(SVG, 'utf8'));
  });
});
