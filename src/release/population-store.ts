// Population cache (binary files per UF). Step 2 of issue 2 fills this in.
import { ServiceError } from '../errors.js';
import type { ReleaseImpl } from './release.js';
import type { BuildProgress, Population, UfCode } from './types.js';

export async function loadPopulation(_r: ReleaseImpl, _ufs: UfCode[], _p?: (p: BuildProgress) => void): Promise<Population> {
  throw new ServiceError('internal_error', 'population build is not implemented yet (issue 2, in progress)');
}
