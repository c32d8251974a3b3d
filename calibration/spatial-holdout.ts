// Spatial holdout (spec "Calibration request": holdout_espacial.metodo plataforma, cliente or
// nenhum; absent means nenhum). Held-out units take no part in the search's loss and are judged
// afterwards over janela and holdout.

import { createHash } from 'node:crypto';
import { contractError } from '../src/errors.js';
import type { CalibrationRequest } from '../src/contract/types.js';
import type { CheckedSeries } from './series.js';
import { seriesUnits } from './series.js';

/** Share of the series' units the platform holds out (at least one, only with 3 or more units). */
export const PLATFORM_HOLDOUT_SHARE = 0.2;

/**
 * Units held out. plataforma: the units with the smallest sha256(grupo_comparacao + ':' + code),
 * 20% of them rounded (at least 1), when the series has at least 3 units (else none: too few to
 * hold any out). cliente: the listed codes; a 7-digit code with unidade area_ponderacao holds
 * out every area of that municipality.
 */
export function spatialHoldoutUnits(pedido: CalibrationRequest, series: CheckedSeries): string[] {
  const h = pedido.holdout_espacial;
  const units = seriesUnits(series);
  if (h === undefined || h.metodo === 'nenhum') return [];
  if (h.metodo === 'plataforma') {
    if (units.length < 3) return [];
    const n = Math.max(1, Math.round(units.length * PLATFORM_HOLDOUT_SHARE));
    const key = (u: string) => createHash('sha256').update(`${pedido.cenario.grupo_comparacao}:${u}`).digest('hex');
    return units.map((u) => ({ u, k: key(u) })).sort((a, b) => (a.k < b.k ? -1 : 1)).slice(0, n).map((x) => x.u).sort();
  }
  const chosen = new Set<string>();
  (h.municipios ?? []).forEach((code, i) => {
    const hit = units.filter((u) => u === code || (code.length === 7 && u.startsWith(code)));
    if (hit.length === 0) {
      throw contractError('spatial_holdout_municipalities', `holdout_espacial.municipios[${i}]`, `${code} has no row in the series`);
    }
    hit.forEach((u) => chosen.add(u));
  });
  if (chosen.size >= units.length) {
    throw contractError('spatial_holdout_municipalities', 'holdout_espacial.municipios', 'the spatial holdout takes every unit of the series: none is left for the window');
  }
  return [...chosen].sort();
}
