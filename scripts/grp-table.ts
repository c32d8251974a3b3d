// Writes a release's GRP document, data/releases/<release>/grp.json (src/release/grp-cells-file.ts):
// the persons of each UF of the release's synthetic population by GRP cell (age band, reception
// cell, TV household; built or read from the population cache), and the release's GRP table per
// UF and channel computed from them (src/models/recepcao/plan-grp.ts grpTable), which the
// manifest carries (tabela_grp) and docs/model.md shows. test/unit/models/plan-grp.test.ts fails
// when the committed table is not what the cells give, or RR's cells not what its population gives.
//   npm run case:grp -- <release>
import { writeFileSync } from 'node:fs';
import { countGrpCells, grpTable } from '../src/models/recepcao/plan-grp.js';
import { ensureUfPopulation } from '../src/population/population-store.js';
import { projectPath } from '../src/project-path.js';
import { grpCellsPath, type GrpCellsDocument } from '../src/release/grp-cells-file.js';
import { openRelease } from '../src/release/release.js';
import { UF_CODES, type BuildableRelease } from '../src/release/types.js';

const release = process.argv[2];
if (!release || !/^v\d+\.\d+\.\d+$/.test(release)) {
  process.stderr.write('usage: npm run case:grp -- vX.Y.Z   (writes data/releases/vX.Y.Z/grp.json)\n');
  process.exit(2);
}
const rel = openRelease(release) as BuildableRelease;
const pessoas: Record<string, number[]> = {};
for (const uf of UF_CODES) {
  // one UF at a time, not kept in memory (SP alone is 0.45 GB)
  pessoas[uf] = countGrpCells(await ensureUfPopulation(rel, uf, undefined, false, false));
  process.stderr.write(`${uf} `);
}
const path = projectPath(grpCellsPath(release));
const doc: GrpCellsDocument = {
  release,
  descricao:
    'Pessoas da população sintética da release por UF e célula de GRP (índice (faixa_etaria_5 x 80 + célula de recepção mod 80) x 2 + domicílio com TV; ' +
    'a célula de recepção: renda, escolaridade, internet e situação), e a tabela de GRP por UF e canal calculada delas (npm run case:grp)',
  pessoas,
  tabela: [],
};
// the table reads the cells through the document: written first, then with the table
writeFileSync(path, `${JSON.stringify(doc)}\n`);
doc.tabela = grpTable(release);
writeFileSync(path, serialise(doc));
process.stdout.write(`\n${path}: ${UF_CODES.length} UFs, ${doc.tabela.length} rows of the GRP table\n`);

/** The table and description readable, the counts one line per UF. */
function serialise(d: GrpCellsDocument): string {
  const ufs = Object.entries(d.pessoas).map(([uf, c]) => `    ${JSON.stringify(uf)}: ${JSON.stringify(c)}`).join(',\n');
  const tabela = d.tabela.map((r) => `    ${JSON.stringify(r)}`).join(',\n');
  return `{\n  "release": ${JSON.stringify(d.release)},\n  "descricao": ${JSON.stringify(d.descricao)},\n  "tabela": [\n${tabela}\n  ],\n  "pessoas": {\n${ufs}\n  }\n}\n`;
}
