// How far covariates alone rank the Pix municipal cross-section (issue 33's target: Spearman of the
// Dec 2022 share across municipalities >= 0.80). Each covariate set is judged as the case judges
// the municipal term (calibration/pix/pix-municipal.ts): the scored UFs in two folds, the slopes
// of ln(observed / residents) on the covariates fitted within the UFs of the other fold, and each
// UF's level set so that its predicted payers add up to its observed ones (the model's UF levels
// are fitted to the UF series, so a regression is given the same). What it shows: the best a
// least-squares ranking on every municipal covariate in data/br reaches out of sample, beside the
// published case's own scores.
// The case's forecast for Dec 2022 is also put back to its raw model share and scored with the
// current term (per size class power of the model's share and theta) and with the current term
// plus the centrality covariates (pix-regions.ts; the hypothesis of docs/model.md, "A
// municipality's place in its region"). Only a forecast with v1.7.0's term (no power) can be put
// back (divided by its exp(theta . z)): a case that judged an earlier case's fits again
// (ajustes_do_caso, e.g. v1.8.0 of v1.7.0's) is put back through the case whose fits it took.
//   npm run bench:pix-municipal-ceiling -- [--release v1.8.0]
// Writes pix-municipal-ceiling.json to the bench output folder (bench/lib/bench-output.ts).
import { PIX_JANELA } from '../calibration/pix/pix-case.js';
import { CENTRALIDADE, covariateReference, municipalCovariates, municipalPayers, scoreCrossSection, TERMO_COVARIAVEIS, termFolds, type CrossSection } from '../calibration/pix/pix-municipal.js';
import { immediateRegions } from '../calibration/pix/pix-regions.js';
import { loadPixSeries } from '../calibration/pix/pix-series.js';
import { fitWithinGroups, spearman } from '../calibration/pix/pix-stats.js';
import { loadAtlas, loadCensusMunicipalRows, loadMunicipalities } from '../src/release/data-files.js';
import { readPixCase, type PixCase } from '../src/release/pix-case-file.js';
import { listReleases, newestRelease } from '../src/release/release.js';
import type { Municipality, UfCode } from '../src/release/types.js';
import { writeBenchResult } from './lib/bench-output.js';
import { oneOf, parseBenchArgs } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';

type Covariates = (m: Municipality) => number[];

const atlas = loadAtlas();
const census = loadCensusMunicipalRows();
const central = municipalCovariates(CENTRALIDADE);
const urbanizacaoMoradores: Covariates = (m) => [atlas.get(m.codigo)!.urbanShare, census.get(m.codigo)!.meanSize];
const todas: Covariates = (m) => {
  const a = atlas.get(m.codigo)!;
  return [Math.log(m.populacao), Math.log(m.populacao / m.areaKm2), Math.log(a.rdpc), a.gini, a.pFund, a.pMed, a.pSuper, a.urbanShare, census.get(m.codigo)!.meanSize];
};
const centralidade: Covariates = (m) => central.get(m.codigo)!;
const SETS: Record<string, Covariates> = {
  populacao_renda: (m) => [Math.log(m.populacao), Math.log(atlas.get(m.codigo)!.rdpc)],
  urbanizacao_moradores_por_domicilio: urbanizacaoMoradores,
  todas,
  centralidade,
  urbanizacao_moradores_por_domicilio_centralidade: (m) => [...urbanizacaoMoradores(m), ...centralidade(m)],
  todas_centralidade: (m) => [...todas(m), ...centralidade(m)],
};

interface Ranking { municipios: number; regioes_imediatas: number; municipios_por_dobra: number[] }

/** Spearman across municipalities (all, and each fold's) and across immediate regions of `pred` (payers per municipality, same order as `muns`). */
function rankings(muns: readonly Municipality[], obs: readonly number[], pred: readonly number[], folds: readonly UfCode[][]): Ranking {
  const rgi = immediateRegions();
  const sum = (v: readonly number[]) => {
    const m = new Map<string, number>();
    muns.forEach((mun, i) => m.set(rgi.get(mun.codigo)!, (m.get(rgi.get(mun.codigo)!) ?? 0) + v[i]));
    return m;
  };
  const pop = sum(muns.map((m) => m.populacao)), o = sum(obs), p = sum(pred);
  const regions = [...pop.keys()];
  const share = (v: readonly number[], idx: readonly number[]) => idx.map((i) => v[i] / muns[i].populacao);
  const municipios = (idx: readonly number[]) => spearman(share(obs, idx), share(pred, idx));
  return {
    municipios: municipios(muns.map((_, i) => i)),
    regioes_imediatas: spearman(regions.map((r) => o.get(r)! / pop.get(r)!), regions.map((r) => p.get(r)! / pop.get(r)!)),
    municipios_por_dobra: folds.map((ufs) => municipios(muns.map((_, i) => i).filter((i) => ufs.includes(muns[i].uf)))),
  };
}

/** Payers predicted by a covariate set, each fold's slopes fitted on the other fold, each UF scaled to its observed sum. */
function judgeCovariates(muns: readonly Municipality[], obs: readonly number[], ufs: readonly UfCode[], x: Covariates): number[] {
  return covariateReference(muns, obs, ufs, muns.map(x), (idx) => idx.reduce((s, i) => s + obs[i], 0)).pred;
}

/** Pearson correlation of a and b, each centred within each municipality's UF. */
function withinUfCorrelation(muns: readonly Municipality[], a: readonly number[], b: readonly number[]): number {
  const centred = (v: readonly number[]) => {
    const s = new Map<UfCode, { n: number; v: number }>();
    muns.forEach((m, i) => { const t = s.get(m.uf) ?? { n: 0, v: 0 }; t.n++; t.v += v[i]; s.set(m.uf, t); });
    return v.map((x, i) => x - s.get(muns[i].uf)!.v / s.get(muns[i].uf)!.n);
  };
  const ca = centred(a), cb = centred(b);
  const dot = (u: number[], v: number[]) => u.reduce((t, x, i) => t + x * v[i], 0);
  return dot(ca, cb) / Math.sqrt(dot(ca, ca) * dot(cb, cb));
}

/**
 * A description, in sample over every scored UF (not a judgement): the within-UF correlation of
 * ln(observed / residents) with each centrality covariate, and of what is left of it after the
 * urban share and household size (least squares within UFs).
 */
function describeCentrality(muns: readonly Municipality[], obs: readonly number[]): Record<string, { bruta: number; apos_urbanizacao_moradores: number }> {
  const y = muns.map((m, i) => Math.log(obs[i] / m.populacao));
  const b = fitWithinGroups(muns.map((m, i) => ({ grupo: m.uf, x: urbanizacaoMoradores(m), y: y[i] })));
  const resto = muns.map((m, i) => y[i] - urbanizacaoMoradores(m).reduce((t, v, j) => t + v * b[j], 0));
  return Object.fromEntries(CENTRALIDADE.map((nome, j) => {
    const z = muns.map((m) => centralidade(m)[j]);
    return [nome, { bruta: withinUfCorrelation(muns, y, z), apos_urbanizacao_moradores: withinUfCorrelation(muns, resto, z) }];
  }));
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'pix-municipal-ceiling',
    measures: 'How far municipal covariates alone rank the Pix cross-section (Spearman of the Dec 2022 share across municipalities, target >= 0.80): each covariate set judged as the case judges its municipal term (slopes fitted on the other fold of UFs, each UF scaled to its observed payers), beside the release\'s published case.',
    results: ['pix-municipal-ceiling.json'],
    options: {
      release: { type: 'string', value: 'V', default: newestRelease(), check: oneOf(listReleases()), description: 'the release whose published case is scored beside the covariates (one with v1.7.0\'s term also has its forecast scored with the current term)' },
    },
  });
  const mes = PIX_JANELA.fim;
  const series = loadPixSeries();
  const observado = municipalPayers(mes);
  const totals = Object.fromEntries(series.ufs.map((u) => [u, series.pagadores[u][series.meses.indexOf(mes)]]));
  // the case's selection of UFs and municipalities: a model that were the data
  const { ufs } = scoreCrossSection(mes, observado, observado, totals);
  const muns = loadMunicipalities().filter((m) => ufs.includes(m.uf) && (observado.get(m.codigo) ?? 0) > 0);
  const obs = muns.map((m) => observado.get(m.codigo)!);
  const folds = termFolds(ufs);
  const constante = rankings(muns, obs, judgeCovariates(muns, obs, ufs, () => []), folds);
  const covariaveis = Object.fromEntries(Object.entries(SETS).map(([name, x]) => [name, rankings(muns, obs, judgeCovariates(muns, obs, ufs, x), folds)]));

  const caso = readPixCase(values.release);
  const publicado = caso?.municipal && {
    municipios: caso.municipal.spearman_municipios, regioes_imediatas: caso.municipal.spearman_regioes_imediatas,
    // cases up to v1.8.0 record no fold's Spearman
    municipios_por_dobra: caso.municipal.termo?.dobras.every((d) => d.spearman_municipios !== undefined) ? caso.municipal.termo.dobras.map((d) => d.spearman_municipios!) : undefined,
  };
  const bruto = caso && rawForecastCase(caso);
  let previsaoDoCaso: Record<string, unknown> | undefined;
  if (bruto) {
    const termo = bruto.ajuste.observacao.termo_municipal!;
    const z = municipalCovariates(termo.covariaveis);
    const raw = new Map(bruto.previsao_municipios!.filter((r) => r.periodo === mes)
      .map((r) => [r.municipio, r.pagadores / Math.exp(termo.theta.reduce((s, t, j) => s + t * z.get(r.municipio)![j], 0))] as const));
    const prevUf = Object.fromEntries(bruto.previsao.filter((r) => r.periodo === mes).map((r) => [r.uf, r.pagadores]));
    const score = (r: CrossSection) => ({
      municipios: r.spearman_municipios, regioes_imediatas: r.spearman_regioes_imediatas, municipios_por_dobra: r.termo.dobras.map((d) => d.spearman_municipios),
      referencia: { municipios: r.spearman_municipios_referencia, regioes_imediatas: r.spearman_regioes_imediatas_referencia },
      termo: r.termo, mape_por_porte: r.mape_por_porte,
    });
    const atual = scoreCrossSection(mes, raw, observado, prevUf);
    previsaoDoCaso = {
      de: bruto.release,
      sem_termo: { municipios: atual.spearman_municipios_sem_termo, regioes_imediatas: atual.spearman_regioes_imediatas_sem_termo },
      termo_atual: score(atual),
      termo_atual_centralidade: score(scoreCrossSection(mes, raw, observado, prevUf, [...TERMO_COVARIAVEIS, ...CENTRALIDADE])),
    };
  }
  const doc = {
    bench: 'pix-municipal-ceiling', when: new Date().toISOString(), mes, ufs, municipios: muns.length, dobras: folds,
    nota: 'Spearman of the Dec 2022 share; each fold of UFs scored with slopes fitted on the other, each UF scaled to its observed payers',
    centralidade: [...CENTRALIDADE], polos_regiao_imediata_pontuados: muns.filter((m) => centralidade(m)[1] === 1).length,
    correlacoes_centralidade_dentro_das_ufs: describeCentrality(muns, obs),
    constante_por_uf: constante, covariaveis, release: values.release, caso_publicado: publicado,
    previsao_do_caso: previsaoDoCaso,
  };
  const path = await writeBenchResult('pix-municipal-ceiling.json', doc);
  const line = (name: string, r: Pick<Ranking, 'municipios' | 'regioes_imediatas'> & { municipios_por_dobra?: number[] }) =>
    `${name.padEnd(52)} municipalities ${r.municipios.toFixed(3)} (folds ${r.municipios_por_dobra?.map((v) => v.toFixed(3)).join(' ') ?? '-'})` +
    `  immediate regions ${r.regioes_imediatas.toFixed(3)}\n`;
  process.stdout.write(line('one share per UF', constante));
  for (const [name, r] of Object.entries(covariaveis)) process.stdout.write(line(name, r));
  if (publicado) process.stdout.write(line(`${values.release}'s case as published`, publicado));
  if (previsaoDoCaso) {
    const de = previsaoDoCaso.de as string;
    for (const k of ['termo_atual', 'termo_atual_centralidade'] as const) {
      const r = previsaoDoCaso[k] as Ranking & { referencia: Ranking };
      process.stdout.write(line(`${de}'s forecast, ${k}`, r));
      process.stdout.write(line(`  its reference (population and income)`, r.referencia));
    }
  }
  process.stdout.write(`-> ${path}\n`);
}

/**
 * The case whose previsao_municipios gives `caso`'s raw model share: `caso` itself when its term
 * has no power of the model's share (v1.7.0's form), else the case whose fits it judged again,
 * followed back; undefined when there is none.
 */
function rawForecastCase(caso: PixCase): PixCase | undefined {
  const termo = caso.ajuste.observacao.termo_municipal;
  if (caso.previsao_municipios && termo && termo.expoente_modelo === undefined) return caso;
  const de = caso.ajuste.busca.ajustes_do_caso;
  const antes = de ? readPixCase(de) : null;
  return antes ? rawForecastCase(antes) : undefined;
}

runAsMain(import.meta.url, main);
