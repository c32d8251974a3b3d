// The input of the internet fit: persons aged 10+ of every listed UF by internet-model cell x sex
// x race (src/population/internet-model.ts). The cells do not depend on internet use, so they are
// counted on a release whose generator shares the seed and everything but internet with the
// fitted one (v1.4.0 for v1.5.0), building each UF in memory (no cache file is written).
import { buildUfPopulation } from '../../src/population/population-builder.js';
import { COUNT_CELLS, INTERNET_CELLS } from '../../src/population/internet-model.js';
import { builderOptions } from '../../src/population/population-store.js';
import { openRelease } from '../../src/release/release.js';
import type { BuildableRelease, UfCode } from '../../src/release/types.js';

export async function countInternetCells(version: string, ufs: readonly UfCode[], onUf?: (uf: UfCode) => void): Promise<Float64Array> {
  const rel = openRelease(version) as BuildableRelease;
  const seed = rel.manifest.gerador.semente;
  const counts = new Float64Array(COUNT_CELLS);
  const p = new Float64Array(INTERNET_CELLS);
  for (const uf of ufs) {
    await buildUfPopulation(rel.version, seed, uf, rel.municipalities(uf), (c) => rel.tractLayout(c), undefined, {
      ...builderOptions(rel), internet: { p, counts },
    });
    onUf?.(uf);
  }
  return counts;
}
