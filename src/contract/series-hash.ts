// serie_sha256: the platform's hash of a calibration series (spec "Calibration request body":
// "The series hash is computed by the platform from the rows"). Canonical form (docs/contracts.md,
// "Series hash"); keep both in sync:
//   1. each row as canonical JSON: object keys sorted by UTF-16 code units at every level, no
//      whitespace, strings as JSON.stringify writes them, numbers in ECMAScript's shortest
//      round-trip form (1, 0.5, 1e+21; -0 as 0), members whose value is undefined left out;
//   2. the rows sorted by the UTF-8 bytes of their canonical text (row order does not count);
//   3. the text "[" + rows joined by "," + "]", encoded as UTF-8;
//   4. SHA-256 of those bytes, as 64 lowercase hex characters.
import { createHash } from 'node:crypto';

/** Canonical JSON of a value (sorted keys, no whitespace). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && Object.is(value, -0)) return '0';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** serie_sha256 of a list of rows (see the canonical form above). */
export function seriesSha256(rows: readonly unknown[]): string {
  const texts = rows.map((r) => Buffer.from(canonicalJson(r), 'utf8'));
  texts.sort(Buffer.compare);
  const hash = createHash('sha256');
  hash.update('[');
  texts.forEach((t, i) => {
    if (i > 0) hash.update(',');
    hash.update(t);
  });
  hash.update(']');
  return hash.digest('hex');
}
