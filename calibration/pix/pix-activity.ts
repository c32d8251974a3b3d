// Observation model of the Pix case, part 1: activity. The adoption model's state is "has a Pix
// key" (adopted); the series counts persons who PAID with Pix in the month. Nationally, monthly
// payers (sum of the 27 UFs) over persons with a key (DICT) went from 0.25 in the launch month
// (Nov 2020, payments from the 16th only) to 0.48 in Dec 2020 and 0.80 in Dec 2022: not a
// constant. The activity share a(t) is that ratio, fitted on the months of the window only (so a
// holdout never sees its own months):
//   a(Nov 2020) = the observed launch-month ratio;
//   a(t) = a_1 + b * ln t, t = months since Nov 2020 (Dec 2020 = 1), by least squares.
// Log-linear, because the ratio keeps rising slowly in 2022 (0.71 to 0.80): an exponential
// approach fitted to 2020-2021 flattens at 0.76 by mid 2022 and misses the holdout, and a free
// power decay fitted here runs to its log-linear limit. The forecast reads the line up to
// 2026-12 (0.90 with the 2022-12 fit); it is no model of the far future: it crosses 1 after 2034.
// From v2.1.0 (issue 60) the case's curve is bounded by construction, `logit_log`:
//   logit a(t) = a_1 + b * ln t, by least squares on the logit of the ratio,
// the same regressor and two parameters, a(t) < 1 for every t (it tends to 1). Chosen before its
// scores were seen (docs/experiments/pix-fits.md, 2026-12-03); cases before v2.1.0 record no
// `forma` and read the log-linear line.
import type { ActivityCurve, FormaAtividade } from '../../src/release/pix-case-file.js';
import type { PixSeries } from './pix-series.js';

/** Months since the launch month: Nov 2020 -> 0, Dec 2020 -> 1. */
export function monthsSinceLaunch(mes: number): number {
  return (Math.floor(mes / 100) - 2020) * 12 + (mes % 100) - 11;
}

export function activityAt(c: ActivityCurve, mes: number): number {
  const t = monthsSinceLaunch(mes);
  if (t <= 0) return c.a_lancamento;
  const y = c.a_1 + c.b * Math.log(t);
  return c.forma === 'logit_log' ? sigmoid(y) : y;
}

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/** Least squares of the ratio (`log`) or of its logit (`logit_log`) on ln t over the window's months after the launch month. */
export function fitActivity(s: PixSeries, fim: number, forma: FormaAtividade = 'log'): ActivityCurve {
  const idx = s.meses.map((m, i) => [m, i] as const).filter(([m]) => m <= fim);
  const launch = idx.find(([m]) => monthsSinceLaunch(m) === 0);
  if (!launch) throw new Error('fitActivity: the window lacks the launch month 202011');
  const bounded = forma === 'logit_log';
  const pts = idx.filter(([m]) => monthsSinceLaunch(m) >= 1).map(([m, i]) => {
    const r = s.pagadoresUfs[i] / s.chavesPf[i];
    if (bounded && !(r > 0 && r < 1)) throw new Error(`fitActivity: the ratio of ${m} is ${r}, outside (0, 1): no logit`);
    return [Math.log(monthsSinceLaunch(m)), bounded ? logit(r) : r, r] as const;
  });
  if (pts.length < 3) throw new Error('fitActivity: fewer than 3 months after the launch month');
  let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const [x, r] of pts) { n++; sx += x; sy += r; sxx += x * x; sxy += x * r; }
  const b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  const a_1 = (sy - b * sx) / n;
  const curve: ActivityCurve = {
    ...(bounded ? { forma: 'logit_log' as const } : {}),
    a_lancamento: s.pagadoresUfs[launch[1]] / s.chavesPf[launch[1]],
    a_1, b,
    ajuste: { inicio: s.meses[0], fim: idx[idx.length - 1][0] },
    rmse: 0,
  };
  // the error of the ratio itself, whichever scale was fitted
  let sse = 0;
  for (const [x, , r] of pts) sse += ((bounded ? sigmoid(a_1 + b * x) : a_1 + b * x) - r) ** 2;
  curve.rmse = Math.sqrt(sse / n);
  return curve;
}
