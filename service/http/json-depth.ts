// How deep a JSON body may nest. JSON.parse has no depth limit: `[` x 14.5 M posted by any key
// built a 14.5 M-deep structure and held the event loop for 7 s before any check could run. The
// deepest body the service takes (an MCP call carrying a calibration request or a scenario with
// an answer contract) nests under 20 levels, so the text is scanned first and refused at the
// first bracket past MAX_JSON_DEPTH, which costs as many steps as the bytes read up to there.
// Used by the app's JSON parser (service/app.ts), for the API and /mcp alike.

export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** True when `text` opens more than `max` objects or arrays inside each other (strings are skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
