// The Pix public case (the library's first `casos` entry): the release's adoption parameters
// fitted to the Banco Central's monthly Pix payers by UF and judged out of sample, with the
// model's forecast of monthly payers up to 2026-12. Two fits (pix-fit.ts):
//   A, the judge: window 2020-11..2022-06 on every UF but the spatial holdout; its parameters run
//      every UF on the release's population to 2022-12: the months 2022-07..2022-12 are the time
//      holdout of every UF, and the spatial-holdout UFs are judged on every month.
//   B, the release: window 2020-11..2022-12 on every UF, started from A's best point; its
//      parameters are the release's parametros_pix, and they make the forecast.
// Predicted payers carry each UF's coverage (who is counted, pix-coverage.ts: data, no parameter)
// everywhere, in the fits' loss too. After each fit, every UF's local factor (where people pay,
// pix-local-factor.ts) is measured on the last months of that fit's window; predictions of payers
// carry it, the cross-section target (the Dec 2022 share) is read without it, and a
// spatial-holdout UF is judged on every month without it (never seen).
// Nothing here is tuned by hand: every number comes from the search, the data and the seed.
// The case's format, reader and writer: src/release/pix-case-file.ts.
import { bassBasis, fitBass } from '../bass.js';
import { periodDays, periodsBetween } from '../periods.js';
import type { Evaluation } from '../search.js';
import type { SimPool } from '../../src/pool/pool.js';
import type { PixCase, PixCaseUf, Reprovacao, VereditoUf } from '../../src/release/pix-case-file.js';
import type { ModelParameters, Release, UfCode } from '../../src/release/types.js';
import { fitPix, mape, PIX_FIT_DIMENSIONS, type PixFit } from './pix-fit.js';
import { censusCoverage } from './pix-coverage.js';
import { applyLocalFactor, fitLocalFactors, LOCAL_FACTOR_MONTHS } from './pix-local-factor.js';
import { PIX_DATA_INICIO, predictPayers, simulatePixAdopters, type AdoptersByUf } from './pix-model.js';
import type { PixSeries } from './pix-series.js';

export const PIX_JANELA = { inicio: 202011, fim: 202212 } as const;
export const PIX_HOLDOUT = { inicio: 202207, fim: 202212 } as const;
export const PIX_JANELA_JUIZ_FIM = 202206;
export const PIX_PREVISAO_FIM = 202612;
/** Spatial holdout: one UF per macro-region, fixed before any fit. */
export const PIX_UFS_ESPACIAIS: readonly UfCode[] = ['AC', 'PB', 'ES', 'MS', 'SC'];

/** The validity targets: the case is `aprovada` only when every one holds (bench/results/pix.json reports each). */
export const PIX_TARGETS = {
  mape_mediana_janela: 0.08, mape_pior_janela: 0.2, mape_mediana_holdout: 0.08,
  ufs_melhores_que_as_duas_referencias: 20, spearman_parte_dez_2022: 0.85, minutos: 60,
} as const;

/** Whether each accuracy target holds for the case's aggregates (the time target is the bench's). */
export function targetsMet(a: Pick<PixCase['agregados'], keyof Omit<typeof PIX_TARGETS, 'minutos'>>): Record<keyof Omit<typeof PIX_TARGETS, 'minutos'>, boolean> {
  const t = PIX_TARGETS;
  return {
    mape_mediana_janela: a.mape_mediana_janela <= t.mape_mediana_janela,
    mape_pior_janela: a.mape_pior_janela <= t.mape_pior_janela,
    mape_mediana_holdout: a.mape_mediana_holdout <= t.mape_mediana_holdout,
    ufs_melhores_que_as_duas_referencias: a.ufs_melhores_que_as_duas_referencias >= t.ufs_melhores_que_as_duas_referencias,
    spearman_parte_dez_2022: a.spearman_parte_dez_2022 >= t.spearman_parte_dez_2022,
  };
}

/** Limits of the per-UF tests (their meaning is in `testes`). */
export const PIX_LIMITES = { mape_janela: 0.2, mape_holdout: 0.1, mape_espacial: 0.2 } as const;

export interface BuildPixCaseOptions {
  release: Release;
  series: PixSeries;
  /** The model-2 fields and the parameters the fit does not move. */
  base: ModelParameters;
  amostraPessoas: number;
  avaliacoes: number;
  /** k of the judge's and the forecast's runs (1 = the release's whole population). */
  amostraFinal: number;
  pool?: SimPool;
  threads?: number;
  onStage?: (stage: string) => void;
  onEvaluation?: (stage: string, e: Evaluation, n: number) => void;
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function ranks(v: number[]): number[] {
  const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(v.length);
  for (let k = 0; k < order.length;) {
    let j = k;
    while (j + 1 < order.length && order[j + 1][0] === order[k][0]) j++;
    for (let t = k; t <= j; t++) r[order[t][1]] = (k + j) / 2;
    k = j + 1;
  }
  return r;
}

/** Spearman rank correlation (Pearson on ranks, ties averaged). */
export function spearman(a: number[], b: number[]): number {
  const ra = ranks(a), rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((x, y) => x + y, 0) / n, mb = rb.reduce((x, y) => x + y, 0) / n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) { sab += (ra[i] - ma) * (rb[i] - mb); saa += (ra[i] - ma) ** 2; sbb += (rb[i] - mb) ** 2; }
  return sab / Math.sqrt(saa * sbb);
}

/** Holdout forecasts of the two naive references for one UF, from the judge's window only. */
function referenceForecasts(obs: Float64Array, meses: number[], janela: number[]): { persistencia: Float64Array; bass: Float64Array } {
  const spans = meses.map((m) => periodDays(m, 'mes', PIX_DATA_INICIO));
  const persistencia = new Float64Array(meses.length).fill(obs[janela[janela.length - 1]]);
  const fit = fitBass({ values: [Float64Array.from(janela, (i) => obs[i])], spans: janela.map((i) => spans[i]), medida: 'acumulado' });
  const bass = Float64Array.from(spans, (s) => fit.m[0] * bassBasis(fit.p, fit.q, s, 'acumulado'));
  return { persistencia, bass };
}

export async function buildPixCase(o: BuildPixCaseOptions): Promise<PixCase> {
  const s = o.series;
  const ufs = s.ufs;
  const fitted = ufs.filter((u) => !PIX_UFS_ESPACIAIS.includes(u));
  const idxOf = (de: number, ate: number) => s.meses.map((m, i) => [m, i] as const).filter(([m]) => m >= de && m <= ate).map(([, i]) => i);
  const janelaJuiz = idxOf(PIX_JANELA.inicio, PIX_JANELA_JUIZ_FIM);
  const holdout = idxOf(PIX_HOLDOUT.inicio, PIX_HOLDOUT.fim);
  const todos = idxOf(PIX_JANELA.inicio, PIX_JANELA.fim);
  const cobertura = censusCoverage();
  const run = (p: ModelParameters, meses: number[]): Promise<AdoptersByUf> =>
    simulatePixAdopters(p, { release: o.release, ufs, meses, amostra: () => o.amostraFinal, pool: o.pool, threads: o.threads });

  o.onStage?.('ajuste do juiz (janela até 2022-06, sem as UFs do holdout espacial)');
  const juiz: PixFit = await fitPix({
    release: o.release, series: s, base: o.base, cobertura, janelaFim: PIX_JANELA_JUIZ_FIM, ufs: fitted, amostraPessoas: o.amostraPessoas,
    maxAvaliacoes: o.avaliacoes, pool: o.pool, threads: o.threads, onEvaluation: (e, n) => o.onEvaluation?.('juiz', e, n),
  });
  o.onStage?.('juiz na população da release, até 2022-12');
  const adJuiz = await run(juiz.parametros, s.meses);

  o.onStage?.('ajuste da release (janela até 2022-12, todas as UFs)');
  const rel: PixFit = await fitPix({
    release: o.release, series: s, base: o.base, cobertura, janelaFim: PIX_JANELA.fim, ufs, amostraPessoas: o.amostraPessoas,
    maxAvaliacoes: o.avaliacoes, inicio: juiz.melhor.x, pool: o.pool, threads: o.threads, onEvaluation: (e, n) => o.onEvaluation?.('release', e, n),
  });
  o.onStage?.('previsão na população da release, até 2026-12');
  const mesesPrev = periodsBetween(PIX_JANELA.inicio, PIX_PREVISAO_FIM, 'mes');
  const adRel = await run(rel.parametros, mesesPrev);

  const casoUfs: PixCaseUf[] = [];
  const obsShare: number[] = [], modelShare: number[] = [];
  let melhores = 0;
  const rawJuiz: AdoptersByUf = {}, rawRel: AdoptersByUf = {};
  for (const uf of ufs) {
    rawJuiz[uf] = predictPayers(adJuiz[uf]!, s.meses, juiz.activity, cobertura[uf]);
    rawRel[uf] = predictPayers(adRel[uf]!.subarray(0, s.meses.length), s.meses, rel.activity, cobertura[uf]);
  }
  // Every UF's judge factor comes from its own months up to 2022-06 (what the references see too).
  const kJuiz = fitLocalFactors(s.pagadores, rawJuiz, ufs, janelaJuiz);
  const kRel = fitLocalFactors(s.pagadores, rawRel, ufs, todos);
  for (const uf of ufs) {
    const obs = s.pagadores[uf];
    const pJuiz = applyLocalFactor(rawJuiz[uf]!, kJuiz[uf]);
    const pRel = applyLocalFactor(rawRel[uf]!, kRel[uf]);
    const refs = referenceForecasts(obs, s.meses, janelaJuiz);
    const espacial = PIX_UFS_ESPACIAIS.includes(uf);
    const pop = (await o.release.population([uf])).nPersons;
    const m = {
      mape_janela: mape(pRel, obs, todos),
      mape_holdout: mape(pJuiz, obs, holdout),
      mape_persistencia: mape(refs.persistencia, obs, holdout),
      mape_bass: mape(refs.bass, obs, holdout),
      mape_espacial: espacial ? mape(rawJuiz[uf]!, obs, todos) : null,
      parte_dez_2022: { observada: obs[obs.length - 1] / pop, modelo: rawRel[uf]![s.meses.length - 1] / pop },
      fator_local: kRel[uf]!,
      fator_local_juiz: kJuiz[uf]!,
    };
    obsShare.push(m.parte_dez_2022.observada);
    modelShare.push(m.parte_dez_2022.modelo);
    const rep: Reprovacao[] = [];
    const per = (a: { inicio: number; fim: number }) => `${a.inicio}..${a.fim}`;
    if (m.mape_janela > PIX_LIMITES.mape_janela) rep.push({ teste: 'mape_janela', periodo: per(PIX_JANELA), valor: m.mape_janela, limite: PIX_LIMITES.mape_janela });
    if (m.mape_holdout > PIX_LIMITES.mape_holdout) rep.push({ teste: 'mape_holdout', periodo: per(PIX_HOLDOUT), valor: m.mape_holdout, limite: PIX_LIMITES.mape_holdout });
    if (!(m.mape_holdout < m.mape_persistencia)) rep.push({ teste: 'contra_persistencia', periodo: per(PIX_HOLDOUT), valor: m.mape_holdout, limite: m.mape_persistencia });
    if (!(m.mape_holdout < m.mape_bass)) rep.push({ teste: 'contra_bass', periodo: per(PIX_HOLDOUT), valor: m.mape_holdout, limite: m.mape_bass });
    if (m.mape_espacial !== null && m.mape_espacial > PIX_LIMITES.mape_espacial) rep.push({ teste: 'mape_espacial', periodo: per(PIX_JANELA), valor: m.mape_espacial, limite: PIX_LIMITES.mape_espacial });
    if (m.mape_holdout < m.mape_persistencia && m.mape_holdout < m.mape_bass) melhores++;
    const scored: Array<[string, number]> = [['mape_janela', m.mape_janela], ['mape_holdout', m.mape_holdout]];
    if (m.mape_espacial !== null) scored.push(['mape_espacial', m.mape_espacial]);
    const pior = scored.reduce((a, b) => (b[1] > a[1] ? b : a));
    casoUfs.push({ uf, veredito: rep.length ? 'reprovado_declarado' : 'passou', mape_pior: { teste: pior[0], valor: pior[1] }, reprovacoes: rep, metricas: m });
  }
  const janelaMapes = casoUfs.map((u) => u.metricas.mape_janela);
  const holdoutMapes = casoUfs.map((u) => u.metricas.mape_holdout);
  const medidos = {
    mape_mediana_janela: median(janelaMapes), mape_pior_janela: Math.max(...janelaMapes), mape_mediana_holdout: median(holdoutMapes),
    ufs_melhores_que_as_duas_referencias: melhores, spearman_parte_dez_2022: spearman(obsShare, modelShare),
  };
  const aprovada = Object.values(targetsMet(medidos)).every(Boolean);
  const resumo: Record<VereditoUf, number> = { passou: 0, reprovado_declarado: 0, nao_pontuado: 0 };
  for (const u of casoUfs) resumo[u.veredito]++;
  const previsao: PixCase['previsao'] = [];
  for (const uf of ufs) {
    const pay = applyLocalFactor(predictPayers(adRel[uf]!, mesesPrev, rel.activity, cobertura[uf]), kRel[uf]);
    mesesPrev.forEach((periodo, j) => previsao.push({ uf, periodo, pagadores: Math.round(pay[j]) }));
  }
  return {
    id: 'pix',
    nome: 'Pix: pagadores mensais por UF (Banco Central)',
    o_que_foi_medido: 'Pessoas físicas que pagaram com Pix em cada mês, por UF (QT_PES_PagadorPF), de 2020-11 a 2022-12, contra a adoção simulada vezes a atividade mensal (pagadores / chaves no DICT) vezes a cobertura da UF (estimativa DataSUS 2022 / Censo 2022).',
    release: o.release.version,
    vale_ate_dia: periodDays(PIX_PREVISAO_FIM, 'mes', PIX_DATA_INICIO)[1],
    janela: { ...PIX_JANELA },
    holdout: { ...PIX_HOLDOUT },
    holdout_espacial: { ufs: [...PIX_UFS_ESPACIAIS] },
    resumo,
    ufs: casoUfs,
    testes: {
      mape_janela: `MAPE mensal da UF em ${PIX_JANELA.inicio}..${PIX_JANELA.fim} com os parâmetros da release (ajuste B, dentro da amostra) e o fator local da UF; limite ${PIX_LIMITES.mape_janela}`,
      mape_holdout: `MAPE mensal da UF em ${PIX_HOLDOUT.inicio}..${PIX_HOLDOUT.fim} com o ajuste A (janela até ${PIX_JANELA_JUIZ_FIM}, fora da amostra) e o fator local medido nos ${LOCAL_FACTOR_MONTHS} últimos meses dessa janela; limite ${PIX_LIMITES.mape_holdout}`,
      contra_persistencia: 'mape_holdout menor que o da persistência (o valor de 2022-06 repetido em cada mês do holdout)',
      contra_bass: 'mape_holdout menor que o de uma curva de Bass ajustada à série da UF na janela do ajuste A',
      mape_espacial: `UFs do holdout espacial (${PIX_UFS_ESPACIAIS.join(', ')}), fora do ajuste A: MAPE mensal em ${PIX_JANELA.inicio}..${PIX_JANELA.fim}, sem fator local; limite ${PIX_LIMITES.mape_espacial}`,
    },
    agregados: { ...medidos, veredito: aprovada ? 'aprovada' : 'reprovada' },
    ajuste: {
      parametros: rel.parametros,
      observacao: { atividade: rel.activity, atividade_juiz: juiz.activity, cobertura },
      busca: {
        metodo: 'Nelder-Mead em amostras 1:k de domicílios de cada UF (calibration/pix/pix-fit.ts)',
        dimensoes: PIX_FIT_DIMENSIONS.map((d) => d.nome),
        avaliacoes_juiz: juiz.avaliacoes.length, avaliacoes_release: rel.avaliacoes.length,
        perda_juiz: juiz.melhor.loss, perda_release: rel.melhor.loss, amostra_pessoas_por_uf: o.amostraPessoas,
      },
      historico: [
        ...juiz.avaliacoes.map((e) => ({ ajuste: 'juiz' as const, x: e.x, perda: e.loss })),
        ...rel.avaliacoes.map((e) => ({ ajuste: 'release' as const, x: e.x, perda: e.loss })),
      ],
      amostra_final: o.amostraFinal,
    },
    fonte: {
      credito: 'Banco Central do Brasil, Pix Dados Abertos (TransacoesPixPorMunicipio, PixUsuariosCadastradosDICT), via sulivanrocha/pix-dataviz',
      licenca: 'Dados abertos do Banco Central do Brasil',
      url: 'https://dadosabertos.bcb.gov.br',
    },
    metodo: 'docs/model.md#o-caso-pix',
    aviso:
      'Modelo, não observação: a previsão de 2023-01 a 2026-12 é o modelo com os parâmetros da release e a atividade extrapolada (log-linear), feita antes de olhar dados posteriores a 2022-12; ' +
      'a população é a do Censo 2022, fixa no tempo, e os pagadores previstos de cada UF levam a razão entre a estimativa de população de 2022 do DataSUS (RIPSA) e o Censo 2022 (cobertura, um dado, não um ajuste); pagadores contam onde pagam e moradores onde moram, por isso só totais de UF são comparados, cada UF com um fator local medido depois do ajuste (fator_local), que a correlação de Spearman entre UFs não usa. ' +
      (o.amostraFinal > 1 ? `O juiz e a previsão rodaram numa amostra 1:${o.amostraFinal} de domicílios de cada UF, não na população inteira. ` : '') +
      (aprovada ? '' : 'O ajuste não atingiu as metas de validade: os parametros_pix desta release continuam nao_calibrado.'),
    previsao,
  };
}
