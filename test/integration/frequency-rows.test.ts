// The frequency distribution as tidy rows (src/findings/frequency-rows.ts: Simulation.frequency(),
// `campaign-sim export --frequencia`) and the plan's stated GRPs (plano_grp) of a v2.0.0 reception
// job: on RR with two channels, the rows' reach f+ is the alcance_efetivo table's alcance_f, the
// exact counts sum to the 1+ reach, efetiva follows the user's threshold, and the result, its
// alcance_efetivo findings table (the service's) and its summary carry plano_grp; a v1.9.0 result has none.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFindings } from '../../src/findings/findings-tables.js';
import { encodeJobResult } from '../../src/findings/job-result.js';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { runSimulation } from '../../src/research/simulation.js';
import { runCliCaptured } from '../fixtures/run-cli.js';

const scenario = (release: string) => ({
  versao_contrato: 3, release, familia: 'recepcao', nome: 'frequencia tidy',
  geografia: { ufs: ['RR'] }, publico: { idades: [[20, 59]] },
  canais: [
    { canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.15 },
    { canal: 'radio', dia_inicio: 3, dia_fim: 14, intensidade: 0.2 },
  ],
  mensagem: { stim_id: '5f2b8c0e9a4d4e6b8f1c2d3e4f5a6b7c', template_ver: '1', politica: 'saude-publica' },
  horizonte: { data_inicio: '2026-02-02', dias: 14 },
  replicas: 2, grupo_comparacao: 'frequencia-tidy', kpis: ['alcance'],
});

afterAll(() => closePool());

describe('frequency rows and plano_grp (v2.0.0)', () => {
  it('rows per unit, channel and f agree with alcance_efetivo; the threshold is the user\'s; the result states its GRPs', async () => {
    const sim = await runSimulation(scenario('v2.0.0'), { release: openRelease('v2.0.0'), threads: 2, somentePlano: true });
    const table = sim.findings('alcance_efetivo').linhas;
    const rows = sim.frequency({ limiar: 2 });
    expect(rows).toHaveLength(sim.result.unidades.length * 3 * 10);
    for (const t of table) {
      const mine = rows.filter((r) => r.municipio === t.municipio && r.canal === t.canal);
      expect(mine.map((r) => r.frequencia)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const r of mine) {
        expect(r.alcance).toBe(t[`alcance_${r.frequencia}` as 'alcance_1']);
        expect(r.efetiva).toBe(r.frequencia >= 2);
        expect(r.publicavel).toBe(true);
      }
    }
    // raw: every count shown, the exact counts sum to the 1+ reach and reach never grows with f
    const raw = sim.frequency({ raw: true });
    for (let i = 0; i < raw.length; i += 10) {
      const block = raw.slice(i, i + 10);
      const sum = block.reduce((s, r) => s + r.exato!, 0);
      expect(sum).toBeCloseTo(block[0].alcance!, 3);
      for (let f = 1; f < 10; f++) expect(block[f].alcance!).toBeLessThanOrEqual(block[f - 1].alcance!);
      expect(block.every((r) => r.efetiva === r.frequencia >= 3 && !r.publicavel)).toBe(true);
    }
    expect(() => sim.frequency({ limiar: 0 })).toThrow(/limiar/);

    // the plan's GRPs: in the result, its alcance_efetivo table and its summary
    const g = sim.result.plano_grp!;
    expect(g.periodos.map((p) => p.canal)).toEqual(['tv', 'radio']);
    expect(buildFindings(sim.result, { tabela: 'alcance_efetivo' }).plano_grp).toEqual(g);
    expect(buildFindings(sim.result, { tabela: 'saturacao' }).plano_grp).toBeUndefined();
    expect(sim.summary().plano_grp).toEqual(g);

    // export --frequencia from the stored result
    const dir = mkdtempSync(join(tmpdir(), 'frequencia-'));
    writeFileSync(join(dir, 'resultado.json'), JSON.stringify(encodeJobResult(sim.result)));
    const out = await runCliCaptured('export', join(dir, 'resultado.json'), '--frequencia', join(dir, 'f.csv'), '--limiar', '4');
    expect(out.code).toBe(0);
    const lines = readFileSync(join(dir, 'f.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('municipio,area_ponderacao,canal,frequencia,publico,alcance,exato,parte,efetiva,motivo,publicavel');
    expect(lines).toHaveLength(1 + rows.length);
    expect(lines.filter((l) => l.includes(',true,')).length).toBeGreaterThan(0);
    const bad = await runCliCaptured('export', join(dir, 'resultado.json'), '--limiar', '4');
    expect(bad.code).toBe(2);
  }, 300_000);

  it('v1.9.0: no plano_grp in the result (its results keep their bytes)', async () => {
    const sim = await runSimulation({ ...scenario('v1.9.0'), horizonte: { data_inicio: '2026-02-02', dias: 7 }, canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 0.1 }] },
      { release: openRelease('v1.9.0'), threads: 2, somentePlano: true });
    expect(sim.result.plano_grp).toBeUndefined();
    expect(sim.frequency().length).toBe(sim.result.unidades.length * 2 * 10);
  }, 300_000);
});
