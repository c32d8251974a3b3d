// The midia case files are reproducible bit for bit from what they record (the counts of persons
// per cell, the built population's margins) and data/br/midia: the fit and every scored margin are
// recomputed. v1.5.0's is edition 1 as published; v1.6.0's edition 2 scores the PBM's daily
// internet use by schooling on the same persons and the same fit; v1.7.0's is v1.6.0's rebuilt for
// its release (the Pix refit's persons), v1.8.0's v1.7.0's and v1.9.0's v1.8.0's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMidiaCase, caseEdition, midiaCaseJson } from '../../calibration/midia/midia-case.js';
import { readMidiaCase } from '../../calibration/midia/midia-case-file.js';
import { midiaCasePath } from '../../src/population/internet-fit-file.js';
import { openRelease } from '../../src/release/release.js';
import { projectPath } from '../../src/project-path.js';

describe.each(['v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0'])('midia case (data/releases/%s/caso-midia.json)', (release) => {
  it('is rebuilt bit for bit from its counts and the survey files', () => {
    const stored = readMidiaCase(release)!;
    const again = buildMidiaCase(release, stored.internet.contagens.release, Float64Array.from(stored.internet.contagens.pessoas), stored.populacao);
    expect(midiaCaseJson(again)).toBe(readFileSync(projectPath(midiaCasePath(release)), 'utf8'));
  });

  it('is the fit the release draws internet use from, and credits the surveys', () => {
    const m = openRelease(release).manifest;
    expect(m.gerador.internet_conjunta).toBe(true);
    expect(m.fontes.map((f) => f.id)).toEqual(expect.arrayContaining(['pnad_tic_2023', 'tic_domicilios']));
    const stored = readMidiaCase(release)!;
    // The fitted PNAD margins (region, area) within 3 pp, the fitted TIC ones within 5 pp of the shifted values.
    for (const g of stored.internet.margens.filter((x) => x.uso === 'ajuste')) expect(Math.abs(g.erro_pp)).toBeLessThanOrEqual(g.limite_pp);
  });
});

describe('midia case editions', () => {
  it('v1.6.0 shares v1.5.0 persons and fit: the same counts and coefficients', () => {
    const a = readMidiaCase('v1.5.0')!, b = readMidiaCase('v1.6.0')!;
    expect(caseEdition('v1.5.0')).toBe(1);
    expect(caseEdition('v1.6.0')).toBe(2);
    expect(b.internet.contagens).toEqual(a.internet.contagens);
    expect(b.internet.coeficientes).toEqual(a.internet.coeficientes);
  });

  it.each([['v1.6.0', 'v1.7.0'], ['v1.7.0', 'v1.8.0'], ['v1.8.0', 'v1.9.0']])('%s and %s share persons, fit and scores', (older, newer) => {
    const a = readMidiaCase(older)!, b = readMidiaCase(newer)!;
    expect(caseEdition(newer)).toBe(2);
    // the release measured on is named twice: the case's and its population's
    expect({ ...b, release: a.release, populacao: { ...b.populacao!, release: a.populacao!.release } }).toEqual(a);
  });

  it('edition 2 scores the PBM daily internet use by schooling, held out, and says what the data hold', () => {
    const c = readMidiaCase('v1.6.0')!;
    const pbm = c.habitos!.margens.filter((x) => x.eixo === 'escolaridade');
    expect(pbm.map((x) => [x.publicado, x.uso])).toEqual([[72, 'fora_da_amostra'], [5, 'fora_da_amostra']]);
    expect(c.agregados.eixos.some((e) => e.medida === 'internet_diaria' && e.eixo === 'escolaridade')).toBe(true);
    expect(c.aviso).toMatch(/internet use by schooling/);
    expect(c.aviso).not.toMatch(/publishes no daily use by age or schooling/);
    expect(readMidiaCase('v1.5.0')!.aviso).toMatch(/publishes no daily use by age or schooling/);
  });
});
