// The whole midia case of a release, for the library (`campaign-sim library case midia`); the
// file and what the generator takes from it: src/population/internet-fit-file.ts.
import { readMidiaCaseDocument } from '../../src/population/internet-fit-file.js';
import type { MidiaCase } from './midia-case.js';

/** The release's midia case, or null when the release has none. */
export function readMidiaCase(release: string): MidiaCase | null {
  return readMidiaCaseDocument(release) as MidiaCase | null;
}
