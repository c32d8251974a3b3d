// Out-of-sample verdict of a calibration (spec "Calibration result": veredito has resultado,
// tentativa and each metric in metricas). Limits are this project's (the spec leaves them open;
// docs/calibration.md states them): the chosen candidate must reproduce the holdout period within
// a mean MAPE per block of 25%, and the held-out units within 35% (a unit the search never saw
// is a harder test than a later period of seen units).

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
  };
  motivos: string[];
}

const num = (v: number) => (Number.isFinite(v) ? Number(v.toFixed(6)) : null);

export function judgeCalibration(m: { janela: number; holdout: number; espacial: number | null }, tentativa: number): Veredito {
  const motivos: string[] = [];
  const holdout: Metrica = { valor: num(m.holdout), limite: LIMITES.mape_holdout, passou: null };
  if (holdout.valor === null) motivos.push('the holdout has no positive observed value: the out-of-sample test cannot be made');
  else {
    holdout.passou = holdout.valor <= LIMITES.mape_holdout;
    if (!holdout.passou) motivos.push(`mean MAPE per block in holdout ${(holdout.valor * 100).toFixed(1)}% is above the limit ${LIMITES.mape_holdout * 100}%`);
  }
  const espacial: Metrica = { valor: m.espacial === null ? null : num(m.espacial), limite: LIMITES.mape_holdout_espacial, passou: null };
  if (m.espacial === null) espacial.limite = null;
  else if (espacial.valor === null) {
    espacial.passou = false;
    motivos.push('the held-out units have no positive observed value: the spatial test cannot be made');
  } else {
    espacial.passou = espacial.valor <= LIMITES.mape_holdout_espacial;
    if (!espacial.passou) motivos.push(`mean MAPE per block of the held-out units ${(espacial.valor * 100).toFixed(1)}% is above the limit ${LIMITES.mape_holdout_espacial * 100}%`);
  }
  const resultado = holdout.passou === true && espacial.passou !== false ? 'aprovada' : 'reprovada';
  return {
    resultado,
    tentativa,
    metricas: { mape_janela: { valor: num(m.janela), limite: null, passou: null }, mape_holdout: holdout, mape_holdout_espacial: espacial },
    motivos,
  };
}
