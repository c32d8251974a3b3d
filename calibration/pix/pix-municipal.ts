// The Pix case down to the municipality. The Banco Central's municipal series counts payers where
// they pay (a regional centre takes in payers from the towns around it), the model residents
// where they live, and the file lacks most municipalities of BA, MG, SP, PR and RS (its source,
// sulivanrocha/pix-dataviz, had only their largest municipalities, municipios-top.json, when the
// file was made): so
//   - only UFs whose municipal rows add up to at least COBERTURA_MINIMA of their UF total are
//     scored (22 UFs), and only municipalities with a positive observed count;
//   - the share of Dec 2022 (payers / 2022 Census residents) is ranked across municipalities
//     (Spearman, the target) and across immediate geographic regions (IBGE's regiões imediatas,
//     the towns around one centre, where paying away from home mostly stays inside the region);
//   - the model's share is its raw prediction, c_u x g_m x a(t) x adopters_m / residents_m (no
//     local factor: that one is measured on the UF's own payers), times the municipal term when
//     the case has one (below);
//   - the reference uses population and income alone: the share fitted by least squares on
//     [1, ln residents, ln household income per capita (Atlas 2010)] across the same municipalities
//     of Dec 2022, in sample, so it has seen the very numbers it is scored on and the model has not;
//   - the MAPE by size class scores where inside its UF each forecast puts the payers: model and
//     reference are each scaled to the UF's observed sum over its scored municipalities.
//
// The municipal term (v1.7.0 on): the model's payers of municipality m are multiplied by
// exp(theta . z_m) and rescaled so that each UF keeps its total (the term moves payers between the
// UF's municipalities, never the UF's level, so the UF fits do not see it). z_m: the urban share of
// residents (Atlas 2010) and the mean residents per occupied private household (Census 2022);
// the case records the covariates' names (COVARIAVEIS), and is read back with its own list.
// In cases made after v1.7.0 the term also takes a power w_k of the model's share, one per IBGE size class k:
// payers_m are proportional to residents_m x (model_m / residents_m)^w_k x exp(theta . z_m).
// w < 1 shrinks the model's differences between a UF's municipalities towards the UF's mean
// share. On v1.7.0's forecast the fitted w rises with size, about 0.24 under 5 thousand residents
// to 0.45 at 100-500 thousand: the model's differences between small towns are about four times
// too large (the 1:k samples' binomial noise, larger in small towns, and the model's own
// structure; docs/model.md). A class with fewer than MIN_POR_PORTE scored rows keeps w = 1.
// (w, theta) is least squares of ln(observed / residents) on [ln(model / residents) x 1{class k}
// for each k, z] within UFs (v1.7.0: theta of ln(observed / model) on z, w = 1 fixed). It is judged out of sample: the
// scored UFs, alphabetically, go alternately to two folds, and each fold's municipalities are
// scored with the term fitted on the other fold only; the forecast (previsao_municipios) uses the
// term fitted on every scored UF.
import { columns, readCsv } from '../../src/release/csv.js';
import { loadAtlas, loadCensusMunicipalRows, loadMunicipalities } from '../../src/release/data-files.js';
import { PORTES, type UfCode } from '../../src/release/types.js';
import { municipalRegions, immediateRegions, regionalCentrality, type Centrality, type RegionLevel } from './pix-regions.js';
import { fitWithinGroups, leastSquares, spearman } from './pix-stats.js';

export const PIX_MUNICIPIO_FILE = 'data/br/pix/pix_municipio_mensal_202011_202212.csv';
/** A UF's municipal rows are scored when they add up to at least this share of its UF total. */
export const COBERTURA_MINIMA = 0.98;

/** Monthly payers of each municipality in month `mes` (QT_PES_PagadorPF). */
export function municipalPayers(mes: number): Map<string, number> {
  const { header, rows } = readCsv(PIX_MUNICIPIO_FILE);
  const c = columns(header, ['AnoMes', 'Municipio_Ibge', 'QT_PES_PagadorPF'], PIX_MUNICIPIO_FILE);
  const out = new Map<string, number>();
  for (const r of rows) if (Number(r[c.AnoMes]) === mes) out.set(r[c.Municipio_Ibge], Number(r[c.QT_PES_PagadorPF]) || 0);
  return out;
}

/**
 * Every covariate a municipal term may take, by the name a case records in termo.covariaveis (the
 * order of theta): a case is read back with its own list, whatever a newer release's term takes.
 * The urban share of residents (Atlas 2010; a municipality created after 2010 takes its
 * neighbour's), the mean household size (Census 2022), and the place in the immediate and
 * intermediate regions (pix-regions.ts): ln of the share of the immediate region's residents, being
 * the region's hub, ln(1 + km to the hub's seat).
 */
const COVARIAVEIS: Record<string, () => Map<string, number>> = {
  urbanizacao_2010: () => mapValues(loadAtlas(), (a) => a.urbanShare),
  moradores_por_domicilio_2022: () => mapValues(loadCensusMunicipalRows(), (c) => c.meanSize),
  ln_parte_moradores_regiao_imediata: () => mapValues(centrality('CD_RGI'), (c) => Math.log(c.parte)),
  polo_regiao_imediata: () => mapValues(centrality('CD_RGI'), (c) => c.polo),
  ln1p_km_polo_regiao_imediata: () => mapValues(centrality('CD_RGI'), (c) => Math.log1p(c.km)),
  polo_regiao_intermediaria: () => mapValues(centrality('CD_RGINT'), (c) => c.polo),
  ln1p_km_polo_regiao_intermediaria: () => mapValues(centrality('CD_RGINT'), (c) => Math.log1p(c.km)),
};

function mapValues<T>(m: ReadonlyMap<string, T>, f: (v: T) => number): Map<string, number> {
  return new Map([...m].map(([k, v]) => [k, f(v)]));
}

// Three covariates read the immediate region's table and two the intermediate one's: each is built once.
const centralities = new Map<RegionLevel, Map<string, Centrality>>();
function centrality(nivel: RegionLevel): Map<string, Centrality> {
  let c = centralities.get(nivel);
  if (!c) centralities.set(nivel, (c = regionalCentrality(loadMunicipalities(), municipalRegions(nivel))));
  return c;
}

/** The centrality covariates (the hypothesis of docs/model.md, "A municipality's place in its region"). */
export const CENTRALIDADE = [
  'ln_parte_moradores_regiao_imediata', 'polo_regiao_imediata', 'ln1p_km_polo_regiao_imediata', 'polo_regiao_intermediaria', 'ln1p_km_polo_regiao_intermediaria',
] as const;

/** The covariates z_m of the municipal term of the cases made now, in the order of theta. */
export const TERMO_COVARIAVEIS = ['urbanizacao_2010', 'moradores_por_domicilio_2022'] as const;

/** The municipal term of a case: theta over `covariaveis` (names in COVARIAVEIS; the case records it, previsao_municipios reads it). */
export interface MunicipalTerm {
  covariaveis: string[];
  theta: number[];
  /** w_k, the power of the model's share in each size class of PORTES (cases made after v1.7.0; absent in v1.7.0's case, where it is 1). */
  expoente_modelo?: number[];
}

/** z_m of every municipality: the covariates named by `nomes` (COVARIAVEIS), in that order. */
export function municipalCovariates(nomes: readonly string[]): Map<string, number[]> {
  const cols = nomes.map((n) => {
    const f = COVARIAVEIS[n];
    if (!f) throw new Error(`campaign-sim: unknown municipal covariate ${n} (known: ${Object.keys(COVARIAVEIS).join(', ')})`);
    return f();
  });
  return new Map(loadMunicipalities().map((m) => [m.codigo, cols.map((c) => c.get(m.codigo)!)]));
}

export interface TermRow {
  uf: UfCode;
  z: readonly number[];
  observado: number;
  modelo: number;
  moradores: number;
  /** Size class, an index into PORTES. */
  porte: number;
}

/** Scored rows a size class needs for its own power of the model's share (fewer: w = 1). */
export const MIN_POR_PORTE = 5;

/**
 * The term (w, theta): least squares of ln(observado / moradores) on [ln(modelo / moradores) x
 * 1{porte = k} for each size class k with MIN_POR_PORTE rows, z] with one intercept per UF (every
 * column centred within each UF), over the rows with both counts positive. A class with fewer rows
 * keeps w = 1: its log model share moves to the left-hand side.
 */
export function fitMunicipalTerm(rows: readonly TermRow[]): { expoente_modelo: number[]; theta: number[] } {
  const used = rows.filter((r) => r.observado > 0 && r.modelo > 0);
  const counts = PORTES.map((_, k) => used.filter((r) => r.porte === k).length);
  const fitted = PORTES.map((_, k) => k).filter((k) => counts[k] >= MIN_POR_PORTE);
  const lm = (r: TermRow) => Math.log(r.modelo / r.moradores);
  const x = (r: TermRow) => [...fitted.map((k) => (r.porte === k ? lm(r) : 0)), ...r.z];
  const y = (r: TermRow) => Math.log(r.observado / r.moradores) - (fitted.includes(r.porte) ? 0 : lm(r));
  const b = fitWithinGroups(used.map((r) => ({ grupo: r.uf, x: x(r), y: y(r) })));
  return { expoente_modelo: PORTES.map((_, c) => (fitted.includes(c) ? b[fitted.indexOf(c)] : 1)), theta: b.slice(fitted.length) };
}

/**
 * The weight of a municipality of size class `porte` with the model's payers `modelo` (or anything
 * proportional to them within its UF) under the term: modelo x exp(theta . z) when w is absent
 * (v1.7.0), else moradores x (modelo / moradores)^w_porte x exp(theta . z). Shared by the
 * cross-section and previsao_municipios (pix-case.ts), which rescale the weights to each UF's total.
 */
export function termWeight(modelo: number, moradores: number, porte: number, termo: Pick<MunicipalTerm, 'theta' | 'expoente_modelo'>, z: readonly number[]): number {
  const e = Math.exp(termo.theta.reduce((s, t, j) => s + t * z[j], 0));
  const w = termo.expoente_modelo?.[porte];
  return (w === undefined ? modelo : modelo > 0 ? moradores * (modelo / moradores) ** w : 0) * e;
}

/** The model's payers weighted by the term (termWeight), each UF rescaled to its own total over `modelo`'s municipalities. */
export function applyMunicipalTerm(
  modelo: ReadonlyMap<string, number>, ufOf: ReadonlyMap<string, UfCode>, termo: Pick<MunicipalTerm, 'theta' | 'expoente_modelo'>,
  z: ReadonlyMap<string, readonly number[]>, municipios: ReadonlyMap<string, { populacao: number; porte: number }>,
): Map<string, number> {
  const out = new Map<string, number>();
  const before = new Map<UfCode, number>(), after = new Map<UfCode, number>();
  for (const [c, v] of modelo) {
    const m = municipios.get(c)!;
    const w = termWeight(v, m.populacao, m.porte, termo, z.get(c)!);
    out.set(c, w);
    const uf = ufOf.get(c)!;
    before.set(uf, (before.get(uf) ?? 0) + v);
    after.set(uf, (after.get(uf) ?? 0) + w);
  }
  for (const [c, w] of out) { const uf = ufOf.get(c)!; out.set(c, after.get(uf)! > 0 ? w * before.get(uf)! / after.get(uf)! : 0); }
  return out;
}

/** The two folds of the term's out-of-sample judgement: the scored UFs in alphabetical order, alternately. */
export function termFolds(ufs: readonly UfCode[]): [UfCode[], UfCode[]] {
  const s = [...ufs].sort();
  return [s.filter((_, i) => i % 2 === 0), s.filter((_, i) => i % 2 === 1)];
}

/**
 * Payers per municipality predicted by covariates alone: residents x exp(b . x_m), b by least
 * squares of ln(observed / residents) on x with one intercept per UF (fitWithinGroups) on the UFs
 * of the other fold (termFolds, as the term is judged), each UF scaled so that its predictions
 * over its rows `idx` add up to `nivel(idx)` (the observed sum, or the model's). The fair reference
 * of the case (issue 60) and the ceiling bench's rankings (bench/pix-municipal-ceiling.ts).
 */
export function covariateReference(
  muns: ReadonlyArray<{ uf: UfCode; populacao: number }>, obs: readonly number[], ufs: readonly UfCode[], X: ReadonlyArray<readonly number[]>,
  nivel: (idx: readonly number[]) => number,
): { pred: number[]; dobras: Array<{ ufs: UfCode[]; theta: number[] }> } {
  const y = muns.map((m, i) => Math.log(obs[i] / m.populacao));
  const pred = new Array<number>(muns.length).fill(0);
  const folds = termFolds(ufs);
  const dobras = folds.map((scored, f) => {
    const fit = muns.map((_, i) => i).filter((i) => folds[1 - f].includes(muns[i].uf));
    const b = fitWithinGroups(fit.map((i) => ({ grupo: muns[i].uf, x: X[i], y: y[i] })));
    for (const uf of scored) {
      const idx = muns.map((_, i) => i).filter((i) => muns[i].uf === uf);
      const raw = idx.map((i) => muns[i].populacao * Math.exp(X[i].reduce((s, v, j) => s + v * b[j], 0)));
      const k = nivel(idx) / raw.reduce((s, v) => s + v, 0);
      idx.forEach((i, t) => { pred[i] = raw[t] * k; });
    }
    return { ufs: scored, theta: b };
  });
  return { pred, dobras };
}

/**
 * The fair reference (issue 60): covariateReference on the term's own covariates, each UF at the
 * model's total over its scored municipalities (so it differs from the model only inside the UF:
 * the agents' ranking against the covariates'), and a second reading at the observed totals.
 */
export interface FairReference {
  covariaveis: string[];
  spearman_municipios: number;
  spearman_regioes_imediatas: number;
  dobras: Array<{ ufs: UfCode[]; theta: number[]; spearman_municipios: number }>;
  niveis_observados: { spearman_municipios: number; spearman_regioes_imediatas: number };
}

export interface CrossSection {
  mes: number;
  ufs: UfCode[];
  municipios: number;
  regioes_imediatas: number;
  /** The model with the municipal term, each fold's municipalities scored with the other fold's theta. */
  spearman_municipios: number;
  spearman_municipios_referencia: number;
  spearman_regioes_imediatas: number;
  spearman_regioes_imediatas_referencia: number;
  /** `modelo` with the term (out of sample, as above), `modelo_sem_termo` without. */
  mape_por_porte: Array<{ porte: string; municipios: number; modelo: number; referencia: number; modelo_sem_termo: number; referencia_justa: number }>;
  referencia_justa: FairReference;
  /** The model without the municipal term (v1.6.0's scores). */
  spearman_municipios_sem_termo: number;
  spearman_regioes_imediatas_sem_termo: number;
  /** The term fitted on every scored UF (the forecast's), and on each fold (the scores'). */
  termo: Required<MunicipalTerm> & { dobras: Array<{ ufs: UfCode[]; theta: number[]; expoente_modelo: number[]; spearman_municipios: number }> };
  /**
   * Per size class, each municipality's absolute percentage error under the two references (their
   * mean is mape_por_porte's): what a bootstrap over municipalities reads. Not written to the case.
   */
  erros_referencias_por_porte: Record<string, { referencia: Float64Array; referencia_justa: Float64Array }>;
}

/**
 * Scores the model's payers of month `mes` per municipality (`modelo`, raw: without local
 * factors nor the municipal term) against the observed ones (`observado`), beside the
 * population-and-income reference; the municipal term, on the covariates `covariaveis`, is fitted
 * and judged here (see the top).
 */
export function scoreCrossSection(
  mes: number, modelo: ReadonlyMap<string, number>, observado: ReadonlyMap<string, number>, ufTotals: Partial<Record<UfCode, number>>,
  covariaveis: readonly string[] = TERMO_COVARIAVEIS,
): CrossSection {
  const atlas = loadAtlas();
  const rgi = immediateRegions();
  const all = loadMunicipalities();
  const ufOf = new Map(all.map((m) => [m.codigo, m.uf] as const));
  const z = municipalCovariates(covariaveis);
  const covered = new Set<UfCode>();
  for (const uf of Object.keys(ufTotals) as UfCode[]) {
    const sum = all.filter((m) => m.uf === uf).reduce((s, m) => s + (observado.get(m.codigo) ?? 0), 0);
    if (sum >= COBERTURA_MINIMA * ufTotals[uf]!) covered.add(uf);
  }
  const muns = all.filter((m) => covered.has(m.uf) && (observado.get(m.codigo) ?? 0) > 0);
  const obs = muns.map((m) => observado.get(m.codigo)!);
  const semTermo = muns.map((m) => modelo.get(m.codigo) ?? 0);
  const pop = muns.map((m) => m.populacao);
  const beta = leastSquares(muns.map((m) => [1, Math.log(m.populacao), Math.log(atlas.get(m.codigo)!.rdpc)]), obs.map((o, i) => o / pop[i]));
  const ref = muns.map((m, i) => Math.max(0, beta[0] + beta[1] * Math.log(m.populacao) + beta[2] * Math.log(atlas.get(m.codigo)!.rdpc)) * pop[i]);
  const share = (v: number[]) => v.map((x, i) => x / pop[i]);

  // The term: each fold scored with the theta of the other; the forecast's theta from all.
  const rowsOf = (ufs: ReadonlySet<UfCode>): TermRow[] =>
    muns.map((m, i) => ({ uf: m.uf, z: z.get(m.codigo)!, observado: obs[i], modelo: semTermo[i], moradores: pop[i], porte: m.porte })).filter((r) => ufs.has(r.uf));
  const folds = termFolds([...covered]);
  const fits = folds.map((ufs, f) => ({ ufs, ...fitMunicipalTerm(rowsOf(new Set(folds[1 - f]))) }));
  const byCode = new Map(all.map((m) => [m.codigo, m] as const));
  const mod = new Array<number>(muns.length);
  for (const d of fits) {
    const withTerm = applyMunicipalTerm(modelo, ufOf, d, z, byCode);
    muns.forEach((m, i) => { if (d.ufs.includes(m.uf)) mod[i] = withTerm.get(m.codigo) ?? 0; });
  }
  const foldSpearman = (ufs: readonly UfCode[], v: readonly number[] = mod) => {
    const idx = muns.map((_, i) => i).filter((i) => ufs.includes(muns[i].uf));
    return spearman(idx.map((i) => obs[i] / pop[i]), idx.map((i) => v[i] / pop[i]));
  };
  const zMuns = muns.map((m) => z.get(m.codigo)!);
  const sumOf = (v: readonly number[]) => (idx: readonly number[]) => idx.reduce((s, i) => s + v[i], 0);
  const justa = covariateReference(muns, obs, [...covered], zMuns, sumOf(semTermo));
  const justaObs = covariateReference(muns, obs, [...covered], zMuns, sumOf(obs)).pred;

  const byRegion = (v: number[]) => {
    const m = new Map<string, number>();
    muns.forEach((mun, i) => m.set(rgi.get(mun.codigo)!, (m.get(rgi.get(mun.codigo)!) ?? 0) + v[i]));
    return m;
  };
  const rPop = byRegion(pop), rObs = byRegion(obs);
  const regions = [...rPop.keys()];
  const rShare = (m: Map<string, number>) => regions.map((r) => m.get(r)! / rPop.get(r)!);
  const regionSpearman = (v: number[]) => spearman(rShare(rObs), rShare(byRegion(v)));

  // within each UF, scaled to the UF's observed sum over its scored municipalities
  const scaled = (v: number[]) => {
    const so = new Map<UfCode, number>(), sv = new Map<UfCode, number>();
    muns.forEach((m, i) => { so.set(m.uf, (so.get(m.uf) ?? 0) + obs[i]); sv.set(m.uf, (sv.get(m.uf) ?? 0) + v[i]); });
    return v.map((x, i) => x * so.get(muns[i].uf)! / sv.get(muns[i].uf)!);
  };
  const modS = scaled(mod), refS = scaled(ref), semS = scaled(semTermo), justaS = scaled(justa.pred);
  const erros_referencias_por_porte: CrossSection['erros_referencias_por_porte'] = {};
  const mape_por_porte = PORTES.map((porte, k) => {
    const idx = muns.map((m, i) => [m, i] as const).filter(([m]) => m.porte === k).map(([, i]) => i);
    const ape = (v: number[]) => idx.reduce((s, i) => s + Math.abs(v[i] - obs[i]) / obs[i], 0) / idx.length;
    const erros = (v: number[]) => Float64Array.from(idx, (i) => Math.abs(v[i] - obs[i]) / obs[i]);
    if (idx.length) erros_referencias_por_porte[porte] = { referencia: erros(refS), referencia_justa: erros(justaS) };
    return { porte, municipios: idx.length, modelo: ape(modS), referencia: ape(refS), modelo_sem_termo: ape(semS), referencia_justa: ape(justaS) };
  }).filter((p) => p.municipios > 0);

  return {
    mes,
    ufs: [...covered].sort(),
    municipios: muns.length,
    regioes_imediatas: regions.length,
    spearman_municipios: spearman(share(obs), share(mod)),
    spearman_municipios_referencia: spearman(share(obs), share(ref)),
    spearman_regioes_imediatas: regionSpearman(mod),
    spearman_regioes_imediatas_referencia: regionSpearman(ref),
    mape_por_porte,
    referencia_justa: {
      covariaveis: [...covariaveis],
      spearman_municipios: spearman(share(obs), share(justa.pred)),
      spearman_regioes_imediatas: regionSpearman(justa.pred),
      dobras: justa.dobras.map((d) => ({ ...d, spearman_municipios: foldSpearman(d.ufs, justa.pred) })),
      niveis_observados: { spearman_municipios: spearman(share(obs), share(justaObs)), spearman_regioes_imediatas: regionSpearman(justaObs) },
    },
    spearman_municipios_sem_termo: spearman(share(obs), share(semTermo)),
    spearman_regioes_imediatas_sem_termo: regionSpearman(semTermo),
    termo: {
      covariaveis: [...covariaveis], ...fitMunicipalTerm(rowsOf(covered)),
      dobras: fits.map((d) => ({ ...d, spearman_municipios: foldSpearman(d.ufs) })),
    },
    erros_referencias_por_porte,
  };
}
