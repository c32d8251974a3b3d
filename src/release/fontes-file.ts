// The sources the releases credit (manifest `fontes`): data/releases/fontes.json, data beside the
// files it credits rather than code. `fontes` are read by every generator; generator 1.2.0
// (`domicilios_censo`) also reads `fontes_domicilios_censo`, 1.3.0 (`setores_observados`)
// `fontes_setores_observados`, and 1.5.0 (`internet_conjunta`) `fontes_midia` (internet and media habits);
// releases whose Pix case grows the population (v1.6.0 on) credit `fontes_estimativas_populacao`;
// releases whose reception draws exposure propensities (v2.0.0 on) credit `fontes_exposicao`.
// Each source also says its credit and use in Brazilian Portuguese (`pt`), written beside the
// English so the two move together: the console and the playground show it; the manifest, and
// so the API and the stored results, carry the English only.
import { host } from '../platform/host.js';
import type { Fonte } from './types.js';

export interface SourceCredits {
  fontes: Fonte[];
  fontes_domicilios_censo: Fonte[];
  fontes_setores_observados: Fonte[];
  fontes_midia: Fonte[];
  fontes_estimativas_populacao: Fonte[];
  fontes_exposicao: Fonte[];
}

/** A source's credit and use as a page shows them. */
export interface SourceWords {
  credito: string;
  uso: string;
}

type SourcesFile = Record<keyof SourceCredits, Array<Fonte & { pt: SourceWords }>>;

const readSourcesFile = () => JSON.parse(host.packageText('data/releases/fontes.json')) as SourcesFile;

/** The sources as the manifests credit them (English). */
export function readSourceCredits(): SourceCredits {
  const file = readSourcesFile();
  const credits = {} as SourceCredits;
  for (const k of Object.keys(file) as Array<keyof SourceCredits>) credits[k] = file[k].map(({ pt: _, ...f }) => f);
  return credits;
}

/** Every source's credit and use in Brazilian Portuguese, by id. */
export function readSourceWordsPt(): Map<string, SourceWords> {
  return new Map(Object.values(readSourcesFile()).flat().map((f) => [f.id, f.pt]));
}
