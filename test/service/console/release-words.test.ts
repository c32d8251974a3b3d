// The release's notice and sources as the console and the playground say them
// (service/console/release-words.ts, verdict-words.ts): Portuguese for every offered release and
// every credited source, with no refused English word and no repository path (the checks of the
// browser walks, page-checks.ts); a result whose release is no longer offered shows the English
// its result stored, marked as the original text; the codes inside the API's Portuguese in words
// or marked as code (RESULT_WORDS.daApi, codigosMarcados).
import { describe, expect, it } from 'vitest';
import { releaseWords } from '../../../service/console/release-words.js';
import { RESULT_WORDS } from '../../../service/console/result-words.js';
import { verdictWords } from '../../../service/console/verdict-words.js';
import { validateScenario } from '../../../src/contract/index.js';
import { findingsPage } from '../../../src/findings/findings-page.js';
import { listReleases, releaseManifest } from '../../../src/release/release.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { syntheticResult } from '../routes/synthetic-result.js';
import { englishWords, repositoryPaths } from './page-checks.js';

describe('the release\'s words on the console', () => {
  it('says every offered release\'s notice and every source it credits in Portuguese, without English or a repository path', () => {
    for (const v of listReleases()) {
      const words = releaseWords(v);
      const texts = [words.aviso!, ...releaseManifest(v).fontes.flatMap((f) => [words.fontes[f.id].credito, words.fontes[f.id].uso])];
      expect(englishWords(texts), v).toEqual([]);
      expect(repositoryPaths(texts), v).toEqual([]);
    }
  });

  it('shows the verdict\'s notice and sources in Portuguese, and a release no longer offered by the English its result stored', () => {
    const { result } = syntheticResult(validateScenario(httpScenario()));
    const veredito = findingsPage(result, 'veredito');
    const w = verdictWords(veredito, releaseWords(result.release));
    expect(w.avisoOriginal).toBe(false);
    expect(w.aviso).toMatch(/^População sintética: /);
    expect(w.fontes.length).toBeGreaterThan(0);
    expect(w.fontes.every((f) => !f.original)).toBe(true);
    expect(w.fontes.map((f) => f.uso)).not.toContain(veredito.fontes[0].uso);

    const gone = verdictWords(veredito, releaseWords('v0.9.0'));
    expect(gone.avisoOriginal).toBe(true);
    expect(gone.aviso).toBe(veredito.aviso);
    // a source no longer in the sources file keeps the stored English, marked as such
    const renamed = (id: string) => `${id}_antiga`;
    const old = verdictWords({
      ...veredito, fontes: veredito.fontes.map((f) => ({ ...f, id: renamed(f.id) })),
      premissas: veredito.premissas.map((p) => ({ ...p, dados: p.dados.map(renamed) })),
    }, releaseWords('v0.9.0'));
    const named = new Set(veredito.premissas.flatMap((p) => p.dados));
    expect(old.fontes.map((f) => [f.uso, f.original])).toEqual(veredito.fontes.filter((f) => named.has(f.id)).map((f) => [f.uso, true]));
  });

  it('says the codes inside the API\'s Portuguese in words (KPI: indicador), and marks as code the ones a page leaves', () => {
    for (const v of listReleases()) expect(releaseWords(v).aviso, v).not.toMatch(/parametros_pix|cenario_base|nao_calibrado|\bKPI/);
    expect(RESULT_WORDS.daApi(' Os parâmetros de adoção (parametros_pix) são fixados à mão: as simulações de adoção com cenario_base pix dizem nao_calibrado.'))
      .toBe(' Os parâmetros de adoção são fixados à mão: as simulações de adoção com cenário base Pix dizem “não calibrado”.');
    const { result } = syntheticResult(validateScenario(httpScenario()));
    const descricoes = (['veredito', 'saturacao', 'contribuicao'] as const).flatMap((t) => Object.values(findingsPage(result, t).descricao));
    // what a page reads of them: the text outside code type
    const read = (d: string) => RESULT_WORDS.codigosMarcados(RESULT_WORDS.daApi(d)).replace(/<code>[^<]*<\/code>/g, '');
    expect(englishWords(descricoes)).not.toEqual([]);
    expect(englishWords(descricoes.map(read))).toEqual([]);
    expect(RESULT_WORDS.codigosMarcados('pesos_canais e idade_minima_adocao fixados; 2 < 3 & "b"'))
      .toBe('<code>pesos_canais</code> e <code>idade_minima_adocao</code> fixados; 2 &lt; 3 &amp; &quot;b&quot;');
  });
});
