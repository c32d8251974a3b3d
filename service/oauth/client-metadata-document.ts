// Client ID metadata documents (the MCP authorization specification; draft-ietf-oauth-client-id-
// metadata-document): a client_id that is an https URL names a JSON document of the client's
// metadata, which the authorization server fetches. oidc-provider 8 (the line that supports
// Node 20) has no such feature, so the storage adapter answers a client look-up of such an id
// with the fetched document (oauth-adapter.ts); the provider then validates it like any client.
// The fetch is SSRF-safe: the URL must be https with a path and no credentials or fragment; its
// host must resolve to addresses the policy allows (public unicast; loopback only in
// development), and the connection goes to the address checked (the webhooks' agent: DNS
// rebinding is refused); no redirect is followed; 5 s and 16 KiB at most. Documents are cached
// for their Cache-Control max-age, between 5 minutes and 1 day; failures are not cached. A document
// holding a control character, a NUL or a lone surrogate is no client (client-metadata-text.ts).
import { request } from 'undici';
import { checkWebhookUrl } from '../webhooks/check-webhook-url.js';
import { clientMetadataTextRefusal } from './client-metadata-text.js';
import type { AddressPolicy } from '../webhooks/address-policy.js';
import { createWebhookAgent } from '../webhooks/webhook-agent.js';

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 16 * 1024;
const MIN_CACHE_S = 300;
const MAX_CACHE_S = 86_400;
const MAX_ENTRIES = 500;
/** Shared-secret authentication makes no sense for a document anyone can read. */
const SECRET_METHODS = new Set(['client_secret_basic', 'client_secret_post', 'client_secret_jwt']);

export interface ClientDocumentOptions {
  policy: AddressPolicy;
  /** Extra certificate authorities (tests). */
  ca?: string | Buffer;
}

export type ClientMetadata = Record<string, unknown> & { client_id: string };

/** Whether a client_id names a metadata document (an https URL with a path). */
export function isClientDocumentUrl(id: string): boolean {
  if (!id.startsWith('https://')) return false;
  let url: URL;
  try {
    url = new URL(id);
  } catch {
    return false;
  }
  // dot segments are looked for in the text as sent: URL() resolves them away
  const rawPath = id.slice('https://'.length).replace(/^[^/?#]*/, '').split(/[?#]/)[0];
  return url.pathname !== '/' && !url.username && !url.password && !id.includes('#')
    && !rawPath.split('/').some((s) => /^(\.|%2e){1,2}$/i.test(s));
}

function cacheSeconds(header: string | string[] | undefined): number {
  const m = /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec([header ?? ''].flat().join(','));
  return Math.min(MAX_CACHE_S, Math.max(MIN_CACHE_S, m ? Number(m[1]) : 0));
}

/** Fetches client metadata documents, with their cache (one per authorization server). */
export function clientDocumentFetcher(o: ClientDocumentOptions): (id: string) => Promise<ClientMetadata | undefined> {
  const dispatcher = createWebhookAgent({ policy: o.policy, ca: o.ca });
  const cache = new Map<string, { metadata: ClientMetadata; until: number }>();
  return async (id) => {
    const hit = cache.get(id);
    if (hit && hit.until > Date.now()) return hit.metadata;
    cache.delete(id);
    if (!isClientDocumentUrl(id)) return undefined;
    try {
      await checkWebhookUrl(id, o.policy);
      const res = await request(id, { dispatcher, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (res.statusCode !== 200) {
        await res.body.dump();
        return undefined;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_BYTES) {
          res.body.destroy();
          return undefined;
        }
        chunks.push(chunk as Buffer);
      }
      const metadata = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return undefined;
      const m = metadata as Record<string, unknown>;
      if (m.client_id !== id || 'client_secret' in m || SECRET_METHODS.has(String(m.token_endpoint_auth_method))) return undefined;
      if (clientMetadataTextRefusal(m)) return undefined;
      const client: ClientMetadata = { ...m, client_id: id, token_endpoint_auth_method: 'none' };
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(id, { metadata: client, until: Date.now() + cacheSeconds(res.headers['cache-control']) * 1000 });
      return client;
    } catch {
      return undefined;
    }
  };
}
