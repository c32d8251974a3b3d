// The Pix case file has one owner (src/release/pix-case-file.ts): what it reads, it writes back
// byte for byte, and a file that is not the release's case fails where it is read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgePixCase } from '../../../src/release/pix-battery.js';
import { checkPixCase, formatPixCase, pixCasePath, readPixCase, readPixFit } from '../../../src/release/pix-case-file.js';
import { projectPath } from '../../../src/project-path.js';

const CASES = ['v1.2.0', 'v1.4.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0', 'v2.1.0'];

describe('the Pix case file', () => {
  it.each(CASES)('of %s reads and formats back to the committed bytes', (release) => {
    const caso = readPixCase(release)!;
    expect(caso.release).toBe(release);
    expect(formatPixCase(caso)).toBe(readFileSync(projectPath(pixCasePath(release)), 'utf8'));
  });

  it('is absent for a release whose parameters were never fitted', () => {
    expect(readPixCase('v1.0.0')).toBeNull();
    expect(readPixFit('v1.0.0')).toBeNull();
  });

  it('gives the manifest the parameters, the verdict the case recorded and the case judged by the battery in force', () => {
    const caso = readPixCase('v1.4.0')!;
    expect(readPixFit('v1.4.0')).toEqual({
      parametros: caso.ajuste.parametros,
      calibracao: {
        caso: 'pix', release: 'v1.4.0', metodo: caso.ajuste.busca.metodo, veredito_do_caso: caso.agregados.veredito,
        ...judgePixCase('v1.4.0', caso.agregados, caso.agregados.veredito),
      },
    });
  });

  it('refuses a document that is not the release\'s case, naming the field', () => {
    const caso = JSON.parse(readFileSync(projectPath(pixCasePath('v1.4.0')), 'utf8'));
    expect(() => checkPixCase(caso, 'v1.2.0')).toThrow(/release is "v1.4.0"/);
    expect(() => checkPixCase({ ...caso, id: 'outro' }, 'v1.4.0')).toThrow(/id is "outro"/);
    expect(() => checkPixCase({ ...caso, agregados: { ...caso.agregados, veredito: 'calibrado' } }, 'v1.4.0')).toThrow(/agregados.veredito/);
    expect(() => checkPixCase({ ...caso, ajuste: { ...caso.ajuste, parametros: undefined } }, 'v1.4.0')).toThrow(/ajuste.parametros/);
    expect(() => checkPixCase({ ...caso, previsao: {} }, 'v1.4.0')).toThrow(/previsao is not an array/);
    expect(() => checkPixCase([], 'v1.4.0')).toThrow(/not a JSON object/);
    expect(checkPixCase(caso, 'v1.4.0')).toBe(caso);
  });
});
