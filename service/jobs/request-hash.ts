// The request hash of an idempotent submission: sha256 over the canonical JSON of the normalised
// request (the contract layer's canonical form: keys sorted at every level, no spaces), so the
// same scenario written with another key order, or as contract version 2, hashes the same.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/contract/index.js';

export function hashRequest(normalised: unknown): string {
  return createHash('sha256').update(canonicalJson(normalised)).digest('hex');
}
