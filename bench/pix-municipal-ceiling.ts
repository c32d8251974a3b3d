// How far covariates alone rank the Pix municipal cross-section (issue 33's target: Spearman of the
// Dec 2022 share across municipalities >= 0.80). Each covariate set is judged as the case judges
// the municipal term (calibration/pix/pix-municipal.ts): the scored UFs in two folds, the slopes
// of ln(observed / residents) on the covariates fitted within the UFs of the other fold, and each
// UF's level set so that its predicted payers add up to its observed ones (the model's UF levels
// are fitted to the UF series, so a regression is given the same). What it shows: the best a
// least-squares ranking on every municipal covariate in data/br reaches out of sample, beside the
// published case's own scores.
// With --release R whose case has v1.7.0's term (no power of the model's share), the case's
// forecast for Dec 2022 is also put back to its raw model share (divided by its exp(theta . z))
// and scored with the current term (per size class power of the model's share and theta).
//   npm run bench:pix-municipal-ceiling -- [--release v1.7.0]
// Writes pix-municipal-ceiling.json to the bench output folder (bench/lib/bench-output.ts).
import { PIX_JANELA } from '../calibration/pix/pix-case.js';
import { immediateRegions, municipalCovariates, municipalPayers, scoreCrossSection, termFolds } from '../calibration/pix/pix-municipal.js';
import { loadPixSeries } from '../calibration/pix/pix-series.js';
import { fitWithinGroups, spearman } from '../calibration/pix/pix-stats.js';
import { loadAtlas, loadCensusMunicipalRows, loadMunicipalities } from '../src/release/data-files.js';
import { readPixCase } from '../src/release/pix-case-file.js';
import { listReleases, newestRelease } from '../src/release/release.js';
import type { Municipality, UfCode } from '../src/release/types.js';
import { writeBenchResult } from './lib/bench-output.js';
import { oneOf, parseBenchArgs } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';

type Covariates = (m: Municipality) => number[];

const atlas = loadAtlas();
const census = loadCensusMunicipalRows();
const SETS: Record<string, Covariates> = {
  populacao_renda: (m) => [Math.log(m.populacao), Math.log(atlas.get(m.codigo)!.rdpc)],
  urbanizacao_moradores_por_domicilio: (m) => [atlas.get(m.codigo)!.urbanShare, census.get(m.codigo)!.meanSize],
  todas: (m) => {
    const a = atlas.get(m.codigo)!;
    return [
      Math.log(m.populacao), Math.log(m.populacao / m.areaKm2), Math.log(a.rdpc), a.gini, a.pFund, a.pMed, a.pSuper, a.urbanShare,
      census.get(m.codigo)!.meanSize,
    ];
  },
};

/** Spearman across municipalities and across immediate regions of `pred` (payers per municipality, same order as `muns`). */
function rankings(muns: readonly Municipality[], obs: readonly number[], pred: readonly number[]): { municipios: number; regioes_imediatas: number } {
  const rgi = immediateRegions();
  const sum = (v: readonly number[]) => {
    const m = new Map<string, number>();
    muns.forEach((mun, i) => m.set(rgi.get(mun.codigo)!, (m.get(rgi.get(mun.codigo)!) ?? 0) + v[i]));
    return m;
  };
  const pop = sum(muns.map((m) => m.populacao)), o = sum(obs), p = sum(pred);
  const regions = [...pop.keys()];
  return {
    municipios: spearman(obs.map((v, i) => v / muns[i].populacao), pred.map((v, i) => v / muns[i].populacao)),
    regioes_imediatas: spearman(regions.map((r) => o.get(r)! / pop.get(r)!), regions.map((r) => p.get(r)! / pop.get(r)!)),
  };
}

/** Payers predicted by a covariate set, each fold's slopes fitted on the other fold, each UF scaled to its observed sum. */
function judgeCovariates(muns: readonly Municipality[], obs: readonly number[], ufs: readonly UfCode[], x: Covariates): number[] {
  const X = muns.map(x);
  const y = muns.map((m, i) => Math.log(obs[i] / m.populacao));
  const pred = new Array<number>(muns.length).fill(0);
  const folds = termFolds(ufs);
  folds.forEach((scored, f) => {
    const fit = muns.map((_, i) => i).filter((i) => folds[1 - f].includes(muns[i].uf));
    const b = fitWithinGroups(fit.map((i) => ({ grupo: muns[i].uf, x: X[i], y: y[i] })));
    for (const uf of scored) {
      const idx = muns.map((_, i) => i).filter((i) => muns[i].uf === uf);
      const raw = idx.map((i) => muns[i].populacao * Math.exp(X[i].reduce((s, v, j) => s + v * b[j], 0)));
      const k = idx.reduce((s, i) => s + obs[i], 0) / raw.reduce((s, v) => s + v, 0);
      idx.forEach((i, t) => { pred[i] = raw[t] * k; });
    }
  });
  return pred;
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
  const constante = rankings(muns, obs, judgeCovariates(muns, obs, ufs, () => []));
  const covariaveis = Object.fromEntries(Object.entries(SETS).map(([name, x]) => [name, rankings(muns, obs, judgeCovariates(muns, obs, ufs, x))]));

  const caso = readPixCase(values.release);
  const publicado = caso?.municipal && { municipios: caso.municipal.spearman_municipios, regioes_imediatas: caso.municipal.spearman_regioes_imediatas };
  const termo = caso?.ajuste.observacao.termo_municipal;
  let termoAtualNaPrevisao: Record<string, unknown> | undefined;
  if (caso?.previsao_municipios && termo && termo.expoente_modelo === undefined) {
    const z = municipalCovariates();
    const raw = new Map(caso.previsao_municipios.filter((r) => r.periodo === mes)
      .map((r) => [r.municipio, r.pagadores / Math.exp(termo.theta.reduce((s, t, j) => s + t * z.get(r.municipio)![j], 0))] as const));
    const prevUf = Object.fromEntries(caso.previsao.filter((r) => r.periodo === mes).map((r) => [r.uf, r.pagadores]));
    const r = scoreCrossSection(mes, raw, observado, prevUf);
    termoAtualNaPrevisao = {
      municipios: r.spearman_municipios, regioes_imediatas: r.spearman_regioes_imediatas,
      sem_termo: { municipios: r.spearman_municipios_sem_termo, regioes_imediatas: r.spearman_regioes_imediatas_sem_termo },
      referencia: { municipios: r.spearman_municipios_referencia, regioes_imediatas: r.spearman_regioes_imediatas_referencia },
      termo: r.termo, mape_por_porte: r.mape_por_porte,
    };
  }
  const doc = {
    bench: 'pix-municipal-ceiling', when: new Date().toISOString(), mes, ufs, municipios: muns.length,
    nota: 'Spearman of the Dec 2022 share; each fold of UFs scored with slopes fitted on the other, each UF scaled to its observed payers',
    constante_por_uf: constante, covariaveis, release: values.release, caso_publicado: publicado,
    termo_atual_na_previsao_do_caso: termoAtualNaPrevisao,
  };
  const path = await writeBenchResult('pix-municipal-ceiling.json', doc);
  const line = (name: string, r: { municipios: number; regioes_imediatas: number }) =>
    `${name.padEnd(40)} municipalities ${r.municipios.toFixed(3)}  immediate regions ${r.regioes_imediatas.toFixed(3)}\n`;
  process.stdout.write(line('one share per UF', constante));
  for (const [name, r] of Object.entries(covariaveis)) process.stdout.write(line(name, r));
  if (publicado) process.stdout.write(line(`${values.release}'s case as published`, publicado));
  if (termoAtualNaPrevisao) process.stdout.write(line(`${values.release}'s forecast, current term`, termoAtualNaPrevisao as { municipios: number; regioes_imediatas: number }));
  process.stdout.write(`-> ${path}\n`);
}

runAsMain(import.meta.url, main);
