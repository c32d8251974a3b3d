// The municipality a context, diagnosis or growth call names: one of the 2022 Census grid, or
// 404 municipality_unknown. Context data is read-only and does not depend on a release.
import { ServiceError } from '../errors.js';
import { loadMunicipalities } from '../release/data-files.js';
import type { Municipality } from '../release/types.js';

let byCode: Map<string, Municipality> | undefined;

/** The municipality of a 7-digit code; municipality_unknown when the 2022 Census grid lacks it. */
export function contextMunicipality(codigo: string): Municipality {
  byCode ??= new Map(loadMunicipalities().map((m) => [m.codigo, m]));
  const m = byCode.get(codigo);
  if (!m) throw new ServiceError('municipality_unknown', `${codigo} is not a municipality of the 2022 census grid`);
  return m;
}
