// The scan of a JSON body as it arrives (json-scan.ts) and the parse of a large one in slices
// (parse-json-in-slices.ts): any JSON text, cut into any chunks, gives the value JSON.parse gives;
// text that is not JSON is refused; the limits of depth, values and scalars hold across chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_SCALAR_BYTES, scanJson } from '../../../service/http/json-scan.js';
import { parseJsonInSlices } from '../../../service/http/parse-json-in-slices.js';

const UNBOUNDED = { containers: Number.POSITIVE_INFINITY, values: Number.POSITIVE_INFINITY };

/** `text` scanned in chunks of `chunk` bytes with slices of `slice` bytes, then parsed in slices. */
async function parseScanned(text: string, slice: number, chunk = 7): Promise<unknown> {
  const body = Buffer.from(text);
  const scan = scanJson(UNBOUNDED, slice);
  for (let i = 0; i < body.length; i += chunk) expect(scan.feed(body.subarray(i, i + chunk))).toBeNull();
  return parseJsonInSlices(body, scan.large, (t) => JSON.parse(t), slice);
}

/** JSON text of `value` with whitespace of its own between tokens (JSON.stringify's indentation, varied). */
const spaced = (value: unknown, indent: string) => JSON.stringify(value, null, indent).replace(/,\n/g, (m, at: number) => (at % 3 === 0 ? ' ,\n\t' : m));

describe('a JSON body parsed in slices', () => {
  it('gives the value JSON.parse gives, for any JSON, cut anywhere', async () => {
    await fc.assert(fc.asyncProperty(
      fc.jsonValue({ maxDepth: 6 }), fc.constantFrom('', ' ', '\n', '\t  '), fc.integer({ min: 2, max: 64 }), fc.integer({ min: 1, max: 50 }),
      async (value, indent, slice, chunk) => {
        const text = spaced(value, indent);
        fc.pre(!/"(__proto__|constructor)"/.test(text)); // refused, as by Fastify's parser: below
        expect(await parseScanned(text, slice, chunk)).toEqual(JSON.parse(text));
      },
    ), { numRuns: 400 });
  });

  it('keeps strings with brackets, quotes, escapes and multi-byte characters whole across slices', async () => {
    const value = { 'chave "[x]"': ['{não}', 'a\\"b', '\u00e7\u{1F600}', { '': [[], {}, ['] }']] }], n: [-1.5e-3, 0, true, null, false] };
    for (const slice of [2, 5, 16, 1000]) expect(await parseScanned(JSON.stringify(value, null, 2), slice)).toEqual(value);
  });

  it('refuses text that is not JSON', async () => {
    for (const bad of ['[1 2]', '[1,]', '{"a":1,}', '{"a" 1}', '{a:1}', '[1,2] x', '[[1,2]', '{"a":[1,2}', '[1,2,3,4,5,6,7,8,9', '[,1]', '{"a":1 "b":2}']) {
      const body = Buffer.from(bad);
      const scan = scanJson(UNBOUNDED, 2);
      scan.feed(body);
      await expect(parseJsonInSlices(body, scan.large, (t) => JSON.parse(t), 2), bad).rejects.toThrow(SyntaxError);
    }
  });

  it('refuses a __proto__ key and a constructor with a prototype it reads itself, as Fastify\'s parser would', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const text = `{"a":1,"${key}":{"prototype":{"x":1},"pad":[${'1,'.repeat(50)}1]}}`;
      await expect(parseScanned(text, 16)).rejects.toThrow(/forbidden prototype/);
    }
    expect(await parseScanned(`{"constructor":[${'1,'.repeat(50)}1]}`, 16)).toEqual({ constructor: Array(51).fill(1) });
  });
});

describe('the scan of a JSON body', () => {
  const scanned = (text: string, limit = UNBOUNDED, chunk = 3) => {
    const scan = scanJson(limit);
    const bytes = Buffer.from(text);
    let refusal = null;
    for (let i = 0; i < bytes.length && refusal === null; i += chunk) refusal = scan.feed(bytes.subarray(i, i + chunk));
    return refusal;
  };

  it('counts brackets outside strings only, across chunks', () => {
    const deep = (n: number) => `{"a":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    expect(scanned(deep(MAX_JSON_DEPTH))).toBeNull();
    expect(scanned(deep(MAX_JSON_DEPTH + 1))).toMatchObject({ status: 422, item: { ctx: { max_depth: MAX_JSON_DEPTH } } });
    expect(scanned(`{"a":"${'['.repeat(200)}\\"${'['.repeat(200)}"}`)).toBeNull();
  });

  it('counts values and objects and arrays against the route\'s limits', () => {
    expect(scanned('[{},{},{}]', { containers: 4, values: 100 })).toBeNull();
    expect(scanned('[{},{},{},{}]', { containers: 4, values: 100 })).toMatchObject({ status: 413, item: { type: 'body_too_large', ctx: { max_containers: 4 } } });
    // [ 1 "a" true null -1.5e3 {"k" : "v"}]: 9 values, keys counted
    expect(scanned('[1,"a",true,null,-1.5e3,{"k":"v"}]', { containers: 10, values: 9 })).toBeNull();
    expect(scanned('[1,"a",true,null,-1.5e3,{"k":"v"}, 2]', { containers: 10, values: 9 })).toMatchObject({ status: 413, item: { ctx: { max_values: 9 } } });
  });

  it('refuses a string or a number longer than the limit, whatever the chunks', () => {
    expect(scanned(`["${'x'.repeat(MAX_JSON_SCALAR_BYTES - 2)}"]`, UNBOUNDED, 65536)).toBeNull();
    expect(scanned(`["${'x'.repeat(MAX_JSON_SCALAR_BYTES)}"]`, UNBOUNDED, 65536)).toMatchObject({ status: 422, item: { ctx: { max_bytes: MAX_JSON_SCALAR_BYTES } } });
    expect(scanned(`[${'1'.repeat(MAX_JSON_SCALAR_BYTES + 1)}]`, UNBOUNDED, 65536)).toMatchObject({ status: 422 });
    expect(scanned(`[1,${' '.repeat(MAX_JSON_SCALAR_BYTES + 1)}2]`, UNBOUNDED, 65536)).toMatchObject({ status: 422 });
    // refused as it arrives, before the string ends
    expect(scanned(`["${'x'.repeat(MAX_JSON_SCALAR_BYTES + 1)}`, UNBOUNDED, 65536)).toMatchObject({ status: 422 });
  });
});
