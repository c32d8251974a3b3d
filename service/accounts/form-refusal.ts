// A refused form field, for the console's forms and the people functions behind them: 422
// invalid_request naming the field (`campo`), which the console shows next to it.
import { ServiceError } from '../../src/errors.js';

export function refuseField(message: string, field: string): never {
  throw new ServiceError('invalid_request', message, { extra: { campo: field } });
}
