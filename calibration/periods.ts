// Period codes of a calibration series (spec "Calibration request": janela and holdout are
// YYYYMM integers with granularidade mes, YYYYMMDD with dia) and their mapping to simulated days.
// Day 1 is cenario.horizonte.data_inicio; a period covers the simulated days from its first to
// its last calendar day, clipped to what was simulated.

export type Granularidade = 'mes' | 'dia';

const DAY_MS = 86_400_000;

/** The calendar date of a period code's first day (UTC), or null when the code is not a real period. */
export function periodStart(code: number, g: Granularidade): Date | null {
  if (!Number.isInteger(code)) return null;
  if (g === 'mes') {
    if (code < 100001 || code > 999912) return null;
    const y = Math.floor(code / 100);
    const m = code % 100;
    if (m < 1 || m > 12) return null;
    return new Date(Date.UTC(y, m - 1, 1));
  }
  if (code < 10000101 || code > 99991231) return null;
  const y = Math.floor(code / 10000);
  const m = Math.floor(code / 100) % 100;
  const d = code % 100;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** The calendar date of a period code's last day (UTC). */
export function periodEnd(code: number, g: Granularidade): Date | null {
  const start = periodStart(code, g);
  if (start === null) return null;
  if (g === 'dia') return start;
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
}

/** Simulated day of a calendar date: data_inicio is day 1 (may be <= 0 for dates before it). */
export function dayOf(date: Date, dataInicio: string): number {
  const start = Date.parse(`${dataInicio}T00:00:00Z`);
  return Math.round((date.getTime() - start) / DAY_MS) + 1;
}

/** [first, last] simulated day of a period (unclipped). */
export function periodDays(code: number, g: Granularidade, dataInicio: string): [number, number] {
  const s = periodStart(code, g);
  const e = periodEnd(code, g);
  if (s === null || e === null) throw new RangeError(`not a period code: ${code}`);
  return [dayOf(s, dataInicio), dayOf(e, dataInicio)];
}

/** Whether a period code lies in [inicio, fim] (codes of one granularity compare as integers). */
export function inRange(code: number, r: { inicio: number; fim: number }): boolean {
  return code >= r.inicio && code <= r.fim;
}

/** Every period code from inicio to fim inclusive, in order. */
export function periodsBetween(inicio: number, fim: number, g: Granularidade): number[] {
  const out: number[] = [];
  let d = periodStart(inicio, g);
  const last = periodStart(fim, g);
  if (d === null || last === null) return out;
  while (d.getTime() <= last.getTime()) {
    const y: number = d.getUTCFullYear();
    const m: number = d.getUTCMonth() + 1;
    if (g === 'mes') {
      out.push(y * 100 + m);
      d = new Date(Date.UTC(y, m, 1));
    } else {
      out.push(y * 10000 + m * 100 + d.getUTCDate());
      d = new Date(d.getTime() + DAY_MS);
    }
  }
  return out;
}
