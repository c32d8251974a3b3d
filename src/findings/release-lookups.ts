// The release look-ups the combiner stores in a result: municipality names and the synthetic
// residents of each tract (for the tract error of per-tract events).

import type { Release } from '../release/types.js';
import type { CombineOptions } from './combine-replicas.js';

export function combineOptionsFromRelease(release: Release): CombineOptions {
  const tractPop = new Map<string, Map<string, number>>();
  return {
    nomeMunicipio: (codigo) => release.municipality(codigo)?.nome,
    populacaoSetor: (codigo) => {
      const mun = codigo.slice(0, 7);
      let m = tractPop.get(mun);
      if (!m) {
        m = new Map(release.municipality(mun) ? release.tracts(mun).map((t) => [t.codigo, t.populacao] as const) : []);
        tractPop.set(mun, m);
      }
      return m.get(codigo);
    },
  };
}
