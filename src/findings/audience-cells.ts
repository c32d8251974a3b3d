// The scenario's audience (publico) as a subset of each axis of the job's publication grid, for
// the `publico` rows of the saturacao table. The contract makes the audience a union of grid cells
// (target_finer_than_grid), so each axis is cut whole or not at all.
import type { Publico } from '../contract/types.js';
import { GRID_AXES, ageGroupOf, bandsOfAgeRange, type Grade } from '../release/publication-grid.js';
import { NIVEIS_INSTRUCAO, RACAS, SEXOS } from '../release/types.js';

/** Per axis of GRID_AXES[grade]: the audience's values, or null for the whole axis. */
export function audienceByAxis(grade: Grade, publico: Publico | undefined): Array<Set<number> | null> {
  return GRID_AXES[grade].map((axis) => {
    if (!publico) return null;
    let sel: Set<number> | null = null;
    switch (axis.nome) {
      case 'sexo':
        if (publico.sexos?.length) sel = new Set(publico.sexos.map((s) => SEXOS.indexOf(s)));
        break;
      case 'renda':
        if (publico.faixas_renda?.length) sel = new Set(publico.faixas_renda);
        break;
      case 'escolaridade':
        if (publico.niveis_instrucao?.length) sel = new Set(publico.niveis_instrucao.map((s) => NIVEIS_INSTRUCAO.indexOf(s)));
        break;
      case 'raca':
        if (publico.racas?.length) sel = new Set(publico.racas.map((s) => RACAS.indexOf(s)));
        break;
      case 'faixa_etaria_5':
      case 'grupo_idade':
        if (publico.idades?.length) {
          const bands = publico.idades.flatMap(bandsOfAgeRange);
          // A 10-year group (60+ for the last) belongs when any of its bands does; the contract
          // makes it all-or-nothing.
          sel = new Set(axis.nome === 'faixa_etaria_5' ? bands : bands.map(ageGroupOf));
        }
        break;
    }
    if (sel && sel.size === axis.rotulos.length) return null;
    return sel;
  });
}
