// The municipal cross-section of the Pix case (calibration/pix/pix-municipal.ts) on the real Dec
// 2022 municipal series: a model that were the data scores 1 and 0, and the population-and-income
// reference is scored on the same municipalities.
import { describe, expect, it } from 'vitest';
import { COBERTURA_MINIMA, municipalPayers, scoreCrossSection } from '../../../calibration/pix/pix-municipal.js';
import { loadPixSeries } from '../../../calibration/pix/pix-series.js';

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

});
