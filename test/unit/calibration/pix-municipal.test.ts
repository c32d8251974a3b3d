// The municipal cross-section of the Pix case (calibration/pix/pix-municipal.ts) on the real Dec
// 2022 municipal series: a model that were the data scores 1 and 0, and the population-and-income
// reference is scored on the same municipalities; the municipal term recovers a known theta, keeps
// each UF's total, and each fold is scored with a theta that never read the fold's observations.
import { describe, expect, it } from 'vitest';
import {
  applyMunicipalTerm, COBERTURA_MINIMA, fitMunicipalTerm, municipalPayers, scoreCrossSection, termFolds, type TermRow,
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
    for (const p of r.mape_por_porte) expect(p.modelo).toBeCloseTo(0, 12);
    expect(r.spearman_municipios_referencia).toBeLessThan(1);
    expect(r.spearman_municipios_referencia).toBeGreaterThan(0);
    expect(r.mape_por_porte.reduce((n, p) => n + p.municipios, 0)).toBe(r.municipios);
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
  });
});

describe('the municipal term', () => {
  // Two UFs, z = (urban share, household size); observed = model x UF level x exp(theta . z).
  const theta = [0.4, -0.25];
  const rows: TermRow[] = [
    ['RR', [0.9, 3.1], 1000], ['RR', [0.5, 3.6], 400], ['RR', [0.2, 4.0], 150], ['AP', [0.95, 3.4], 2000], ['AP', [0.6, 3.9], 300], ['AP', [0.3, 3.2], 120],
  ].map(([uf, z, modelo]) => ({
    uf: uf as TermRow['uf'], z: z as number[], modelo: modelo as number,
    observado: (modelo as number) * (uf === 'RR' ? 0.8 : 1.3) * Math.exp(theta[0] * (z as number[])[0] + theta[1] * (z as number[])[1]),
  }));

  it('recovers a known theta whatever each UF\'s level', () => {
    const t = fitMunicipalTerm(rows);
    expect(t[0]).toBeCloseTo(theta[0], 10);
    expect(t[1]).toBeCloseTo(theta[1], 10);
  });

  it('moves payers between a UF\'s municipalities, never the UF\'s total', () => {
    const modelo = new Map(rows.map((r, i) => [`m${i}`, r.modelo]));
    const ufOf = new Map(rows.map((r, i) => [`m${i}`, r.uf]));
    const z = new Map(rows.map((r, i) => [`m${i}`, r.z]));
    const out = applyMunicipalTerm(modelo, ufOf, theta, z);
    for (const uf of ['RR', 'AP']) {
      const sum = (m: Map<string, number>) => [...m].filter(([c]) => ufOf.get(c) === uf).reduce((s, [, v]) => s + v, 0);
      expect(sum(out)).toBeCloseTo(sum(modelo), 9);
    }
    // within a UF, the shares follow the observed ones exactly (the UF's level aside)
    expect(out.get('m0')! / out.get('m1')!).toBeCloseTo(rows[0].observado / rows[1].observado, 12);
  });
});
