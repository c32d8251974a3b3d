// The job page's verdict in words (views/job.eta), first on the page: what the findings' verdict
// (src/findings/veredito.ts, docs/findings.md) means for a person deciding with the numbers.
// Keep in sync with ResultadoVeredito and the motivo codes of computeVerdict.
const RESULTADO: Record<string, string> = {
  robusto: 'Robusto: os números se sustentam (erro de Monte Carlo pequeno, parâmetros calibrados).',
  indicativo: 'Indicativo: os números são estáveis entre as réplicas, mas os parâmetros não foram calibrados contra dados reais: use como indicação, não como previsão.',
  fragil: 'Frágil: o erro de Monte Carlo é grande demais em algum KPI ou canal: rode mais réplicas antes de decidir com estes números.',
  inconclusivo: 'Inconclusivo: com uma réplica só não dá para medir o erro dos números.',
};
const MOTIVO: Record<string, string> = {
  replica_unica: 'uma réplica só',
  erro_monte_carlo_kpi: 'erro de Monte Carlo alto num KPI',
  contribuicao_indistinguivel: 'contribuição de um canal indistinguível de zero',
  parametros_nao_calibrados: 'parâmetros não calibrados',
};

export interface VerdictWords { resultado: string; frase: string; motivos: string[] }

/** The verdict row of the veredito table (verificacao 'resultado'): its result and its motivo codes, comma-separated. */
export function verdictWords(resultado: string, motivo: string | null): VerdictWords {
  const motivos = (motivo ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '').map((m) => MOTIVO[m] ?? m);
  return { resultado, frase: RESULTADO[resultado] ?? resultado, motivos };
}
