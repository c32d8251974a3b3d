// A JSON body followed byte by byte as it arrives, before anything is built from it, so that its
// cost is bounded before it is parsed:
// - nesting: JSON.parse has no depth limit (`[` x 14.5 M built a 14.5 M-deep structure and held
//   the event loop for 7 s, issue 32); the deepest body the service takes (an MCP call carrying
//   a calibration request, or a scenario with an answer contract) nests under 20 levels;
// - how many values, and how many of them are objects or arrays: 7 M `{}` (21 MB, issue 54) held
//   JSON.parse for 3.7 s and 540 MB of heap, and was refused by no limit of bytes or depth;
// - the length of one string, number or run of whitespace (parse-json-in-slices.ts reads each in
//   one piece);
// - where each object or array longer than a slice ends, so that parse-json-in-slices.ts can
//   parse a large body a slice at a time, letting other requests run between slices.
// The limits of values are per route (body-limits.ts). Bytes are enough: no byte of a multi-byte
// UTF-8 character is a quote, a backslash, a bracket or whitespace. Used by json-body.ts.
import type { BodyLimit } from './body-limits.js';
import type { ValidationItem } from './validation.js';

export const MAX_JSON_DEPTH = 64;

/** The longest string or number (in bytes, as sent): no field the service takes is near it. */
export const MAX_JSON_SCALAR_BYTES = 1024 * 1024;

/** The largest piece of a body given to JSON.parse at once (parse-json-in-slices.ts). */
export const JSON_SLICE_BYTES = 16 * 1024;

// JSON's structural bytes (also read by parse-json-in-slices.ts)
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;

/** JSON's whitespace (RFC 8259): space, tab, line feed, carriage return. */
export function isJsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export interface JsonScan {
  /**
   * Reads the next bytes of the text: null while the text is within its limits, else the
   * refusal (413 for too many values, 422 for too deep or a scalar too long), and every later
   * call returns it too.
   */
  feed(bytes: Uint8Array): JsonRefusal | null;
  /** The byte ranges [start, end) of the objects and arrays longer than JSON_SLICE_BYTES, by start. */
  readonly large: Map<number, number>;
}

export interface JsonRefusal {
  status: 413 | 422;
  item: ValidationItem;
}

function refusal(status: 413 | 422, msg: string, ctx: Record<string, number>): JsonRefusal {
  return { status, item: { loc: ['body'], msg, type: status === 413 ? 'body_too_large' : 'value_error', input: null, ctx } };
}

/** Follows a JSON text chunk by chunk (a string, an escape, a number or whitespace may span chunks). */
export function scanJson(limit: Pick<BodyLimit, 'containers' | 'values'>, sliceBytes = JSON_SLICE_BYTES): JsonScan {
  const large = new Map<number, number>();
  // where each open object or array began, by depth
  const starts = new Float64Array(MAX_JSON_DEPTH + 1);
  let offset = 0;
  let depth = 0;
  let containers = 0;
  let values = 0;
  let inString = false;
  let escaped = false;
  /** Where the string, bare value (number, true, false, null) or whitespace being read began; -1 elsewhere. */
  let runStart = -1;
  let inSpace = false;
  let refused: JsonRefusal | null = null;

  const tooLong = () => refusal(422, `a JSON string, number or run of whitespace longer than ${MAX_JSON_SCALAR_BYTES} bytes`, { max_bytes: MAX_JSON_SCALAR_BYTES });
  const countValue = () => {
    if (++values > limit.values) refused = refusal(413, `JSON body with more than ${limit.values} values (this route's limit)`, { max_values: limit.values });
  };

  return {
    large,
    feed(bytes) {
      const n = bytes.length;
      for (let i = 0; i < n && refused === null; i++) {
        let c = bytes[i];
        if (inString) {
          // the common case, read in a tight loop: up to the next quote or backslash
          if (escaped) escaped = false;
          else {
            while (c !== QUOTE && c !== BACKSLASH && ++i < n) c = bytes[i];
            if (i === n) {
              if (offset + n - runStart > MAX_JSON_SCALAR_BYTES) refused = tooLong();
              break;
            }
            if (c === BACKSLASH) escaped = true;
            else inString = false;
          }
          if (offset + i - runStart >= MAX_JSON_SCALAR_BYTES) refused = tooLong();
          if (!inString) runStart = -1;
          continue;
        }
        const space = isJsonSpace(c);
        if (space !== inSpace || (!space && c !== QUOTE && !isBare(c))) runStart = -1;
        inSpace = space;
        if (c === QUOTE) {
          inString = true;
          runStart = offset + i;
          countValue();
        } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          if (++depth > MAX_JSON_DEPTH) {
            refused = refusal(422, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, { max_depth: MAX_JSON_DEPTH });
          } else if (++containers > limit.containers) {
            refused = refusal(413, `JSON body with more than ${limit.containers} objects and arrays (this route's limit)`, { max_containers: limit.containers });
          } else {
            starts[depth] = offset + i;
            countValue();
          }
        } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          if (depth > 0) {
            if (offset + i + 1 - starts[depth] > sliceBytes) large.set(starts[depth], offset + i + 1);
            depth--;
          }
        } else if (runStart < 0) {
          if (c !== COMMA && c !== COLON) {
            runStart = offset + i;
            if (!space) countValue();
          }
        } else if (offset + i - runStart >= MAX_JSON_SCALAR_BYTES) {
          refused = tooLong();
        }
      }
      offset += n;
      return refused;
    },
  };
}

/** A byte of a number or of true, false, null (or of a malformed bare word, for JSON.parse to refuse). */
function isBare(c: number): boolean {
  return c !== COMMA && c !== COLON && c !== OPEN_BRACE && c !== OPEN_BRACKET && c !== CLOSE_BRACE && c !== CLOSE_BRACKET;
}
