import { describe, expect, it } from 'vitest';
import { judgeCalibration, LIMITES } from '../../../calibration/verdict.js';
import { spatialHoldoutUnits } from '../../../calibration/spatial-holdout.js';
import { checkSeries } from '../../../calibration/series.js';
import type { ServiceError } from '../../../src/errors.js';
import { analyticRows, PIX, request, stubRelease } from './analytic.js';

describe('verdict', () => {
  // Baselines the model beats comfortably, so only the limits decide.
  const beaten = { persistencia: 0.9, bass: 0.9, tendencia_log: 0.9 };

  it('approves only when every limited metric passes', () => {
    expect(judgeCalibration({ janela: 0.01, holdout: 0.1, espacial: null, ...beaten }, 1).resultado).toBe('aprovada');
    expect(judgeCalibration({ janela: 0.01, holdout: LIMITES.mape_holdout, espacial: LIMITES.mape_holdout_espacial, ...beaten }, 2))
      .toMatchObject({ resultado: 'aprovada', tentativa: 2 });
    const late = judgeCalibration({ janela: 0.01, holdout: 0.3, espacial: 0.1, ...beaten }, 1);
    expect(late.resultado).toBe('reprovada');
    expect(late.metricas.mape_holdout).toEqual({ valor: 0.3, limite: 0.25, passou: false });
    const spatial = judgeCalibration({ janela: 0.01, holdout: 0.1, espacial: 0.5, ...beaten }, 1);
    expect(spatial.resultado).toBe('reprovada');
    expect(spatial.motivos[0]).toMatch(/held-out units/);
    expect(judgeCalibration({ janela: 0.01, holdout: NaN, espacial: null, persistencia: NaN, bass: NaN, tendencia_log: NaN }, 1)).toMatchObject({
      resultado: 'reprovada',
      metricas: { mape_holdout: { valor: null, passou: null }, mape_holdout_persistencia: { valor: null, passou: null } },
    });
  });

  it('refuses a model that is not strictly better than every baseline on the holdout, saying which', () => {
    const ok = judgeCalibration({ janela: 0.01, holdout: 0.05, espacial: null, persistencia: 0.08, bass: 0.06, tendencia_log: 0.07 }, 1);
    expect(ok.resultado).toBe('aprovada');
    expect(ok.metricas.mape_holdout_persistencia).toEqual({ valor: 0.08, limite: null, passou: true });
    expect(ok.metricas.mape_holdout_bass).toEqual({ valor: 0.06, limite: null, passou: true });
    expect(ok.metricas.mape_holdout_tendencia_log).toEqual({ valor: 0.07, limite: null, passou: true });
    const persistence = judgeCalibration({ janela: 0.01, holdout: 0.05, espacial: null, persistencia: 0.04, bass: 0.06, tendencia_log: 0.07 }, 1);
    expect(persistence.resultado).toBe('reprovada');
    expect(persistence.metricas.mape_holdout.passou).toBe(true);
    expect(persistence.metricas.mape_holdout_persistencia.passou).toBe(false);
    expect(persistence.motivos).toEqual([expect.stringMatching(/5\.0% is not below the persistence baseline .*'s 4\.0%/)]);
    const tie = judgeCalibration({ janela: 0.01, holdout: 0.05, espacial: null, persistencia: 0.08, bass: 0.05, tendencia_log: 0.07 }, 1);
    expect(tie.resultado).toBe('reprovada');
    expect(tie.motivos).toEqual([expect.stringMatching(/Bass baseline/)]);
    // beating persistence and Bass is not enough when the log-trend forecasts better
    const trend = judgeCalibration({ janela: 0.01, holdout: 0.05, espacial: null, persistencia: 0.08, bass: 0.06, tendencia_log: 0.03 }, 1);
    expect(trend.resultado).toBe('reprovada');
    expect(trend.metricas.mape_holdout_tendencia_log).toEqual({ valor: 0.03, limite: null, passou: false });
    expect(trend.motivos).toEqual([expect.stringMatching(/5\.0% is not below the log-trend baseline .*'s 3\.0%/)]);
  });
});

describe('spatial holdout', () => {
  const release = stubRelease();
  const rows = analyticRows(PIX);

  it('platform: the same 20% of units for the same comparison group, others for another', () => {
    const p = request({ holdout_espacial: { metodo: 'plataforma' } });
    const s = checkSeries(rows, p, release);
    const a = spatialHoldoutUnits(p, s);
    expect(a).toHaveLength(2);
    expect(spatialHoldoutUnits(p, s)).toEqual(a);
    const other = request({ holdout_espacial: { metodo: 'plataforma' }, cenario: { ...p.cenario, grupo_comparacao: 'outro-grupo' } });
    expect(spatialHoldoutUnits(other, s)).not.toEqual(a);
    expect(spatialHoldoutUnits(request(), s)).toEqual([]);
  });

  it('client: the listed units; a code without rows or one taking every unit is refused', () => {
    const p = request({ holdout_espacial: { metodo: 'cliente', municipios: ['1400027'] } });
    expect(spatialHoldoutUnits(p, checkSeries(rows, p, release))).toEqual(['1400027']);
    const missing = request({ holdout_espacial: { metodo: 'cliente', municipios: ['1400027', '1400704'] } });
    try {
      spatialHoldoutUnits(missing, checkSeries(rows, missing, release));
      throw new Error('expected a refusal');
    } catch (e) {
      expect((e as ServiceError).contractCode).toBe('spatial_holdout_municipalities');
      expect((e as ServiceError).field).toBe('holdout_espacial.municipios[1]');
    }
    const one = analyticRows(PIX, { codes: ['1400027'] });
    const all = request({ holdout_espacial: { metodo: 'cliente', municipios: ['1400027'] } });
    expect(() => spatialHoldoutUnits(all, checkSeries(one, all, release))).toThrow(/none is left/);
  });
});
