// A large JSON body parsed a slice at a time, with other requests served between slices. One
// JSON.parse of a calibration body (150,000 rows, 27 MB) holds the event loop for 200 ms, of 7 M
// `{}` for 3.7 s; here no piece given to JSON.parse is longer than JSON_SLICE_BYTES, and the
// parse steps aside once it has run for PAUSE_AFTER_MS. The objects and arrays longer than a
// slice (json-scan.ts found where each ends while the body arrived) are built here member by
// member; consecutive shorter members are parsed together, as one array or object of at most a
// slice, by the caller's JSON parser (Fastify's, with its prototype-poisoning checks, which this
// file repeats for the keys it reads itself). The value is the one JSON.parse would build.
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isJsonSpace, JSON_SLICE_BYTES, OPEN_BRACE, OPEN_BRACKET, QUOTE,
} from './json-scan.js';

/** How long the parse runs before it lets other work run. */
export const PAUSE_AFTER_MS = 4;


function malformed(at: number): SyntaxError {
  return new SyntaxError(`malformed JSON at byte ${at}`);
}

/**
 * The value of the JSON text `body`. `large` holds the byte ranges [start, end) of its objects and
 * arrays longer than `sliceBytes` (JsonScan.large, made with the same `sliceBytes`); `parse` parses
 * a piece of text (at most a slice, or one string or number) and throws when it is not JSON.
 */
export async function parseJsonInSlices(
  body: Buffer, large: ReadonlyMap<number, number>, parse: (text: string) => unknown, sliceBytes = JSON_SLICE_BYTES,
): Promise<unknown> {
  let since = performance.now();
  const pause = async () => {
    if (performance.now() - since < PAUSE_AFTER_MS) return;
    await nextTurn();
    since = performance.now();
  };
  const text = (start: number, end: number) => body.toString('utf8', start, end);

  /** The first byte at or after `at` that is not whitespace (a run of it is short: json-scan.ts). */
  const skipSpace = (at: number) => {
    let i = at;
    while (i < body.length && isJsonSpace(body[i])) i++;
    return i;
  };

  /** Where the string, number, literal or short object or array starting at `at` ends. */
  const endOfValue = (at: number) => {
    const c = body[at];
    if (c === QUOTE) return endOfString(at);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      let depth = 0;
      for (let i = at; i < body.length; i++) {
        const b = body[i];
        if (b === QUOTE) i = endOfString(i) - 1;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
        else if ((b === CLOSE_BRACE || b === CLOSE_BRACKET) && --depth === 0) return i + 1;
      }
      throw malformed(at);
    }
    let i = at;
    while (i < body.length && !isJsonSpace(body[i]) && body[i] !== COMMA && body[i] !== CLOSE_BRACE && body[i] !== CLOSE_BRACKET) i++;
    if (i === at) throw malformed(at);
    return i;
  };
  const endOfString = (at: number) => {
    for (let i = at + 1; i < body.length; i++) {
      if (body[i] === BACKSLASH) i++;
      else if (body[i] === QUOTE) return i + 1;
    }
    throw malformed(at);
  };

  /** The object or array at [start, end), built member by member. */
  const buildLarge = async (start: number, end: number): Promise<unknown> => {
    const isArray = body[start] === OPEN_BRACKET;
    const close = isArray ? CLOSE_BRACKET : CLOSE_BRACE;
    if (body[end - 1] !== close) throw malformed(end - 1);
    const array: unknown[] = [];
    const object: Record<string, unknown> = {};
    /** Adds the short members at [from, to) (complete members separated by commas), parsed at once. */
    const addRun = async (from: number, to: number) => {
      if (from < 0) return;
      const part = parse(isArray ? `[${text(from, to)}]` : `{${text(from, to)}}`);
      if (isArray) for (const v of part as unknown[]) array.push(v);
      else for (const k of Object.keys(part as object)) setMember(object, k, (part as Record<string, unknown>)[k], from);
      await pause();
    };
    let at = skipSpace(start + 1);
    if (at === end - 1) return isArray ? array : object;
    // the short members not yet parsed: from `run` (-1: none) to `runEnd`
    let run = -1;
    let runEnd = -1;
    for (;;) {
      const member = at;
      let key = '';
      if (!isArray) {
        if (body[at] !== QUOTE) throw malformed(at);
        const keyEnd = endOfString(at);
        at = skipSpace(keyEnd);
        if (body[at] !== COLON) throw malformed(at);
        at = skipSpace(at + 1);
        if (large.has(at)) key = parse(text(member, keyEnd)) as string;
      }
      const valueEnd = large.get(at);
      if (valueEnd !== undefined) {
        await addRun(run, runEnd);
        run = -1;
        const value = await buildLarge(at, valueEnd);
        if (isArray) array.push(value);
        else setMember(object, key, value, member);
        at = valueEnd;
      } else {
        at = endOfValue(at);
        runEnd = at;
        if (run < 0) run = member;
        if (at - run >= sliceBytes) {
          await addRun(run, at);
          run = -1;
        }
      }
      at = skipSpace(at);
      if (at >= end - 1) {
        if (at !== end - 1) throw malformed(at);
        await addRun(run, runEnd);
        return isArray ? array : object;
      }
      if (body[at] !== COMMA) throw malformed(at);
      at = skipSpace(at + 1);
    }
  };
  // A byte order mark is not JSON, but Fastify's parser skips one: so does this.
  const first = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  const root = skipSpace(first);
  const rootEnd = large.get(root);
  if (rootEnd === undefined) return parse(text(first, body.length));
  const value = await buildLarge(root, rootEnd);
  if (skipSpace(rootEnd) !== body.length) throw malformed(rootEnd);
  return value;
}

/**
 * Sets a member the caller's parser did not see with its key, as it would: `__proto__` is refused
 * (it would set the prototype), and so is a `constructor` holding a `prototype`.
 */
function setMember(object: Record<string, unknown>, key: string, value: unknown, at: number): void {
  if (key === '__proto__') throw new SyntaxError(`object contains forbidden prototype property at byte ${at}`);
  if (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')) {
    throw new SyntaxError(`object contains forbidden prototype property at byte ${at}`);
  }
  object[key] = value;
}
