// A database that cannot be reached is an outage, not a bug: the call answers 503
// store_unavailable (the call counters: rate_limit_unavailable) with Retry-After (docs/api.md, "Outages") instead of 500 internal_error.
// Which pg failures mean "cannot reach the server" (rather than a wrong query): the socket
// errors of the driver, a connection that ended, the pool's connect timeout, and the server's
// SQLSTATE classes 08 (connection exception), 53 (insufficient resources) and 57P0x (shutdown).
import { ServiceError } from '../../src/errors.js';

/** Seconds a client should wait before retrying a call refused for an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

export function isConnectionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || /^(08|53)/.test(code) || /^57P0/.test(code))) return true;
  return LOST_CONNECTION.test(err.message);
}

export function storeUnavailable(): ServiceError {
  return new ServiceError('store_unavailable', 'the service database cannot be reached now; retry later',
    { headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } });
}

/** The shared call counters (Redis) cannot be reached or do not answer: rate limiting fails closed. */
export function rateLimitUnavailable(): ServiceError {
  return new ServiceError('rate_limit_unavailable', 'the call counters (Redis) cannot be reached now; calls are refused until they are back',
    { headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } });
}

/** `err` as store_unavailable when it is a connection failure, unchanged otherwise. */
export function asStoreOutage(err: unknown): unknown {
  return isConnectionFailure(err) ? storeUnavailable() : err;
}
