// The whole midia case of a release, for the library (`campaign-sim library case midia`); the
// file and what the generator takes from it: src/population/internet-fit-file.ts.
import { readMidiaCaseDocument } from '../../src/population/internet-fit-file.js';
import { MANIFESTS } from '../../src/release/manifests.js';
import type { MidiaCase } from './midia-case.js';

/**
 * The release's midia case, or null when the release has none: its own, or the one its generator
 * reads (gerador.caso_midia: v2.0.0 draws v1.9.0's internet model).
 */
export function readMidiaCase(release: string): MidiaCase | null {
  const of = MANIFESTS.find((m) => m.versao === release)?.gerador.caso_midia ?? release;
  return readMidiaCaseDocument(of) as MidiaCase | null;
}
