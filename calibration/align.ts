// Model output aligned to a series (DESIGN 6: "model output aligned to the series' granularity,
// measure and axes"). Input: the `plano` replicas of one simulation round (ReplicaResult, see
// src/pool/replica-result.ts); output: the mean over replicas laid out [block][period] as the
// checked series.
//
// Time: calibration rounds (calibration/engine.ts) carry the cumulative count per unit at the end
// of every day (ReplicaResult.serieDiaria), read exactly. A ReplicaResult without it (a plain
// simulation) has only week ends (days 7, 14, ...; the last week may be shorter), and the count
// at the end of a day is then interpolated linearly between week ends (0 before day 1).
// Approximations, forced by what ReplicaResult carries (documented in docs/calibration.md):
// - Axes (grupo_idade, sexo, renda, escolaridade, raca): cells of the principal grid are only
//   reported at the horizon, so a block's curve is its unit's curve times the block's share of
//   the unit's count at the horizon (the shares are held constant over time).
// - canal (reception): the unit's curve times the channel's share of audience members reached by
//   any channel at the horizon (frequencia, reached >= 1 time).

import { ABI } from '../src/kernel/abi.js';
import type { Medida } from '../src/contract/types.js';
import type { ReplicaResult } from '../src/pool/replica-result.js';
import { gridAxisValues, GRID_AXES } from '../src/release/publication-grid.js';
import { periodDays } from './periods.js';
import type { CheckedSeries } from './series.js';

export interface AlignOptions {
  /** cenario.horizonte.data_inicio (day 1). */
  dataInicio: string;
  /** Simulated days. */
  dias: number;
  /** The measure the series counts. */
  medida: Medida;
}

/** Cumulative count at the end of `day` from week-end cumulative values (linear within a week). */
export function cumulativeAtDay(weekly: Float64Array, dias: number, day: number): number {
  if (day <= 0) return 0;
  const d = Math.min(day, dias);
  const w = Math.ceil(d / 7) - 1; // week containing day d
  const end = Math.min(7 * (w + 1), dias);
  const start = 7 * w; // end of the previous week
  const prev = w > 0 ? weekly[w - 1] : 0;
  return prev + ((weekly[w] - prev) * (d - start)) / (end - start);
}

export function alignReplicaResults(replicas: ReplicaResult[], series: CheckedSeries, o: AlignOptions): Float64Array {
  if (replicas.length === 0) throw new Error('alignReplicaResults: no replica');
  const r0 = replicas[0];
  const m = r0.medidas.indexOf(o.medida);
  if (m < 0) throw new Error(`the simulation does not report ${o.medida} (it reports ${r0.medidas.join(', ')})`);
  const nM = r0.medidas.length;
  const nW = r0.semanas;
  const unitIndex = new Map(r0.unidades.map((u, i) => [u, i]));
  const nP = series.periods.length;
  const out = new Float64Array(series.blocks.length * nP);
  const days = series.periods.map((p) => periodDays(p, series.granularidade, o.dataInicio));

  // Mean over replicas of the unit's cumulative curve: per day when every replica has it, else per week.
  const daily = replicas.every((r) => r.serieDiaria !== undefined);
  const nT = daily ? o.dias : nW;
  const curveOf = (u: number) => {
    const w = new Float64Array(nT);
    for (const r of replicas) {
      const src = daily ? r.serieDiaria! : r.serie;
      for (let k = 0; k < nT; k++) w[k] += src[(u * nT + k) * nM + m];
    }
    for (let k = 0; k < nT; k++) w[k] /= replicas.length;
    return w;
  };
  const atDay = (curve: Float64Array, day: number) =>
    daily ? (day <= 0 ? 0 : curve[Math.min(day, o.dias) - 1]) : cumulativeAtDay(curve, o.dias, day);
  const cache = new Map<number, Float64Array>();

  series.blocks.forEach((b, i) => {
    const u = unitIndex.get(b.unidade);
    if (u === undefined) throw new Error(`the simulation has no unit ${b.unidade} (units: ${r0.unidades.length})`);
    if (!cache.has(u)) cache.set(u, curveOf(u));
    const curve = cache.get(u)!;
    const share = blockShare(replicas, u, o.medida, b.eixos);
    days.forEach(([d0, d1], p) => {
      const end = atDay(curve, d1);
      const v = series.medida === 'acumulado' ? end : end - atDay(curve, d0 - 1);
      out[i * nP + p] = v * share;
    });
  });
  return out;
}

/** Share of the unit's count that falls in the block's axis values, at the horizon (1 without axes). */
function blockShare(replicas: ReplicaResult[], u: number, medida: Medida, eixos: CheckedSeries['blocks'][number]['eixos']): number {
  const names = Object.keys(eixos);
  if (names.length === 0) return 1;
  let part = 0;
  let whole = 0;
  const gridAxes = names.filter((n) => n !== 'canal');
  if (gridAxes.length > 0) {
    const grade = replicas[0].grade;
    const axes = GRID_AXES[grade];
    const values = gridAxisValues(grade);
    const nC = values[0].length;
    const sel = gridAxes.map((n) => {
      const a = axes.findIndex((x) => x.nome === n);
      if (a < 0) throw new Error(`the ${grade} grid has no axis ${n}`);
      return [a, eixos[n as keyof typeof eixos] as number] as const;
    });
    for (const r of replicas) {
      // calibration rounds count every measure's cells (ROUND_SCOPE); a plain simulation its KPIs'
      const m = r.medidasCelulas.indexOf(medida);
      if (m < 0) throw new Error(`the simulation's grid cells have no ${medida} (they have ${r.medidasCelulas.join(', ') || 'none'})`);
      const nM = r.medidasCelulas.length;
      for (let c = 0; c < nC; c++) {
        const v = r.celulas[(u * nC + c) * nM + m];
        whole += v;
        if (sel.every(([a, val]) => values[a][c] === val)) part += v;
      }
    }
    if (whole === 0) return 0;
    if (eixos.canal === undefined) return part / whole;
  }
  // canal: share of the channel among persons reached by any channel (reception's frequencia).
  const r0 = replicas[0];
  const c = r0.canais.indexOf(eixos.canal as string);
  const nCh = r0.canais.length + 1;
  let reachedC = 0;
  let reachedAny = 0;
  for (const r of replicas) {
    if (r.frequencia === undefined) throw new Error('the series has a canal axis but the simulation reports no channel contacts');
    // column 1 of a row: reached >= 1 time (src/pool/reduce-replica.ts foldFrequencies)
    reachedC += r.frequencia[(u * nCh + c) * ABI.FREQ_COLS + 1];
    reachedAny += r.frequencia[(u * nCh + nCh - 1) * ABI.FREQ_COLS + 1];
  }
  const channelShare = reachedAny > 0 ? reachedC / reachedAny : 0;
  return gridAxes.length > 0 ? (part / whole) * channelShare : channelShare;
}
