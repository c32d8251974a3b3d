// The largest request body of each route (the spec sets none), in bytes and in JSON values, so
// that what a body costs is bounded before it is parsed. A body over its route's limit is refused
// with 413 while it arrives: at once when Content-Length says so, else when the bytes or the
// values pass it (json-body.ts). Small by default: a simulation scenario of every municipality of
// Brazil with an answer contract is under 200 KB and 20,000 values. The calibration routes (HTTP,
// and /mcp for a credential that may submit one) are sized for the largest series the contract
// accepts: 150,000 rows of every column, written out with some spacing. Bytes alone do not bound
// the cost: 21 MB of `{}` (7 M empty objects) cost JSON.parse 3.7 s and 540 MB of heap (issue 54);
// the limits of values keep such a body to what a real series costs.
import { MAX_SERIES_ROWS } from '../../calibration/series.js';

export interface BodyLimit {
  bytes: number;
  /** JSON objects and arrays. */
  containers: number;
  /** JSON values of every kind: objects, arrays, strings (keys too), numbers, true, false, null. */
  values: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** Scenario bodies (estimate, submit), every route without its own limit, and /mcp for a key without simulate. */
export const DEFAULT_BODY_LIMIT: BodyLimit = { bytes: 1 * MIB, containers: 20_000, values: 200_000 };

/** Bytes of one series row with every column and some spacing ({"periodo": 20241231, "area": "1234567890", ...}). */
const SERIES_ROW_BYTES = 192;
/** Values of one series row with every column: the object, then 9 keys and their 9 values. */
const SERIES_ROW_VALUES = 19;

/** Calibration bodies: the largest series plus a request around it of the default limit. */
export const CALIBRATION_BODY_LIMIT: BodyLimit = {
  bytes: MAX_SERIES_ROWS * SERIES_ROW_BYTES + DEFAULT_BODY_LIMIT.bytes,
  containers: MAX_SERIES_ROWS + DEFAULT_BODY_LIMIT.containers,
  values: MAX_SERIES_ROWS * SERIES_ROW_VALUES + DEFAULT_BODY_LIMIT.values,
};

/**
 * /mcp for a credential that holds no power (an API key that is not valid, an agent whose person
 * lost it): its tools can only answer `unauthorized`, so no more than an MCP message's envelope
 * is read; a larger body is refused with HTTP 401 before it is read (service/mcp/mcp-route.ts).
 */
export const MCP_WITHOUT_POWER_BODY_LIMIT: BodyLimit = { bytes: 16 * KIB, containers: 1_000, values: 4_000 };
