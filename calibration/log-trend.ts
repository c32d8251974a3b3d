// The log-trend reference: value = a + b ln t, fitted by least squares to a block's last 12 months
// of the window and extrapolated. t is the middle of the period in days since the start of day 1
// (horizonte.data_inicio, the origin of the model and of the Bass curve): (first day - 1 + last
// day) / 2. A two-parameter curve that keeps rising ever more slowly, the shape of a maturing
// adoption series, and a much stronger rule than persistence or Bass on the Pix series (issue
// 33): a calibrated model has to beat it too (baselines.ts, verdict.ts, the Pix case).

/** Days back from the window's last day whose periods the trend is fitted on (12 months). */
export const LOG_TREND_DAYS = 365;

export interface LogTrend {
  a: number;
  b: number;
}

/** The middle of a period [first, last] (simulated days) in days since the start of day 1. */
export function periodMiddle(span: readonly [number, number]): number {
  return (span[0] - 1 + span[1]) / 2;
}

/**
 * Indices of the periods the trend is fitted on: those of `janela` (ascending) that end within
 * LOG_TREND_DAYS of the window's last day (the last 12 months for monthly periods, 365 days for daily).
 */
export function logTrendPeriods(janela: readonly number[], spans: ReadonlyArray<readonly [number, number]>): number[] {
  if (janela.length === 0) return [];
  const end = Math.max(...janela.map((p) => spans[p][1]));
  return janela.filter((p) => spans[p][1] > end - LOG_TREND_DAYS);
}

/**
 * Least squares of y on ln t. One point (or every t equal): the flat line through their mean;
 * none: null.
 */
export function fitLogTrend(t: readonly number[], y: readonly number[]): LogTrend | null {
  const n = t.length;
  if (n === 0) return null;
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (let i = 0; i < n; i++) {
    const x = Math.log(t[i]);
    sx += x; sy += y[i]; sxx += x * x; sxy += x * y[i];
  }
  const den = n * sxx - sx * sx;
  if (!(den > 1e-12 * n * n)) return { a: sy / n, b: 0 };
  const b = (n * sxy - sx * sy) / den;
  return { a: (sy - b * sx) / n, b };
}

/** The trend at `t` days (never below 0: a count). */
export function logTrendAt(f: LogTrend, t: number): number {
  return Math.max(0, f.a + f.b * Math.log(t));
}
