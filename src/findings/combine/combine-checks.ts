// What the combiner refuses: replicas that do not fit together are an engine bug, never a
// client's error, so every refusal is an internal_error naming combineReplicas.
import { ServiceError } from '../../errors.js';

export function fail(message: string): never {
  throw new ServiceError('internal_error', `combineReplicas: ${message}`);
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
