// The Pix public case file, data/releases/<version>/caso-pix.json: its one owner (the format, its
// check and the reader; bench/pix.ts writes it, formatted by formatPixCase). calibration/pix/pix-case.ts builds the case and
// `npm run bench:pix` writes it; the release manifest takes parametros_pix and
// the case judged by the battery in force, which labels them (readPixFit), the library and the CLI read the whole case
// (readPixCase). A release without the file keeps hand-set parameters, labelled nao_calibrado.
// Lives in src/release/, the lowest stage that reads it (the manifests).
import { host } from '../platform/host.js';
import { judgePixCase } from './pix-battery.js';
import type { CalibracaoPix, ModelParameters, UfCode } from './types.js';

/** The activity share a(t) of one fit (calibration/pix/pix-activity.ts fits and reads it). */
export interface ActivityCurve {
  /** Ratio observed in the launch month (payers / keys, Nov 2020). */
  a_lancamento: number;
  /** a(Dec 2020) on the line, and the rise per unit of ln(months). */
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
    populacao: Record<'fixa' | 'sem_estimativas' | 'com_estimativas', PontuacaoHoldouts>;
  };
  municipal?: {
    mes: number; ufs: UfCode[]; municipios: number; regioes_imediatas: number;
    spearman_municipios: number; spearman_municipios_referencia: number;
    spearman_regioes_imediatas: number; spearman_regioes_imediatas_referencia: number;
    mape_por_porte: Array<{ porte: string; municipios: number; modelo: number; referencia: number; modelo_sem_termo?: number }>;
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
