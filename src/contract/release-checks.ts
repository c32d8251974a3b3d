// Checks of a scenario against its release (spec "Errors" and "Versioning"): a release or UF
// not offered is 422 release_unavailable (its own code); municipality_not_in_release,
// ap_not_in_release and age_grid_not_open are contract refusals.

import { ServiceError } from '../errors.js';
import { openRelease } from '../release/release.js';
import type { Release } from '../release/types.js';
import { firstBandOffMainGrid } from './age-bands.js';
import type { Refuser } from './refuser.js';
import type { Scenario } from './types.js';

/** A release, or a function giving the release of a version (undefined or a throw when not offered). */
export type ReleaseSource = Release | ((version: string) => Release | undefined);

/** The release a scenario names, or release_unavailable. Default source: the releases of this package. */
export function resolveRelease(version: string, source: ReleaseSource = openRelease): Release {
  const release = typeof source === 'function' ? source(version) : source.version === version ? source : undefined;
  if (release === undefined) {
    const offered = typeof source === 'function' ? '' : `; offered: ${source.version}`;
    throw new ServiceError('release_unavailable', `release ${version} is not offered${offered}`);
  }
  return release;
}

// Tract codes per municipality of a release (Release.tracts builds fresh objects on every call).
const tractCodes = new WeakMap<Release, Map<string, Set<string>>>();
function tractCodesOf(release: Release, mun: string): Set<string> {
  let byMun = tractCodes.get(release);
  if (!byMun) tractCodes.set(release, (byMun = new Map()));
  let set = byMun.get(mun);
  if (!set) byMun.set(mun, (set = new Set(release.tracts(mun).map((t) => t.codigo))));
  return set;
}

/** Territory codes of the answer contract's questions must exist in the release's grid. */
function checkQuestionTerritories(s: Scenario, release: Release, r: Refuser): void {
  (s.contrato_de_resposta?.perguntas ?? []).forEach((q, i) => {
    const plain = q.forma === 'comparar' ? q.pergunta : q;
    const path = q.forma === 'comparar' ? ['contrato_de_resposta', 'perguntas', i, 'pergunta'] : ['contrato_de_resposta', 'perguntas', i];
    const t = plain.territorio;
    if ('municipios' in t) {
      t.municipios.forEach((m, k) => {
        if (release.municipality(m) === undefined) {
          throw r.error('question_territory_malformed', [...path, 'territorio', 'municipios', k], `${m} is not a municipality of release ${release.version}`);
        }
      });
    } else if ('setores' in t) {
      t.setores.forEach((code, k) => {
        const mun = code.slice(0, 7);
        const known = release.municipality(mun) !== undefined && tractCodesOf(release, mun).has(code);
        if (!known) {
          throw r.error('question_territory_malformed', [...path, 'territorio', 'setores', k], `${code} is not a census tract of release ${release.version}`);
        }
      });
    }
  });
}

/** The scenario against its release; returns the release. */
export function checkAgainstRelease(s: Scenario, source: ReleaseSource | undefined, r: Refuser): Release {
  const release = resolveRelease(s.release, source);
  const bad = s.geografia.ufs.filter((uf) => !release.ufs.includes(uf));
  if (bad.length > 0) {
    throw new ServiceError('release_unavailable', `UF ${bad.join(', ')} not offered by release ${release.version}; offered UFs: ${release.ufs.join(' ')}`);
  }
  (s.geografia.municipios ?? []).forEach((m, i) => {
    if (release.municipality(m) === undefined) {
      throw r.error('municipality_not_in_release', ['geografia', 'municipios', i], `${m} is not a municipality of release ${release.version}`);
    }
  });
  (s.geografia.aps ?? []).forEach((ap, i) => {
    const mun = ap.slice(0, 7);
    const known = release.municipality(mun) !== undefined && release.weightingAreas(mun).includes(ap);
    if (!known) {
      throw r.error('ap_not_in_release', ['geografia', 'aps', i], `${ap} is not a weighting area of release ${release.version}`);
    }
  });
  checkQuestionTerritories(s, release, r);
  const band = firstBandOffMainGrid(s.publico?.idades);
  if (band >= 0) {
    const closed = s.geografia.ufs.filter((uf) => release.manifest.ufs_grade_etaria_fechada.includes(uf));
    if (closed.length > 0) {
      throw r.error('age_grid_not_open', ['publico', 'idades', band], `the 5-year age grid has not opened in ${closed.join(', ')}; use 10-year groups (0-9, ..., 50-59, 60+) there`, { ufs: closed });
    }
  }
  return release;
}
