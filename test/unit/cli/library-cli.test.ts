// `campaign-sim library` through the real CLI entry (runCli): the templates (list, a template
// filled for a place) and the published Pix case of the newest release, read from the release,
// never recomputed.
import { describe, expect, it } from 'vitest';
import { readExposureCaseDocument } from '../../../src/release/exposure-case-file.js';
import { readMidiaCase } from '../../../calibration/midia/midia-case-file.js';
import { readPixCase } from '../../../src/release/pix-case-file.js';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import { TEMPLATES } from '../../../library/templates.js';
import { newestRelease, openRelease } from '../../../src/release/release.js';
import { runCliCaptured as run } from '../../fixtures/run-cli.js';

describe('campaign-sim library case', () => {
  it('pix --json prints the case of the fit the newest release carries, as stored', async () => {
    const r = await run('library', 'case', 'pix', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(readPixCase(openRelease(newestRelease()).manifest.calibracao_pix!.release));
  });

  it('pix prints a table with a line per UF and the Banco Central credit', async () => {
    const r = await run('library', 'case', 'pix');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => /^[A-Z]{2} {2}(passou|reprovado_declarado|nao_pontuado)/.test(l))).toHaveLength(27);
    expect(r.out).toContain('Banco Central do Brasil');
  });

  it('midia --json prints the midia case of the internet fit the newest release carries, as stored; without --json a table of margins', async () => {
    const r = await run('library', 'case', 'midia', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(readMidiaCase(newestRelease()));
    const t = await run('library', 'case', 'midia');
    expect(t.code).toBe(0);
    expect(t.out).toContain('pnad2023/regiao/Nordeste');
    expect(t.out).toMatch(/UF DF (passou|reprovado_declarado)/);
    const old = await run('library', 'case', 'midia', '--release', 'v1.4.0');
    expect(old.code).toBe(2);
    expect(old.err).toContain('release v1.4.0 has no midia case');
  });

  it('exposicao prints the newest release\'s exposure fit (v2.0.0 on): its margins, fitted and held out', async () => {
    const r = await run('library', 'case', 'exposicao', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(readExposureCaseDocument(newestRelease()));
    const t = await run('library', 'case', 'exposicao');
    expect(t.out).toContain('tv/semana');
    expect(t.out).toMatch(/fora_da_amostra +radio\/7dias/);
    const old = await run('library', 'case', 'exposicao', '--release', 'v1.9.0');
    expect(old.code).toBe(2);
    expect(old.err).toContain('release v1.9.0 has no exposure case');
  });

  it('an unknown case, or a release without a fit, is refused in one line with exit 2', async () => {
    const a = await run('library', 'case', 'vacina');
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/^campaign-sim: not_found: no case vacina; the library has: pix, midia, exposicao\n$/);
    const b = await run('library', 'case', 'pix', '--release', 'v1.0.0');
    expect(b.code).toBe(2);
    expect(b.err).toContain('release v1.0.0 has no Pix case');
  });
});

describe('campaign-sim library list / template', () => {
  it('list prints every template and the cases; --json is the API document', async () => {
    const r = await run('library', 'list');
    expect(r.code).toBe(0);
    for (const t of TEMPLATES) expect(r.out).toContain(t.id);
    expect(r.out).toContain('pix');
    const j = await run('library', 'list', '--json');
    expect(JSON.parse(j.out).modelos).toHaveLength(TEMPLATES.length);
  });

  it('template --municipio --pedido prints a scenario the contract accepts', async () => {
    const r = await run('library', 'template', 'festival-cultural', '--municipio', '1400100', '--pedido');
    expect(r.code).toBe(0);
    const pedido = validateScenario(JSON.parse(r.out));
    expect(pedido.geografia).toEqual({ ufs: ['RR'], municipios: ['1400100'] });
  });

  it('an unknown template or a bad place is refused in one line with exit 2', async () => {
    const a = await run('library', 'template', 'nao-existe');
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/^campaign-sim: not_found: no template nao-existe/);
    const b = await run('library', 'template', 'festival-cultural', '--uf', 'XX');
    expect(b.code).toBe(2);
    expect(b.err).toContain('uf[0]');
  });
});
