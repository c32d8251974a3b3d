// A request body's bytes in one buffer, copied in chunk by chunk as they arrive. Fastify's own
// reader (`parseAs: 'buffer'`) keeps the chunks and joins them when the body ends: for a 20 MB
// body that is one copy of about 60 ms in a single turn of the event loop, which every other
// request waits out (bench/hostile-body.ts, 150,000 rows). Here the copies are spread over the
// upload; a body without Content-Length grows by doubling. Its checks are Fastify's: the route's
// body limit (413) and a body that ends short of or past its Content-Length (400).
import { errorCodes } from 'fastify';
import type { Readable } from 'node:stream';

/** The first buffer of a body without a Content-Length; it doubles as the body grows. */
const FIRST_BYTES = 64 * 1024;

export function readBodyBytes(payload: Readable, contentLength: number | undefined, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (contentLength !== undefined && contentLength > limit) {
      reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    let bytes: Buffer | null = null;
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const needed = received + piece.length;
      if (needed > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      if (contentLength !== undefined && needed > contentLength) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      if (bytes === null || needed > bytes.length) {
        const size = contentLength ?? Math.min(limit, Math.max(FIRST_BYTES, needed, 2 * (bytes?.length ?? 0)));
        const grown = Buffer.allocUnsafe(size);
        if (bytes !== null) bytes.copy(grown, 0, 0, received);
        bytes = grown;
      }
      piece.copy(bytes, received);
      received = needed;
    };
    const onEnd = () => {
      stop();
      if (contentLength !== undefined && received !== contentLength) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(bytes === null ? Buffer.alloc(0) : bytes.subarray(0, received));
    };
    const onError = (err: Error & { statusCode?: number }) => {
      stop();
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      reject(err);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
