// The Pix case down to the municipality. The Banco Central's municipal series counts payers where
// they pay (a regional centre takes in payers from the towns around it), the model residents
// where they live, and the file lacks most municipalities of BA, MG, SP, PR and RS: so
//   - only UFs whose municipal rows add up to at least COBERTURA_MINIMA of their UF total are
//     scored (22 UFs), and only municipalities with a positive observed count;
//   - the share of Dec 2022 (payers / 2022 Census residents) is ranked across municipalities
//     (Spearman, the target) and across immediate geographic regions (IBGE's regiões imediatas,
//     the towns around one centre, where paying away from home mostly stays inside the region);
//   - the model's share is its raw prediction, c_u x g_m x a(t) x adopters_m / residents_m (no
//     local factor: that one is measured on the UF's own payers);
//   - the reference uses population and income alone: the share fitted by least squares on
//     [1, ln residents, ln household income per capita (Atlas 2010)] across the same municipalities
//     of Dec 2022, in sample, so it has seen the very numbers it is scored on and the model has not;
//   - the MAPE by size class scores where inside its UF each forecast puts the payers: model and
//     reference are each scaled to the UF's observed sum over its scored municipalities.
import { projectPath } from '../../src/project-path.js';
import { columns, readCsv } from '../../src/release/csv.js';
import { loadAtlas, loadMunicipalities } from '../../src/release/data-files.js';
import { PORTES, type UfCode } from '../../src/release/types.js';
import { spearman } from './pix-stats.js';

export const PIX_MUNICIPIO_FILE = 'data/br/pix/pix_municipio_mensal_202011_202212.csv';
const DISTRITOS_FILE = 'data/br/contexto/censo2022_basico_distritos_municipios/censo2022_basico_distritos.csv';
/** A UF's municipal rows are scored when they add up to at least this share of its UF total. */
export const COBERTURA_MINIMA = 0.98;

/** Monthly payers of each municipality in month `mes` (QT_PES_PagadorPF). */
export function municipalPayers(mes: number): Map<string, number> {
  const { header, rows } = readCsv(projectPath(PIX_MUNICIPIO_FILE));
  const c = columns(header, ['AnoMes', 'Municipio_Ibge', 'QT_PES_PagadorPF'], PIX_MUNICIPIO_FILE);
  const out = new Map<string, number>();
  for (const r of rows) if (Number(r[c.AnoMes]) === mes) out.set(r[c.Municipio_Ibge], Number(r[c.QT_PES_PagadorPF]) || 0);
  return out;
}

/** IBGE immediate geographic region (CD_RGI) of each municipality, from the Census 2022 district table. */
export function immediateRegions(): Map<string, string> {
  const { header, rows } = readCsv(projectPath(DISTRITOS_FILE));
  const c = columns(header, ['CD_MUN', 'CD_RGI'], DISTRITOS_FILE);
  return new Map(rows.map((r) => [r[c.CD_MUN], r[c.CD_RGI]]));
}

export interface CrossSection {
  mes: number;
  ufs: UfCode[];
  municipios: number;
  regioes_imediatas: number;
  spearman_municipios: number;
  spearman_municipios_referencia: number;
  spearman_regioes_imediatas: number;
  spearman_regioes_imediatas_referencia: number;
  mape_por_porte: Array<{ porte: string; municipios: number; modelo: number; referencia: number }>;
}

/** Least squares of y on the columns of X (normal equations, Gaussian elimination; a few columns). */
function leastSquares(X: number[][], y: number[]): number[] {
  const k = X[0].length;
  const A = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  X.forEach((row, i) => {
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < k; b++) A[a][b] += row[a] * row[b];
      A[a][k] += row[a] * y[i];
    }
  });
  for (let p = 0; p < k; p++) {
    let best = p;
    for (let r = p + 1; r < k; r++) if (Math.abs(A[r][p]) > Math.abs(A[best][p])) best = r;
    [A[p], A[best]] = [A[best], A[p]];
    for (let r = 0; r < k; r++) {
      if (r === p) continue;
      const f = A[r][p] / A[p][p];
      for (let c = p; c <= k; c++) A[r][c] -= f * A[p][c];
    }
  }
  return A.map((row, p) => row[k] / row[p]);
}

/**
 * Scores the model's payers of month `mes` per municipality (`modelo`, raw: without local
 * factors) against the observed ones (`observado`), beside the population-and-income reference.
 */
export function scoreCrossSection(mes: number, modelo: ReadonlyMap<string, number>, observado: ReadonlyMap<string, number>, ufTotals: Partial<Record<UfCode, number>>): CrossSection {
  const atlas = loadAtlas();
  const rgi = immediateRegions();
  const all = loadMunicipalities();
  const covered = new Set<UfCode>();
  for (const uf of Object.keys(ufTotals) as UfCode[]) {
    const sum = all.filter((m) => m.uf === uf).reduce((s, m) => s + (observado.get(m.codigo) ?? 0), 0);
    if (sum >= COBERTURA_MINIMA * ufTotals[uf]!) covered.add(uf);
  }
  const muns = all.filter((m) => covered.has(m.uf) && (observado.get(m.codigo) ?? 0) > 0);
  const obs = muns.map((m) => observado.get(m.codigo)!);
  const mod = muns.map((m) => modelo.get(m.codigo) ?? 0);
  const pop = muns.map((m) => m.populacao);
  const beta = leastSquares(muns.map((m) => [1, Math.log(m.populacao), Math.log(atlas.get(m.codigo)!.rdpc)]), obs.map((o, i) => o / pop[i]));
  const ref = muns.map((m, i) => Math.max(0, beta[0] + beta[1] * Math.log(m.populacao) + beta[2] * Math.log(atlas.get(m.codigo)!.rdpc)) * pop[i]);
  const share = (v: number[]) => v.map((x, i) => x / pop[i]);

  const byRegion = (v: number[]) => {
    const m = new Map<string, number>();
    muns.forEach((mun, i) => m.set(rgi.get(mun.codigo)!, (m.get(rgi.get(mun.codigo)!) ?? 0) + v[i]));
    return m;
  };
  const rPop = byRegion(pop), rObs = byRegion(obs), rMod = byRegion(mod), rRef = byRegion(ref);
  const regions = [...rPop.keys()];
  const rShare = (m: Map<string, number>) => regions.map((r) => m.get(r)! / rPop.get(r)!);

  // within each UF, scaled to the UF's observed sum over its scored municipalities
  const scaled = (v: number[]) => {
    const so = new Map<UfCode, number>(), sv = new Map<UfCode, number>();
    muns.forEach((m, i) => { so.set(m.uf, (so.get(m.uf) ?? 0) + obs[i]); sv.set(m.uf, (sv.get(m.uf) ?? 0) + v[i]); });
    return v.map((x, i) => x * so.get(muns[i].uf)! / sv.get(muns[i].uf)!);
  };
  const modS = scaled(mod), refS = scaled(ref);
  const mape_por_porte = PORTES.map((porte, k) => {
    const idx = muns.map((m, i) => [m, i] as const).filter(([m]) => m.porte === k).map(([, i]) => i);
    const ape = (v: number[]) => idx.reduce((s, i) => s + Math.abs(v[i] - obs[i]) / obs[i], 0) / idx.length;
    return { porte, municipios: idx.length, modelo: ape(modS), referencia: ape(refS) };
  }).filter((p) => p.municipios > 0);

  return {
    mes,
    ufs: [...covered].sort(),
    municipios: muns.length,
    regioes_imediatas: regions.length,
    spearman_municipios: spearman(share(obs), share(mod)),
    spearman_municipios_referencia: spearman(share(obs), share(ref)),
    spearman_regioes_imediatas: spearman(rShare(rObs), rShare(rMod)),
    spearman_regioes_imediatas_referencia: spearman(rShare(rObs), rShare(rRef)),
    mape_por_porte,
  };
}
