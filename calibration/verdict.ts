// Out-of-sample verdict of a calibration (spec "Calibration result": veredito has resultado,
// tentativa and each metric in metricas). Limits are this project's (the spec leaves them open;
// docs/calibration.md states them): the chosen candidate must reproduce the holdout period within
// a mean MAPE per block of 25%, and the held-out units within 35% (a unit the search never saw
// is a harder test than a later period of seen units). It must also forecast the holdout better
// than three simple rules (baselines.ts: persistence, Bass, log-trend): a model a rule of thumb
// matches has not earned its parameters, however small its error.

import { reportLoss } from './loss.js';

export const LIMITES = {
  mape_holdout: 0.25,
  mape_holdout_espacial: 0.35,
} as const;

export interface Metrica {
  valor: number | null;
  limite: number | null;
  passou: boolean | null;
}

export interface Veredito {
  resultado: 'aprovada' | 'reprovada';
  /** Which attempt at this series this calibration is (1 for the first; the service counts earlier calibrations of the project on the same serie_sha256). */
  tentativa: number;
  metricas: {
    /** In-sample: mean MAPE per block in janela (training units). */
    mape_janela: Metrica;
    /** Out of sample in time: training units over holdout. */
    mape_holdout: Metrica;
    /** Out of sample in space: held-out units over janela and holdout; null without a spatial holdout. */
    mape_holdout_espacial: Metrica;
    /** The persistence baseline's mean MAPE per block over holdout; passou: the model's mape_holdout is below it. */
    mape_holdout_persistencia: Metrica;
    /** The Bass baseline's mean MAPE per block over holdout; passou: the model's mape_holdout is below it. */
    mape_holdout_bass: Metrica;
    /** The log-trend baseline's mean MAPE per block over holdout; passou: the model's mape_holdout is below it. */
    mape_holdout_tendencia_log: Metrica;
  };
  motivos: string[];
}

export interface VerdictInput {
  janela: number;
  holdout: number;
  espacial: number | null;
  /** Holdout MAPE (same blocks and periods as `holdout`) of the three baselines. */
  persistencia: number;
  bass: number;
  tendencia_log: number;
}

const BASELINE_NAMES = {
  persistencia: 'the persistence baseline (each block\'s last window value carried forward)',
  bass: 'the Bass baseline (a Bass curve fitted on the window)',
  tendencia_log: 'the log-trend baseline (a + b ln t fitted on each block\'s last 12 months of the window)',
} as const;

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

export function judgeCalibration(m: VerdictInput, tentativa: number): Veredito {
  const motivos: string[] = [];
  const holdout: Metrica = { valor: reportLoss(m.holdout), limite: LIMITES.mape_holdout, passou: null };
  if (holdout.valor === null) motivos.push('the holdout has no positive observed value: the out-of-sample test cannot be made');
  else {
    holdout.passou = holdout.valor <= LIMITES.mape_holdout;
    if (!holdout.passou) motivos.push(`mean MAPE per block in holdout ${pct(holdout.valor)} is above the limit ${LIMITES.mape_holdout * 100}%`);
  }
  const espacial: Metrica = { valor: m.espacial === null ? null : reportLoss(m.espacial), limite: LIMITES.mape_holdout_espacial, passou: null };
  if (m.espacial === null) espacial.limite = null;
  else if (espacial.valor === null) {
    espacial.passou = false;
    motivos.push('the held-out units have no positive observed value: the spatial test cannot be made');
  } else {
    espacial.passou = espacial.valor <= LIMITES.mape_holdout_espacial;
    if (!espacial.passou) motivos.push(`mean MAPE per block of the held-out units ${pct(espacial.valor)} is above the limit ${LIMITES.mape_holdout_espacial * 100}%`);
  }
  const baseline = (name: keyof typeof BASELINE_NAMES): Metrica => {
    const valor = reportLoss(m[name]);
    if (holdout.valor === null) return { valor, limite: null, passou: null };
    if (valor === null) {
      motivos.push(`${BASELINE_NAMES[name]} could not be scored on the holdout: the model cannot be shown to beat it`);
      return { valor, limite: null, passou: false };
    }
    const passou = holdout.valor < valor;
    if (!passou) motivos.push(`mean MAPE per block in holdout ${pct(holdout.valor)} is not below ${BASELINE_NAMES[name]}'s ${pct(valor)}: the model forecasts no better than that naive rule`);
    return { valor, limite: null, passou };
  };
  const persistencia = baseline('persistencia');
  const bass = baseline('bass');
  const tendenciaLog = baseline('tendencia_log');
  const resultado = holdout.passou === true && espacial.passou !== false && persistencia.passou === true && bass.passou === true &&
    tendenciaLog.passou === true ? 'aprovada' : 'reprovada';
  return {
    resultado,
    tentativa,
    metricas: {
      mape_janela: { valor: reportLoss(m.janela), limite: null, passou: null },
      mape_holdout: holdout,
      mape_holdout_espacial: espacial,
      mape_holdout_persistencia: persistencia,
      mape_holdout_bass: bass,
      mape_holdout_tendencia_log: tendenciaLog,
    },
    motivos,
  };
}
