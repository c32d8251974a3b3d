// release.population(ufs), kept per release so repeated runs (calibration, the service) build or
// read a UF set once per process.
import type { Population, Release, UfCode } from '../release/types.js';

const populations = new WeakMap<Release, Map<string, Promise<Population>>>();

export function loadPopulation(release: Release, ufs: readonly UfCode[]): Promise<Population> {
  let byUfs = populations.get(release);
  if (!byUfs) populations.set(release, (byUfs = new Map()));
  const k = [...ufs].sort().join(',');
  let p = byUfs.get(k);
  if (!p) {
    p = release.population(ufs);
    p.catch(() => byUfs!.delete(k));
    byUfs.set(k, p);
  }
  return p;
}
