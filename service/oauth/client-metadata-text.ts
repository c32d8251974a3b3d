// Text an agent's client metadata may hold (dynamic registration, RFC 7591, and client ID
// metadata documents): no control character (C0, DEL, C1), no NUL, no lone UTF-16 surrogate, in
// any value or member name. The provider validates the metadata's shape and URLs but lets such
// text through: stored as jsonb it failed (500 server_error for a NUL or a lone surrogate in
// client_name, redirect_uris or logo_uri), and a control character in a redirect URI would be
// refused by Node in the Location header of the authorization response. Refused as RFC 7591 says:
// 400 invalid_redirect_uri for redirect_uris, invalid_client_metadata for the rest.
import { errors } from 'oidc-provider';
import { formatField, type Segment } from '../../src/contract/schemas.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const REFUSED = /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Path of the first string (value or member name, not echoed) of `value` holding refused text, or null. */
function refusedTextAt(value: unknown, path: Segment[]): Segment[] | null {
  if (typeof value === 'string') return REFUSED.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = refusedTextAt(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (REFUSED.test(k)) return [...path, '(a member name)'];
      const found = refusedTextAt(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/** The refusal of client metadata holding a control character, a NUL or a lone surrogate; null when it holds none. */
export function clientMetadataTextRefusal(metadata: Record<string, unknown>): InstanceType<typeof errors.InvalidClientMetadata> | null {
  const at = refusedTextAt(metadata, []);
  if (at === null) return null;
  // a description starting with redirect_uris makes the provider's error invalid_redirect_uri
  return new errors.InvalidClientMetadata(`${formatField(at)} holds a control character, a NUL or a lone UTF-16 surrogate: send printable Unicode text`);
}
