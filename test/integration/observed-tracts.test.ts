// Release v1.3.0 (`setores_observados`): Roraima's population on its IBGE tracts, scaled to the
// 2022 Census districts, and the tract error measured tract by tract in the city diagnosis and in
// the per-tract output of a job.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MultiPolygon } from 'polygon-clipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosisSummary, diagnosisVariable } from '../../src/context/city-diagnosis.js';
import { tractResidentErrors } from '../../src/tracts/synthetic-tract-rows.js';
import { answerQuestions } from '../../src/findings/answer-questions.js';
import { buildTractEvents, samplingError } from '../../src/findings/tract-events.js';
import { closePool } from '../../src/pool/pool.js';
import { runSimulationJob } from '../../src/run-simulation-job.js';
import { BASELINE_SCENARIO } from '../fixtures/scenarios.js';
import { censusDistricts } from '../../src/release/census-districts.js';
import { loadTracts2010, loadTracts2022 } from '../../src/release/context-files.js';
import { BOA_VISTA } from '../../src/release/observed-tract-layout.js';
import { clearPopulationMemory } from '../../src/population/population-store.js';
import { openRelease } from '../../src/release/release.js';
import type { Population } from '../../src/release/types.js';

const dir = mkdtempSync(join(tmpdir(), 'campaign-sim-observed-'));
const v13 = openRelease('v1.3.0');
let pop: Population;
beforeAll(async () => {
  process.env.CAMPAIGN_SIM_CACHE = dir;
  clearPopulationMemory();
  pop = await v13.population(['RR']);
});
afterAll(async () => { await closePool(); clearPopulationMemory(); rmSync(dir, { recursive: true, force: true }); });

describe('release v1.3.0 on observed tracts', () => {
  it('gives every RR municipality its IBGE tract codes, residents and households of the 2022 Census', () => {
    let tracts = 0, residents = 0;
    for (const m of v13.municipalities('RR')) {
      const t = v13.tracts(m.codigo);
      const observed = m.codigo === BOA_VISTA ? loadTracts2022().map((o) => o.setor) : loadTracts2010().get(m.codigo)!.map((o) => o.setor);
      expect(t.map((x) => x.codigo)).toEqual([...observed].sort());
      expect(t.every((x) => x.observado)).toBe(true);
      const d = censusDistricts().get(m.codigo)!;
      expect(t.reduce((s, x) => s + x.populacao, 0)).toBe(m.populacao);
      expect(t.reduce((s, x) => s + x.domicilios!, 0)).toBe(d.reduce((s, x) => s + x.households, 0));
      tracts += t.length; residents += t.reduce((s, x) => s + x.populacao, 0);
    }
    expect(tracts).toBe(528 + 824 - 413); // Boa Vista's 2022 tracts and the other 14 municipalities' 2010 ones
    expect(residents).toBe(636_707); // RR, 2022 Census
    // other UFs keep modelled tracts
    expect(v13.tracts('1100205').every((x) => x.observado === false)).toBe(true);
  });

  it('shares each municipality out in proportion to the observed residents', () => {
    for (const code of [BOA_VISTA, '1400027', '1400472']) {
      const t = v13.tracts(code);
      const observed = new Map(code === BOA_VISTA
        ? loadTracts2022().map((o) => [o.setor, o.total])
        : loadTracts2010().get(code)!.map((o) => [o.setor, o.residentes ?? 0]));
      const sum = [...observed.values()].reduce((s, v) => s + v, 0);
      const total = t.reduce((s, x) => s + x.populacao, 0);
      for (const x of t) expect(Math.abs(x.populacao - (total * observed.get(x.codigo)!) / sum)).toBeLessThan(1);
    }
  });

  it('places Boa Vista at its polygon centroids, and the built population on the layout', () => {
    const bv = v13.municipality(BOA_VISTA)!;
    const t = v13.tracts(BOA_VISTA);
    const box = (v13.municipalityBoundary(BOA_VISTA).geometry.coordinates as MultiPolygon).flat(2);
    const [minLon, maxLon] = [Math.min(...box.map((p) => p[0])), Math.max(...box.map((p) => p[0]))];
    const [minLat, maxLat] = [Math.min(...box.map((p) => p[1])), Math.max(...box.map((p) => p[1]))];
    for (const x of t.filter((y) => y.populacao > 0)) {
      expect(x.lon).toBeGreaterThanOrEqual(minLon);
      expect(x.lon).toBeLessThanOrEqual(maxLon);
      expect(x.lat).toBeGreaterThanOrEqual(minLat);
      expect(x.lat).toBeLessThanOrEqual(maxLat);
    }
    expect(bv.populacao).toBe(413_486);
    // persons per tract of the built population = the layout's residents
    const persons = new Map<string, number>();
    for (let h = 0; h < pop.nHouseholds; h++) {
      const code = pop.tractCodes[pop.hhTract[h]];
      persons.set(code, (persons.get(code) ?? 0) + pop.hhStart[h + 1] - pop.hhStart[h]);
    }
    for (const m of v13.municipalities('RR')) for (const x of v13.tracts(m.codigo)) expect(persons.get(x.codigo) ?? 0).toBe(x.populacao);
  });

  it('measures the tract error of the diagnosis tract by tract, where v1.2.0 measured it on modelled cells', async () => {
    const residents = await diagnosisVariable(BOA_VISTA, 'v1.3.0', 'residentes');
    if (!('sinteticos' in residents) || !residents.sinteticos) throw new Error('expected counts');
    const rows = residents.sinteticos.linhas;
    expect(rows.filter((r) => r.motivo === null)).toHaveLength(506); // every tract IBGE published
    expect(rows.filter((r) => r.motivo === 'sem_populacao_sintetica')).toHaveLength(22); // suppressed by IBGE
    // placed on the observed residents: the error is the share IBGE suppressed (404,583 of 413,486 published)
    for (const r of rows) if (r.erro !== null) expect(r.erro).toBeLessThan(0.04);
    // ages are drawn per municipality, not per tract: their error is the model's, measured
    const kids = await diagnosisVariable(BOA_VISTA, 'v1.3.0', 'criancas_0_14');
    if (!('sinteticos' in kids) || !kids.sinteticos) throw new Error('expected counts');
    const errors = kids.sinteticos.linhas.filter((r) => r.erro !== null).map((r) => r.erro!).sort((a, b) => a - b);
    expect(errors.length).toBeGreaterThan(400);
    expect(errors[errors.length >> 1]).toBeGreaterThan(0.02);
    expect(kids.sinteticos.motivos.erro_acima_do_corte).toBeGreaterThan(0);
    const older = await diagnosisSummary(BOA_VISTA, 'v1.2.0');
    expect(older.variaveis.find((v) => v.variavel === 'residentes')!.sinteticos!.publicados).toBeLessThan(506);
  });

  it('puts the per-tract output of a job under the same measured error as the diagnosis', async () => {
    const contrato = BASELINE_SCENARIO.contrato_de_resposta!;
    const centre = v13.tracts(BOA_VISTA).find((t) => t.populacao > 0)!;
    const scenario = {
      ...BASELINE_SCENARIO, release: 'v1.3.0',
      contrato_de_resposta: {
        ...contrato,
        perguntas: [...contrato.perguntas, { id: 'perto', forma: 'quantos' as const, medida: 'alcance' as const, territorio: { ponto: [centre.lon, centre.lat] as [number, number], raio_m: 3000 }, semana: 4 }],
      },
    };
    const { result } = await runSimulationJob(scenario, { release: v13, threads: 2 });
    // the answer over a circle of observed tracts: measured, published
    expect(answerQuestions(null, result).respostas.find((a) => a.id === 'perto')).toMatchObject({ retida: false });
    expect(result.respostas.plano.perto.erroPopulacao![0]).toBeLessThan(0.04);
    const events = buildTractEvents(result, { municipio: BOA_VISTA, semana: 4 });
    const residents = await diagnosisVariable(BOA_VISTA, 'v1.3.0', 'residentes');
    if (!('sinteticos' in residents) || !residents.sinteticos) throw new Error('expected counts');
    const diagnosis = new Map(residents.sinteticos.linhas.map((r) => [r.setor, r]));
    const published = events.linhas.filter((r) => r.n !== null && r.n > 0);
    expect(published.length).toBeGreaterThan(400);
    const population = new Map(v13.tracts(BOA_VISTA).map((t) => [t.codigo, t.populacao]));
    for (const r of published) {
      const d = diagnosis.get(r.setor)!;
      expect(d.motivo).toBeNull();
      // the diagnosis rounds its error to 3 decimals
      expect(r.erro!).toBeCloseTo(Math.hypot(d.erro!, samplingError(r.n!, population.get(r.setor)!)), 3);
    }
    // IBGE's suppressed tracts have no synthetic resident, in both
    expect(events.motivos.sem_populacao_sintetica).toBe(22);
    expect(events.motivos.erro_nao_medido).toBe(0);
  });

  it('has no measured tract error outside Roraima', () => {
    const sp = v13.municipality('3550308')!;
    const errors = [...tractResidentErrors(v13, sp).values()];
    expect(errors.length).toBeGreaterThan(1000);
    expect(errors.every((e) => Number.isNaN(e))).toBe(true);
  });
});
