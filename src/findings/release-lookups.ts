// The release look-ups the combiner stores in a result: municipality names, and the synthetic
// residents of each tract with their measured error (the city diagnosis's tract error, which the
// per-tract events put under the diagnosis cutoff).

import { tractResidentErrors } from '../context/synthetic-tract-rows.js';
import type { Release } from '../release/types.js';
import type { CombineOptions } from './combine-replicas.js';

export function combineOptionsFromRelease(release: Release): CombineOptions {
  const byMunicipality = new Map<string, { populacao: Map<string, number>; erro: Map<string, number> }>();
  const tractsOf = (codigo: string) => {
    const mun = codigo.slice(0, 7);
    let t = byMunicipality.get(mun);
    if (!t) {
      const m = release.municipality(mun);
      t = m
        ? { populacao: new Map(release.tracts(mun).map((x) => [x.codigo, x.populacao] as const)), erro: tractResidentErrors(release, m) }
        : { populacao: new Map(), erro: new Map() };
      byMunicipality.set(mun, t);
    }
    return t;
  };
  return {
    nomeMunicipio: (codigo) => release.municipality(codigo)?.nome,
    populacaoSetor: (codigo) => tractsOf(codigo).populacao.get(codigo),
    erroSetor: (codigo) => tractsOf(codigo).erro.get(codigo),
  };
}
