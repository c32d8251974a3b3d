// The job page's verdict in words (views/job.eta), right under the headline: what the findings'
// verdict (src/findings/veredito.ts, docs/findings.md "Verdict vocabulary") means for a person
// deciding with the numbers, and what the numbers rest on: the premises the model assumes and the
// published data it is fitted or anchored to (the findings' `premissas`, `fontes` and the
// release's `aviso`, src/findings/premises.ts), the notice and the sources in Portuguese
// (release-words.ts; the findings carry the API's English). Typed by the verdict's own words and
// codes, so a new word must be said here. Reads no file: the playground's page runs it too.
import type { FindingsPage } from '../../src/findings/findings-page.js';
import type { ResultadoVeredito } from '../../src/findings/index.js';
import type { ReleaseWords } from './release-words.js';
import { RESULT_WORDS } from './result-words.js';

const RESULTADO: Record<ResultadoVeredito, string> = {
  robusto: 'Robusto: os números são estáveis entre as réplicas e os parâmetros do modelo vêm de uma calibração aprovada fora da amostra.',
  indicativo: 'Indicativo: os números são estáveis entre as réplicas, mas o modelo usa parâmetros não calibrados contra dados reais desta campanha: use como indicação, não como previsão.',
  instavel: 'Instável: algum número muda demais de uma réplica para outra (erro de Monte Carlo alto): rode mais réplicas antes de decidir com ele.',
  inconclusivo: 'Inconclusivo: com uma réplica só não dá para medir quanto os números mudariam numa nova rodada do modelo.',
};

/** A source the numbers rest on; `original`: its words are the English the result stored (no Portuguese for it). */
export interface VerdictSource { credito: string; uso: string; url: string | null; original: boolean }

export interface VerdictWords {
  resultado: string;
  frase: string;
  motivos: string[];
  /** What the model assumes (set by hand, defaults, taken by analogy), for the job's measures. */
  premissas: string[];
  /** The published data the numbers rest on (the release's sources the premises name). */
  fontes: VerdictSource[];
  /** The release's notice, in Portuguese; for a release no longer offered, the English its result stored. */
  aviso: string;
  /** True when `aviso` is that stored English text (the page says so and marks its language). */
  avisoOriginal: boolean;
}

/** The verdict of a concluded simulation from its veredito table (every row: the job's first, then its checks) and its release's words. */
export function verdictWords(veredito: FindingsPage<'veredito'>, release: ReleaseWords): VerdictWords {
  const linha = veredito.linhas[0] as unknown as { resultado: string; motivo: string | null };
  const ids = new Set(veredito.premissas.flatMap((p) => p.dados));
  return {
    resultado: linha.resultado,
    frase: RESULTADO[linha.resultado as ResultadoVeredito] ?? linha.resultado,
    motivos: RESULT_WORDS.motivos(linha.motivo),
    premissas: [...new Set(veredito.premissas.flatMap((p) => p.assumidos))].map(RESULT_WORDS.daApi),
    // a source no longer in the sources file (a release no longer offered) keeps the English its result stored
    fontes: veredito.fontes.filter((f) => ids.has(f.id)).map((f) => ({ ...(release.fontes[f.id] ?? { credito: f.credito, uso: f.uso }), url: f.url ?? null, original: !release.fontes[f.id] })),
    // a release no longer offered: its notice exists only as the English its result stored, shown as that
    aviso: release.aviso ?? veredito.aviso,
    avisoOriginal: release.aviso === null,
  };
}
