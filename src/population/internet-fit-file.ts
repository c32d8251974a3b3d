// A release's fitted internet model: data/releases/<version>/caso-midia.json, the midia public
// case that the fit writes (calibration/midia/, npm run bench:midia). Generator 1.5.0
// (`internet_conjunta`) draws internet use from its coefficients. Keep the fields read here in sync
// with calibration/midia/midia-case.ts.
import { host } from '../platform/host.js';
import { cellProbabilities, type InternetAssignment, type InternetCoefficients } from './internet-model.js';

/** The case's file, by its path from the package root. */
export function midiaCasePath(release: string): string {
  return `data/releases/${release}/caso-midia.json`;
}

/** The release's midia case document as stored, or null when the release has none. */
export function readMidiaCaseDocument(release: string): unknown {
  const p = midiaCasePath(release);
  return host.packageHas(p) ? JSON.parse(host.packageText(p)) : null;
}

const probabilities = new Map<string, Float64Array>();

/**
 * P(internet) per cell of the release's fitted model, read once per process (the case file holds
 * the counts too: parsing it per UF build would cost more than drawing); throws when the release
 * has no midia case.
 */
export function internetAssignment(release: string): InternetAssignment {
  let p = probabilities.get(release);
  if (!p) {
    const c = readMidiaCaseDocument(release) as { internet: { coeficientes: InternetCoefficients } } | null;
    if (c === null) throw new Error(`campaign-sim: release ${release} draws internet use from ${midiaCasePath(release)}, which is missing`);
    p = cellProbabilities(c.internet.coeficientes);
    probabilities.set(release, p);
  }
  return { p };
}
