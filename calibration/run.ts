// runCalibration: series intake -> search -> identifiability -> final round -> verdict
// (DESIGN 6). Rounds made = search candidates + 2 per free dimension + 1 = countRounds(), the
// `rodadas` of the quote. Every round runs the model with the same grupo_comparacao, so all
// candidates share their random numbers (CRN) and loss differences come from the parameters.
// The result is never worse than the best round evaluated (final-round.ts), and busca.historico
// records every round so that can be checked.

import type { CalibrationBody, CalibrationRequest, Scenario } from '../src/contract/types.js';
import { defaultParameters } from '../src/plan/default-parameters.js';
import type { ModelParameters, Release } from '../src/release/types.js';
import { applyCandidate, countCandidates, freeDimensions, type Dimension } from './parameters.js';
import { checkSeries, type CheckedSeries } from './series.js';
import { meanBlockMape, reportLoss, type SeriesLayout } from './loss.js';
import { bestOf, rankLoss, runSearch, type Evaluation } from './search.js';
import { analyseIdentifiability, perturbationPoints, type Fixado, type Grupo } from './identifiability.js';
import { finalRoundPoint, settleFixados } from './final-round.js';
import { historyEntry, type PapelRodada, type RodadaHistorico } from './history.js';
import { forecastBass, forecastLogTrend, forecastPersistence, type BaselineInput } from './baselines.js';
import { spatialHoldoutUnits } from './spatial-holdout.js';
import { judgeCalibration, type Veredito } from './verdict.js';
import { inRange, periodDays } from './periods.js';

/** A model for the calibration: candidate values (dimension order) -> [block][period] values laid out as the series. */
export type CalibrationModel = (x: number[]) => Promise<Float64Array>;

export interface ModelContext {
  pedido: CalibrationRequest;
  release: Release;
  series: CheckedSeries;
  dims: Dimension[];
  threads?: number;
  signal?: AbortSignal;
}

export type ModelFactory = (ctx: ModelContext) => CalibrationModel | Promise<CalibrationModel>;

export interface RunCalibrationOptions {
  release: Release;
  threads?: number;
  onProgress?: (roundsDone: number, rounds: number) => void;
  signal?: AbortSignal;
  /** The model the rounds run; the real simulation (simulationModel) in the library, an analytic one in unit tests. */
  model: ModelFactory;
  /** Attempt number for the verdict (default 1). */
  tentativa?: number;
}

export interface ParametroCalibrado {
  parametro: string;
  valor: number;
  min: number;
  max: number;
  passo: number | null;
  na_borda: boolean;
}

/** The spec's calibration result, plus the calibrated scenario and its model parameters. */
export interface CalibrationResult {
  veredito: Veredito;
  identificabilidade: { livres: string[]; fixados: Fixado[]; grupos: Grupo[] };
  busca: {
    metodo: CalibrationRequest['busca']['metodo'];
    avaliados: number;
    perda_janela: number | null;
    /** Every round in the order run (search, identifiability, the last round); this project's addition to the spec's keys. */
    historico: RodadaHistorico[];
  };
  parametros: ParametroCalibrado[];
  /** The request's scenario with the calibrated launch day (when dia_lancamento was free). */
  cenario: Scenario;
  /** The full model parameters of the chosen candidate: what lancamento.cenario_base calibracao runs with. */
  parametros_modelo: ModelParameters;
  release: string;
  /** The platform's hash of the series rows (from validateCalibrationRequest), null when the body had none. */
  serie_sha256: string | null;
  rodadas: number;
  holdout_espacial: { metodo: 'plataforma' | 'cliente' | 'nenhum'; unidades: string[] };
}

/** A round with its output (the [block][period] model values) and its 1-based number. */
interface ScoredRound {
  x: number[];
  loss: number;
  out: Float64Array;
  rodada: number;
}

/** Whether a value sits on its range's edge: within half a passo, or 1% of the range without passo. */
function onEdge(d: Dimension, v: number): boolean {
  const tol = d.passo !== undefined ? d.passo / 2 : (d.max - d.min) / 100;
  return v - d.min <= tol + 1e-12 || d.max - v <= tol + 1e-12;
}

/**
 * Runs a calibration. Pass a body from validateCalibrationRequest (src/contract): this function
 * checks the series rows again (it lays them out) but not the request's own rules.
 */
export async function runCalibration(body: CalibrationBody, opts: RunCalibrationOptions): Promise<CalibrationResult> {
  const { release, signal } = opts;
  const pedido = body.pedido;
  const series = checkSeries(body.serie, pedido, release);
  const dims = freeDimensions(pedido, release);
  const candidatos = countCandidates(pedido, dims);
  const rounds = candidatos + 2 * dims.length + 1;
  const heldOut = new Set(spatialHoldoutUnits(pedido, series));

  const layout: SeriesLayout = { nBlocks: series.blocks.length, nPeriods: series.periods.length };
  const training = series.blocks.map((b, i) => (heldOut.has(b.unidade) ? -1 : i)).filter((i) => i >= 0);
  const spatial = series.blocks.map((b, i) => (heldOut.has(b.unidade) ? i : -1)).filter((i) => i >= 0);
  const janela = series.periods.map((p, i) => (inRange(p, pedido.janela) ? i : -1)).filter((i) => i >= 0);
  const holdout = series.periods.map((p, i) => (inRange(p, pedido.holdout) ? i : -1)).filter((i) => i >= 0);
  const allPeriods = series.periods.map((_, i) => i);

  const model = await opts.model({ pedido, release, series, dims, threads: opts.threads, signal });
  const historico: RodadaHistorico[] = [];
  // The best round so far (earliest on ties) with its output, whose holdout the verdict judges
  // when the last round does not improve on it.
  const top: { best: ScoredRound | null } = { best: null };
  opts.onProgress?.(0, rounds);
  const score = async (x: number[], papel: PapelRodada): Promise<{ loss: number; out: Float64Array }> => {
    signal?.throwIfAborted();
    const out = await model(x);
    const loss = meanBlockMape(series.observed, out, layout, training, janela);
    historico.push(historyEntry(dims, historico.length + 1, papel, x, loss));
    if (top.best === null || rankLoss(loss) < rankLoss(top.best.loss)) top.best = { x, loss, out, rodada: historico.length };
    opts.onProgress?.(historico.length, rounds);
    return { loss, out };
  };

  const evals = await runSearch({
    metodo: pedido.busca.metodo,
    dims,
    candidatos,
    seed: pedido.cenario.grupo_comparacao,
    evaluate: async (x) => (await score(x, 'busca')).loss,
    signal,
  });
  const bestSearch = bestOf(evals);
  const perturbed: Evaluation[] = [];
  for (const x of perturbationPoints(dims, bestSearch.x)) perturbed.push({ x, loss: (await score(x, 'identificabilidade')).loss });
  const ident = analyseIdentifiability(dims, bestSearch, perturbed, [...evals, ...perturbed]);
  const before = top.best!;
  const tried = finalRoundPoint(dims, before.x, ident.fixados);
  const last = await score(tried, 'reavaliacao');
  if (historico.length !== rounds) throw new Error(`calibration made ${historico.length} rounds, expected ${rounds}`);
  // Not worse than the best evaluated: kept; else the best evaluated stands.
  const kept: ScoredRound = rankLoss(last.loss) <= rankLoss(before.loss)
    ? { x: tried, loss: last.loss, out: last.out, rodada: historico.length }
    : before;
  historico[kept.rodada - 1].escolhida = true;
  const fixados = settleFixados(dims, ident.fixados, kept.x, { x: tried, loss: last.loss }, before);

  const baselineInput: BaselineInput = {
    observed: series.observed,
    layout,
    medida: series.medida,
    spans: series.periods.map((p) => periodDays(p, series.granularidade, pedido.cenario.horizonte.data_inicio)),
    blocks: training,
    janela,
    holdout,
  };
  const holdoutMape = (forecast: Float64Array) => meanBlockMape(series.observed, forecast, layout, training, holdout);
  const veredito = judgeCalibration({
    janela: kept.loss,
    holdout: holdoutMape(kept.out),
    espacial: spatial.length > 0 ? meanBlockMape(series.observed, kept.out, layout, spatial, allPeriods) : null,
    persistencia: holdoutMape(forecastPersistence(baselineInput)),
    bass: holdoutMape(forecastBass(baselineInput).forecast),
    tendencia_log: holdoutMape(forecastLogTrend(baselineInput)),
  }, opts.tentativa ?? 1);

  const chosen = applyCandidate(pedido, defaultParameters(release.manifest, pedido.cenario.familia), dims, kept.x);
  const livres = new Set(ident.livres);
  return {
    veredito,
    identificabilidade: { livres: ident.livres, fixados, grupos: ident.grupos },
    busca: { metodo: pedido.busca.metodo, avaliados: evals.length, perda_janela: reportLoss(kept.loss), historico },
    parametros: dims.flatMap((d, i) => (livres.has(d.nome) ? [{
      parametro: d.nome,
      valor: kept.x[i],
      min: d.min,
      max: d.max,
      passo: d.passo ?? null,
      na_borda: onEdge(d, kept.x[i]),
    }] : [])),
    cenario: chosen.cenario,
    parametros_modelo: chosen.parametros,
    release: pedido.cenario.release,
    serie_sha256: body.serie_sha256 ?? null,
    rodadas: rounds,
    holdout_espacial: { metodo: pedido.holdout_espacial?.metodo ?? 'nenhum', unidades: [...heldOut] },
  };
}

/**
 * Model parameters a scenario with lancamento.cenario_base calibracao runs with: the stored
 * result's parametros_modelo (a copy), for compilePlan / simulate's `parametros`.
 */
export function calibratedParameters(result: Pick<CalibrationResult, 'parametros_modelo'>): ModelParameters {
  const p = result.parametros_modelo;
  return { ...p, pesos_canais: { ...p.pesos_canais }, deslocamento_porte: [...p.deslocamento_porte] };
}
