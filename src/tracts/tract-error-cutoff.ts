// The diagnosis cutoff on the tract error: a modelled number of a tract is published only when
// its tract error was measured and is at most CORTE_ERRO; else null with one of these reasons.
// The city diagnosis (synthetic-tract-rows.ts) and the per-tract job output
// (src/findings/tract-events.ts) apply the same cutoff to the same measured error.

export const CORTE_ERRO = 0.5;
export const MOTIVOS_CORTE = ['erro_acima_do_corte', 'erro_nao_medido', 'sem_populacao_sintetica'] as const;
export type MotivoCorte = (typeof MOTIVOS_CORTE)[number];
