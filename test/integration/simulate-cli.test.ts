// `campaign-sim simulate FILE --json --out DIR` as a user runs it (built CLI in dist/).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeJobResult } from '../../src/findings/job-result.js';
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
    const csv = readFileSync(join(dir, 'semanas.csv'), 'utf8').trimEnd().split('\n');
    expect(csv[0]).toBe('variante,replica,municipio,semana,medida,valor');
    expect(csv).toHaveLength(1 + 5 * 15 * 3);
    const published = csv.slice(1).filter((l) => l.startsWith('plano,1,') && l.includes(',alcance,') && !l.endsWith(','));
    expect(published.reduce((t, l) => t + Number(l.split(',')[5]), 0)).toBe(s.curvas.plano.alcance[0]);

    // the same scenario cut into shards: the same stored result, byte for byte
    const cut = await run(process.execPath, [cli, 'simulate', file, '--json', '--threads', '2', '--shard-gib', '0.005', '--out', join(dir, 'cut')]);
    const sc = JSON.parse(cut.stdout);
    expect(sc.shards).toBeGreaterThan(1);
    expect(sc.variantes).toEqual(s.variantes);
    expect(readFileSync(join(dir, 'cut', 'resultado.json'))).toEqual(readFileSync(join(dir, 'out', 'resultado.json')));
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
