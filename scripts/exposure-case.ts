// Writes a release's exposure case (library case `exposicao`): the exposure fit of
// calibration/midia/exposure-fit.ts, a pure function of data/br/midia/habitos_exposicao.csv, to
//   data/releases/<release>/caso-exposicao.json
// which the release's reception reads (src/release/exposure-case-file.ts). Its fitted and held-out
// margins were chosen before the fit ran (docs/experiments/media-exposure.md).
//   npm run case:exposicao -- <release>
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fitExposure } from '../calibration/midia/exposure-fit.js';
import { exposureCasePath } from '../src/release/exposure-case-file.js';
import { projectPath } from '../src/project-path.js';

const release = process.argv[2];
if (!release || !/^v\d+\.\d+\.\d+$/.test(release)) {
  process.stderr.write('usage: npm run case:exposicao -- vX.Y.Z   (writes data/releases/vX.Y.Z/caso-exposicao.json)\n');
  process.exit(2);
}
const ajuste = fitExposure();
const doc = {
  id: 'exposicao',
  nome: 'Exposição à mídia: usuários pesados e leves (propensão de exposição por canal)',
  release,
  o_que_foi_medido:
    'Per channel, the spread k of a gamma exposure propensity fitted to two windows of the same medium (one day and one week of ' +
    'metered open TV; daily listeners and 30-day reach of radio; weekly reach and impacts of street furniture), its level from the ' +
    'daily shares the model uses, and held-out margins chosen before the fit (docs/experiments/media-exposure.md).',
  fonte: 'data/br/midia/habitos_exposicao.csv (PROVENANCE.md)',
  aviso:
    'The spreads follow two published windows each; the levels of TV follow the meter (Kantar), of radio the PBM survey by region; ' +
    'the correlation of media heaviness between channels (peso_midia) is an assumption: no Brazilian duplication figure is in the data. ' +
    'Digital stays homogeneous (no second window in the data).',
  ajuste,
};
const path = projectPath(exposureCasePath(release));
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
const f = ajuste.veredito.fora_da_amostra;
process.stdout.write(`${path}: fitted margins ${ajuste.veredito.ajuste}; held out ${f.passaram} of ${f.total} within their limit\n`);
