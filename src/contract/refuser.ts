// The refusals of a document's rules: a contract code at a field, under a prefix (e.g. ['pedido',
// 'cenario'] for the scenario of a calibration request).
import { contractError, type ContractCode, type ServiceError } from '../errors.js';
import { formatField, type Segment } from './schemas.js';

/** Builds refusals with fields under a prefix. */
export class Refuser {
  constructor(readonly prefix: readonly Segment[] = []) {}
  field(segments: readonly Segment[]): string {
    return formatField([...this.prefix, ...segments]);
  }
  error(code: ContractCode, segments: readonly Segment[], message: string, extra?: Record<string, unknown>): ServiceError {
    return contractError(code, this.field(segments), message, extra);
  }
}
