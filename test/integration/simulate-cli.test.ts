// `campaign-sim simulate FILE --json --out DIR` as a user runs it (built CLI in dist/).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeJobResult } from '../../src/findings/job-result.js';
import { parseTidyCsv, TIDY_WEEKLY_CSV_HEADER } from '../../src/findings/tidy-weekly-rows.js';
import { projectPath } from '../../src/project-path.js';

const run = promisify(execFile);
const cli = projectPath('bin/campaign-sim.js');

describe('campaign-sim simulate', () => {
  it('prints one JSON summary of the published totals and writes the stored result', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
    const example = JSON.parse(readFileSync(projectPath('examples/recepcao-rr.json'), 'utf8'));
    const scenario = {
      ...example,
      replicas: 1,
      horizonte: { ...example.horizonte, dias: 7 },
      canais: [
        { canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 0.6 },
        { canal: 'radio', dia_inicio: 2, dia_fim: 7, intensidade: 0.5 },
      ],
    };
    const file = join(dir, 'cenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const { stdout } = await run(process.execPath, [cli, 'simulate', file, '--json', '--threads', '2', '--out', join(dir, 'out'), '--csv', join(dir, 'semanas.csv')]);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const s = JSON.parse(lines[0]);
    expect(s.pessoa_dias).toBe(s.populacao_unidades * 7 * 5);
    expect(s.segundos).toBeGreaterThan(0);
    expect(Object.keys(s.variantes)).toEqual(['plano', 'sem_tv', 'menos10_tv', 'sem_radio', 'menos10_radio']);
    // the KPIs only, each a sum of published unit totals
    expect(Object.keys(s.variantes.plano.medidas)).toEqual(scenario.kpis);
    expect(s.variantes.plano.medidas.alcance).toBeGreaterThan(0);
    expect(s.variantes.sem_tv.medidas.alcance).toBeLessThanOrEqual(s.variantes.plano.medidas.alcance);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['resultado.json', 'summary.json']);
    const stored = decodeJobResult(readFileSync(join(dir, 'out', 'resultado.json'), 'utf8'));
    expect(stored.unidades).toHaveLength(15);
    expect([...stored.variantes].sort()).toEqual(Object.keys(s.variantes).sort());
    expect(s.shards).toBe(1);
    // the weekly curves of the summary and the CSV's rows: 5 variants x 1 replica x 15 units x 1 week x 3 KPIs
    expect(s.curvas.plano.alcance).toHaveLength(1);
    const text = readFileSync(join(dir, 'semanas.csv'), 'utf8');
    expect(text.split('\n')[0]).toBe(TIDY_WEEKLY_CSV_HEADER);
    const rows = parseTidyCsv(text);
    expect(rows).toHaveLength(5 * 15 * 3);
    expect(rows[0]).toMatchObject({ data: '2026-02-08', uf: 'RR', municipio_nome: expect.any(String), publicavel: true });
    const published = rows.filter((r) => r.variante === 'plano' && r.medida === 'alcance' && r.valor !== null);
    expect(published.reduce((t, r) => t + r.valor!, 0)).toBe(s.curvas.plano.alcance[0]);

    // the stored result's rows, without running again: the horizon week, same columns and counts
    const exported = await run(process.execPath, [cli, 'export', join(dir, 'out', 'resultado.json')]);
    const horizon = parseTidyCsv(exported.stdout);
    expect(horizon).toHaveLength(rows.length);
    const key = (r: (typeof rows)[number]) => `${r.variante} ${r.replica} ${r.municipio} ${r.medida}`;
    const weekly = new Map(rows.map((r) => [key(r), r]));
    for (const r of horizon) {
      const w = weekly.get(key(r))!;
      expect([r.data, r.municipio_nome]).toEqual([w.data, w.municipio_nome]);
      if (r.valor !== null && w.valor !== null) expect(r.valor).toBe(w.valor);
    }
    expect(exported.stderr).toMatch(/unit rows of week 1 \(2026-02-08, the horizon\) only/);
    // week by week it keeps the curves summed over the units: those of the summary
    const withCurves = await run(process.execPath, [cli, 'export', join(dir, 'out', 'resultado.json'), '--curvas', join(dir, 'curvas.csv')]);
    expect(withCurves.stdout).toBe('');
    expect(withCurves.stderr).toMatch(/no unit rows; 15 weekly curve rows/);
    const curveLines = readFileSync(join(dir, 'curvas.csv'), 'utf8').trimEnd().split('\n');
    expect(curveLines[0]).toBe('data,semana,variante,medida,valor,celulas_escondidas_na_curva');
    const plano = curveLines.find((l) => l.startsWith('2026-02-08,1,plano,alcance,'))!.split(',');
    expect(Math.round(Number(plano[4]))).toBe(s.curvas.plano.alcance[0]);

    // the dated CSV draws a chart with a min-max band per variant and plano on top
    await run(process.execPath, [cli, 'plot', join(dir, 'semanas.csv'), '-o', join(dir, 'chart.svg'), '--medida', 'alcance']);
    const svg = readFileSync(join(dir, 'chart.svg'), 'utf8');
    expect(svg.match(/class="banda"/g)).toHaveLength(5);
    expect([...svg.matchAll(/<polyline data-variante="([^"]+)"/g)].at(-1)![1]).toBe('plano');
    expect(svg).toMatch(/text-anchor="middle">2026-02-08<\/text>/); // the week's last day on the x axis

    // the same scenario cut into shards: the same stored result, byte for byte
    const cut = await run(process.execPath, [cli, 'simulate', file, '--json', '--threads', '2', '--shard-gib', '0.005', '--out', join(dir, 'cut')]);
    const sc = JSON.parse(cut.stdout);
    expect(sc.shards).toBeGreaterThan(1);
    expect(sc.variantes).toEqual(s.variantes);
    expect(readFileSync(join(dir, 'cut', 'resultado.json'))).toEqual(readFileSync(join(dir, 'out', 'resultado.json')));
  });

  it('runs the plan alone with --plan-only, overrides with --replicas and --param, and writes raw rows marked unpublishable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
    const file = join(dir, 'cenario.json');
    const example = JSON.parse(readFileSync(projectPath('examples/recepcao-rr.json'), 'utf8'));
    writeFileSync(file, JSON.stringify({
      ...example, horizonte: { ...example.horizonte, dias: 7 },
      canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 0.6 }, { canal: 'digital', dia_inicio: 2, dia_fim: 7, intensidade: 0.5 }],
    }));
    const { stdout, stderr } = await run(process.execPath, [
      cli, 'simulate', file, '--json', '--threads', '2', '--plan-only', '--replicas', '1', '--param', 'horizonte.dias=8',
      '--param', 'pesos_canais.digital=0.5', '--jsonl', join(dir, 'raw.jsonl'), '--raw',
    ]);
    const s = JSON.parse(stdout);
    expect(Object.keys(s.variantes)).toEqual(['plano']);
    expect([s.replicas, s.semanas]).toEqual([1, 2]);
    expect(stderr).toMatch(/never publish/);
    const raw = readFileSync(join(dir, 'raw.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(raw).toHaveLength(15 * 2 * 3);
    expect(raw.every((r) => r.publicavel === false && r.valor !== null)).toBe(true);
    expect(new Set(raw.map((r) => r.data))).toEqual(new Set(['2026-02-08', '2026-02-09']));
  });

  it('sweeps a grid into one tidy CSV, the points sharing their random numbers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
    const args = [cli, 'sweep', projectPath('examples/adocao-rr.json'), '--grid', 'beta0=-7,-6', '--param', 'horizonte.dias=7', '--replicas', '1', '--threads', '2'];
    await run(process.execPath, [...args, '-o', join(dir, 'sweep.csv'), '--curvas', join(dir, 'curvas.csv')]);
    const lines = readFileSync(join(dir, 'sweep.csv'), 'utf8').trimEnd().split('\n');
    expect(readFileSync(join(dir, 'curvas.csv'), 'utf8').trimEnd().split('\n').map((l) => l.split(',').slice(0, 7).join(','))).toEqual([
      'beta0,ponto,data,semana,variante,medida,media', '-7,1,2026-02-08,1,plano,adotantes,' + lines[1].split(',')[4], '-6,2,2026-02-08,1,plano,adotantes,' + lines[2].split(',')[4],
    ]);
    expect(lines[0]).toBe('beta0,ponto,variante,medida,valor,escondidas');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual(['-7,1,plano,adotantes', '-6,2,plano,adotantes']);
    // the second point is the scenario run alone with beta0 -6: the same number
    const alone = await run(process.execPath, [cli, 'simulate', projectPath('examples/adocao-rr.json'), '--json', '--param', 'horizonte.dias=7', '--replicas', '1', '--param', 'beta0=-6', '--threads', '2']);
    expect(Number(lines[2].split(',')[4])).toBe(JSON.parse(alone.stdout).variantes.plano.medidas.adotantes);
  });

  it('sweeps a Latin hypercube of --points draws in each name\'s min,max', async () => {
    const args = [cli, 'sweep', projectPath('examples/adocao-rr.json'), '--grid', 'beta0=-8,-6', '--grid', 'amortecimento_saturacao=0,1', '--design', 'lhs', '--points', '3',
      '--param', 'horizonte.dias=7', '--replicas', '1', '--threads', '2', '--plan-only'];
    const lines = (await run(process.execPath, args)).stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('beta0,amortecimento_saturacao,ponto,variante,medida,valor,escondidas');
    const points = lines.slice(1).map((l) => l.split(',').map(Number));
    expect(points.map((p) => p[2])).toEqual([1, 2, 3]);
    expect(points.map((p) => Math.floor((p[0] + 8) / 2 * 3)).sort()).toEqual([0, 1, 2]); // one point in each third of beta0
    const refused = await run(process.execPath, [...args.slice(0, 4), 'beta0=-8,-7,-6', '--design', 'random', '--points', '2']).catch((e) => e);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/give two numbers, min and max/);
  });

  it('runs the release a --param names, with that release\'s parameters, and refuses one not offered on one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
    const { stdout } = await run(process.execPath, [
      cli, 'simulate', projectPath('examples/recepcao-rr.json'), '--json', '--param', 'release=v1.5.0', '--plan-only',
      '--replicas', '1', '--param', 'pesos_canais.digital=0.5', '--threads', '2', '--out', dir,
    ]);
    expect(JSON.parse(stdout).release).toBe('v1.5.0');
    expect(decodeJobResult(JSON.parse(readFileSync(join(dir, 'resultado.json'), 'utf8'))).cenario.release).toBe('v1.5.0');
    const err = await run(process.execPath, [cli, 'simulate', projectPath('examples/recepcao-rr.json'), '--param', 'release=v9.9.9']).catch((e) => e);
    expect(err.code).toBe(2);
    expect(String(err.stderr).trim().split('\n')).toHaveLength(1);
    expect(String(err.stderr)).toMatch(/release v9\.9\.9 is not offered/);
  });

  it('refuses an unknown --param on one line with exit 2', async () => {
    const err = await run(process.execPath, [cli, 'simulate', projectPath('examples/adocao-rr.json'), '--param', 'semente=3']).catch((e) => e);
    expect(err.code).toBe(2);
    expect(String(err.stderr).trim().split('\n')).toHaveLength(1);
    expect(String(err.stderr)).toMatch(/"semente" is neither a model parameter/);
  });

  it('refuses a shard budget outside (0, 4] GiB with exit 2', async () => {
    const err = await run(process.execPath, [cli, 'simulate', projectPath('examples/adocao-rr.json'), '--shard-gib', '5']).catch((e) => e);
    expect(err.code).toBe(2);
    expect(String(err.stderr)).toMatch(/--shard-gib/);
  });

  it('refuses a scenario outside the contract with exit 2 and the contract code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(projectPath('examples/adocao-rr.json'), 'utf8')), replicas: 99 }));
    const err = await run(process.execPath, [cli, 'simulate', file, '--json']).catch((e) => e);
    expect(err.code).toBe(2);
    expect(String(err.stderr) + String(err.stdout)).toMatch(/replicas_range|replicas/);
  });
});
