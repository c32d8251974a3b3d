// The model families by name: the one place the pipeline turns a scenario's familia into its
// descriptor (./model-family.ts). Keyed by every Familia of the contract's schema, so a family the
// schema names without a room does not compile.
import type { Familia } from '../contract/types.js';
import { ServiceError } from '../errors.js';
import { ADOCAO } from './adocao/index.js';
import type { ModelFamily } from './model-family.js';
import { RECEPCAO } from './recepcao/index.js';

const FAMILIES: Readonly<Record<Familia, ModelFamily>> = { adocao: ADOCAO, recepcao: RECEPCAO };

/** Every model family, in the contract's order of its familia values. */
export const MODEL_FAMILIES: readonly ModelFamily[] = Object.values(FAMILIES);

/** The descriptor of a family (the contract refuses any other name first: family_unknown). */
export function modelFor(familia: Familia): ModelFamily {
  if (!Object.hasOwn(FAMILIES, familia)) throw new ServiceError('internal_error', `no model family ${JSON.stringify(familia)}`);
  return FAMILIES[familia];
}
