// The job page's verdict in words (views/job.eta), right under the headline: what the findings'
// verdict (src/findings/veredito.ts, docs/findings.md "Verdict vocabulary") means for a person
// deciding with the numbers, and what the numbers rest on: the premises the model assumes and the
// published data it is fitted or anchored to (the findings' `premissas`, `fontes` and the
// release's `aviso`, src/findings/premises.ts). Typed by the verdict's own words and codes, so a
// new word must be said here.
import type { FindingsPage } from '../../src/findings/findings-page.js';
import type { ResultadoVeredito } from '../../src/findings/index.js';
import { RESULT_WORDS } from './result-words.js';

const RESULTADO: Record<ResultadoVeredito, string> = {
  robusto: 'Robusto: os números são estáveis entre as réplicas e os parâmetros do modelo vêm de uma calibração aprovada fora da amostra.',
  indicativo: 'Indicativo: os números são estáveis entre as réplicas, mas o modelo usa parâmetros não calibrados contra dados reais desta campanha: use como indicação, não como previsão.',
  instavel: 'Instável: algum número muda demais de uma réplica para outra (erro de Monte Carlo alto): rode mais réplicas antes de decidir com ele.',
  inconclusivo: 'Inconclusivo: com uma réplica só não dá para medir quanto os números mudariam numa nova rodada do modelo.',
};

export interface VerdictSource { credito: string; uso: string; url: string | null }

export interface VerdictWords {
  resultado: string;
  frase: string;
  motivos: string[];
  /** What the model assumes (set by hand, defaults, taken by analogy), for the job's measures. */
  premissas: string[];
  /** The published data the numbers rest on (the release's sources the premises name). */
  fontes: VerdictSource[];
  /** The release's notice. */
  aviso: string;
}

/** The verdict of a concluded simulation from its veredito table (every row: the job's first, then its checks). */
export function verdictWords(veredito: FindingsPage<'veredito'>): VerdictWords {
  const linha = veredito.linhas[0] as unknown as { resultado: string; motivo: string | null };
  const ids = new Set(veredito.premissas.flatMap((p) => p.dados));
  return {
    resultado: linha.resultado,
    frase: RESULTADO[linha.resultado as ResultadoVeredito] ?? linha.resultado,
    motivos: RESULT_WORDS.motivos(linha.motivo),
    premissas: [...new Set(veredito.premissas.flatMap((p) => p.assumidos))],
    fontes: veredito.fontes.filter((f) => ids.has(f.id)).map((f) => ({ credito: f.credito, uso: f.uso, url: f.url ?? null })),
    aviso: veredito.aviso,
  };
}
