// `campaign-sim library case` through the real CLI entry (runCli): the published Pix case of the
// newest release, read from the release, never recomputed.
import { describe, expect, it } from 'vitest';
import { readPixCase } from '../../../calibration/pix/pix-case-file.js';
import { newestRelease } from '../../../src/release/release.js';
import { runCliCaptured as run } from '../../fixtures/run-cli.js';

describe('campaign-sim library case', () => {
  it('pix --json prints the case of the newest release as stored', async () => {
    const r = await run('library', 'case', 'pix', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(readPixCase(newestRelease()));
  });

  it('pix prints a table with a line per UF and the Banco Central credit', async () => {
    const r = await run('library', 'case', 'pix');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => /^[A-Z]{2}  (passou|reprovado_declarado|nao_pontuado)/.test(l))).toHaveLength(27);
    expect(r.out).toContain('Banco Central do Brasil');
  });

  it('an unknown case, or a release without a fit, is refused in one line with exit 2', async () => {
    const a = await run('library', 'case', 'vacina');
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/^campaign-sim: not_found: no case vacina; the library has: pix\n$/);
    const b = await run('library', 'case', 'pix', '--release', 'v1.0.0');
    expect(b.code).toBe(2);
    expect(b.err).toContain('release v1.0.0 has no Pix case');
  });
});
