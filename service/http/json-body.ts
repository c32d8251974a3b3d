// How the app reads a JSON body, so that what it costs is bounded before it is parsed:
// 1. the credential and its power for the route are known before any byte is read (the
//    onRequest hooks of http/auth.ts and of /mcp), and may narrow the route's limit for this
//    caller (request.callerBodyLimit);
// 2. as the body arrives it is cut at the limit's bytes, and followed by json-scan.ts, which
//    refuses it at the first byte past the limit's values or MAX_JSON_DEPTH, or in a string too
//    long: neither the structure nor the whole text is ever built;
// 3. its bytes are copied into one buffer as they arrive (read-body-bytes.ts), not joined at the end;
// 4. a body longer than a slice is parsed a slice at a time (parse-json-in-slices.ts), so other
//    requests are served while a large one is parsed; a shorter one is parsed at once.
// Every piece goes through Fastify's own JSON parser (prototype-poisoning protection included).
// A POST without a body but with Content-Type: application/json (cancel, erase) is not an error.
// JSON is UTF-8 (RFC 8259): a body declared in another charset is refused, not misread.
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { Transform, type Readable } from 'node:stream';
import { DEFAULT_BODY_LIMIT, type BodyLimit } from './body-limits.js';
import { JSON_SLICE_BYTES, scanJson, type JsonScan } from './json-scan.js';
import { parseJsonInSlices } from './parse-json-in-slices.js';
import { readBodyBytes } from './read-body-bytes.js';
import { RequestFormatError } from './validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's body limit (http/body-limits.ts); absent: DEFAULT_BODY_LIMIT. */
    body?: BodyLimit;
  }
  interface FastifyRequest {
    /**
     * A narrower body limit than the route's for this caller, set in onRequest (before the body
     * is read); with `refusal`, the error that refuses a body over it instead of the 413.
     */
    callerBodyLimit: (BodyLimit & { refusal?: () => Error }) | null;
  }
}

export function installJsonBody(app: FastifyInstance): void {
  app.decorateRequest('callerBodyLimit', null);
  // Fastify cuts a body at the route's bodyLimit: the bytes of the route's own limit.
  app.addHook('onRoute', (route) => {
    const body = route.config?.body;
    if (body) route.bodyLimit = body.bytes;
  });

  const scans = new WeakMap<FastifyRequest, JsonScan>();
  // The API's and /mcp's JSON bodies are bounded and scanned as they arrive. Not the OAuth
  // endpoints': the provider reads their request itself, and a stream piped here would eat it.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const { scope, mcp, body } = request.routeOptions.config;
    if ((scope === undefined && mcp !== true) || !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) return payload;
    const limit = request.callerBodyLimit ?? body ?? DEFAULT_BODY_LIMIT;
    const refuse = request.callerBodyLimit?.refusal ?? (() => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    if (Number(request.headers['content-length'] ?? 0) > limit.bytes) throw refuse();
    const scan = scanJson(limit);
    scans.set(request, scan);
    let seen = 0;
    return bodyThrough(payload, new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > limit.bytes) return done(refuse());
        const refused = scan.feed(chunk);
        if (refused) return done(new RequestFormatError([refused.item], refused.status));
        return done(null, chunk);
      },
    }));
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  /** Fastify's parser on one piece of text, throwing its error. */
  const parsePiece = (request: FastifyRequest, text: string) => {
    let value: unknown;
    parseJson(request, text, (err, parsed) => {
      if (err) throw err;
      value = parsed;
    });
    return value;
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      throw new RequestFormatError([{ loc: ['header', 'content-type'], msg: 'JSON bodies must be sent in UTF-8 (charset=utf-8 or none)', type: 'value_error', input: charset.slice(0, 40), ctx: {} }]);
    }
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    const body = await readBodyBytes(payload, Number.isNaN(declared) ? undefined : declared, request.routeOptions.bodyLimit);
    if (body.length === 0) return undefined;
    if (body.length <= JSON_SLICE_BYTES) return parsePiece(request, body.toString('utf8'));
    // a route that did not scan its body while it arrived (console) scans it now
    let scan = scans.get(request);
    if (scan === undefined) {
      scan = scanJson(request.routeOptions.config.body ?? DEFAULT_BODY_LIMIT);
      const refused = scan.feed(body);
      if (refused) throw new RequestFormatError([refused.item], refused.status);
    }
    try {
      return await parseJsonInSlices(body, scan.large, (text) => parsePiece(request, text));
    } catch (err) {
      if (err instanceof SyntaxError) throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
      throw err;
    }
  });
}

/**
 * The request body piped through a check that may fail it (preParsing hooks). Not pipeline(): it
 * would destroy the request, and with it the socket the refusal goes back on.
 */
function bodyThrough(payload: Readable, check: Transform): Readable {
  payload.on('error', (err) => check.destroy(err));
  // Fastify hears the check's refusal through its own listener while it reads the body; a body
  // that a later hook refused is read by no one, and an error event without a listener would
  // end the process.
  check.on('error', () => undefined);
  return payload.pipe(check);
}
