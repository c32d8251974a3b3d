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
import { finishSteps, ROWS_PER_STEP, type Steps } from '../steps.js';

/** Canonical JSON of a value (sorted keys, no whitespace). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && Object.is(value, -0)) return '0';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  // keys in UTF-16 code unit order: the default sort's
  const keys = Object.keys(object).sort();
  let text = '{';
  for (const k of keys) {
    const v = object[k];
    if (v === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(k)}:${canonicalJson(v)}`;
  }
  return `${text}}`;
}

/** serie_sha256 of a list of rows (see the canonical form above). */
export function seriesSha256(rows: readonly unknown[]): string {
  return finishSteps(seriesSha256Steps(rows));
}

/** seriesSha256, yielding every ROWS_PER_STEP rows (src/steps.ts). */
export function* seriesSha256Steps(rows: readonly unknown[]): Steps<string> {
  const texts: string[] = new Array(rows.length);
  // UTF-16 code unit order is UTF-8 byte order unless a text holds a surrogate (U+D800 on)
  let surrogates = false;
  for (let i = 0; i < rows.length; i++) {
    const t = canonicalJson(rows[i]);
    texts[i] = t;
    surrogates ||= SURROGATE.test(t);
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  yield;
  const ordered: ReadonlyArray<string | Buffer> = surrogates
    ? texts.map((t) => Buffer.from(t, 'utf8')).sort(Buffer.compare)
    : yield* sortInSteps(texts);
  const hash = createHash('sha256');
  hash.update('[');
  for (let i = 0; i < ordered.length; i++) {
    if (i > 0) hash.update(',');
    hash.update(ordered[i]);
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  hash.update(']');
  return hash.digest('hex');
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** `items` sorted in UTF-16 code unit order (the default sort's): runs sorted apart, then merged in pairs, yielding between pieces. */
function* sortInSteps(items: string[]): Steps<string[]> {
  for (let at = 0; at < items.length; at += ROWS_PER_STEP) {
    const run = items.slice(at, at + ROWS_PER_STEP).sort();
    for (let k = 0; k < run.length; k++) items[at + k] = run[k];
    yield;
  }
  let from = items;
  let to: string[] = new Array(items.length);
  for (let width = ROWS_PER_STEP; width < items.length; width *= 2) {
    let out = 0;
    for (let lo = 0; lo < items.length; lo += 2 * width) {
      let a = lo;
      const aEnd = Math.min(lo + width, items.length);
      let b = aEnd;
      const bEnd = Math.min(lo + 2 * width, items.length);
      while (a < aEnd || b < bEnd) {
        to[out++] = b >= bEnd || (a < aEnd && from[a] <= from[b]) ? from[a++] : from[b++];
        if (out % ROWS_PER_STEP === 0) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
