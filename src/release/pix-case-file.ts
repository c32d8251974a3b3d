// The Pix public case file, data/releases/<version>/caso-pix.json: its one owner (the format, its
// check and the reader; bench/pix.ts writes it, formatted by formatPixCase). calibration/pix/pix-case.ts builds the case and
// `npm run bench:pix` writes it; the release manifest takes parametros_pix and
// the case judged by the battery in force, which labels them (readPixFit), the library and the CLI read the whole case
// (readPixCase). A release without the file keeps hand-set parameters, labelled nao_calibrado.
// Lives in src/release/, the lowest stage that reads it (the manifests).
import { host } from '../platform/host.js';
import { judgePixCase } from './pix-battery.js';
import type { CalibracaoPix, ModelParameters, UfCode } from './types.js';

/** The form of a(t): the log-linear line (cases before v2.1.0) or its bounded logit form (calibration/pix/pix-activity.ts). */
export const FORMAS_ATIVIDADE = ['log', 'logit_log'] as const;
export type FormaAtividade = (typeof FORMAS_ATIVIDADE)[number];

/** The activity share a(t) of one fit (calibration/pix/pix-activity.ts fits and reads it). */
export interface ActivityCurve {
  /** `logit_log` (v2.1.0 on): a_1 and b are on the logit scale; absent: the log-linear line. */
  forma?: 'logit_log';
  /** Ratio observed in the launch month (payers / keys, Nov 2020). */
  a_lancamento: number;
  /** a(Dec 2020) on the line (its logit for `logit_log`), and the rise per unit of ln(months). */
  a_1: number;
  b: number;
  /** Months of the window the curve was fitted on (YYYYMM, first and last). */
  ajuste: { inicio: number; fim: number };
  /** Root mean square error of the fitted ratios. */
  rmse: number;
}

/** The cohorts of a unit (a UF or a municipality) its eligible factor reads (calibration/pix/pix-population.ts). */
export interface Coorte {
  /** Persons at 1 July 2022 (2022 estimates). */
  pessoas: number;
  /** Persons under 15 then. */
  menores15: number;
  /** Under-15s gained a year: born (aged 0-4 / 5) minus turning 15 (aged 10-14 / 5). */
  saldo_menores15: number;
  /** Growth per year of IBGE's post-2022 estimates, ln(P 2025 / P 2024). */
  crescimento: number;
}

/** How the Pix fit scores a UF (calibration/pix/pix-fit.ts ufLoss). */
export type PerdaPix = 'mape' | 'forma' | 'forma_e_nivel';

/** How the Pix fit combines the UFs' scores (calibration/pix/pix-fit.ts aggregateUfLosses). */
export type AgregadoPix = 'media' | 'pior';

/** How a forecast leaves the window (calibration/pix/pix-forecast.ts). */
export type MetodoPrevisao = 'fator_local' | 'assimilacao';

/** Holdout scores of one way of forecasting, median and worst UF, on both time holdouts. */
export interface PontuacaoHoldouts {
  mape_mediana_holdout: number;
  mape_pior_holdout: number;
  mape_mediana_longo: number;
  mape_pior_longo: number;
}

/** A score's Monte Carlo draws (calibration/pix/pix-intervals.ts): mean and its 90% t-interval, one draw's sd and the draws' range. */
export interface IntervaloMc {
  media: number;
  intervalo: [number, number];
  dp: number;
  faixa: [number, number];
}

/** A paired comparison of two forecasts on a holdout (calibration/pix/pix-intervals.ts pairedBootstrap). */
export interface ComparacaoPareada {
  /** Difference of the mean-UF MAPEs, a minus b (mean over months and draws of the loss differential). */
  diferenca: number;
  intervalo: [number, number];
  /** Share of resamples where a is not better. */
  parte_nao_melhor: number;
  reamostras: number;
  meses: number;
  sorteios: number;
}

/** How many fits were judged on each holdout, back to the first case (calibration/pix/pix-attempts.ts). */
export interface TentativasPix {
  como_contado: string;
  holdout: number;
  holdout_longo: number;
  holdout_espacial: number;
  municipal: number;
  lista: Array<{ data: string; o_que: string; fonte: string; holdouts: string[] }>;
}

/** The agents replaced by a per-UF Bass curve, everything else kept (calibration/pix/pix-curve.ts; v2.1.0 on). */
export interface CurvaSaturante {
  descricao: string;
  /** Both ways of leaving the window, as comparacoes.metodo_previsao for the model. */
  metodo_previsao: Record<MetodoPrevisao, PontuacaoHoldouts>;
  /** The case's way: per UF, and the UFs where the model beats the curve. */
  ufs: Array<{ uf: UfCode; mape_holdout: number; mape_longo: number; mape_espacial: number | null }>;
  mape_pior_espacial: number;
  ufs_modelo_melhor_holdout: number;
  ufs_modelo_melhor_longo: number;
  /** The model against the curve, month by month (model minus curve). */
  modelo_contra_curva: PareadasHoldouts;
}

/** The model's national key holders against DICT (calibration/pix/pix-dict.ts; v2.1.0 on). */
export interface ComparacaoDict {
  descricao: string;
  meses: number[];
  dict: number[];
  /** Each fit's run: the release's in sample, the judge's and the long split's out of sample after their windows. */
  modelo_release: number[];
  modelo_juiz: number[];
  modelo_longo: number[];
  mape_janela: number;
  mape_holdout: number;
  mape_longo: number;
}

/** The case judged with the log-linear a(t) of the cases before v2.1.0 (kept beside the bounded one). */
export interface AtividadeLog {
  atividade: ActivityCurve;
  atividade_juiz: ActivityCurve;
  atividade_longo: ActivityCurve;
  metodo_previsao: Record<MetodoPrevisao, PontuacaoHoldouts>;
  mape_mediana_janela: number;
  mape_pior_janela: number;
  mape_pior_espacial: number;
  ufs_melhores_que_as_tres_referencias: number;
  ufs_melhores_que_tendencia_log_longo: number;
}

/** The population variants of a forecast (comparacoes.populacao): fixed, aging alone, aging and IBGE's post-2022 growth. */
export type VariantePopulacao = 'fixa' | 'sem_estimativas' | 'com_estimativas';

/** A PontuacaoHoldouts with each score's Monte Carlo interval. */
export type IntervalosHoldouts = Record<keyof PontuacaoHoldouts, IntervaloMc>;

/** Paired comparisons on both time holdouts. */
export interface PareadasHoldouts {
  holdout: ComparacaoPareada;
  holdout_longo: ComparacaoPareada;
}

/**
 * A score with no Monte Carlo spread (a reference fitted to the observed series alone: every draw
 * gives it the same forecast): its value and the months bootstrap (calibration/pix/pix-intervals.ts
 * monthsBootstrapOfMapes), the one sampling interval it has.
 */
export interface ValorDeterministico {
  valor: number;
  deterministica: true;
  intervalo_meses: [number, number];
}

/** The same for a municipal MAPE: the bootstrap over the size class's municipalities. */
export interface ValorDeterministicoMunicipal {
  valor: number;
  deterministica: true;
  intervalo_municipios: [number, number];
}

/** The deterministic references' scores (v2.1.0's case, added after its release without changing a published value). */
export interface IntervalosReferencias {
  descricao: string;
  reamostras: number;
  /** On both time holdouts, the references of every UF (ufs[].metricas), median and worst UF. */
  persistencia: Record<keyof PontuacaoHoldouts, ValorDeterministico>;
  bass: Record<keyof PontuacaoHoldouts, ValorDeterministico>;
  tendencia_log: Record<keyof PontuacaoHoldouts, ValorDeterministico>;
  /** municipal.mape_por_porte's two references, per size class. */
  municipal_por_porte: Record<string, Record<'referencia' | 'referencia_justa', ValorDeterministicoMunicipal>>;
  /** comparacoes.curva_saturante: both ways of leaving the window, and the spatial holdout's worst UF. */
  curva_saturante: { metodo_previsao: Record<MetodoPrevisao, Record<keyof PontuacaoHoldouts, ValorDeterministico>>; mape_pior_espacial: ValorDeterministico };
}

/** Monte Carlo intervals of the case's scores (calibration/pix/pix-intervals.ts; v2.1.0 on). */
export interface IntervalosPix {
  descricao: string;
  sorteios: number;
  nivel: number;
  agregados: Record<string, IntervaloMc>;
  ufs: Partial<Record<UfCode, Record<string, IntervaloMc>>>;
  dict: Record<'mape_janela' | 'mape_holdout' | 'mape_longo', IntervaloMc>;
  municipal: Record<string, IntervaloMc>;
  /**
   * Added to v2.1.0's case after its release, from the same draws (no published value changed):
   * comparacoes.metodo_previsao, comparacoes.populacao and comparacoes.atividade_log's scores, the
   * MAPE by size class of the municipal cross-section, each of them against the log-trend month by
   * month, and the deterministic references; descricao_acrescimos says so and which MAPE families
   * have no paired comparison with the log-trend, and why.
   */
  descricao_acrescimos?: string;
  metodo_previsao?: Record<MetodoPrevisao, IntervalosHoldouts>;
  populacao?: Record<VariantePopulacao, IntervalosHoldouts>;
  atividade_log?: {
    metodo_previsao: Record<MetodoPrevisao, IntervalosHoldouts>;
    mape_mediana_janela: IntervaloMc; mape_pior_janela: IntervaloMc; mape_pior_espacial: IntervaloMc;
  };
  mape_por_porte?: Record<string, Record<'modelo' | 'modelo_sem_termo', IntervaloMc>>;
  contra_tendencia_log?: {
    metodo_previsao: Record<MetodoPrevisao, PareadasHoldouts>;
    populacao: Record<VariantePopulacao, PareadasHoldouts>;
    atividade_log?: Record<MetodoPrevisao, PareadasHoldouts>;
  };
  referencias?: IntervalosReferencias;
}

export type VereditoUf = 'passou' | 'reprovado_declarado' | 'nao_pontuado';

export interface Reprovacao {
  teste: string;
  periodo: string;
  valor: number;
  limite: number;
}

export interface PixCaseUf {
  uf: UfCode;
  veredito: VereditoUf;
  mape_pior: { teste: string; valor: number } | null;
  reprovacoes: Reprovacao[];
  metricas: {
    mape_janela: number;
    mape_holdout: number;
    mape_persistencia: number;
    mape_bass: number;
    /** The log-trend reference on the holdout (v1.6.0 on). */
    mape_tendencia_log?: number;
    /** The long-horizon split (fit to holdout_longo.janela_fim, judged on holdout_longo; v1.6.0 on): the model and the three references. */
    longo?: { mape: number; mape_persistencia: number; mape_bass: number; mape_tendencia_log: number };
    /** Spatial-holdout UFs only: MAPE over every month of the judge's run, without a local factor. */
    mape_espacial: number | null;
    /** Observed payers / residents in Dec 2022, and the release's model (with the coverage, without the local factor). */
    parte_dez_2022: { observada: number; modelo: number };
    /** Local factors (calibration/pix/pix-local-factor.ts): the release's (B, in the forecast) and the judge's (A). */
    fator_local: number;
    fator_local_juiz: number;
  };
}

export interface PixCase {
  id: 'pix';
  nome: string;
  o_que_foi_medido: string;
  release: string;
  vale_ate_dia: number;
  janela: { inicio: number; fim: number };
  holdout: { inicio: number; fim: number };
  holdout_espacial: { ufs: UfCode[] };
  /** The long-horizon split (v1.6.0 on): a fit to janela_fim judged on inicio..fim. */
  holdout_longo?: { janela_fim: number; inicio: number; fim: number };
  resumo: Record<VereditoUf, number>;
  ufs: PixCaseUf[];
  testes: Record<string, string>;
  agregados: {
    mape_mediana_janela: number;
    mape_pior_janela: number;
    mape_mediana_holdout: number;
    ufs_melhores_que_as_duas_referencias: number;
    spearman_parte_dez_2022: number;
    /** From v1.6.0 (issue 33's targets): worst UF on the holdout, UFs better than all three references there, the long split's median and worst UF and UFs better than its log-trend, the municipal cross-section. */
    mape_pior_holdout?: number;
    ufs_melhores_que_as_tres_referencias?: number;
    mape_mediana_longo?: number;
    mape_pior_longo?: number;
    ufs_melhores_que_tendencia_log_longo?: number;
    spearman_municipios?: number;
    spearman_municipios_referencia?: number;
    /**
     * `aprovada` only when every target of the battery in force when the case was made held; the
     * manifest's label judges the scores again by today's battery (pix-battery.ts).
     */
    veredito: 'aprovada' | 'reprovada';
  };
  ajuste: {
    parametros: ModelParameters;
    /**
     * The observation model: activity of each fit, and each UF's coverage
     * (calibration/pix/pix-coverage.ts; absent in cases made before it, read as 1).
     */
    observacao: {
      atividade: ActivityCurve; atividade_juiz: ActivityCurve; cobertura?: Record<UfCode, number>;
      /** v1.6.0 on: the long split's activity, each UF's cohorts (pix-population.ts), its persons aged 15+ in the model, and how the forecast leaves the window. */
      atividade_longo?: ActivityCurve;
      coortes?: Record<UfCode, Coorte>;
      elegiveis?: Record<UfCode, number>;
      metodo_previsao?: MetodoPrevisao;
      /** v1.7.0 on: the municipal term of previsao_municipios (calibration/pix/pix-municipal.ts); expoente_modelo (per size class) in cases made after v1.7.0. */
      termo_municipal?: { covariaveis: string[]; theta: number[]; expoente_modelo?: number[] };
    };
    busca: {
      metodo: string; dimensoes: string[]; avaliacoes_juiz: number; avaliacoes_release: number; perda_juiz: number; perda_release: number; amostra_pessoas_por_uf: number;
      avaliacoes_longo?: number; perda_longo?: number;
      /** Where the judge's search started (v1.6.0 on). */
      inicio_juiz?: string;
      /** Where the long split's search started, when not by hand (bench:pix --inicio-longo). */
      inicio_longo?: string;
      /** The release whose published fits this case judged again instead of fitting (bench:pix --ajustes-do-caso). */
      ajustes_do_caso?: string;
      /** The loss's form (calibration/pix/pix-fit.ts ufLoss); absent in cases up to v1.7.0, which used `mape`. */
      perda?: PerdaPix;
      /** How the UFs' losses were combined (calibration/pix/pix-fit.ts aggregateUfLosses); absent in cases up to v1.8.0, which used `media`. */
      agregado?: AgregadoPix;
    };
    historico: Array<{ ajuste: 'juiz' | 'longo' | 'release'; x: number[]; perda: number }>;
    /** k of the 1:k household sample of the runs that judged and forecast (1 = the whole population). */
    amostra_final: number;
  };
  fonte: { credito: string; licenca: string; url: string };
  metodo: string;
  aviso: string;
  previsao: Array<{ uf: UfCode; periodo: number; pagadores: number }>;
  /** v1.6.0 on: what decided the forecast (with or without assimilation, each population variant) and the municipal cross-section. */
  comparacoes?: {
    metodo_previsao: Record<MetodoPrevisao, PontuacaoHoldouts>;
    populacao: Record<VariantePopulacao, PontuacaoHoldouts>;
    /** v2.1.0 on (issue 60): the ablation, the latent state against DICT, the model against the log-trend month by month, the log-linear a(t)'s case. */
    curva_saturante?: CurvaSaturante;
    dict?: ComparacaoDict;
    contra_tendencia_log?: PareadasHoldouts;
    atividade_log?: AtividadeLog;
  };
  /** v2.1.0 on: how many fits were judged on each holdout, and each score's Monte Carlo interval. */
  tentativas?: TentativasPix;
  intervalos?: IntervalosPix;
  /** v2.1.0 on: the forecast with the log-linear a(t) (v1.9.0's form), kept beside the bounded one. */
  previsao_atividade_log?: Array<{ uf: UfCode; periodo: number; pagadores: number }>;
  municipal?: {
    mes: number; ufs: UfCode[]; municipios: number; regioes_imediatas: number;
    spearman_municipios: number; spearman_municipios_referencia: number;
    spearman_regioes_imediatas: number; spearman_regioes_imediatas_referencia: number;
    mape_por_porte: Array<{ porte: string; municipios: number; modelo: number; referencia: number; modelo_sem_termo?: number; referencia_justa?: number }>;
    /** v2.1.0 on: the reference on the term's covariates, cross-fitted by the term's folds (calibration/pix/pix-municipal.ts covariateReference). */
    referencia_justa?: {
      covariaveis: string[]; spearman_municipios: number; spearman_regioes_imediatas: number;
      dobras: Array<{ ufs: UfCode[]; theta: number[]; spearman_municipios: number }>;
      niveis_observados: { spearman_municipios: number; spearman_regioes_imediatas: number };
    };
    /** v1.7.0 on: the model without the municipal term, and the term (fitted on all scored UFs, and per fold: each fold is scored with the other's theta). */
    spearman_municipios_sem_termo?: number;
    spearman_regioes_imediatas_sem_termo?: number;
    /** spearman_municipios of a fold: its municipalities alone (cases made after v1.8.0). */
    termo?: { covariaveis: string[]; theta: number[]; expoente_modelo?: number[]; dobras: Array<{ ufs: UfCode[]; theta: number[]; expoente_modelo?: number[]; spearman_municipios?: number }> };
  };
  /** v1.6.0 on: the forecast without the population estimates published after Dec 2022 (previsao is conditional on them). */
  previsao_sem_estimativas?: Array<{ uf: UfCode; periodo: number; pagadores: number }>;
  /** v1.6.0 on: payers per municipality at every December 2022..2026 (the UF's forecast shared as the model's adopters). */
  previsao_municipios?: Array<{ municipio: string; periodo: number; pagadores: number }>;
}

/** The case's file, by its path from the package root. */
export function pixCasePath(release: string): string {
  return `data/releases/${release}/caso-pix.json`;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The fields the readers rely on (the manifest's label, the library's summary, the forecast), so
 * a file that is not this release's case fails where it is read, naming the field, instead of
 * labelling parameters wrongly. The rest of the shape is the builder's (pix-case.ts).
 */
export function checkPixCase(doc: unknown, release: string): PixCase {
  const fault = (what: string): never => {
    throw new Error(`campaign-sim: data/releases/${release}/caso-pix.json is not the Pix case of ${release}: ${what}`);
  };
  if (!isObject(doc)) return fault('not a JSON object');
  if (doc.id !== 'pix') fault(`id is ${JSON.stringify(doc.id)}, not "pix"`);
  if (doc.release !== release) fault(`release is ${JSON.stringify(doc.release)}`);
  const agregados = doc.agregados, ajuste = doc.ajuste;
  if (!isObject(agregados) || (agregados.veredito !== 'aprovada' && agregados.veredito !== 'reprovada')) fault('agregados.veredito is not aprovada or reprovada');
  if (!isObject(ajuste) || !isObject(ajuste.parametros)) fault('ajuste.parametros is missing');
  const a = ajuste as Record<string, unknown>;
  if (!isObject(a.busca) || typeof a.busca.metodo !== 'string') fault('ajuste.busca.metodo is missing');
  if (!isObject(a.observacao) || !isObject(a.observacao.atividade)) fault('ajuste.observacao.atividade is missing');
  for (const k of ['ufs', 'previsao'] as const) if (!Array.isArray(doc[k])) fault(`${k} is not an array`);
  return doc as unknown as PixCase;
}

/** The file's text: one space of indent and a final newline, as the committed cases are. */
export function formatPixCase(caso: PixCase): string {
  return JSON.stringify(checkPixCase(caso, caso.release), null, 1) + '\n';
}

/** The release's Pix case, or null when the release has no Pix fit. */
export function readPixCase(release: string): PixCase | null {
  const p = pixCasePath(release);
  return host.packageHas(p) ? checkPixCase(JSON.parse(host.packageText(p)), release) : null;
}

/**
 * The fitted parameters and their provenance, or null when the release has no Pix fit. The label
 * is the case judged again by the battery in force (pix-battery.ts), not the verdict the file
 * recorded under the battery of its time (kept as veredito_do_caso).
 */
export function readPixFit(release: string): { parametros: ModelParameters; calibracao: CalibracaoPix } | null {
  const c = readPixCase(release);
  if (c === null) return null;
  const { veredito, bateria, motivo } = judgePixCase(release, c.agregados, c.agregados.veredito);
  return {
    parametros: c.ajuste.parametros,
    calibracao: { caso: 'pix', release, metodo: c.ajuste.busca.metodo, veredito, veredito_do_caso: c.agregados.veredito, bateria, motivo },
  };
}
