// The release look-ups the combiner stores in a result: municipality names, and the synthetic
// residents of each tract with their measured error (the city diagnosis's tract error, which the
// per-tract events put under the diagnosis cutoff), and the same error over the tracts of a
// question's tract territory (its answers).

import { tractResidentErrors } from '../tracts/synthetic-tract-rows.js';
import { inCircle } from '../plan/units.js';
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
  const erroSetor = (codigo: string) => tractsOf(codigo).erro.get(codigo);
  return {
    nomeMunicipio: (codigo) => release.municipality(codigo)?.nome,
    populacaoSetor: (codigo) => tractsOf(codigo).populacao.get(codigo),
    erroSetor,
    erroTerritorio: (territorio, ufs) => {
      if ('setores' in territorio) return Float64Array.from(territorio.setores, (c) => erroSetor(c) ?? NaN);
      if (!('ponto' in territorio)) return new Float64Array(0);
      // the tracts the plan put in the circle
      let worst = NaN;
      for (const uf of ufs) {
        for (const m of release.municipalities(uf)) {
          for (const t of release.tracts(m.codigo)) {
            if (t.populacao === 0 || !inCircle(territorio, t.lat, t.lon)) continue;
            const e = erroSetor(t.codigo) ?? NaN;
            if (Number.isNaN(e)) return Float64Array.of(NaN);
            worst = Number.isNaN(worst) ? e : Math.max(worst, e);
          }
        }
      }
      return Float64Array.of(worst);
    },
  };
}
