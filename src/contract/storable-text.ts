// Text a job's request may hold. Jobs are stored as jsonb, which refuses NUL (\u0000) and a lone
// UTF-16 surrogate (half of a pair). A scenario with one in free text (nome, descricao,
// mensagem.*) passed the quote and then failed at submit with 500; refusing it here makes the
// quote and the submit agree: 422 invalid_request, wrong_type on the field.
import { contractError } from '../errors.js';
import { formatField, type Segment } from './schemas.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters jsonb refuses.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Path of the first string (value or member name) of `doc` that jsonb cannot store, or null. */
export function findUnstorableText(doc: unknown, path: Segment[] = []): Segment[] | null {
  if (typeof doc === 'string') return UNSTORABLE.test(doc) ? path : null;
  if (Array.isArray(doc)) {
    for (let i = 0; i < doc.length; i++) {
      const found = findUnstorableText(doc[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (doc !== null && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) {
      if (UNSTORABLE.test(k)) return [...path, k];
      const found = findUnstorableText(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/** Throws 422 invalid_request wrong_type on the first text of `doc` jsonb cannot store. */
export function checkStorableText(doc: unknown, prefix: readonly Segment[] = []): void {
  const found = findUnstorableText(doc);
  if (found === null) return;
  const field = formatField([...prefix, ...found]);
  throw contractError('wrong_type', field, `${field || 'the document'} holds a NUL character or a lone UTF-16 surrogate: send valid Unicode text`);
}
