// `campaign-sim grp` (cli/grp.ts): a week's plan between GRPs and intensities with the week's reach
// and frequency, the table and --json, and the round trip through the command; one line and exit 2
// for what it refuses.
import { describe, expect, it } from 'vitest';
import { convertGrp } from '../../../src/models/recepcao/plan-grp.js';
import { newestRelease } from '../../../src/release/release.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

describe('campaign-sim grp', () => {
  it('turns GRPs a week into intensities and back (--json), as convertGrp does', async () => {
    const a = await runCliCaptured('grp', '--release', 'v2.0.0', '--ufs', 'RR,AP', '--grp', 'tv=100,radio=40', '--idades', '20-59,60-', '--json');
    expect(a.code).toBe(0);
    const rows = JSON.parse(a.out) as { canal: string; intensidade: number; grp_semana: number }[];
    expect(rows).toEqual(convertGrp({ release: 'v2.0.0', ufs: ['RR', 'AP'], publico: { idades: [[20, 59], [60, null]] }, grp_semana: { tv: 100, radio: 40 } }));
    const plan = rows.map((r) => `${r.canal}=${r.intensidade}`).join(',');
    const b = await runCliCaptured('grp', '--release', 'v2.0.0', '--ufs', 'RR,AP', '--intensidade', plan, '--idades', '20-59,60-', '--json');
    const back = JSON.parse(b.out) as { canal: string; grp_semana: number }[];
    expect(Math.abs(back[0].grp_semana - 100) / 100).toBeLessThan(1e-6);
    expect(Math.abs(back[1].grp_semana - 40) / 40).toBeLessThan(1e-6);
  });

  it('prints a table by default', async () => {
    const r = await runCliCaptured('grp', '--ufs', 'RR', '--intensidade', 'tv=0.1', '--renda', '0,1', '--escolaridade', 'medio_completo');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^tv\s+0\.100000\s+\d+\.\d\d\s+\d+\.\d\s+\d+\.\d%\s+\d+\.\d\d$/m);
    // the week's reach and frequency as convertGrp states them
    const [row] = convertGrp({ release: newestRelease(), ufs: ['RR'], publico: { faixas_renda: [0, 1], niveis_instrucao: ['medio_completo'] }, intensidade: { tv: 0.1 } });
    expect(r.out).toContain(`${(100 * row.alcance_semana).toFixed(1)}%`.padStart(10) + row.frequencia_media_semana!.toFixed(2).padStart(12));
  });

  for (const [args, message] of [
    [['--ufs', 'RR'], /exactly one of --grp and --intensidade/],
    [['--ufs', 'RR', '--grp', 'tv=5000'], /out of reach/],
    [['--ufs', 'RR', '--grp', 'tv'], /canal=número/],
    [['--ufs', 'RR', '--grp', 'cinema=10'], /unknown channel cinema/],
    [['--ufs', 'RR', '--intensidade', 'tv=1.5'], /above 1/],
    [['--ufs', 'XX', '--grp', 'tv=10'], /XX is not a UF/],
    [['--ufs', 'RR', '--idades', '21-30', '--grp', 'tv=10'], /publico.idades/],
    [['--ufs', 'RR', '--idades', 'jovens', '--grp', 'tv=10'], /5-year range/],
    [['--ufs', 'RR', '--renda', '7', '--grp', 'tv=10'], /faixas_renda/],
    [['--ufs', 'RR', '--release', 'v1.9.0', '--grp', 'tv=10'], /sem propensões de exposição/],
  ] as const) {
    it(`refuses ${args.join(' ')} in one line, exit 2`, async () => {
      const r = await runCliCaptured('grp', ...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    });
  }
});
