// The GRPs of a plan (src/models/recepcao/plan-grp.ts): the release's GRP document is what its
// generator computes (the table from the cells; RR's cells from RR's population), the conversion
// between GRPs and intensities round-trips, and releases without exposure propensities withhold
// it; planGrp's channels carry their GRPs, reach and frequency. That the stated GRPs are the kernel's
// mean contacts is test/kernel/plan-grp-contacts.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import { convertGrp, countGrpCells, grpTable, planGrp } from '../../../src/models/recepcao/plan-grp.js';
import { readGrpCells } from '../../../src/release/grp-cells-file.js';
import { openRelease } from '../../../src/release/release.js';
import { projectPath } from '../../../src/project-path.js';

const RELEASE = 'v2.0.0';

describe('the release GRP document (data/releases/v2.0.0/grp.json)', () => {
  it('holds the GRP table its cells give (npm run case:grp)', () => {
    const doc = readGrpCells(RELEASE)!;
    expect(doc.tabela).toEqual(grpTable(RELEASE));
    expect(doc.tabela).toHaveLength(27 * 4);
  });

  it("holds RR's persons by GRP cell as RR's population has them", async () => {
    const pop = await openRelease(RELEASE).population(['RR']);
    const counts = countGrpCells({ ...pop, hhStart: pop.hhStart.subarray(0, pop.nHouseholds + 1) });
    expect(readGrpCells(RELEASE)!.pessoas.RR).toEqual(counts);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(pop.nPersons);
  }, 60_000);

  it('is in the manifest', () => {
    expect(openRelease(RELEASE).manifest.tabela_grp).toEqual(readGrpCells(RELEASE)!.tabela);
  });
});

describe('convertGrp', () => {
  const ufs = ['RR', 'AP'] as const;
  it('GRP -> intensity -> GRP within 1e-6 relative, and intensity -> GRP -> intensity', () => {
    const grp = { tv: 100, radio: 35, digital: 80, exterior: 12 };
    const rows = convertGrp({ release: RELEASE, ufs, grp_semana: grp });
    const back = convertGrp({ release: RELEASE, ufs, intensidade: Object.fromEntries(rows.map((r) => [r.canal, r.intensidade])) });
    for (const r of back) {
      const want = grp[r.canal as keyof typeof grp];
      expect(Math.abs(r.grp_semana - want) / want).toBeLessThan(1e-6);
    }
    const intensidade = { tv: 0.05, radio: 0.4, digital: 1, exterior: 0.25 };
    const g = convertGrp({ release: RELEASE, ufs, publico: { idades: [[20, null]] }, intensidade });
    const i = convertGrp({ release: RELEASE, ufs, publico: { idades: [[20, null]] }, grp_semana: Object.fromEntries(g.map((r) => [r.canal, r.grp_semana])) });
    for (const r of i) expect(Math.abs(r.intensidade - intensidade[r.canal as keyof typeof intensidade]) / r.intensidade).toBeLessThan(1e-6);
  });

  it('GRPs rise with the intensity and stop at intensidade 1', () => {
    const at = (x: number) => convertGrp({ release: RELEASE, ufs: ['RR'], intensidade: { tv: x } })[0];
    expect(at(0.1).grp_semana).toBeLessThan(at(0.2).grp_semana);
    expect(at(1).grp_semana).toBeCloseTo(at(0.1).grp_semana_maximo, 9);
    expect(() => convertGrp({ release: RELEASE, ufs: ['RR'], grp_semana: { tv: at(1).grp_semana * 1.01 } })).toThrow(/out of reach/);
  });

  it('refuses an audience outside the contract\'s values', () => {
    expect(() => convertGrp({ release: RELEASE, ufs: ['RR'], publico: { idades: [[18, null]] } as never, intensidade: { tv: 0.1 } })).toThrow(/idades/);
    expect(() => convertGrp({ release: RELEASE, ufs: ['RR'], publico: { faixas_renda: [5] }, intensidade: { tv: 0.1 } })).toThrow(/faixas_renda/);
    expect(() => convertGrp({ release: RELEASE, ufs: ['RR'], publico: { niveis_instrucao: ['doutorado'] } as never, intensidade: { tv: 0.1 } })).toThrow(/niveis_instrucao/);
  });

  it('refuses a request without exactly one plan, an unknown channel, and releases without exposure propensities', () => {
    expect(() => convertGrp({ release: RELEASE, ufs: ['RR'] })).toThrow(/exactly one/);
    expect(() => convertGrp({ release: RELEASE, ufs: ['RR'], intensidade: { cinema: 0.1 } as never })).toThrow(/unknown channel/);
    expect(() => convertGrp({ release: 'v1.9.0', ufs: ['RR'], intensidade: { tv: 0.1 } })).toThrow(/sem propensões de exposição/);
  });
});

describe('planGrp', () => {
  const scenario = (release: string) => validateScenario({
    versao_contrato: 3, release, familia: 'recepcao', nome: 'grp', geografia: { ufs: ['RR'] },
    canais: [
      { canal: 'tv', dia_inicio: 1, dia_fim: 10, intensidade: 0.1 },
      { canal: 'tv', dia_inicio: 11, dia_fim: 14, intensidade: 0.3 },
      { canal: 'radio', dia_inicio: 3, dia_fim: 9, intensidade: 0.2 },
    ],
    mensagem: { stim_id: '5f2b8c0e9a4d4e6b8f1c2d3e4f5a6b7c', template_ver: '1', politica: 'saude-publica' },
    horizonte: { data_inicio: '2026-02-02', dias: 14 }, replicas: 1, grupo_comparacao: 'grp', kpis: ['alcance'],
  });

  it('per channel then qualquer: GRPs of the periods, reach in 0..1, frequency = GRP / 100 / reach', () => {
    const g = planGrp(scenario(RELEASE));
    if ('motivo' in g) throw new Error(g.motivo);
    expect(g.canais!.map((c) => c.canal)).toEqual(['tv', 'radio', 'qualquer']);
    const [tv, radio, any] = g.canais!;
    expect(tv.grp).toBeCloseTo(g.periodos[0].grp + g.periodos[1].grp, 3);
    expect(radio.grp).toBeCloseTo(g.periodos[2].grp, 3);
    expect(any.grp).toBeCloseTo(tv.grp + radio.grp, 3);
    for (const c of g.canais!) {
      expect(c.alcance).toBeGreaterThan(0);
      expect(c.alcance).toBeLessThan(1);
      expect(c.frequencia_media!).toBeCloseTo(c.grp / 100 / c.alcance, 3);
      expect(c.frequencia_media!).toBeGreaterThan(1);
    }
    expect(any.alcance).toBeGreaterThan(Math.max(tv.alcance, radio.alcance));
    expect(g.base).toMatch(/contatos da mídia, sem o boca a boca/);
  });

  it('states each period and each week, the weeks summing to the periods, as convertGrp does', () => {
    const g = planGrp(scenario(RELEASE));
    if ('motivo' in g) throw new Error(g.motivo);
    expect(g.periodos.map((p) => p.canal)).toEqual(['tv', 'tv', 'radio']);
    const week = (canal: string, s: number) => g.semanas.find((w) => w.canal === canal && w.semana === s)!.grp;
    expect(week('tv', 1) + week('tv', 2)).toBeCloseTo(g.periodos[0].grp + g.periodos[1].grp, 2);
    expect(week('radio', 1) + week('radio', 2)).toBeCloseTo(g.periodos[2].grp, 2);
    expect(week('tv', 1)).toBeCloseTo(g.periodos[0].grp_semana, 3);
    const [tv] = convertGrp({ release: RELEASE, ufs: ['RR'], intensidade: { tv: 0.1 } });
    expect(g.periodos[0].grp_semana).toBeCloseTo(tv.grp_semana, 3);
  });

  it('withholds the GRPs of a release before v2.0.0, with the reason', () => {
    const g = planGrp(scenario('v1.9.0'));
    expect('motivo' in g && g.motivo).toMatch(/sem propensões de exposição/);
  });
});

/** The GRP table as docs/model.md shows it ("GRPs"): per UF, each channel's GRPs a week at intensidade 0.1 and the intensity of 100 a week. */
function tableMarkdown(): string {
  const rows = openRelease(RELEASE).manifest.tabela_grp!;
  const canais = ['tv', 'radio', 'digital', 'exterior'];
  const lines = [`| UF | ${canais.join(' | ')} |`, `|---|${canais.map(() => '---').join('|')}|`];
  for (const uf of [...new Set(rows.map((r) => r.uf))]) {
    const cells = canais.map((c) => {
      const r = rows.find((x) => x.uf === uf && x.canal === c)!;
      return `${r.grp_semana_intensidade_0_1.toFixed(1)} (${r.intensidade_100_grp_semana === null ? '-' : r.intensidade_100_grp_semana.toFixed(3)})`;
    });
    lines.push(`| ${uf} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

describe('docs/model.md', () => {
  it('shows the release GRP table as the manifest has it', () => {
    const doc = readFileSync(projectPath('docs', 'model.md'), 'utf8');
    expect(doc, `docs/model.md ("GRPs") should hold:\n${tableMarkdown()}`).toContain(tableMarkdown());
  });
});
