// Weekly-row form (weekly-rows.ts) of what a stored result keeps per replica: each unit's count at
// the horizon (the last week) in every variant, from the totais block and under its privacy
// reasons. The stored result keeps no per-unit week-by-week counts (only the territory curves), so
// `campaign-sim export resultado.json --csv` gives these rows; every week needs `simulate --csv`.
import type { JobResult } from './job-result.js';
import { MOTIVO_PUBLICADO } from './privacy.js';
import type { WeeklyRow } from './weekly-rows.js';

export function* horizonRows(result: JobResult): Generator<WeeklyRow> {
  const R = result.replicas;
  const U = result.unidades.length;
  const medidas = result.saturacao.medidas;
  const M = medidas.length;
  for (const variante of result.variantes) {
    const t = result.totais[variante];
    if (!t) continue;
    for (let r = 0; r < R; r++) {
      for (let u = 0; u < U; u++) {
        for (let m = 0; m < M; m++) {
          const valor = t.motivo[u * M + m] === MOTIVO_PUBLICADO ? t.porReplica[(r * U + u) * M + m] : null;
          yield { variante, replica: r + 1, municipio: result.unidades[u], semana: result.semanas, medida: medidas[m], valor };
        }
      }
    }
  }
}
