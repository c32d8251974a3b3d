// The municipal cross-section of the Pix case (calibration/pix/pix-municipal.ts) on the real Dec
// 2022 municipal series: a model that were the data scores 1 and 0, and the population-and-income
// reference is scored on the same municipalities; the municipal term recovers a known theta, keeps
// each UF's total, and each fold is scored with a theta that never read the fold's observations;
// the fair reference on the term's covariates is judged by the same folds and recovers a known theta.
import { describe, expect, it } from 'vitest';
import {
  applyMunicipalTerm, COBERTURA_MINIMA, fitMunicipalTerm, municipalCovariates, municipalPayers, scoreCrossSection, TERMO_COVARIAVEIS, termFolds, termWeight,
  MIN_POR_PORTE, type TermRow,
} from '../../../calibration/pix/pix-municipal.js';
import { loadPixSeries } from '../../../calibration/pix/pix-series.js';
import { loadMunicipalities } from '../../../src/release/data-files.js';

describe('scoreCrossSection', () => {
  const s = loadPixSeries();
  const obs = municipalPayers(202212);
  const totals = Object.fromEntries(s.ufs.map((u) => [u, s.pagadores[u][s.meses.indexOf(202212)]]));

  it('scores only UFs whose municipal rows add up to their total, and a perfect model perfectly', () => {
    const r = scoreCrossSection(202212, obs, obs, totals);
    expect(COBERTURA_MINIMA).toBe(0.98);
    expect(r.ufs).toHaveLength(22);
    for (const uf of ['BA', 'MG', 'SP', 'PR', 'RS']) expect(r.ufs).not.toContain(uf);
    expect(r.municipios).toBeGreaterThan(2500);
    expect(r.spearman_municipios).toBeCloseTo(1, 12);
    expect(r.spearman_regioes_imediatas).toBeCloseTo(1, 12);
    for (const d of r.termo.dobras) expect(d.spearman_municipios).toBeCloseTo(1, 12);
    for (const p of r.mape_por_porte) expect(p.modelo).toBeCloseTo(0, 12);
    expect(r.spearman_municipios_referencia).toBeLessThan(1);
    expect(r.spearman_municipios_referencia).toBeGreaterThan(0);
    expect(r.mape_por_porte.reduce((n, p) => n + p.municipios, 0)).toBe(r.municipios);
    // the references' errors per municipality, which a bootstrap over municipalities reads, average to their MAPEs
    for (const p of r.mape_por_porte) {
      const e = r.erros_referencias_por_porte[p.porte];
      expect(e.referencia).toHaveLength(p.municipios);
      expect(e.referencia.reduce((a, b) => a + b, 0) / p.municipios).toBeCloseTo(p.referencia, 12);
      expect(e.referencia_justa.reduce((a, b) => a + b, 0) / p.municipios).toBeCloseTo(p.referencia_justa, 12);
    }
  });

  it('judges the municipal term out of sample: a fold\'s theta never reads the fold\'s observations', () => {
    const model = new Map([...obs].map(([c, v]) => [c, v * (1 + 0.3 * Math.sin(Number(c)))]));
    const r = scoreCrossSection(202212, model, obs, totals);
    const [a, b] = termFolds(r.ufs);
    expect(r.termo.dobras.map((d) => d.ufs)).toEqual([a, b]);
    expect([...a, ...b].sort()).toEqual(r.ufs);
    // double the observed payers of every municipality of fold a: fold a's theta (fitted on b) stays
    const inA = new Set(a);
    const ufOf = new Map(loadMunicipalities().map((m) => [m.codigo, m.uf] as const));
    const changed = new Map([...obs].map(([c, v]) => [c, inA.has(ufOf.get(c)!) ? v * (1 + (Number(c) % 7) / 10) : v]));
    const r2 = scoreCrossSection(202212, model, changed, totals);
    expect(r2.termo.dobras[0].theta).toEqual(r.termo.dobras[0].theta);
    expect(r2.termo.dobras[1].theta).not.toEqual(r.termo.dobras[1].theta);
    expect(r.spearman_municipios_sem_termo).toBeLessThan(1);
    // the fair reference is judged by the same folds: fold a's theta, fitted on b, stays too
    expect(r.referencia_justa.dobras.map((d) => d.ufs)).toEqual([a, b]);
    expect(r2.referencia_justa.dobras[0].theta).toEqual(r.referencia_justa.dobras[0].theta);
    expect(r2.referencia_justa.dobras[1].theta).not.toEqual(r.referencia_justa.dobras[1].theta);
  });

  it('the fair reference ranks perfectly data made of its own covariates, at the model\'s UF levels or the observed ones', () => {
    // payers = residents x exp(0.8 urban - 0.3 household size), on the term's covariates
    const z = municipalCovariates(TERMO_COVARIAVEIS);
    const made = new Map(loadMunicipalities().map((m) => [m.codigo, m.populacao * Math.exp(0.8 * z.get(m.codigo)![0] - 0.3 * z.get(m.codigo)![1])]));
    const r = scoreCrossSection(202212, new Map([...obs].map(([c, v]) => [c, v * 1.3])), new Map([...made].filter(([c]) => obs.has(c))), totals);
    expect(r.referencia_justa.covariaveis).toEqual([...TERMO_COVARIAVEIS]);
    for (const d of r.referencia_justa.dobras) {
      expect(d.theta[0]).toBeCloseTo(0.8, 8);
      expect(d.theta[1]).toBeCloseTo(-0.3, 8);
    }
    expect(r.referencia_justa.niveis_observados.spearman_municipios).toBeCloseTo(1, 6);
    for (const p of r.mape_por_porte) expect(p.referencia_justa).toBeCloseTo(0, 10);
  });
});

describe('the municipal term', () => {
  // Two UFs, z = (urban share, household size); observed = residents x (model / residents)^w_porte x
  // UF level x exp(theta . z), with size classes 0 and 1 of 6 rows each and class 2 of 2 rows (w = 1).
  const theta = [0.4, -0.25];
  const w = [0.3, 0.6, 1];
  const rows: TermRow[] = ([
    ['RR', 0, [0.9, 3.1], 1000, 1500], ['RR', 0, [0.5, 3.6], 400, 900], ['RR', 0, [0.2, 4.0], 150, 600],
    ['RR', 1, [0.7, 3.3], 800, 1000], ['RR', 1, [0.1, 3.5], 3000, 7000], ['RR', 1, [0.8, 3.0], 4500, 5200], ['RR', 2, [0.6, 2.9], 20000, 30000],
    ['AP', 0, [0.95, 3.4], 2000, 2600], ['AP', 0, [0.6, 3.9], 300, 700], ['AP', 0, [0.3, 3.2], 120, 500],
    ['AP', 1, [0.4, 3.0], 500, 650], ['AP', 1, [0.35, 4.2], 2500, 6100], ['AP', 1, [0.9, 3.7], 3900, 4000], ['AP', 2, [0.7, 3.1], 18000, 25000],
  ] as Array<[TermRow['uf'], number, number[], number, number]>).map(([uf, porte, z, modelo, moradores]) => ({
    uf, porte, z, modelo, moradores,
    observado: moradores * (modelo / moradores) ** w[porte] * (uf === 'RR' ? 0.8 : 1.3) * Math.exp(theta[0] * z[0] + theta[1] * z[1]),
  }));
  const key = (i: number) => `m${i}`;
  const modelo = new Map(rows.map((r, i) => [key(i), r.modelo]));
  const ufOf = new Map(rows.map((r, i) => [key(i), r.uf]));
  const z = new Map(rows.map((r, i) => [key(i), r.z]));
  const municipios = new Map(rows.map((r, i) => [key(i), { populacao: r.moradores, porte: r.porte }]));
  const sumOf = (m: Map<string, number>, uf: string) => [...m].filter(([c]) => ufOf.get(c) === uf).reduce((s, [, v]) => s + v, 0);

  it('recovers known powers of the model\'s share by size class and theta whatever each UF\'s level', () => {
    expect(MIN_POR_PORTE).toBe(5);
    const t = fitMunicipalTerm(rows);
    expect(t.expoente_modelo).toHaveLength(7);
    t.expoente_modelo.slice(0, 2).forEach((v, k) => expect(v).toBeCloseTo(w[k], 10));
    // classes with fewer than MIN_POR_PORTE rows (class 2: two) or none keep the model's share as it is
    expect(t.expoente_modelo.slice(2)).toEqual([1, 1, 1, 1, 1]);
    expect(t.theta[0]).toBeCloseTo(theta[0], 10);
    expect(t.theta[1]).toBeCloseTo(theta[1], 10);
  });

  it('moves payers between a UF\'s municipalities, never the UF\'s total', () => {
    const out = applyMunicipalTerm(modelo, ufOf, { theta, expoente_modelo: [...w, 1, 1, 1, 1] }, z, municipios);
    for (const uf of ['RR', 'AP']) expect(sumOf(out, uf)).toBeCloseTo(sumOf(modelo, uf), 9);
    // within a UF, the shares follow the observed ones exactly (the UF's level aside), across classes too
    expect(out.get('m0')! / out.get('m1')!).toBeCloseTo(rows[0].observado / rows[1].observado, 12);
    expect(out.get('m7')! / out.get('m11')!).toBeCloseTo(rows[7].observado / rows[11].observado, 12);
    expect(out.get('m3')! / out.get('m6')!).toBeCloseTo(rows[3].observado / rows[6].observado, 12);
  });

  it('without powers (v1.7.0\'s cases) weighs the model\'s payers by exp(theta . z) alone', () => {
    const out = applyMunicipalTerm(modelo, ufOf, { theta }, z, municipios);
    const v17 = (i: number) => rows[i].modelo * Math.exp(theta[0] * rows[i].z[0] + theta[1] * rows[i].z[1]);
    expect(out.get('m0')! / out.get('m4')!).toBeCloseTo(v17(0) / v17(4), 12);
    expect(termWeight(0, 100, 0, { theta, expoente_modelo: w }, [0.5, 3])).toBe(0);
  });
});
