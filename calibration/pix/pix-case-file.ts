// The whole Pix case of a release, for the library (`campaign-sim library case pix`); the file
// and what the manifest takes from it: src/release/pix-fit-file.ts.
import { readPixCaseDocument } from '../../src/release/pix-fit-file.js';
import type { PixCase } from './pix-case.js';

/** The release's Pix case, or null when its parameters were never fitted. */
export function readPixCase(release: string): PixCase | null {
  return readPixCaseDocument(release) as PixCase | null;
}
