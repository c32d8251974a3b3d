// The Pix public case (the library's first `casos` entry): the release's adoption parameters
// fitted to the Banco Central's monthly Pix payers by UF and judged out of sample, with the
// model's forecast of monthly payers up to 2026-12. Three fits (pix-fit.ts), each handed only the
// months of its window (seriesUpTo):
//   juiz:    window 2020-11..2022-06 on every UF but the spatial holdout; judged on 2022-07..12 in
//            every UF (the time holdout), and on every month in the spatial-holdout UFs;
//   longo:   window 2020-11..2021-12, the same UFs; judged on all of 2022 (one year ahead);
//   release: window 2020-11..2022-12 on every UF, started from the judge's best point (a profile fit:
//            from an earlier release fit's, pix-fit.ts PIX_PERFIL_RENDA_UF); its
//            parameters are the release's parametros_pix, and they make the forecast.
// Predicted payers carry each UF's coverage (pix-coverage.ts) and eligible factor
// (pix-population.ts: ageing and IBGE's post-2022 growth) everywhere, the fits' loss too; the
// forecast without the growth (previsao_sem_estimativas) is published beside. Each holdout is forecast from its window's end two ways (pix-forecast.ts: the
// local factor, or the state assimilated to the last observed month); the way with the lower
// median MAPE over both holdouts makes the release's forecast. The three references
// (pix-references.ts: persistence, Bass, log-trend) see the same window months. The municipal
// cross-section (pix-municipal.ts) scores the release's Dec 2022 against the municipal series.
// Nothing here is tuned by hand: every number comes from the search, the data and the seed.
// The case's format, reader and writer: src/release/pix-case-file.ts.
import { periodDays, periodsBetween } from '../periods.js';
import type { Evaluation } from '../search.js';
import type { SimPool } from '../../src/pool/pool.js';
import type {
  ActivityCurve, AgregadoPix, AtividadeLog, ComparacaoDict, Coorte, CurvaSaturante, FormaAtividade, IntervaloMc, IntervalosPix, IntervalosReferencias, MetodoPrevisao,
  PareadasHoldouts, PerdaPix, PixCase, PixCaseUf, PontuacaoHoldouts, Reprovacao, ValorDeterministico, ValorDeterministicoMunicipal, VariantePopulacao, VereditoUf,
} from '../../src/release/pix-case-file.js';
import { PIX_TARGETS, targetsMet } from '../../src/release/pix-battery.js';
import type { ModelParameters, Population, Release, UfCode } from '../../src/release/types.js';
import { loadMunicipalities } from '../../src/release/data-files.js';
import { activityAt, fitActivity } from './pix-activity.js';
import { pixAttempts } from './pix-attempts.js';
import { censusCoverage } from './pix-coverage.js';
import { curveAdopters, unseenCurveAdopters } from './pix-curve.js';
import { nationalKeyHolders } from './pix-dict.js';
import { fitPix, mape, PIX_DIMENSAO_RENDA_UF, pixFitDimensions, PIX_IDADE_MINIMA, PIX_PERFIL_RENDA_UF, type PixFit } from './pix-fit.js';
import { forecastUf, METODOS_PREVISAO } from './pix-forecast.js';
import {
  absolutePercentageErrors, lossDifferential, monteCarloInterval, monthsBootstrapOfMapes, NIVEL_INTERVALO, pairedBootstrap, REAMOSTRAS, unitBootstrap,
} from './pix-intervals.js';
import { LOCAL_FACTOR_MONTHS } from './pix-local-factor.js';
import {
  PIX_DATA_INICIO, PIX_GRUPO_COMPARACAO, predictPayers, rescaleToMunicipalPersons, simulatePixAdopters, type AdoptersByMunicipality, type AdoptersByUf,
} from './pix-model.js';
import { municipalCovariates, municipalPayers, scoreCrossSection, termWeight, type MunicipalTerm } from './pix-municipal.js';
import { eligibleFactors, loadCohorts, type CoortesPix } from './pix-population.js';
import { referenceForecasts, REFERENCIAS, type Referencia } from './pix-references.js';
import { seriesUpTo, type PixSeries } from './pix-series.js';
import { median, spearman } from './pix-stats.js';

export const PIX_JANELA = { inicio: 202011, fim: 202212 } as const;
export const PIX_HOLDOUT = { inicio: 202207, fim: 202212 } as const;
export const PIX_JANELA_JUIZ_FIM = 202206;
/** The long-horizon split: fitted to 2021-12, judged on all of 2022. */
export const PIX_HOLDOUT_LONGO = { janela_fim: 202112, inicio: 202201, fim: 202212 } as const;
export const PIX_PREVISAO_FIM = 202612;
/** Spatial holdout: one UF per macro-region, fixed before any fit. */
export const PIX_UFS_ESPACIAIS: readonly UfCode[] = ['AC', 'PB', 'ES', 'MS', 'SC'];

/** Limits of the per-UF tests (their meaning is in `testes`): the targets' worst-UF limits. */
export const PIX_LIMITES = {
  mape_janela: PIX_TARGETS.mape_pior_janela, mape_holdout: PIX_TARGETS.mape_pior_holdout, mape_longo: PIX_TARGETS.mape_pior_longo, mape_espacial: 0.2,
} as const;

/** The three fits of a case; the bench keeps them so the judging can be rerun without fitting again. */
export interface PixCaseFits {
  juiz: PixFit;
  longo: PixFit;
  release: PixFit;
}

export interface BuildPixCaseOptions {
  release: Release;
  series: PixSeries;
  /** The model-2 fields and the parameters the fit does not move. */
  base: ModelParameters;
  amostraPessoas: number;
  avaliacoes: number;
  /** k of the judges' and the forecast's runs (1 = the release's whole population). */
  amostraFinal: number;
  /**
   * Where the judge's search starts, when not at the dimensions' hand-set starts: a point fitted
   * on months up to PIX_JANELA_JUIZ_FIM only (an earlier release's judge), so its holdout stays
   * unseen; `origem` says which.
   */
  inicioJuiz?: { x: number[]; origem: string };
  /** Where the long split's search starts, when not by hand: a point fitted on months up to PIX_HOLDOUT_LONGO.janela_fim only (an earlier release's long split). */
  inicioLongo?: { x: number[]; origem: string };
  /** Also search the timing by income (pix-fit.ts PIX_DIMENSAO_RENDA); inicioJuiz then has its coordinate too. */
  renda?: boolean;
  /** Also search the timing by the UF's income (pix-fit.ts PIX_DIMENSAO_RENDA_UF); likewise. */
  rendaUf?: boolean;
  /** The fits' loss (pix-fit.ts ufLoss; default `mape`, the form of cases up to v1.7.0). */
  perda?: PerdaPix;
  /** How the fits combine the UFs' losses (pix-fit.ts aggregateUfLosses; default `media`, as in cases up to v1.8.0). */
  agregado?: AgregadoPix;
  /**
   * A profile fit (bench:pix --perfil-inclinacao-renda-uf; pix-fit.ts PIX_PERFIL_RENDA_UF): each fit
   * starts at its own point here (an earlier release's best point of the same fit, which saw that
   * fit's window only) and searches the timing by the UF's income alone; `avaliacoes`, inicioJuiz
   * and inicioLongo are not read. Needs rendaUf. `origem` says whose points.
   */
  perfil?: { juiz: number[]; longo: number[]; release: number[]; origem: string };
  /** The release whose published fits are judged again (pix-case-fits.ts), when not fitted here. */
  ajustesDoCaso?: string;
  /**
   * The form of a(t) (pix-activity.ts; default `log`, every case's before v2.1.0): the fits' loss
   * reads it, and fits made with another form (ajustesDoCaso) are judged and forecast with this one.
   */
  atividade?: FormaAtividade;
  /** Monte Carlo draws of the judging (issue 60; pix-intervals.ts): draw 0 is the case's run; fewer than 2, no intervals. */
  sorteios?: number;
  pool?: SimPool;
  threads?: number;
  onStage?: (stage: string) => void;
  onEvaluation?: (stage: string, e: Evaluation, n: number) => void;
}

/** The three fits (the expensive part of a case); those in `feitos` (kept by an interrupted run of the same options) are not fitted again. */
export async function fitPixCase(
  o: BuildPixCaseOptions, feitos: Partial<PixCaseFits> = {}, onFit?: (nome: keyof PixCaseFits, fit: PixFit) => void | Promise<void>,
): Promise<PixCaseFits> {
  if (o.perfil && !o.rendaUf) throw new Error('campaign-sim: a profile of the timing by the UF\'s income needs that dimension (rendaUf)');
  const fitted = o.series.ufs.filter((u) => !PIX_UFS_ESPACIAIS.includes(u));
  const cobertura = censusCoverage();
  const coortes = loadCohorts().ufs;
  const fitOne = async (nome: keyof PixCaseFits, janelaFim: number, ufs: readonly UfCode[], inicio?: number[]) => {
    if (feitos[nome]) return feitos[nome];
    const perfil = o.perfil && {
      inicio: o.perfil[nome], livres: [PIX_DIMENSAO_RENDA_UF.nome], maxAvaliacoes: PIX_PERFIL_RENDA_UF.avaliacoes, secaoAurea: PIX_PERFIL_RENDA_UF,
    };
    const f = await fitPix({
      release: o.release, series: o.series, base: o.base, cobertura, coortes, janelaFim, ufs, amostraPessoas: o.amostraPessoas,
      maxAvaliacoes: o.avaliacoes, inicio, atividade: o.atividade, renda: o.renda, rendaUf: o.rendaUf, perda: o.perda, agregado: o.agregado, pool: o.pool, threads: o.threads, onEvaluation: (e, n) => o.onEvaluation?.(nome, e, n),
      ...perfil,
    });
    await onFit?.(nome, f);
    return f;
  };
  o.onStage?.(`ajuste do juiz (janela até ${PIX_JANELA_JUIZ_FIM}, sem as UFs do holdout espacial)`);
  const juiz = await fitOne('juiz', PIX_JANELA_JUIZ_FIM, fitted, o.inicioJuiz?.x);
  o.onStage?.(`ajuste longo (janela até ${PIX_HOLDOUT_LONGO.janela_fim}, sem as UFs do holdout espacial)`);
  const longo = await fitOne('longo', PIX_HOLDOUT_LONGO.janela_fim, fitted, o.inicioLongo?.x);
  o.onStage?.(`ajuste da release (janela até ${PIX_JANELA.fim}, todas as UFs)`);
  const release = await fitOne('release', PIX_JANELA.fim, o.series.ufs, juiz.melhor.x);
  return { juiz, longo, release };
}

/** Persons aged 15+ (the eligible ones of the Pix fit) of a population. */
export function eligiblePersons(pop: Population): number {
  const minBand = Math.ceil(PIX_IDADE_MINIMA / 5);
  let n = 0;
  for (let i = 0; i < pop.nPersons; i++) if (pop.age5[i] >= minBand) n++;
  return n;
}

/** What a UF's forecast from a window's end reads besides the window's observations. */
export interface SplitModel {
  /** The model's adopters per UF at each month end of `meses`. */
  adopters: AdoptersByUf;
  meses: readonly number[];
  activity: PixFit['activity'];
  cobertura: Record<UfCode, number>;
  /** Each UF's eligible factor per month of `meses`. */
  populacao: Partial<Record<UfCode, Float64Array>>;
  elegiveis: Partial<Record<UfCode, number>>;
}

export type SplitForecast = Partial<Record<UfCode, { pagadores: Float64Array; fator_local: number } & Record<Referencia, Float64Array>>>;

/**
 * The forecasts of a time split, model and references, at every month of `m.meses`, from the
 * months of the series up to `janelaFim` only: the series is cut there before anything reads it.
 */
export function forecastSplit(series: PixSeries, janelaFim: number, m: SplitModel, metodo: MetodoPrevisao): SplitForecast {
  const visto = seriesUpTo(series, janelaFim);
  const out: SplitForecast = {};
  for (const uf of visto.ufs) {
    const f = forecastUf({
      adopters: m.adopters[uf]!, meses: m.meses, activity: m.activity, cobertura: m.cobertura[uf], populacao: m.populacao[uf]!,
      visto: visto.pagadores[uf], elegiveis: m.elegiveis[uf]!, metodo,
    });
    out[uf] = { ...f, ...referenceForecasts(visto.pagadores[uf], m.meses) };
  }
  return out;
}

/** Median and worst UF of per-UF MAPEs. */
function spread(v: number[]): [number, number] {
  return [median(v), Math.max(...v)];
}

export interface BuildPixCaseResult {
  caso: PixCase;
  ajustes: PixCaseFits;
}

/** Fits (but for the fits in `feitos`: the bench's kept fits of the same options), judges and forecasts. */
export async function buildPixCase(
  o: BuildPixCaseOptions, feitos: Partial<PixCaseFits> = {}, onFit?: (nome: keyof PixCaseFits, fit: PixFit) => void | Promise<void>,
): Promise<BuildPixCaseResult> {
  const s = o.series;
  const ufs = s.ufs;
  const fits = await fitPixCase(o, feitos, onFit);
  // The case's a(t): a fit searched with another form (an earlier case's, ajustesDoCaso) is judged with this one.
  const forma = o.atividade ?? 'log';
  const inForm = (f: PixFit, fim: number, fm: FormaAtividade): ActivityCurve =>
    ((f.activity.forma ?? 'log') === fm ? f.activity : fitActivity(seriesUpTo(s, fim), fim, fm));
  const juiz = { ...fits.juiz, activity: inForm(fits.juiz, PIX_JANELA_JUIZ_FIM, forma) };
  const longo = { ...fits.longo, activity: inForm(fits.longo, PIX_HOLDOUT_LONGO.janela_fim, forma) };
  const rel = { ...fits.release, activity: inForm(fits.release, PIX_JANELA.fim, forma) };
  const reexpressa = [fits.juiz, fits.longo, fits.release].some((f) => (f.activity.forma ?? 'log') !== forma);
  const idxOf = (de: number, ate: number) => s.meses.map((m, i) => [m, i] as const).filter(([m]) => m >= de && m <= ate).map(([, i]) => i);
  const holdout = idxOf(PIX_HOLDOUT.inicio, PIX_HOLDOUT.fim);
  const holdoutLongo = idxOf(PIX_HOLDOUT_LONGO.inicio, PIX_HOLDOUT_LONGO.fim);
  const todos = idxOf(PIX_JANELA.inicio, PIX_JANELA.fim);
  const cobertura = censusCoverage();
  const coortes: CoortesPix = loadCohorts();
  const elegiveis: Partial<Record<UfCode, number>> = {};
  for (const uf of ufs) elegiveis[uf] = eligiblePersons(await o.release.population([uf]));
  const run = (p: ModelParameters, meses: number[], porMunicipio?: AdoptersByMunicipality, sorteio = 0): Promise<AdoptersByUf> =>
    simulatePixAdopters(p, { release: o.release, ufs, meses, amostra: () => o.amostraFinal, pool: o.pool, threads: o.threads, porMunicipio, sorteio });
  const factors = (meses: readonly number[], variante: VariantePopulacao) =>
    Object.fromEntries(ufs.map((uf) => [uf, variante === 'fixa' ? new Float64Array(meses.length).fill(1) : eligibleFactors(coortes.ufs[uf], meses, variante === 'sem_estimativas')]));

  o.onStage?.('juízes na população da release, até 2022-12');
  const adJuiz = await run(juiz.parametros, s.meses);
  const adLongo = await run(longo.parametros, s.meses);
  o.onStage?.('previsão na população da release, até 2026-12');
  const mesesPrev = periodsBetween(PIX_JANELA.inicio, PIX_PREVISAO_FIM, 'mes');
  const porMunicipio: AdoptersByMunicipality = new Map();
  const adRel = await run(rel.parametros, mesesPrev, porMunicipio);
  await rescaleToMunicipalPersons(porMunicipio, o.release, ufs, () => o.amostraFinal);

  // Both time splits, each way of leaving the window and each population variant.
  type Pair<T> = { juiz: T; longo: T };
  const splitModel = (activity: ActivityCurve, ad: AdoptersByUf, variante: VariantePopulacao): SplitModel =>
    ({ adopters: ad, meses: s.meses, activity, cobertura, populacao: factors(s.meses, variante), elegiveis });
  const score = (
    metodo: MetodoPrevisao, variante: VariantePopulacao,
    ad: Pair<AdoptersByUf> = { juiz: adJuiz, longo: adLongo }, act: Pair<ActivityCurve> = { juiz: juiz.activity, longo: longo.activity },
  ) => {
    const h = forecastSplit(s, PIX_JANELA_JUIZ_FIM, splitModel(act.juiz, ad.juiz, variante), metodo);
    const l = forecastSplit(s, PIX_HOLDOUT_LONGO.janela_fim, splitModel(act.longo, ad.longo, variante), metodo);
    const mh = ufs.map((uf) => mape(h[uf]!.pagadores, s.pagadores[uf], holdout));
    const ml = ufs.map((uf) => mape(l[uf]!.pagadores, s.pagadores[uf], holdoutLongo));
    const [mape_mediana_holdout, mape_pior_holdout] = spread(mh);
    const [mape_mediana_longo, mape_pior_longo] = spread(ml);
    return { h, l, pontos: { mape_mediana_holdout, mape_pior_holdout, mape_mediana_longo, mape_pior_longo } satisfies PontuacaoHoldouts };
  };
  const porMetodo = Object.fromEntries(METODOS_PREVISAO.map((m) => [m, score(m, 'com_estimativas')])) as Record<MetodoPrevisao, ReturnType<typeof score>>;
  const both = (p: PontuacaoHoldouts) => p.mape_mediana_holdout + p.mape_mediana_longo;
  const metodo = METODOS_PREVISAO.reduce((a, b) => (both(porMetodo[b].pontos) < both(porMetodo[a].pontos) ? b : a));
  const { h: fh, l: fl } = porMetodo[metodo];
  const populacao = {
    fixa: score(metodo, 'fixa').pontos, sem_estimativas: score(metodo, 'sem_estimativas').pontos, com_estimativas: porMetodo[metodo].pontos,
  };

  // The release: in sample with its local factor (the spatial UFs' raw judge as before); the forecast.
  const popPrev = factors(mesesPrev, 'com_estimativas'), popPrevSem = factors(mesesPrev, 'sem_estimativas');
  const relModel = (populacaoPrev: Record<string, Float64Array>, activity = rel.activity): SplitModel =>
    ({ adopters: adRel, meses: mesesPrev, activity, cobertura, populacao: populacaoPrev, elegiveis });
  const prev = forecastSplit(s, PIX_JANELA.fim, relModel(popPrev), metodo);
  const prevSem = forecastSplit(s, PIX_JANELA.fim, relModel(popPrevSem), metodo);
  const popJanela = factors(s.meses, 'com_estimativas');
  const adRelJanela = Object.fromEntries(ufs.map((uf) => [uf, adRel[uf]!.subarray(0, s.meses.length)]));
  const relJanela = forecastSplit(s, PIX_JANELA.fim, { ...relModel(popJanela), meses: s.meses, adopters: adRelJanela }, 'fator_local');

  const casoUfs: PixCaseUf[] = [];
  const obsShare: number[] = [], modelShare: number[] = [];
  let melhoresDuas = 0, melhoresTres = 0, melhoresLongo = 0;
  const per = (a: { inicio: number; fim: number }) => `${a.inicio}..${a.fim}`;
  for (const uf of ufs) {
    const obs = s.pagadores[uf];
    const pop = (await o.release.population([uf])).nPersons;
    const raw = predictPayers(adRelJanela[uf], s.meses, rel.activity, cobertura[uf], popJanela[uf]);
    const h = fh[uf]!, l = fl[uf]!;
    const espacial = PIX_UFS_ESPACIAIS.includes(uf);
    const m = {
      mape_janela: mape(relJanela[uf]!.pagadores, obs, todos),
      mape_holdout: mape(h.pagadores, obs, holdout),
      mape_persistencia: mape(h.persistencia, obs, holdout),
      mape_bass: mape(h.bass, obs, holdout),
      mape_tendencia_log: mape(h.tendencia_log, obs, holdout),
      longo: {
        mape: mape(l.pagadores, obs, holdoutLongo), mape_persistencia: mape(l.persistencia, obs, holdoutLongo),
        mape_bass: mape(l.bass, obs, holdoutLongo), mape_tendencia_log: mape(l.tendencia_log, obs, holdoutLongo),
      },
      mape_espacial: espacial ? mape(predictPayers(adJuiz[uf]!, s.meses, juiz.activity, cobertura[uf], popJanela[uf]), obs, todos) : null,
      parte_dez_2022: { observada: obs[obs.length - 1] / pop, modelo: raw[s.meses.length - 1] / pop },
      fator_local: relJanela[uf]!.fator_local,
      fator_local_juiz: h.fator_local,
    };
    obsShare.push(m.parte_dez_2022.observada);
    modelShare.push(m.parte_dez_2022.modelo);
    const rep: Reprovacao[] = [];
    const limit = (teste: string, periodo: string, valor: number, limite: number) => { if (!(valor <= limite)) rep.push({ teste, periodo, valor, limite }); };
    const beat = (teste: string, periodo: string, valor: number, ref: number) => { if (!(valor < ref)) rep.push({ teste, periodo, valor, limite: ref }); };
    limit('mape_janela', per(PIX_JANELA), m.mape_janela, PIX_LIMITES.mape_janela);
    limit('mape_holdout', per(PIX_HOLDOUT), m.mape_holdout, PIX_LIMITES.mape_holdout);
    beat('contra_persistencia', per(PIX_HOLDOUT), m.mape_holdout, m.mape_persistencia);
    beat('contra_bass', per(PIX_HOLDOUT), m.mape_holdout, m.mape_bass);
    beat('contra_tendencia_log', per(PIX_HOLDOUT), m.mape_holdout, m.mape_tendencia_log);
    limit('mape_longo', per(PIX_HOLDOUT_LONGO), m.longo.mape, PIX_LIMITES.mape_longo);
    if (m.mape_espacial !== null) limit('mape_espacial', per(PIX_JANELA), m.mape_espacial, PIX_LIMITES.mape_espacial);
    const duas = m.mape_holdout < m.mape_persistencia && m.mape_holdout < m.mape_bass;
    if (duas) melhoresDuas++;
    if (duas && m.mape_holdout < m.mape_tendencia_log) melhoresTres++;
    if (m.longo.mape < m.longo.mape_tendencia_log) melhoresLongo++;
    const scored: Array<[string, number]> = [['mape_janela', m.mape_janela], ['mape_holdout', m.mape_holdout], ['mape_longo', m.longo.mape]];
    if (m.mape_espacial !== null) scored.push(['mape_espacial', m.mape_espacial]);
    const pior = scored.reduce((a, b) => (b[1] > a[1] ? b : a));
    casoUfs.push({ uf, veredito: rep.length ? 'reprovado_declarado' : 'passou', mape_pior: { teste: pior[0], valor: pior[1] }, reprovacoes: rep, metricas: m });
  }

  // The municipal cross-section of Dec 2022: the release's raw model per municipality.
  const iDez = mesesPrev.indexOf(PIX_JANELA.fim);
  const ufOf = new Map<string, UfCode>();
  for (const uf of ufs) for (const mun of o.release.municipalities(uf)) ufOf.set(mun.codigo, uf);
  const modeloMun = new Map<string, number>();
  for (const [codigo, a] of porMunicipio) {
    const uf = ufOf.get(codigo)!;
    const g = eligibleFactors(coortes.municipios.get(codigo)!, [PIX_JANELA.fim], false)[0];
    modeloMun.set(codigo, a[iDez] * cobertura[uf] * g * activityAt(rel.activity, PIX_JANELA.fim));
  }
  const { erros_referencias_por_porte: errosReferenciasMun, ...municipal } = scoreCrossSection(PIX_JANELA.fim, modeloMun, municipalPayers(PIX_JANELA.fim),
    Object.fromEntries(ufs.map((uf) => [uf, s.pagadores[uf][s.meses.length - 1]])));

  const termo: MunicipalTerm = { covariaveis: municipal.termo.covariaveis, theta: municipal.termo.theta, expoente_modelo: municipal.termo.expoente_modelo };

  const janelaMapes = casoUfs.map((u) => u.metricas.mape_janela);
  const [mape_mediana_holdout, mape_pior_holdout] = spread(casoUfs.map((u) => u.metricas.mape_holdout));
  const [mape_mediana_longo, mape_pior_longo] = spread(casoUfs.map((u) => u.metricas.longo!.mape));
  const medidos = {
    mape_mediana_janela: median(janelaMapes), mape_pior_janela: Math.max(...janelaMapes),
    mape_mediana_holdout, mape_pior_holdout,
    ufs_melhores_que_as_duas_referencias: melhoresDuas, ufs_melhores_que_as_tres_referencias: melhoresTres,
    mape_mediana_longo, mape_pior_longo, ufs_melhores_que_tendencia_log_longo: melhoresLongo,
    spearman_parte_dez_2022: spearman(obsShare, modelShare),
    spearman_municipios: municipal.spearman_municipios, spearman_municipios_referencia: municipal.spearman_municipios_referencia,
  };
  const aprovada = Object.values(targetsMet(medidos)).every(Boolean);
  const resumo: Record<VereditoUf, number> = { passou: 0, reprovado_declarado: 0, nao_pontuado: 0 };
  for (const u of casoUfs) resumo[u.veredito]++;

  // Issue 60's evidence (docs/experiments/pix-fits.md, 2026-12-03): the ablation, DICT, the draws.
  const vistas = ufs.filter((u) => !PIX_UFS_ESPACIAIS.includes(u));
  const curveIn = (activity: ActivityCurve, janelaFim: number) => ({ series: s, janelaFim, meses: s.meses, activity, cobertura, populacao: popJanela });
  const curva: Pair<AdoptersByUf> = {
    juiz: curveAdopters(curveIn(juiz.activity, PIX_JANELA_JUIZ_FIM), ufs), longo: curveAdopters(curveIn(longo.activity, PIX_HOLDOUT_LONGO.janela_fim), ufs),
  };
  const curvaEspacial = unseenCurveAdopters(curveIn(juiz.activity, PIX_JANELA_JUIZ_FIM), vistas, PIX_UFS_ESPACIAIS, elegiveis);
  const curvaPorMetodo = Object.fromEntries(METODOS_PREVISAO.map((m) => [m, score(m, 'com_estimativas', curva)])) as Record<MetodoPrevisao, ReturnType<typeof score>>;
  const { h: ch, l: cl } = curvaPorMetodo[metodo];
  const espacialCurva = Object.fromEntries(PIX_UFS_ESPACIAIS.map((uf) => [uf,
    mape(predictPayers(curvaEspacial[uf]!, s.meses, juiz.activity, cobertura[uf], popJanela[uf]), s.pagadores[uf], todos)]));
  const obsRows = ufs.map((uf) => s.pagadores[uf]);
  const popN = Object.fromEntries(await Promise.all(ufs.map(async (uf) => [uf, (await o.release.population([uf])).nPersons] as const)));
  const munObs = municipalPayers(PIX_JANELA.fim);
  const ufTotals = Object.fromEntries(ufs.map((uf) => [uf, s.pagadores[uf][s.meses.length - 1]]));
  const nJ = s.meses.length;
  const keys = (ad: AdoptersByUf) => nationalKeyHolders(ad, ufs, cobertura, popJanela, nJ);
  // The log-linear a(t) of the cases before v2.1.0, kept beside a bounded one.
  const actLog = forma === 'log' ? undefined : {
    juiz: inForm(fits.juiz, PIX_JANELA_JUIZ_FIM, 'log'), longo: inForm(fits.longo, PIX_HOLDOUT_LONGO.janela_fim, 'log'), release: inForm(fits.release, PIX_JANELA.fim, 'log'),
  };
  const adRelJanelaOnly = Object.fromEntries(ufs.map((uf) => [uf, adRelJanela[uf]!])) as AdoptersByUf;
  /** The log-linear a(t)'s in-sample and spatial scores of the release's and the judge's runs. */
  const logScores = (act: NonNullable<typeof actLog>, adRelease: AdoptersByUf, adJ: AdoptersByUf) => {
    const rj = forecastSplit(s, PIX_JANELA.fim, { ...relModel(popJanela, act.release), meses: s.meses, adopters: adRelease }, 'fator_local');
    const janela = ufs.map((uf) => mape(rj[uf]!.pagadores, s.pagadores[uf], todos));
    return {
      mape_mediana_janela: median(janela), mape_pior_janela: Math.max(...janela),
      mape_pior_espacial: Math.max(...PIX_UFS_ESPACIAIS.map((uf) => mape(predictPayers(adJ[uf]!, s.meses, act.juiz, cobertura[uf], popJanela[uf]), s.pagadores[uf], todos))),
    };
  };
  let atividade_log: AtividadeLog | undefined, prevLog: SplitForecast | undefined;
  if (actLog) {
    const act = actLog;
    const porMetodoLog = Object.fromEntries(METODOS_PREVISAO.map((m) => [m, score(m, 'com_estimativas', undefined, act)])) as Record<MetodoPrevisao, ReturnType<typeof score>>;
    const { h, l } = porMetodoLog[metodo];
    const melhor = (f: SplitForecast, idx: number[], refs: readonly Referencia[]) =>
      ufs.filter((uf) => refs.every((r) => mape(f[uf]!.pagadores, s.pagadores[uf], idx) < mape(f[uf]![r], s.pagadores[uf], idx))).length;
    atividade_log = {
      atividade: act.release, atividade_juiz: act.juiz, atividade_longo: act.longo,
      metodo_previsao: Object.fromEntries(METODOS_PREVISAO.map((m) => [m, porMetodoLog[m].pontos])) as Record<MetodoPrevisao, PontuacaoHoldouts>,
      ...logScores(act, adRelJanelaOnly, adJuiz),
      ufs_melhores_que_as_tres_referencias: melhor(h, holdout, ['persistencia', 'bass', 'tendencia_log']),
      ufs_melhores_que_tendencia_log_longo: melhor(l, holdoutLongo, ['tendencia_log']),
    };
    prevLog = forecastSplit(s, PIX_JANELA.fim, relModel(popPrev, act.release), metodo);
  }
  const VARIANTES: readonly VariantePopulacao[] = ['fixa', 'sem_estimativas', 'com_estimativas'];
  type Diferencial = { holdout: Float64Array; longo: Float64Array };
  /** Every score a Monte Carlo draw of the three fits' runs (to 2022-12) gives, as the case computes them above. */
  const drawScores = (ad: Pair<AdoptersByUf> & { release: AdoptersByUf }, porMun: AdoptersByMunicipality) => {
    const porM = Object.fromEntries(METODOS_PREVISAO.map((m) => [m, score(m, 'com_estimativas', ad)])) as Record<MetodoPrevisao, ReturnType<typeof score>>;
    const porV = Object.fromEntries(VARIANTES.map((v) => [v, v === 'com_estimativas' ? porM[metodo] : score(metodo, v, ad)])) as Record<VariantePopulacao, ReturnType<typeof score>>;
    const porMLog = actLog && Object.fromEntries(METODOS_PREVISAO.map((m) => [m, score(m, 'com_estimativas', ad, actLog)])) as Record<MetodoPrevisao, ReturnType<typeof score>>;
    const { h, l } = porM[metodo];
    const rj = forecastSplit(s, PIX_JANELA.fim, { ...relModel(popJanela), meses: s.meses, adopters: ad.release }, 'fator_local');
    const porUf = Object.fromEntries(ufs.map((uf) => [uf, {
      mape_janela: mape(rj[uf]!.pagadores, s.pagadores[uf], todos),
      mape_holdout: mape(h[uf]!.pagadores, s.pagadores[uf], holdout),
      mape_longo: mape(l[uf]!.pagadores, s.pagadores[uf], holdoutLongo),
      ...(PIX_UFS_ESPACIAIS.includes(uf)
        ? { mape_espacial: mape(predictPayers(ad.juiz[uf]!, s.meses, juiz.activity, cobertura[uf], popJanela[uf]), s.pagadores[uf], todos) } : {}),
    }])) as Partial<Record<UfCode, Record<string, number>>>;
    const col = (k: string) => ufs.map((uf) => porUf[uf]![k]).filter((v) => v !== undefined);
    const share = (uf: UfCode) => predictPayers(ad.release[uf]!, s.meses, rel.activity, cobertura[uf], popJanela[uf])[nJ - 1] / popN[uf];
    const mun = new Map<string, number>();
    for (const [codigo, a] of porMun) {
      const uf = ufOf.get(codigo)!;
      mun.set(codigo, a[iDez] * cobertura[uf] * eligibleFactors(coortes.municipios.get(codigo)!, [PIX_JANELA.fim], false)[0] * activityAt(rel.activity, PIX_JANELA.fim));
    }
    const cs = scoreCrossSection(PIX_JANELA.fim, mun, munObs, ufTotals);
    const diff = (a: SplitForecast, b: SplitForecast, k: 'pagadores' | 'tendencia_log', idx: number[]) =>
      lossDifferential(ufs.map((uf) => a[uf]!.pagadores), ufs.map((uf) => b[uf]![k]), obsRows, idx);
    const contraTendencia = (x: ReturnType<typeof score>): Diferencial => ({ holdout: diff(x.h, x.h, 'tendencia_log', holdout), longo: diff(x.l, x.l, 'tendencia_log', holdoutLongo) });
    const pontosDe = <K extends string>(r: Record<K, ReturnType<typeof score>>) => Object.fromEntries(Object.entries<ReturnType<typeof score>>(r).map(([k, v]) => [k, v.pontos])) as Record<K, PontuacaoHoldouts>;
    return {
      ufs: porUf,
      agregados: {
        mape_mediana_janela: median(col('mape_janela')), mape_pior_janela: Math.max(...col('mape_janela')),
        mape_mediana_holdout: median(col('mape_holdout')), mape_pior_holdout: Math.max(...col('mape_holdout')),
        mape_mediana_longo: median(col('mape_longo')), mape_pior_longo: Math.max(...col('mape_longo')),
        mape_pior_espacial: Math.max(...col('mape_espacial')),
        spearman_parte_dez_2022: spearman(ufs.map((uf) => s.pagadores[uf][nJ - 1] / popN[uf]), ufs.map(share)),
      } as Record<string, number>,
      dict: { mape_janela: mape(keys(ad.release), s.chavesPf, todos), mape_holdout: mape(keys(ad.juiz), s.chavesPf, holdout), mape_longo: mape(keys(ad.longo), s.chavesPf, holdoutLongo) },
      municipal: {
        spearman_municipios: cs.spearman_municipios, spearman_regioes_imediatas: cs.spearman_regioes_imediatas,
        spearman_municipios_referencia_justa: cs.referencia_justa.spearman_municipios,
        spearman_regioes_imediatas_referencia_justa: cs.referencia_justa.spearman_regioes_imediatas,
        spearman_municipios_sem_termo: cs.spearman_municipios_sem_termo, spearman_regioes_imediatas_sem_termo: cs.spearman_regioes_imediatas_sem_termo,
      } as Record<string, number>,
      metodo_previsao: pontosDe(porM),
      populacao: pontosDe(porV),
      atividade_log: porMLog && { metodo_previsao: pontosDe(porMLog), ...logScores(actLog!, ad.release, ad.juiz) },
      mape_por_porte: Object.fromEntries(cs.mape_por_porte.map((p) => [p.porte, { modelo: p.modelo, modelo_sem_termo: p.modelo_sem_termo }])),
      diferencial: {
        tendencia_log: { holdout: diff(h, h, 'tendencia_log', holdout), longo: diff(l, l, 'tendencia_log', holdoutLongo) },
        curva: { holdout: diff(h, ch, 'pagadores', holdout), longo: diff(l, cl, 'pagadores', holdoutLongo) },
        metodo_previsao: Object.fromEntries(METODOS_PREVISAO.map((m) => [m, contraTendencia(porM[m])])) as Record<MetodoPrevisao, Diferencial>,
        populacao: Object.fromEntries(VARIANTES.map((v) => [v, contraTendencia(porV[v])])) as Record<VariantePopulacao, Diferencial>,
        atividade_log: porMLog && Object.fromEntries(METODOS_PREVISAO.map((m) => [m, contraTendencia(porMLog[m])])) as Record<MetodoPrevisao, Diferencial>,
      },
    };
  };
  const draws = [drawScores({ juiz: adJuiz, longo: adLongo, release: adRelJanelaOnly }, porMunicipio)];
  // draw 0 is the case's own run: its scores must be the ones published above
  const sameAsPublished = (onde: string, sorteio: Record<string, number>, caso: Record<string, number>) => {
    for (const k of Object.keys(sorteio)) {
      if (sorteio[k] !== caso[k]) throw new Error(`campaign-sim: the Monte Carlo draw 0 gives ${onde}.${k} ${sorteio[k]}, the case ${caso[k]}`);
    }
  };
  sameAsPublished('agregados', draws[0].agregados, { ...medidos, mape_pior_espacial: Math.max(...casoUfs.flatMap((u) => u.metricas.mape_espacial ?? [])) });
  for (const m of METODOS_PREVISAO) sameAsPublished(`metodo_previsao.${m}`, { ...draws[0].metodo_previsao[m] }, { ...porMetodo[m].pontos });
  for (const v of VARIANTES) sameAsPublished(`populacao.${v}`, { ...draws[0].populacao[v] }, { ...populacao[v] });
  if (atividade_log) {
    const { metodo_previsao: pm, ...resto } = draws[0].atividade_log!;
    for (const m of METODOS_PREVISAO) sameAsPublished(`atividade_log.metodo_previsao.${m}`, { ...pm[m] }, { ...atividade_log.metodo_previsao[m] });
    sameAsPublished('atividade_log', resto, {
      mape_mediana_janela: atividade_log.mape_mediana_janela, mape_pior_janela: atividade_log.mape_pior_janela, mape_pior_espacial: atividade_log.mape_pior_espacial,
    });
  }
  for (const { porte, municipios: _, ...p } of municipal.mape_por_porte) sameAsPublished(`mape_por_porte.${porte}`, draws[0].mape_por_porte[porte], p);
  sameAsPublished('municipal', draws[0].municipal, {
    spearman_municipios: municipal.spearman_municipios, spearman_regioes_imediatas: municipal.spearman_regioes_imediatas,
    spearman_municipios_referencia_justa: municipal.referencia_justa.spearman_municipios, spearman_regioes_imediatas_referencia_justa: municipal.referencia_justa.spearman_regioes_imediatas,
    spearman_municipios_sem_termo: municipal.spearman_municipios_sem_termo, spearman_regioes_imediatas_sem_termo: municipal.spearman_regioes_imediatas_sem_termo,
  });
  const R = o.sorteios ?? 0;
  for (let d = 1; d < R; d++) {
    o.onStage?.(`sorteio de Monte Carlo ${d} de ${R - 1} (amostra 1:${o.amostraFinal} de deslocamento ${d % o.amostraFinal}, ${PIX_GRUPO_COMPARACAO}-mc${d})`);
    const pm: AdoptersByMunicipality = new Map();
    const ad = { juiz: await run(juiz.parametros, s.meses, undefined, d), longo: await run(longo.parametros, s.meses, undefined, d), release: await run(rel.parametros, s.meses, pm, d) };
    await rescaleToMunicipalPersons(pm, o.release, ufs, () => o.amostraFinal, d);
    draws.push(drawScores(ad, pm));
  }
  type Draw = (typeof draws)[number];
  const byKey = <K extends string>(pick: (d: Draw) => Record<K, number>) =>
    Object.fromEntries(Object.keys(pick(draws[0])).map((k) => [k, monteCarloInterval(draws.map((d) => pick(d)[k as K]))])) as Record<K, IntervaloMc>;
  const pareadas = (pick: (d: Draw) => Diferencial): PareadasHoldouts => ({
    holdout: pairedBootstrap(draws.map((d) => pick(d).holdout)), holdout_longo: pairedBootstrap(draws.map((d) => pick(d).longo)),
  });
  const porMetodoMc = <T>(f: (m: MetodoPrevisao) => T) => Object.fromEntries(METODOS_PREVISAO.map((m) => [m, f(m)])) as Record<MetodoPrevisao, T>;
  const porVarianteMc = <T>(f: (v: VariantePopulacao) => T) => Object.fromEntries(VARIANTES.map((v) => [v, f(v)])) as Record<VariantePopulacao, T>;

  // The references read the observed series alone: every draw gives them the same forecast, so their one interval is over the holdout's months.
  const deterministica = (f: Float64Array[], obs: Float64Array[], idx: number[], valor: number, agregado: (v: number[]) => number): ValorDeterministico => ({
    valor, deterministica: true, intervalo_meses: monthsBootstrapOfMapes(f.map((x, u) => absolutePercentageErrors(x, obs[u], idx)), agregado),
  });
  const max = (v: number[]) => Math.max(...v);
  const pontosDeterministicos = (fh: Float64Array[], fl: Float64Array[]): Record<keyof PontuacaoHoldouts, ValorDeterministico> => {
    const mh = fh.map((x, u) => mape(x, obsRows[u], holdout)), ml = fl.map((x, u) => mape(x, obsRows[u], holdoutLongo));
    return {
      mape_mediana_holdout: deterministica(fh, obsRows, holdout, median(mh), median), mape_pior_holdout: deterministica(fh, obsRows, holdout, max(mh), max),
      mape_mediana_longo: deterministica(fl, obsRows, holdoutLongo, median(ml), median), mape_pior_longo: deterministica(fl, obsRows, holdoutLongo, max(ml), max),
    };
  };
  const referencias: IntervalosReferencias = {
    descricao: 'As referências (persistência, Bass, tendência logarítmica) e a curva saturante leem só a série observada: todo sorteio lhes dá a mesma previsão, ' +
      'então não têm dispersão de Monte Carlo (deterministica: true) e valor é o seu escore, medianas e piores UFs dos MAPEs de ufs[].metricas e de comparacoes.curva_saturante. ' +
      `intervalo_meses: o intervalo de ${NIVEL_INTERVALO * 100}% por percentis de ${REAMOSTRAS} reamostras dos meses do holdout com reposição (os mesmos meses em toda UF), ` +
      'o MAPE de cada UF e a sua mediana ou pior refeitos em cada uma; os meses de um holdout partem da mesma origem e os seus erros são autocorrelacionados, então esse intervalo é mais estreito que a incerteza real. ' +
      'A pior UF de uma reamostra é a pior sobre os meses sorteados: pode passar da observada. ' +
      'municipal_por_porte: o MAPE por porte das duas referências do corte municipal (moradores e renda; a referência justa), que dentro de cada UF leem só dados observados e são escaladas à soma observada da UF: ' +
      `intervalo_municipios, ${REAMOSTRAS} reamostras dos municípios do porte com reposição.`,
    reamostras: REAMOSTRAS,
    ...(Object.fromEntries(REFERENCIAS.map((r) => [r, pontosDeterministicos(ufs.map((uf) => fh[uf]![r]), ufs.map((uf) => fl[uf]![r]))])) as Record<Referencia, Record<keyof PontuacaoHoldouts, ValorDeterministico>>),
    municipal_por_porte: Object.fromEntries(municipal.mape_por_porte.map((p) => {
      const e = errosReferenciasMun[p.porte];
      const porMunicipios = (valor: number, ape: Float64Array): ValorDeterministicoMunicipal => ({
        valor, deterministica: true, intervalo_municipios: unitBootstrap(ape.length, (u) => u.reduce((t, i) => t + ape[i], 0) / u.length),
      });
      return [p.porte, { referencia: porMunicipios(p.referencia, e.referencia), referencia_justa: porMunicipios(p.referencia_justa, e.referencia_justa) }];
    })),
    curva_saturante: {
      metodo_previsao: porMetodoMc((m) => pontosDeterministicos(ufs.map((uf) => curvaPorMetodo[m].h[uf]!.pagadores), ufs.map((uf) => curvaPorMetodo[m].l[uf]!.pagadores))),
      mape_pior_espacial: deterministica(PIX_UFS_ESPACIAIS.map((uf) => predictPayers(curvaEspacial[uf]!, s.meses, juiz.activity, cobertura[uf], popJanela[uf])),
        PIX_UFS_ESPACIAIS.map((uf) => s.pagadores[uf]), todos, Math.max(...Object.values(espacialCurva)), max),
    },
  };
  const intervalos: IntervalosPix | undefined = R >= 2 ? {
    descricao: `${R} sorteios de Monte Carlo: o sorteio 0 é a rodada do caso (amostra 1:${o.amostraFinal} de deslocamento 0, grupo ${PIX_GRUPO_COMPARACAO}); o sorteio d usa a amostra de deslocamento d e o grupo ${PIX_GRUPO_COMPARACAO}-mc<d>, ` +
      'rodando os parâmetros do juiz, do corte longo e da release até 2022-12. media e intervalo: a média dos sorteios e o seu intervalo t de 90%; dp e faixa: o desvio de um sorteio e o menor e o maior. Os valores publicados no resto do caso são os do sorteio 0.',
    sorteios: R, nivel: NIVEL_INTERVALO,
    agregados: byKey((d) => d.agregados),
    ufs: Object.fromEntries(ufs.map((uf) => [uf, byKey((d) => d.ufs[uf]!)])),
    dict: byKey((d) => d.dict),
    municipal: byKey((d) => d.municipal),
    descricao_acrescimos: 'Acrescentados ao caso de v2.1.0 depois da sua publicação, dos mesmos sorteios, sem mudar nenhum valor publicado: metodo_previsao, populacao e atividade_log ' +
      '(os escores de comparacoes.metodo_previsao, comparacoes.populacao e comparacoes.atividade_log, que pontuam os mesmos adotantes de cada sorteio de outro modo), ' +
      'mape_por_porte e os Spearman sem o termo municipal (municipal), contra_tendencia_log (cada variante contra a tendência logarítmica mês a mês, como comparacoes.contra_tendencia_log) e referencias (as previsões sem dispersão de Monte Carlo). ' +
      'Sem comparação pareada com a tendência logarítmica: dentro da amostra (mape_janela) e no holdout espacial não há previsão dela (seria ajustada aos meses em que é pontuada, ou a uma série que o holdout esconde); ' +
      'DICT conta chaves, não pagadores por UF; o corte municipal é um só mês, sem meses a parear. O Spearman da referência de moradores e renda (spearman_municipios_referencia) ' +
      'lê só dados observados, é o mesmo em todo sorteio e não tem intervalo aqui.',
    metodo_previsao: porMetodoMc((m) => byKey((d) => d.metodo_previsao[m])),
    populacao: porVarianteMc((v) => byKey((d) => d.populacao[v])),
    ...(actLog ? {
      atividade_log: {
        metodo_previsao: porMetodoMc((m) => byKey((d) => d.atividade_log!.metodo_previsao[m])),
        ...byKey((d) => { const { metodo_previsao: _, ...resto } = d.atividade_log!; return resto; }),
      },
    } : {}),
    mape_por_porte: Object.fromEntries(Object.keys(draws[0].mape_por_porte).map((p) => [p, byKey((d) => d.mape_por_porte[p])])),
    contra_tendencia_log: {
      metodo_previsao: porMetodoMc((m) => pareadas((d) => d.diferencial.metodo_previsao[m])),
      populacao: porVarianteMc((v) => pareadas((d) => d.diferencial.populacao[v])),
      ...(actLog ? { atividade_log: porMetodoMc((m) => pareadas((d) => d.diferencial.atividade_log![m])) } : {}),
    },
    referencias,
  } : undefined;
  const pareada = (k: 'tendencia_log' | 'curva') => pareadas((d) => d.diferencial[k]);
  const curva_saturante: CurvaSaturante = {
    descricao: 'Os agentes trocados por uma curva de Bass por UF (p, q e m da UF) ajustada aos adotantes que os pagadores observados da janela implicam, pagadores / (c_u g_u(t) a(t)), ' +
      'e o resto igual: cobertura, crescimento, a(t), fator local ou assimilação (calibration/pix/pix-curve.ts). No holdout espacial, p e q comuns ajustados nas outras UFs e m = pessoas 15+ da UF x (soma dos m / soma das pessoas 15+ das UFs ajustadas).',
    metodo_previsao: Object.fromEntries(METODOS_PREVISAO.map((m) => [m, curvaPorMetodo[m].pontos])) as Record<MetodoPrevisao, PontuacaoHoldouts>,
    ufs: ufs.map((uf) => ({
      uf, mape_holdout: mape(ch[uf]!.pagadores, s.pagadores[uf], holdout), mape_longo: mape(cl[uf]!.pagadores, s.pagadores[uf], holdoutLongo), mape_espacial: espacialCurva[uf] ?? null,
    })),
    mape_pior_espacial: Math.max(...Object.values(espacialCurva)),
    ufs_modelo_melhor_holdout: 0, ufs_modelo_melhor_longo: 0,
    modelo_contra_curva: pareada('curva'),
  };
  for (const c of curva_saturante.ufs) {
    const m = casoUfs.find((u) => u.uf === c.uf)!.metricas;
    if (m.mape_holdout < c.mape_holdout) curva_saturante.ufs_modelo_melhor_holdout++;
    if (m.longo!.mape < c.mape_longo) curva_saturante.ufs_modelo_melhor_longo++;
  }
  const arred = (v: Float64Array) => Array.from(v, Math.round);
  const dict: ComparacaoDict = {
    descricao: 'Chaves Pix de pessoas físicas no fim de cada mês (DICT, users_pf) contra os adotantes nacionais do modelo, soma das UFs de c_u g_u(t) A_u(t) (sem fator local nem assimilação). ' +
      'mape_janela: o ajuste da release em 2020-11..2022-12 (dentro da amostra); mape_holdout: o juiz em 2022-07..12; mape_longo: o ajuste longo em 2022. a(t) é ajustada como pagadores / DICT, então dentro da amostra a comparação não é independente do ajuste.',
    meses: [...s.meses], dict: arred(s.chavesPf), modelo_release: arred(keys(adRelJanelaOnly)), modelo_juiz: arred(keys(adJuiz)), modelo_longo: arred(keys(adLongo)),
    ...draws[0].dict,
  };
  const rows = (f: SplitForecast) => ufs.flatMap((uf) => mesesPrev.map((periodo, j) => ({ uf, periodo, pagadores: Math.round(f[uf]!.pagadores[j]) })));
  const coortesUfs = Object.fromEntries(ufs.map((uf) => [uf, coortes.ufs[uf]])) as Record<UfCode, Coorte>;
  const caso: PixCase = {
    id: 'pix',
    nome: 'Pix: pagadores mensais por UF (Banco Central)',
    o_que_foi_medido: 'Pessoas físicas que pagaram com Pix em cada mês, por UF (QT_PES_PagadorPF), de 2020-11 a 2022-12, contra a adoção simulada vezes a atividade mensal (pagadores / chaves no DICT) vezes a cobertura da UF (estimativa DataSUS 2022 / Censo 2022) vezes a população elegível do mês (15+, envelhecimento das coortes de 2022); e, por município, a parte de pagadores em dez/2022.',
    release: o.release.version,
    vale_ate_dia: periodDays(PIX_PREVISAO_FIM, 'mes', PIX_DATA_INICIO)[1],
    janela: { ...PIX_JANELA },
    holdout: { ...PIX_HOLDOUT },
    holdout_espacial: { ufs: [...PIX_UFS_ESPACIAIS] },
    holdout_longo: { ...PIX_HOLDOUT_LONGO },
    resumo,
    ufs: casoUfs,
    testes: {
      mape_janela: `MAPE mensal da UF em ${per(PIX_JANELA)} com os parâmetros da release (dentro da amostra) e o fator local da UF; limite ${PIX_LIMITES.mape_janela}`,
      mape_holdout: `MAPE mensal da UF em ${per(PIX_HOLDOUT)} com o ajuste do juiz (janela até ${PIX_JANELA_JUIZ_FIM}, fora da amostra), previsto a partir do fim da janela (${metodo === 'assimilacao' ? 'estado assimilado ao último mês observado' : `fator local dos ${LOCAL_FACTOR_MONTHS} últimos meses`}); limite ${PIX_LIMITES.mape_holdout}`,
      contra_persistencia: `mape_holdout menor que o da persistência (o valor de ${PIX_JANELA_JUIZ_FIM} repetido em cada mês do holdout)`,
      contra_bass: 'mape_holdout menor que o de uma curva de Bass ajustada à série da UF na janela do juiz',
      contra_tendencia_log: 'mape_holdout menor que o da tendência logarítmica (a + b ln t ajustada aos 12 últimos meses da janela do juiz)',
      mape_longo: `MAPE mensal da UF em ${per(PIX_HOLDOUT_LONGO)} com o ajuste longo (janela até ${PIX_HOLDOUT_LONGO.janela_fim}, um ano à frente); limite ${PIX_LIMITES.mape_longo}`,
      mape_espacial: `UFs do holdout espacial (${PIX_UFS_ESPACIAIS.join(', ')}), fora dos ajustes do juiz e longo: MAPE mensal em ${per(PIX_JANELA)} com o juiz, sem fator local; limite ${PIX_LIMITES.mape_espacial}`,
    },
    agregados: { ...medidos, veredito: aprovada ? 'aprovada' : 'reprovada' },
    ajuste: {
      parametros: rel.parametros,
      observacao: {
        atividade: rel.activity, atividade_juiz: juiz.activity, atividade_longo: longo.activity, cobertura,
        coortes: coortesUfs, elegiveis: elegiveis as Record<UfCode, number>, metodo_previsao: metodo, termo_municipal: termo,
      },
      busca: {
        metodo: o.perfil
          ? `perfil: só ${PIX_DIMENSAO_RENDA_UF.nome}, por seção áurea em [${PIX_PERFIL_RENDA_UF.de}, ${PIX_PERFIL_RENDA_UF.ate}] depois do ponto de partida, as outras coordenadas de cada ajuste no ${o.perfil.origem}, em amostras 1:k de domicílios de cada UF (calibration/pix/pix-fit.ts)`
          : 'Nelder-Mead em amostras 1:k de domicílios de cada UF (calibration/pix/pix-fit.ts)',
        dimensoes: pixFitDimensions(o.renda, o.rendaUf).map((d) => d.nome),
        avaliacoes_juiz: juiz.avaliacoes.length, avaliacoes_release: rel.avaliacoes.length, avaliacoes_longo: longo.avaliacoes.length,
        perda_juiz: juiz.melhor.loss, perda_release: rel.melhor.loss, perda_longo: longo.melhor.loss, amostra_pessoas_por_uf: o.amostraPessoas,
        inicio_juiz: o.perfil?.origem ?? o.inicioJuiz?.origem ?? 'inícios fixados à mão (pix-fit.ts)',
        ...(o.perfil ? { inicio_longo: o.perfil.origem } : o.inicioLongo ? { inicio_longo: o.inicioLongo.origem } : {}),
        perda: o.perda ?? 'mape',
        agregado: o.agregado ?? 'media',
        ...(o.ajustesDoCaso ? { ajustes_do_caso: o.ajustesDoCaso } : {}),
      },
      historico: [
        ...juiz.avaliacoes.map((e) => ({ ajuste: 'juiz' as const, x: e.x, perda: e.loss })),
        ...longo.avaliacoes.map((e) => ({ ajuste: 'longo' as const, x: e.x, perda: e.loss })),
        ...rel.avaliacoes.map((e) => ({ ajuste: 'release' as const, x: e.x, perda: e.loss })),
      ],
      amostra_final: o.amostraFinal,
    },
    fonte: {
      credito: 'Banco Central do Brasil, Pix Dados Abertos (TransacoesPixPorMunicipio, PixUsuariosCadastradosDICT), via sulivanrocha/pix-dataviz; IBGE, Estimativas da População (2024, 2025)',
      licenca: 'Dados abertos do Banco Central do Brasil; dados públicos do IBGE',
      url: 'https://dadosabertos.bcb.gov.br',
    },
    metodo: 'docs/model.md#o-caso-pix',
    aviso:
      `Modelo, não observação: a previsão de 2023-01 a 2026-12 é o modelo com os parâmetros da release e a atividade extrapolada (${forma === 'log' ? 'log-linear' : 'logit linear em ln t, limitada a a(t) < 1'}), feita antes de olhar dados de pagadores posteriores a 2022-12, ` +
      `a partir do fim da janela (${metodo === 'assimilacao' ? 'estado assimilado aos pagadores observados em 2022-12' : 'fator local'}). ` +
      'A população elegível (15+) muda no tempo pelo envelhecimento das coortes de 2022 e pelo crescimento das Estimativas da População do IBGE de 2024 e 2025, publicadas depois de dez/2022 (como o Censo 2022 que dá as pessoas do modelo): ' +
      'a previsao é condicional a elas; previsao_sem_estimativas é a mesma previsão, com os mesmos parâmetros, sem elas (população total fixa, só o envelhecimento). ' +
      'Os pagadores previstos de cada UF levam a razão entre a estimativa de população de 2022 do DataSUS (RIPSA) e o Censo 2022 (cobertura, um dado, não um ajuste); pagadores contam onde pagam e moradores onde moram: ' +
      'previsao_municipios reparte a previsão da UF entre os municípios como o modelo reparte os adotantes (os de cada município escalados pelas suas próprias pessoas na amostra), ' +
      'com o termo municipal: pagadores proporcionais a moradores x (parte do modelo)^w x exp(theta . z), w por porte de município (w < 1 encolhe as diferenças do modelo entre municípios da mesma UF, que são maiores que as observadas), ' +
      'z: parte urbana dos moradores, Atlas 2010, e moradores por domicílio, Censo 2022; w e theta em ajuste.observacao.termo_municipal, ajustados nas 22 UFs pontuadas; o termo move pagadores entre os municípios da UF sem mudar o seu total; ' +
      'o corte municipal (municipal) é pontuado só em UFs cuja série municipal soma o total da UF, e cada metade das UFs com o termo ajustado na outra metade. ' +
      (o.ajustesDoCaso ? `Os três ajustes são os do caso de ${o.ajustesDoCaso} (ajuste.historico), julgados de novo nas mesmas pessoas, não refeitos; o que muda é ${reexpressa ? 'a forma de a(t)' : 'o termo municipal'}. ` : '') +
      (reexpressa ? 'A busca dos ajustes leu a(t) log-linear; o julgamento e a previsão leem a forma deste caso, ajustada às mesmas janelas; comparacoes.atividade_log e previsao_atividade_log são o caso com a log-linear. ' : '') +
      (o.amostraFinal > 1 ? `Os juízes e a previsão rodaram numa amostra 1:${o.amostraFinal} de domicílios de cada UF, não na população inteira. ` : '') +
      (aprovada ? '' : 'O ajuste não atingiu as metas de validade: os parametros_pix desta release continuam nao_calibrado.'),
    previsao: rows(prev),
    comparacoes: {
      metodo_previsao: Object.fromEntries(METODOS_PREVISAO.map((m) => [m, porMetodo[m].pontos])) as Record<MetodoPrevisao, PontuacaoHoldouts>,
      populacao,
      curva_saturante,
      dict,
      contra_tendencia_log: pareada('tendencia_log'),
      ...(atividade_log ? { atividade_log } : {}),
    },
    tentativas: pixAttempts(),
    ...(intervalos ? { intervalos } : {}),
    municipal,
    previsao_sem_estimativas: rows(prevSem),
    previsao_municipios: municipalForecast(prev, mesesPrev, porMunicipio, ufOf, coortes, { cobertura, atividade: rel.activity }, termo),
    ...(prevLog ? { previsao_atividade_log: rows(prevLog) } : {}),
  };
  return { caso, ajustes: fits };
}

/** The Decembers of previsao_municipios. */
export const PIX_DEZEMBROS = [202212, 202312, 202412, 202512, 202612] as const;

/**
 * Payers per municipality at each December: the UF's forecast shared among its municipalities as
 * the model's payers (c_u x g_m x a(t) x adopters_m, the scale the municipal term was fitted on:
 * with a power of the model's share the scale matters), each weighted, when the case has one
 * (v1.7.0 on), by the municipal term (pix-municipal.ts, termWeight).
 */
export function municipalForecast(
  prev: SplitForecast, meses: readonly number[], porMunicipio: AdoptersByMunicipality, ufOf: ReadonlyMap<string, UfCode>, coortes: CoortesPix,
  observacao: { cobertura: Record<UfCode, number>; atividade: PixFit['activity'] }, termo?: MunicipalTerm,
): Array<{ municipio: string; periodo: number; pagadores: number }> {
  const codes = [...porMunicipio.keys()].sort();
  const z = termo && municipalCovariates(termo.covariaveis);
  const byCode = new Map(loadMunicipalities().map((m) => [m.codigo, m] as const));
  const weight = (c: string, modelo: number) => (termo ? termWeight(modelo, byCode.get(c)!.populacao, byCode.get(c)!.porte, termo, z!.get(c)!) : modelo);
  const out: Array<{ municipio: string; periodo: number; pagadores: number }> = [];
  for (const periodo of PIX_DEZEMBROS) {
    const j = meses.indexOf(periodo);
    const a = activityAt(observacao.atividade, periodo);
    const payers = (c: string) => porMunicipio.get(c)![j] * observacao.cobertura[ufOf.get(c)!] * eligibleFactors(coortes.municipios.get(c)!, [periodo], false)[0] * a;
    const w = new Map(codes.map((c) => [c, weight(c, payers(c))]));
    const sum = new Map<UfCode, number>();
    for (const c of codes) sum.set(ufOf.get(c)!, (sum.get(ufOf.get(c)!) ?? 0) + w.get(c)!);
    for (const c of codes) {
      const uf = ufOf.get(c)!;
      out.push({ municipio: c, periodo, pagadores: Math.round(prev[uf]!.pagadores[j] * w.get(c)! / sum.get(uf)!) });
    }
  }
  return out;
}
