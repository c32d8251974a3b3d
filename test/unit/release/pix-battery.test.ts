// A release's parametros_pix are calibrado only when its Pix case passes the battery in force
// (issue 57): v1.4.0's case, approved under the weaker battery of its time, and v1.5.0, which
// carries it, are judged again from the case's recorded scores; the case file keeps its bytes and
// its own recorded verdict, and the label says under which battery and why.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgePixCase, PIX_BATERIA, PIX_TARGETS, targetsMet } from '../../../src/release/pix-battery.js';
import { pixCasePath, readPixCase } from '../../../src/release/pix-case-file.js';
import { listReleases, releaseManifest, releaseSummaries } from '../../../src/release/release.js';
import { projectPath } from '../../../src/project-path.js';

describe('the Pix battery in force', () => {
  it('re-judges v1.4.0 and v1.5.0: recorded aprovada, labelled reprovada by the battery in force, saying which targets and why', () => {
    for (const release of ['v1.4.0', 'v1.5.0']) {
      const c = releaseManifest(release).calibracao_pix!;
      expect(c).toMatchObject({ release: 'v1.4.0', veredito_do_caso: 'aprovada', veredito: 'reprovada', bateria: PIX_BATERIA.id });
      expect(c.motivo).toContain(`bateria ${PIX_BATERIA.id} (em vigor desde ${PIX_BATERIA.desde}`);
      expect(c.motivo).toContain('embora o próprio caso se tenha declarado aprovado na bateria do seu tempo');
      // measured and missed: the worst UF in sample (RR 14.7%) and the median holdout (2.4%)
      expect(c.motivo).toContain('mape_pior_janela 0,147 acima de 0,1');
      expect(c.motivo).toContain('mape_mediana_holdout 0,024 acima de 0,02');
      // not measured by a case of that time: the log-trend reference, the long split, the municipal test
      expect(c.motivo).toMatch(/não medidos pelo caso: .*ufs_melhores_que_as_tres_referencias.*mape_mediana_longo.*spearman_municipios/);
      expect(releaseManifest(release).aviso).toContain('do not pass the out-of-sample battery in force, pix-2 (the case passed the targets of its time');
    }
    expect(releaseSummaries().filter((s) => s.versao === 'v1.4.0' || s.versao === 'v1.5.0').map((s) => s.calibrado)).toEqual([false, false]);
  });

  it('computes the label from the recorded scores, never from a list of releases', () => {
    const caso = readPixCase('v1.4.0')!;
    const all = Object.fromEntries(Object.entries(PIX_TARGETS).map(([k, v]) => [k, v])) as Record<string, number>;
    const passing = { ...all, spearman_municipios_referencia: 0.5 };
    expect(judgePixCase('vX', passing, 'aprovada')).toMatchObject({ veredito: 'aprovada', bateria: 'pix-2' });
    // the same scores with the case's own verdict reprovada stay reprovada
    expect(judgePixCase('vX', passing, 'reprovada').motivo).toContain('o próprio caso se declarou reprovado');
    // v1.4.0's scores with the missing ones filled at their targets still miss two
    const filled = { ...passing, ...caso.agregados };
    expect(targetsMet(filled)).toMatchObject({ mape_pior_janela: false, mape_mediana_holdout: false, mape_pior_longo: true });
    // the Spearman must beat its reference even above the target
    expect(targetsMet({ spearman_municipios: 0.85, spearman_municipios_referencia: 0.9 }).spearman_municipios).toBe(false);
    expect(targetsMet({}).spearman_municipios).toBeNull();
  });

  it('leaves the case file as committed (its recorded verdict included); every release\'s label is its case judged now', () => {
    const sha = (release: string) => createHash('sha256').update(readFileSync(projectPath(pixCasePath(release)))).digest('hex');
    expect(sha('v1.4.0')).toBe('be1981883d1ce8508d5d9fea056e456c84ae0457377c21e9e2afb9a825fcbd8b');
    expect(readPixCase('v1.4.0')!.agregados.veredito).toBe('aprovada');
    for (const release of listReleases()) {
      const c = releaseManifest(release).calibracao_pix;
      if (c === null) continue;
      expect(c.veredito, release).toBe(judgePixCase(c.release, readPixCase(c.release)!.agregados, c.veredito_do_caso).veredito);
    }
  });
});
