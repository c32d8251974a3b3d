// A lost database seen by the authorization server's own requests (/oauth/*, the metadata):
// 503 with Retry-After, as the API answers store_unavailable (docs/api.md, "Outages"), in
// OAuth's error form: {"error": "temporarily_unavailable", "error_description":
// "store_unavailable: ..."} for clients, the error page (renderError) for a person's browser, and
// error=temporarily_unavailable sent back to a client the provider could already check (RFC 6749
// section 4.1.2.1). Without this the provider turned the store's error into 500 server_error.
// Only inside the provider's requests (handleWithProvider runs them in `providerRequests`): the
// console and /mcp call the same adapter, and there store_unavailable stays the ServiceError
// their error handlers answer 503 with.
import { AsyncLocalStorage } from 'node:async_hooks';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { ServiceError } from '../../src/errors.js';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../store/store-outage.js';

const providerRequests = new AsyncLocalStorage<true>();

/** Runs `handle` (the provider's Koa handler) as one of the provider's own requests. */
export function runAsProviderRequest(handle: () => void): void {
  providerRequests.run(true, handle);
}

/** `err` as the provider's 503 temporarily_unavailable when it is a store outage inside a provider request. */
export function asProviderOutage(err: unknown): unknown {
  if (!(err instanceof ServiceError) || err.code !== 'store_unavailable' || !providerRequests.getStore()) return err;
  const outage = new errors.TemporarilyUnavailable(`${err.code}: ${err.message}`);
  // made as a 400, so the provider shows its code and description (it hides those of a 5xx); sent as 503
  return Object.assign(outage, { status: 503, statusCode: 503 });
}

/** Koa middleware of the provider (before its error handlers): Retry-After on every 503. */
export async function retryAfterOnOutage(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (ctx.status === 503) ctx.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
}
