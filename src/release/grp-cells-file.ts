// A release's persons by the cells its GRPs depend on: data/releases/<release>/grp.json, written by
// `npm run case:grp -- <release>` (scripts/grp-table.ts) from the release's synthetic population, so
// that a quote, `campaign-sim grp` and the manifest's GRP table state a plan's gross rating points
// without building a population (src/models/recepcao/plan-grp.ts). Per UF, a dense array of person
// counts indexed by grpCellIndex; and the release's GRP table per UF and channel (tabela), which the
// manifest carries. Keep the fields read here in sync with the generator.
import { host } from '../platform/host.js';
import { AGE_BANDS, type GrpTableRow } from './types.js';

/** Reception base cells within an age group (renda 5 x escolaridade 4 x internet 2 x urbano 2: reception-profiles.ts receptionCell). */
export const CELLS_PER_AGE_GROUP = 5 * 4 * 2 * 2;
/** Entries of a UF's count array: faixa_etaria_5 x the base cell within its age group x the TV-household flag. */
export const GRP_CELLS = AGE_BANDS * CELLS_PER_AGE_GROUP * 2;

/** Index of a person's entry: (age5 x 80 + base cell mod 80) x 2 + TV household. */
export function grpCellIndex(age5: number, baseCell: number, tv: number): number {
  return (age5 * CELLS_PER_AGE_GROUP + (baseCell % CELLS_PER_AGE_GROUP)) * 2 + tv;
}

export interface GrpCellsDocument {
  release: string;
  descricao: string;
  /** Per UF, GRP_CELLS counts (grpCellIndex). */
  pessoas: Record<string, number[]>;
  tabela: GrpTableRow[];
}

/** The file's path from the package root. */
export function grpCellsPath(release: string): string {
  return `data/releases/${release}/grp.json`;
}

const documents = new Map<string, GrpCellsDocument>();

/** The release's GRP document, read once per process; null when the release has none (looked for again at the next call: the generator writes it, then reads it). */
export function readGrpCells(release: string): GrpCellsDocument | null {
  let d = documents.get(release);
  if (d === undefined) {
    const p = grpCellsPath(release);
    if (!host.packageHas(p)) return null;
    d = JSON.parse(host.packageText(p)) as GrpCellsDocument;
    documents.set(release, d);
  }
  return d;
}
