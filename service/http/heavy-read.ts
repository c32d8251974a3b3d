// Heavy reads (issue 54): GET answers that are large or slow to build and the same for every
// caller who may read them (the municipality context, a city's diagnosis at a release, the
// library). One read-only key looping on GET /v1/municipios/3550308/setores/nomes, a 7 MB answer
// rebuilt at each call (about 0.8 s of the event loop), moved other clients' p99 from 41 ms to
// 2.8 s. Now:
//  - each answer is built once per app and kept as gzip bytes with a weak ETag of them
//    (createAnswerCache: keyed by what the answer depends on, the release among it; concurrent
//    first requests share one build; least recently used answers leave past MAX_GZIP_BYTES);
//  - a read of public data (the context, a diagnosis at a release) is built in the answer
//    thread (answer-thread.ts, one Piscina thread, its tasks queued), so even a first read of
//    São Paulo holds the event loop for nothing; the library list, 25 to 50 ms once, is built here;
//  - it is sent as those bytes, or inflated off the event loop, and If-None-Match answers 304
//    (gzipped-bytes.ts);
//  - it counts against the caller's burst limits in proportion to its size: one call per started
//    BYTES_PER_CALL of its JSON, the first being the call itself (RateLimiter.chargeBurst, in the
//    windows of the credential and of the origin address); a 304 counts one. The hourly budgets
//    and their RateLimit headers count calls, as the spec says.
// docs/api.md, "Heavy reads"; bench/heavy-read.ts measures another client meanwhile.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import { ServiceError } from '../../src/errors.js';
import { projectPath } from '../../src/project-path.js';
import { newestRelease } from '../../src/release/release.js';
import type { ServiceContext } from '../service-context.js';
import type { AnswerReply, AnswerTask } from './answer-thread.js';
import { burstCredentialOf } from './auth.js';
import { notModified, sendGzipped, type GzippedBytes, type SendGzippedOptions } from './gzipped-bytes.js';

const gzip = promisify(gzipCb);

/** The JSON size one call in the burst windows stands for. */
export const BYTES_PER_CALL = 256 * 1024;
/**
 * Gzip bytes kept per process. The largest answers (São Paulo's tract names, 7 MB of JSON)
 * compress to under 200 KB, so this holds every context answer of hundreds of municipalities.
 */
export const MAX_GZIP_BYTES = 64 * 1024 * 1024;
/** The answer thread exits after this long without a task (and with it the data it loaded). */
const THREAD_IDLE_MS = 10 * 60_000;

export interface HeavyAnswer extends GzippedBytes {
  /** Size of the JSON, uncompressed. */
  bytes: number;
}

/** JSON text, as reply.serialize gives it. */
export type JsonText = string | Buffer | ArrayBuffer;

export interface AnswerCache {
  /**
   * The answer kept under `key`, or the JSON text `build` gives on this thread (the route's own
   * serialization: reply.serialize) made into one and kept; a build that throws is not kept.
   */
  answer(key: string, build: () => Promise<JsonText>): Promise<HeavyAnswer>;
  /** The answer of a read of public data, kept, or built in the answer thread; its refusal thrown as the ServiceError it is. */
  answerOf(task: AnswerTask): Promise<HeavyAnswer>;
  /** Stops the answer thread (the app's close). */
  close(): Promise<void>;
}

/** The gzip bytes and size of JSON text made on this thread (gzip in zlib's thread pool). */
async function packJson(text: JsonText): Promise<{ gzip: Buffer; bytes: number }> {
  const json = typeof text === 'string' ? Buffer.from(text) : Buffer.from(text as ArrayBuffer);
  return { gzip: await gzip(json), bytes: json.length };
}

export function createAnswerCache(maxGzipBytes = MAX_GZIP_BYTES): AnswerCache {
  let thread: Piscina | undefined;
  const inThread = async (task: AnswerTask): Promise<{ gzip: Buffer; bytes: number }> => {
    thread ??= new Piscina({ filename: projectPath('dist/service/http/answer-thread.js'), minThreads: 0, maxThreads: 1, idleTimeout: THREAD_IDLE_MS });
    const reply = (await thread.run(task)) as AnswerReply;
    if (reply.ok) return { gzip: Buffer.from(reply.gzip.buffer, reply.gzip.byteOffset, reply.gzip.byteLength), bytes: reply.bytes };
    if ('refusal' in reply) throw ServiceError.fromPlain(reply.refusal);
    throw new Error(`the answer thread failed: ${reply.failure}`);
  };
  // insertion order is recency: a hit moves its key to the end
  const kept = new Map<string, Promise<HeavyAnswer>>();
  const sizes = new Map<string, number>();
  let total = 0;
  const forget = (key: string) => {
    kept.delete(key);
    total -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };
  /** The answer kept under `key`, or `pack`'s, kept. */
  const keptOr = (key: string, pack: () => Promise<{ gzip: Buffer; bytes: number }>): Promise<HeavyAnswer> => {
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    const made = pack().then(({ gzip: packed, bytes }) => ({ gzip: packed, bytes, etag: `W/"${createHash('sha256').update(packed).digest('base64url').slice(0, 27)}"` }));
    kept.set(key, made);
    made.then((a) => {
      if (kept.get(key) !== made) return;
      sizes.set(key, a.gzip.length);
      total += a.gzip.length;
      for (const oldest of kept.keys()) {
        if (total <= maxGzipBytes || oldest === key) break;
        forget(oldest);
      }
    }, () => { if (kept.get(key) === made) forget(key); });
    return made;
  };
  return {
    answer: (key, build) => keptOr(key, async () => packJson(await build())),
    // a context answer is the data version's: the newest release is in its key
    answerOf: (task) => keptOr(`${task.read === 'diagnostico' ? task.release : newestRelease()}|${JSON.stringify(task)}`, () => inThread(task)),
    close: async () => { await thread?.destroy(); },
  };
}

/** What the routes of heavy reads are registered with (app.ts makes one cache per app). */
export interface HeavyReadRoutesOptions {
  ctx: ServiceContext;
  answers: AnswerCache;
}

/** The calls a heavy answer of `bytes` counts in the burst windows: one per started BYTES_PER_CALL. */
export function callsOf(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / BYTES_PER_CALL));
}

/**
 * Sends a heavy answer: its weight beyond the call itself counted in the caller's burst windows
 * (not for a 304), then the bytes (gzipped-bytes.ts). `private, no-cache`: a client may keep it
 * and revalidate with If-None-Match, which costs one call.
 */
export async function sendHeavyRead(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, answer: HeavyAnswer,
  o: Partial<Omit<SendGzippedOptions, 'cacheControl'>> = {}): Promise<FastifyReply> {
  if (!notModified(request, answer.etag)) await ctx.limiter.chargeBurst(burstCredentialOf(request), request.ip, callsOf(answer.bytes) - 1);
  return sendGzipped(request, reply, answer, { type: o.type ?? 'application/json; charset=utf-8', cacheControl: 'private, no-cache', gzipWhenUnasked: o.gzipWhenUnasked });
}
