// What a refusal may show of the caller's input. The validation form echoes `input`; echoing it
// whole let a 30 MB body come back as 31 MB, and serialising 5,000 nested levels overflowed the
// stack (a 500). An input whose JSON text is short is shown as is; a longer or deeper one as
// the start of its JSON text, cut with an ellipsis. Serialisation stops once the excerpt is
// full, so the cost is bounded whatever the input.

/** Longest JSON text of an input shown as is, and length of the excerpt of a longer one. */
export const MAX_EXCERPT_CHARS = 256;
/** Nesting shown before the rest is cut. */
const MAX_DEPTH = 8;

class ExcerptFull extends Error {}

/** JSON text of `value`, throwing ExcerptFull once it passes `max` characters or MAX_DEPTH levels. */
function boundedJson(value: unknown, max: number): string {
  let out = '';
  const write = (s: string) => {
    out += s;
    if (out.length > max) throw new ExcerptFull(out);
  };
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object') {
      const text = JSON.stringify(typeof v === 'string' && v.length > max ? v.slice(0, max + 1) : v);
      write(text === undefined ? 'null' : text);
      return;
    }
    if (depth >= MAX_DEPTH) throw new ExcerptFull(out);
    if (Array.isArray(v)) {
      write('[');
      v.forEach((item, i) => { if (i > 0) write(','); walk(item, depth + 1); });
      write(']');
      return;
    }
    write('{');
    let first = true;
    for (const [k, item] of Object.entries(v)) {
      if (item === undefined) continue;
      if (!first) write(',');
      first = false;
      write(`${JSON.stringify(k.length > max ? k.slice(0, max + 1) : k)}:`);
      walk(item, depth + 1);
    }
    write('}');
  };
  walk(value, 0);
  return out;
}

/** `value` itself when its JSON text is short, otherwise the first MAX_EXCERPT_CHARS characters of it followed by '…'. */
export function excerptOf(value: unknown): unknown {
  try {
    boundedJson(value, MAX_EXCERPT_CHARS);
    return value;
  } catch (err) {
    if (!(err instanceof ExcerptFull)) throw err;
    return `${err.message.slice(0, MAX_EXCERPT_CHARS)}…`;
  }
}

/** `text` cut to MAX_EXCERPT_CHARS characters (with '…' when cut): messages that quote the input. */
export function shortText(text: string): string {
  return text.length <= MAX_EXCERPT_CHARS ? text : `${text.slice(0, MAX_EXCERPT_CHARS)}…`;
}
