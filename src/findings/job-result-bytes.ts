// The stored result as bytes, the form the service's store keeps (a bytea column): gzip of the
// JSON of encodeJobResult. Node only (zlib): the engine in a browser keeps results as objects.
import { gunzipSync, gzipSync } from 'node:zlib';
import { ServiceError } from '../errors.js';
import { decodeJobResult, encodeJobResult, type JobResult } from './job-result.js';

/** Name of the stored byte format (gzip of the JSON of encodeJobResult), for the store's formato column. */
export const JOB_RESULT_BYTES_FORMAT = 'campaign-sim/resultado-simulacao@1';

/** The result as bytes for a bytea column: gzip of JSON.stringify(encodeJobResult(result)). */
export function jobResultToBytes(result: JobResult): Uint8Array {
  return gzipSync(Buffer.from(JSON.stringify(encodeJobResult(result)), 'utf8'));
}

export function jobResultFromBytes(bytes: Uint8Array, formato: string = JOB_RESULT_BYTES_FORMAT): JobResult {
  if (formato !== JOB_RESULT_BYTES_FORMAT) {
    throw new ServiceError('internal_error', `stored result format ${formato} is not ${JOB_RESULT_BYTES_FORMAT}`);
  }
  return decodeJobResult(JSON.parse(gunzipSync(bytes).toString('utf8')));
}
