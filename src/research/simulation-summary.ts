// The short summary of a run (Simulation.summary(), `campaign-sim simulate --json` and its table):
// the run's figures, the published totals at the horizon and the published weekly curves.
import type { JobTotals } from '../findings/job-totals.js';
import type { WeeklyCurve } from '../findings/weekly-curves.js';
import type { SimulationJob } from '../run-simulation-job.js';

/** The run's figures, the job's published totals at the horizon and the published weekly curves of the KPIs. */
export function summarise({ result, execucao: e }: SimulationJob, totals: JobTotals, curves: readonly WeeklyCurve[]) {
  const curvas: Record<string, Record<string, number[]>> = {};
  for (const c of curves) (curvas[c.variante] ??= {})[c.medida] = c.valores.map(Math.round);
  return {
    release: result.cenario.release,
    familia: result.cenario.familia,
    pessoa_dias: e.pessoa_dias,
    segundos: Number(e.segundos.toFixed(3)),
    preparo_segundos: Number(e.preparo_segundos.toFixed(3)),
    pessoa_dias_por_segundo: Math.round(e.pessoa_dias / e.segundos),
    threads: e.threads,
    shards: e.shards,
    tarefas_simultaneas: e.tarefasSimultaneas,
    semanas: result.semanas,
    unidades: result.unidades.length,
    replicas: result.replicas,
    populacao_unidades: totals.populacao,
    variantes: totals.variantes,
    curvas,
    ...(result.plano_grp ? { plano_grp: result.plano_grp } : {}),
  };
}
export type SimulationSummary = ReturnType<typeof summarise>;
