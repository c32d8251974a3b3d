// runSimulation -> Simulation on the real RR release (a short reception campaign with two channels,
// so the counterfactual variants exist): the same stored result as a job, dated and named weekly
// rows, every findings row in pages, raw rows marked unpublishable, the banded chart and its bands as
// rows, the plan run alone, --param overrides and a sweep with common random numbers.
import { afterAll, describe, expect, it } from 'vitest';
import { encodeJobResult } from '../../src/findings/job-result.js';
import { openRelease } from '../../src/release/release.js';
import { closePool } from '../../src/pool/pool.js';
import { runSimulationJob } from '../../src/run-simulation-job.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { parseAssignments } from '../../src/research/parameter-assignments.js';
import { applyOverrides } from '../../src/research/scenario-overrides.js';
import { runSimulation } from '../../src/research/simulation.js';
import { sweep, sweepCurveRows, sweepPoints, sweepRows } from '../../src/research/sweep.js';
import { TIDY_WEEKLY_CSV_HEADER, parseTidyCsv } from '../../src/findings/tidy-weekly-rows.js';
import { weeklyBands } from '../../src/findings/weekly-bands.js';
import { weeklyRows } from '../../src/findings/weekly-rows.js';

const release = openRelease('v1.0.0');
const scenario = {
  versao_contrato: 3, release: 'v1.0.0', familia: 'recepcao', nome: 'pesquisa RR',
  geografia: { ufs: ['RR'] }, publico: { idades: [[20, 59]] },
  canais: [
    { canal: 'tv', dia_inicio: 1, dia_fim: 10, intensidade: 0.6 },
    { canal: 'radio', dia_inicio: 3, dia_fim: 17, intensidade: 0.5 },
  ],
  mensagem: { stim_id: '5f2b8c0e9a4d4e6b8f1c2d3e4f5a6b7c', template_ver: '1', politica: 'saude-publica' },
  horizonte: { data_inicio: '2026-02-02', dias: 17 },
  replicas: 2, grupo_comparacao: 'pesquisa-rr', kpis: ['alcance', 'absorve', 'repassa'],
};

afterAll(() => closePool());

describe('runSimulation', async () => {
  const sim = await runSimulation(scenario, { release, threads: 2 });

  it('stores the same result, bit for bit, as a job of the same scenario', async () => {
    const job = await runSimulationJob(validateScenario(scenario), { release, threads: 2 });
    expect(JSON.stringify(encodeJobResult(sim.result))).toBe(JSON.stringify(encodeJobResult(job.result)));
  });

  it('gives weekly rows with the date of each week\'s last day, the municipality name and UF', () => {
    const rows = sim.weekly();
    expect(rows).toHaveLength(5 * 2 * 15 * 3 * 3); // variants x replicas x municipalities x weeks x KPIs
    expect(new Set(rows.map((r) => `${r.semana} ${r.data}`))).toEqual(new Set(['1 2026-02-08', '2 2026-02-15', '3 2026-02-18']));
    const boaVista = rows.find((r) => r.municipio === '1400100')!;
    expect(boaVista).toMatchObject({ municipio_nome: 'Boa Vista', uf: 'RR', area_ponderacao: null, publicavel: true });
  });

  it('gives raw rows only on request, every one marked unpublishable, with the published counts unchanged', () => {
    const published = sim.weekly();
    const raw = sim.weekly({ raw: true });
    expect(raw.every((r) => r.publicavel === false && r.valor !== null)).toBe(true);
    published.forEach((r, i) => {
      if (r.valor !== null) expect(raw[i].valor).toBe(r.valor);
    });
  });

  it('writes CSV and JSON Lines of the same rows', () => {
    const csv = sim.toCSV();
    expect(csv.split('\n')[0]).toBe(TIDY_WEEKLY_CSV_HEADER);
    expect(parseTidyCsv(csv)).toEqual(sim.weekly());
    const jsonl = sim.toJSONL({ raw: true }).trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(jsonl).toEqual(sim.weekly({ raw: true }));
  });

  it('pages every findings row in-process, typed, with no 1,000-row cap', () => {
    const all = sim.findings('saturacao');
    expect(all.linhas).toHaveLength(all.total);
    expect(all.total).toBeGreaterThan(1000);
    expect(sim.findings('saturacao', { offset: 990, limite: 20 }).linhas).toEqual(all.linhas.slice(990, 1010));
    expect(all.linhas[0]).toMatchObject({ municipio: expect.any(String), medida: 'alcance', eixo: 'total', publicavel: true });
    const raw = sim.findings('saturacao', { raw: true });
    expect(raw.linhas.every((r) => r.publicavel === false && r.n !== null)).toBe(true);
    expect(sim.findings('contribuicao').linhas.length).toBeGreaterThan(0);
  });

  it('summarises and plots with min-max bands, plano drawn on top', () => {
    expect(sim.summary()).toMatchObject({ familia: 'recepcao', semanas: 3, replicas: 2, unidades: 15 });
    const svg = sim.plot({ medida: ['alcance'] });
    expect(svg.match(/class="banda"/g)).toHaveLength(5);
    const lines = [...svg.matchAll(/<polyline data-variante="([^"]+)"/g)].map((m) => m[1]);
    expect(lines.at(-1)).toBe('plano');
    expect([...svg.matchAll(/text-anchor="middle">([^<]+)</g)].map((m) => m[1])).toEqual(['2026-02-08', '2026-02-15', '2026-02-18', 'date (the week\'s last day)']);
  });

  it('gives the same chart as a PNG of the SVG\'s size', async () => {
    const png = Buffer.from(await sim.plotPng({ medida: ['alcance'] }));
    expect(png.toString('latin1', 1, 4)).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(Number(/width="(\d+)"/.exec(sim.plot({ medida: ['alcance'] }))![1]));
  });

  it('gives the bands as dated rows: the chart\'s min-max and mean, and the quantiles asked', () => {
    const chart = weeklyBands(weeklyRows(sim.run));
    const rows = sim.bands({ quantis: [0.05, 0.5, 0.95] });
    expect(rows).toHaveLength(5 * 3 * 3); // variants x KPIs x weeks
    for (const b of chart) {
      const mine = rows.filter((r) => r.variante === b.variante && r.medida === b.medida);
      expect(mine.map((r) => [r.data, r.minimo, r.maximo])).toEqual(b.minimos.map((m, w) => [['2026-02-08', '2026-02-15', '2026-02-18'][w], m, b.maximos[w]]));
      mine.forEach((r, w) => expect(r.media).toBeCloseTo(b.valores[w], 3));
      for (const r of mine) expect(r.minimo! <= r.q05! && r.q05! <= r.q50! && r.q50! <= r.q95! && r.q95! <= r.maximo!).toBe(true);
    }
    expect(sim.bands({ raw: true, por: 'municipio' }).every((r) => r.publicavel === false && r.municipio_nome !== null)).toBe(true);
  });

  it('runs the plan alone on request, with the same plano counts (common random numbers)', async () => {
    const alone = await runSimulation(scenario, { release, threads: 2, somentePlano: true });
    expect(alone.result.variantes).toEqual(['plano']);
    expect(alone.findings('contribuicao').linhas).toEqual([]);
    expect(alone.result.totais.plano.porReplica).toEqual(sim.result.totais.plano.porReplica);
  });
});

describe('overrides and sweeps', () => {
  const checked = validateScenario(scenario);

  it('sets model parameters and scenario fields, dotted keys inside objects, and refuses other names on one line', () => {
    const o = applyOverrides(checked, parseAssignments(['beta0=-5', 'pesos_canais.digital=0.5', 'replicas=3', 'grupo_comparacao=outro']), release);
    expect(o.parametros.beta0).toBe(-5);
    expect(o.parametros.pesos_canais?.digital).toBe(0.5);
    expect(o.cenario).toMatchObject({ replicas: 3, grupo_comparacao: 'outro' });
    expect(() => applyOverrides(checked, { nao_existe: 1 }, release)).toThrow(/"nao_existe" is neither a model parameter/);
    expect(() => applyOverrides(checked, { replicas: 0 }, release)).toThrow();
  });

  it('reads the release from the overrides before the parameters, which are that release\'s', () => {
    const o = applyOverrides(checked, parseAssignments(['release=v1.5.0', 'pesos_canais.digital=0.5']));
    expect(o.release.version).toBe('v1.5.0');
    expect(o.cenario.release).toBe('v1.5.0');
    expect(o.parametros.pesos_canais).toEqual({ ...openRelease('v1.5.0').manifest.parametros_recepcao.pesos_canais, digital: 0.5 });
    expect(applyOverrides(checked, {}).release.version).toBe('v1.0.0');
    // a single Release as the source offers that version only
    expect(() => applyOverrides(checked, { release: 'v1.5.0' }, release)).toThrow(/release v1\.5\.0 is not offered; offered: v1\.0\.0/);
  });

  it('gives each point\'s weekly curves, whose last week is the point\'s horizon', async () => {
    const points = [];
    for await (const p of sweepPoints(scenario, { 'canais.0.intensidade': [0.1, 0.6] }, { release, threads: 2, somentePlano: true })) {
      points.push({ totals: sweepRows(p), curves: sweepCurveRows(p) });
    }
    expect(points.map((p) => p.curves.length)).toEqual([3 * 3, 3 * 3]); // KPIs x weeks
    for (const { totals, curves } of points) {
      for (const t of totals) {
        const last = curves.find((c) => c.medida === t.medida && c.semana === 3)!;
        expect(last).toMatchObject({ ponto: t.ponto, valores: t.valores, data: '2026-02-18' });
        expect(Math.abs(last.media - t.valor)).toBeLessThan(15); // the mean of sums against the sum of each unit's rounded mean
      }
    }
    expect(points[1].curves[2].media).toBeGreaterThan(points[0].curves[2].media); // more TV, more reach by week 3
  });

  it('runs each point with the scenario\'s random numbers: a point equal to the scenario gives its totals', async () => {
    const plain = await runSimulation(scenario, { release, threads: 2, somentePlano: true });
    const rows = await sweep(scenario, { 'canais.0.intensidade': [0.1, 0.6] }, { release, threads: 2, somentePlano: true });
    expect(rows.map((r) => [r.ponto, r.valores['canais.0.intensidade'], r.variante, r.medida])).toEqual([
      [1, 0.1, 'plano', 'alcance'], [1, 0.1, 'plano', 'absorve'], [1, 0.1, 'plano', 'repassa'],
      [2, 0.6, 'plano', 'alcance'], [2, 0.6, 'plano', 'absorve'], [2, 0.6, 'plano', 'repassa'],
    ]);
    const totals = plain.summary().variantes.plano.medidas;
    expect(rows[3].valor).toBe(totals.alcance);
    expect(rows[0].valor).toBeLessThan(rows[3].valor);
  });
});
