// The real model of a calibration round: the scenario simulated with the candidate's parameters
// over days 1 .. last holdout day, at busca.replicas, its `plano` replicas aligned to the series
// (align.ts). Every round keeps cenario.grupo_comparacao, so all rounds share random numbers.

import type { Scenario } from '../src/contract/types.js';
import { defaultParameters } from '../src/plan/default-parameters.js';
import type { ModelParameters, Release } from '../src/release/types.js';
import type { ReplicaResult } from '../src/pool/replica-result.js';
import { alignReplicaResults } from './align.js';
import { applyCandidate } from './parameters.js';
import { periodDays } from './periods.js';
import type { ModelFactory } from './run.js';
import { seriesUnits, type CheckedSeries } from './series.js';

/** What a round runs: the engine (engine.ts, engineSimulate), or a stand-in in unit tests. Same shape as src/simulate.ts's simulate(). */
export type SimulateFn = (
  scenario: Scenario,
  opts: { release: Release; threads?: number; parametros?: ModelParameters; signal?: AbortSignal },
) => Promise<{ variantes: Record<string, ReplicaResult[]> }>;

/** Days a round simulates: 1 .. the last day of the holdout (or of the window, if later). */
export function roundDays(pedido: { janela: { fim: number }; holdout: { fim: number }; cenario: Scenario }, g: CheckedSeries['granularidade']): number {
  const last = Math.max(pedido.janela.fim, pedido.holdout.fim);
  return Math.max(1, periodDays(last, g, pedido.cenario.horizonte.data_inicio)[1]);
}

/**
 * The scenario a round runs: horizon cut to `dias`, busca.replicas, no answer contract or
 * per-tract output, channel periods clipped to the horizon, and the series' weighting areas added
 * to geografia.aps when the series is by area (the simulation then reports those units).
 */
export function roundScenario(cenario: Scenario, dias: number, replicas: number, series: CheckedSeries): Scenario {
  const s: Scenario = {
    ...cenario,
    horizonte: { ...cenario.horizonte, dias },
    replicas,
    contrato_de_resposta: null,
    saida_por_setor: false,
  };
  if (cenario.canais) {
    s.canais = cenario.canais.filter((c) => c.dia_inicio <= dias).map((c) => ({ ...c, dia_fim: Math.min(c.dia_fim, dias) }));
  }
  if (series.unidade === 'area_ponderacao') {
    const aps = new Set([...(cenario.geografia.aps ?? []), ...seriesUnits(series)]);
    const geografia = { ...cenario.geografia, aps: [...aps].sort() };
    if (cenario.geografia.municipios) {
      geografia.municipios = [...new Set([...cenario.geografia.municipios, ...[...aps].map((a) => a.slice(0, 7))])].sort();
    }
    s.geografia = geografia;
  }
  return s;
}

/** The plano replicas of a simulate() answer. */
function planoReplicas(out: { variantes: Record<string, ReplicaResult[]> }): ReplicaResult[] {
  const plano = out.variantes.plano ?? [];
  if (plano.length === 0) throw new Error('the simulation returned no plano replica');
  return plano;
}

/** The calibration model over the real simulation. */
export function simulationModel(simulate: SimulateFn): ModelFactory {
  return ({ pedido, release, series, dims, threads, signal }) => {
    const dias = roundDays(pedido, series.granularidade);
    const replicas = pedido.busca.replicas ?? pedido.cenario.replicas;
    const medida = pedido.cenario.kpis[0];
    return async (x) => {
      const { parametros, cenario } = applyCandidate(pedido, defaultParameters(release.manifest, pedido.cenario.familia), dims, x);
      const out = await simulate(roundScenario(cenario, dias, replicas, series), { release, threads, parametros, signal });
      return alignReplicaResults(planoReplicas(out), series, { dataInicio: cenario.horizonte.data_inicio, dias, medida });
    };
  };
}
