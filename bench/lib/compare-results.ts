// The changes of a bench run against the committed results (bench/results/): every measured
// number (a time, a rate) the two JSON documents share, by its path, largest relative change
// first. Targets, per-run lists and machine load are left out: they are not measurements of
// this code.
export interface Change {
  path: string;
  committed: number;
  now: number;
  /** now / committed - 1. */
  relative: number;
}

const MEASURED = /segundos|seconds|por_segundo|per_second|_ms($|\.)|_s$/i;
const NOT_MEASURED = /(^|\.)(alvos?|targets?|runs|carga_1min|loadavg|maquina|machine)(\.|$|_)/i;

function numbers(doc: unknown, prefix = '', out = new Map<string, number>()): Map<string, number> {
  if (typeof doc === 'number' && Number.isFinite(doc)) out.set(prefix, doc);
  else if (doc !== null && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) numbers(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

export function measuredChanges(committed: unknown, now: unknown): Change[] {
  const before = numbers(committed);
  const changes: Change[] = [];
  for (const [path, value] of numbers(now)) {
    const was = before.get(path);
    if (was === undefined || was === 0 || !MEASURED.test(path) || NOT_MEASURED.test(path)) continue;
    changes.push({ path, committed: was, now: value, relative: value / was - 1 });
  }
  return changes.sort((a, b) => Math.abs(b.relative) - Math.abs(a.relative));
}

/** 1234567 -> 1.23M: short cells for the table. */
export function shortNumber(n: number): string {
  const a = Math.abs(n);
  if (a >= 1e9) return `${(n / 1e9).toFixed(2)}G`;
  if (a >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (a >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return a >= 100 ? n.toFixed(0) : Number(n.toPrecision(3)).toString();
}
