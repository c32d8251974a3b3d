// The job page's verdict in words (views/job.eta), first on the page: what the findings' verdict
// (src/findings/veredito.ts, docs/findings.md "Verdict vocabulary") means for a person deciding
// with the numbers. Typed by the verdict's own words and codes, so a new word must be said here.
import type { MotivoVeredito, ResultadoVeredito } from '../../src/findings/veredito.js';

const RESULTADO: Record<ResultadoVeredito, string> = {
  robusto: 'Robusto: os números são estáveis entre as réplicas e os parâmetros vêm de uma calibração aprovada fora da amostra.',
  indicativo: 'Indicativo: os números são estáveis entre as réplicas, mas repousam em parâmetros não calibrados contra dados reais (veja as premissas de cada tabela): use como indicação, não como previsão.',
  instavel: 'Instável: o erro de Monte Carlo é grande demais em algum KPI ou canal: rode mais réplicas antes de decidir com estes números.',
  inconclusivo: 'Inconclusivo: com uma réplica só não dá para medir o erro dos números.',
};
const MOTIVO: Record<MotivoVeredito, string> = {
  replica_unica: 'uma réplica só',
  erro_monte_carlo_kpi: 'erro de Monte Carlo alto num KPI',
  contribuicao_indistinguivel: 'contribuição de um canal indistinguível de zero',
  contribuicao_negativa: 'um canal reduz uma medida no modelo (a tabela veredito diz por quê)',
  parametros_nao_calibrados: 'parâmetros não calibrados',
};

export interface VerdictWords { resultado: string; frase: string; motivos: string[] }

/** The verdict row of the veredito table (verificacao 'resultado'): its result and its motivo codes, comma-separated. */
export function verdictWords(resultado: string, motivo: string | null): VerdictWords {
  const motivos = (motivo ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '').map((m) => MOTIVO[m as MotivoVeredito] ?? m);
  return { resultado, frase: RESULTADO[resultado as ResultadoVeredito] ?? resultado, motivos };
}
