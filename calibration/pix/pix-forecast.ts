// The Pix case's forecast of one UF's monthly payers from the end of a window, two ways:
//   fator_local:  the model's payers (coverage x eligible factor x activity x adopters) times the
//                 UF's local factor k_u, measured on the window's last months (pix-local-factor.ts):
//                 the level follows the data, the path is the fit's own trajectory;
//   assimilacao:  the model's state at the window's last month T is replaced by the observed one:
//                 the adopters the observed payers imply, A_obs(T) = payers(T) / (c g(T) a(T)),
//                 and after T the model's hazard acts on the persons the data say are left, not on
//                 the model's: A*(t) = A_obs(T) + phi(t) max(0, E - A_obs(T)), with phi(t) the
//                 share of the model's non-adopters at T (E - A(T), E its persons aged 15+) who
//                 adopt by t. The forecast starts at the observed payers and keeps the structure's
//                 speed and saturation. Up to T (in sample) it reads as fator_local.
// Both see only the window's months of the observed series (`visto`); the case compares them on
// its two holdouts and keeps the better one (pix-case.ts, docs/model.md).
import type { ActivityCurve, MetodoPrevisao } from '../../src/release/pix-case-file.js';
import { activityAt } from './pix-activity.js';
import { localFactor } from './pix-local-factor.js';
import { predictPayers } from './pix-model.js';

/** In the order of preference on a tie. */
export const METODOS_PREVISAO: readonly MetodoPrevisao[] = ['fator_local', 'assimilacao'];

export interface UfForecastInput {
  /** The model's adopters at each month end of `meses` (persons of the full population). */
  adopters: Float64Array;
  /** Months YYYYMM from 202011; the first visto.length are the window's. */
  meses: readonly number[];
  activity: ActivityCurve;
  cobertura: number;
  /** The eligible factor of each month of `meses` (pix-population.ts). */
  populacao: ArrayLike<number>;
  /** Observed payers of the window's months (nothing after the window). */
  visto: Float64Array;
  /** The model's persons aged 15+ of the UF (the eligible population). */
  elegiveis: number;
  metodo: MetodoPrevisao;
}

/** Predicted payers at every month of `meses`, and the local factor the window gave. */
export function forecastUf(i: UfForecastInput): { pagadores: Float64Array; fator_local: number } {
  const raw = predictPayers(i.adopters, i.meses, i.activity, i.cobertura, i.populacao);
  const k = localFactor(i.visto, raw, Array.from(i.visto, (_, j) => j));
  const out = raw.map((v) => v * k);
  if (i.metodo === 'assimilacao') {
    const T = i.visto.length - 1;
    const scale = (j: number) => i.cobertura * i.populacao[j] * activityAt(i.activity, i.meses[j]);
    const observed = i.visto[T] / scale(T);
    const left = i.elegiveis - i.adopters[T];
    for (let j = T + 1; j < i.meses.length; j++) {
      const phi = left > 0 ? (i.adopters[j] - i.adopters[T]) / left : 0;
      out[j] = scale(j) * (observed + phi * Math.max(0, i.elegiveis - observed));
    }
  }
  return { pagadores: out, fator_local: k };
}
