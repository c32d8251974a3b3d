// What a published playground (service/playground/) holds for the engine in a browser, beside the
// bundles: the kernel, and per release and UF the package's files a run reads and the UF's
// population file with its checksum. Written by service/playground/site.ts, read by src/browser/index.ts.

/** The kernel, from the site's root. */
export const KERNEL_FILE = 'kernel.wasm';

/** The data of one UF of a release: dados/<release>/<UF>.json. */
export function ufDataFile(release: string, uf: string): string {
  return `dados/${release}/${uf}.json`;
}

/** The population file of one UF of a release, as the cache names it: dados/<release>/populacao-<UF>.bin. */
export function ufPopulationFile(release: string, uf: string): string {
  return `dados/${release}/populacao-${uf}.bin`;
}

export interface UfData {
  release: string;
  uf: string;
  /** The package's files a run of this UF reads, by path from the package root; null: the package has none (an optional file). */
  arquivos: Record<string, string | null>;
  /** The UF's population file (ufPopulationFile): its bytes and SHA-256, checked before it is read. */
  populacao: { bytes: number; sha256: string };
}
