// How deep a JSON body may nest. JSON.parse has no depth limit: `[` x 14.5 M posted by any key
// built a 14.5 M-deep structure and held the event loop for 7 s before any check could run. The
// deepest body the service takes (an MCP call carrying a calibration request or a scenario with
// an answer contract) nests under 20 levels, so the body is followed as it arrives and refused at
// the first bracket past MAX_JSON_DEPTH: neither the structure nor the whole text is ever built,
// and the cost is the bytes received up to there. Bytes are enough: no byte of a multi-byte UTF-8
// character is a quote, a backslash or a bracket. Used by a preParsing hook of the app
// (service/app.ts) on every JSON body, for the API and /mcp alike.
import { Transform, type Readable } from 'node:stream';
import { bodyThrough } from './body-limits.js';
import { RequestFormatError } from './validation.js';

export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export interface DepthTracker {
  /** Reads the next bytes of the text; false once it has opened more than `max` objects or arrays inside each other. */
  feed(bytes: Uint8Array): boolean;
}

/** Follows the nesting of a JSON text chunk by chunk, skipping strings (a string may span chunks). */
export function trackJsonDepth(max: number): DepthTracker {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return {
    feed(bytes) {
      for (let i = 0; i < bytes.length; i++) {
        const c = bytes[i];
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) inString = false;
        } else if (c === QUOTE) {
          inString = true;
        } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          if (++depth > max) return false;
        } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          depth--;
        }
      }
      return true;
    },
  };
}

/** The body stream, failing with the validation form's 422 at the first byte nested deeper than MAX_JSON_DEPTH. */
export function boundJsonDepth(payload: Readable): Readable {
  const tracker = trackJsonDepth(MAX_JSON_DEPTH);
  return bodyThrough(payload, new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (tracker.feed(chunk)) done(null, chunk);
      else done(new RequestFormatError([{ loc: ['body'], msg: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, type: 'value_error', input: null, ctx: { max_depth: MAX_JSON_DEPTH } }]));
    },
  }));
}
