// Largest request body of each route (the spec sets none). A body over its route's limit is
// refused with 413 while it is being read. Small by default: a simulation scenario of every
// municipality of Brazil with an answer contract is under 200 KB. The calibration routes (HTTP
// and MCP, whose submit_calibration carries the series) are sized for the largest series the
// contract accepts: 150,000 rows of every column, written out with some spacing.
import { Transform, type Readable } from 'node:stream';
import { errorCodes, type FastifyRequest } from 'fastify';
import { MAX_SERIES_ROWS } from '../../calibration/series.js';

const KIB = 1024;
const MIB = 1024 * KIB;

/** Scenario bodies (estimate, submit) and every route without its own limit. */
export const DEFAULT_BODY_LIMIT = 1 * MIB;

/** Bytes of one series row with every column and some spacing ({"periodo": 20241231, "area": "1234567890", ...}). */
const SERIES_ROW_BYTES = 192;

/** Calibration bodies: the largest series plus the request around it. */
export const CALIBRATION_BODY_LIMIT = MAX_SERIES_ROWS * SERIES_ROW_BYTES + DEFAULT_BODY_LIMIT;

/**
 * The body stream cut at `limit` bytes, for a route whose limit depends on who calls (a
 * preParsing hook: /mcp takes a calibration's series only from a credential that may submit
 * one). Over the limit: Fastify's own 413 (FST_ERR_CTP_BODY_TOO_LARGE), at once when
 * Content-Length says so, else when the bytes pass it.
 */
export function boundedBody(request: FastifyRequest, payload: Readable, limit: number): Readable {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  let seen = 0;
  return bodyThrough(payload, new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      else done(null, chunk);
    },
  }));
}

/**
 * The request body piped through a check that may fail it (preParsing hooks). Not pipeline(): it
 * would destroy the request, and with it the socket the refusal goes back on.
 */
export function bodyThrough(payload: Readable, check: Transform): Readable {
  payload.on('error', (err) => check.destroy(err));
  // Fastify hears the check's refusal through its own listener while it reads the body; a body
  // that a later hook refused (the 413 of /mcp) is read by no one, and an error event without a
  // listener would end the process.
  check.on('error', () => undefined);
  return payload.pipe(check);
}
