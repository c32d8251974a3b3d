// Sending bytes kept gzipped (the heavy reads' answers, heavy-read.ts; the console's map
// boundaries, console/municipal-boundaries.ts): a weak ETag that If-None-Match revalidates (304,
// no body), the gzip bytes as they are to a client that takes gzip, and to any other the bytes
// inflated in zlib's thread pool, off the event loop.
import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gunzip = promisify(gunzipCb);

export interface GzippedBytes {
  gzip: Buffer;
  /** A weak validator of the content, W/"...". */
  etag: string;
}

/** If-None-Match names `etag` (weak comparison, RFC 9110 section 13.1.2). */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * Accept-Encoding takes gzip: named (or as `*`) with a weight above 0. Without the header any
 * coding is acceptable (RFC 9110 section 12.5.3): `whenAbsent` says which this answer picks.
 */
export function acceptsGzip(header: string | undefined, whenAbsent: boolean): boolean {
  if (header === undefined) return whenAbsent;
  const weights = new Map(header.split(',').map((part) => {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return [coding, q === undefined ? 1 : Number(q.slice(2))] as const;
  }));
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}

export interface SendGzippedOptions {
  /** Content-Type of the inflated bytes. */
  type: string;
  /** Cache-Control of the answer. */
  cacheControl: string;
  /** Gzip to a client without Accept-Encoding (an answer documented as gzip); default identity. */
  gzipWhenUnasked?: boolean;
}

/** Answers with `bytes`: 304 when If-None-Match names its ETag, else gzip or inflated as the client takes. */
export async function sendGzipped(request: FastifyRequest, reply: FastifyReply, bytes: GzippedBytes, o: SendGzippedOptions): Promise<FastifyReply> {
  reply.header('ETag', bytes.etag).header('Vary', 'Accept-Encoding').header('Cache-Control', o.cacheControl);
  if (notModified(request, bytes.etag)) return reply.code(304).send();
  reply.type(o.type);
  if (acceptsGzip(request.headers['accept-encoding'], o.gzipWhenUnasked ?? false)) return reply.header('Content-Encoding', 'gzip').send(bytes.gzip);
  return reply.send(await gunzip(bytes.gzip));
}
