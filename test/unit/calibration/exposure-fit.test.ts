// The exposure fit of issue 56 (calibration/midia/exposure-fit.ts) against the margins
// docs/experiments/media-exposure.md fixed before it ran: every fitted one within 3 points, every
// held-out one scored and any miss explained; the pair solvers reproduce their pairs; the fitted
// propensity is over-dispersed at equal GRPs.
import { describe, expect, it } from 'vitest';
import { EXPOSICAO_LIMITES_PP, fitBetaPair, fitExposure, fitGammaPair, fitNbd } from '../../../calibration/midia/exposure-fit.js';
import { betaLaplace, gammaReach, nbdReach } from '../../../src/models/recepcao/exposure-reach.js';

const fit = fitExposure();

describe('exposure fit: the pair solvers', () => {
  it('the gamma pair reproduces a one-day and a D-day reach', () => {
    const f = fitGammaPair(0.3, 0.6, 7);
    expect(gammaReach(f.forma, 1, f.nivel)).toBeCloseTo(0.3, 12);
    expect(gammaReach(f.forma, 1, 7 * f.nivel)).toBeCloseTo(0.6, 10);
  });

  it('a pair the homogeneous model cannot exceed has no solution', () => {
    // 1 - 0.7^7 = 0.918 is the most a 30% daily reach gives in a week
    expect(() => fitGammaPair(0.3, 0.95, 7)).toThrow(/no solution/);
  });

  it('the beta pair and the NBD reproduce theirs', () => {
    const b = fitBetaPair(0.3, 0.6, 7);
    expect(1 - betaLaplace(b.alfa, b.beta, 1)).toBeCloseTo(0.3, 12);
    expect(1 - betaLaplace(b.alfa, b.beta, 7)).toBeCloseTo(0.6, 10);
    const k = fitNbd(0.59, 86);
    expect(nbdReach(k, 0.59 * 86)).toBeCloseTo(0.59, 10);
  });
});

describe('exposure fit: the margins of docs/experiments/media-exposure.md', () => {
  it('scores the margins the record fixed, fitted and held out', () => {
    const ids = (uso: string) => fit.margens.filter((m) => m.uso === uso).map((m) => m.id);
    expect(ids('ajuste')).toEqual([
      'tv/dia', 'tv/semana', 'tv/usuarios/urbana', 'tv/usuarios/rural', 'radio/30dias', 'radio/dia', 'radio/diaria/Brasil', 'radio/diaria/Sul',
      ...fit.radio.mercados.map((m) => `radio/mercado/${m.mercado}`), 'exterior/semana', 'exterior/impactos',
    ]);
    expect(fit.radio.mercados).toHaveLength(9);
    expect(ids('fora_da_amostra')).toEqual([
      'tv/ano', 'tv/usuarios', 'tv/diaria_usuarios', 'radio/7dias', 'radio/regiao/Sul', 'radio/regiao/Sudeste', 'radio/regiao/Nordeste',
      'radio/regiao/Norte', 'radio/diaria/2016', 'exterior/rio',
    ]);
  });

  it('meets every fitted margin within 3 points', () => {
    for (const m of fit.margens.filter((x) => x.uso === 'ajuste')) {
      expect(m.limite_pp).toBe(EXPOSICAO_LIMITES_PP.ajuste);
      expect(Math.abs(m.erro_pp), m.id).toBeLessThanOrEqual(3);
    }
    expect(fit.veredito.ajuste).toBe('passou');
  });

  it('gives the reason of every held-out miss, and no reason where none is needed', () => {
    for (const m of fit.margens) {
      expect(m.passou).toBe(Math.abs(m.erro_pp) <= m.limite_pp);
      if (m.passou) expect(m.motivo, m.id).toBeUndefined();
      else expect(m.motivo, m.id).toMatch(/\w/);
    }
    expect(fit.veredito.fora_da_amostra.total).toBe(10);
  });

  it('explains the Rio miss with the shape its own pair gives', () => {
    const rio = fit.margens.find((m) => m.id === 'exterior/rio')!;
    expect(rio.passou).toBe(false);
    expect(rio.motivo).toContain(`shape ${fit.exterior.forma_rio.toFixed(2)} against São Paulo's ${fit.exterior.forma.toFixed(2)}`);
  });

  it('keeps the regional radio levels at the PBM: 30% nationally, 45% in the South', () => {
    expect(fit.radio.diaria_regiao.Sul).toBeCloseTo(0.45, 10);
    expect(fit.margens.find((m) => m.id === 'radio/diaria/Brasil')!.modelo).toBeCloseTo(30, 2);
  });

  it('keeps the national TV minutes at 271 with the regions weighted by persons 15+', () => {
    expect(fit.tv.minutos_regiao.Sul).toBe(fit.tv.minutos_regiao['Centro-Oeste']);
    expect(fit.tv.minutos_regiao.Sul).toBeGreaterThanOrEqual(247); // the PBM's lowest is the North's
  });
});

describe('exposure fit: the propensity it gives', () => {
  it('fits TV and radio to different spreads, as their windows say', () => {
    expect(fit.tv.forma).toBeCloseTo(0.3998, 3);
    expect(fit.radio.forma).toBeCloseTo(0.3308, 3);
    expect(fit.tv.forma_universo_2024).toBeGreaterThan(fit.tv.forma);
    expect(fit.exterior.forma).toBeCloseTo(0.1536, 3);
  });

  it('reaches clearly fewer persons than the homogeneous model among users at equal GRPs, and 3+ stays apart from 1+', () => {
    for (const c of fit.curvas) {
      if (c.grp <= 300) expect(c.homogeneo.alcance_1 - c.propensao.alcance_1, `${c.canal} ${c.grp} GRP ${c.dias} d`).toBeGreaterThan(5);
      expect(c.propensao.razao_3_1).toBeLessThan(0.9);
    }
    const heavy = fit.curvas.filter((c) => c.grp === 1000);
    for (const c of heavy) expect(c.homogeneo.razao_3_1).toBeGreaterThan(0.99);
  });

  it('duplicates TV and radio more as the shared heaviness grows', () => {
    const d = fit.peso_midia.duplicacao_100grp_7dias;
    expect(d.map((x) => x.rho)).toEqual([0, 0.3, 0.5]);
    expect(d[0].duplicacao).toBeCloseTo(1, 3);
    expect(d[1].duplicacao).toBeGreaterThan(1.05);
    expect(d[2].duplicacao).toBeGreaterThan(d[1].duplicacao);
  });
});
