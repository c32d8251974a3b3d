// Publication grids (DESIGN 5) as the findings read them. The cell index order below must stay
// in sync with the kernel's cell index (src/pool, assembly/): principal cells are row-major over
// grupo_idade(7) x sexo(2) x renda(5) x escolaridade(4) x raca(5), etaria cells over
// faixa_etaria_5(17) x sexo(2) (see src/pool/replica-result.ts).

import type { Grade } from '../pool/replica-result.js';
import type { Publico } from '../contract/types.js';
import { NIVEIS_INSTRUCAO, RACAS, SEXOS } from '../release/types.js';

export interface GridAxis {
  nome: 'grupo_idade' | 'sexo' | 'renda' | 'escolaridade' | 'raca' | 'faixa_etaria_5';
  rotulos: string[];
}

const GRUPOS_IDADE = ['0-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60+'];
const FAIXAS_5 = Array.from({ length: 17 }, (_, i) => (i === 16 ? '80+' : `${5 * i}-${5 * i + 4}`));

export const GRID_AXES: Record<Grade, GridAxis[]> = {
  principal: [
    { nome: 'grupo_idade', rotulos: GRUPOS_IDADE },
    { nome: 'sexo', rotulos: [...SEXOS] },
    { nome: 'renda', rotulos: ['0', '1', '2', '3', '4'] },
    { nome: 'escolaridade', rotulos: [...NIVEIS_INSTRUCAO] },
    { nome: 'raca', rotulos: [...RACAS] },
  ],
  etaria: [
    { nome: 'faixa_etaria_5', rotulos: FAIXAS_5 },
    { nome: 'sexo', rotulos: [...SEXOS] },
  ],
};

export function gridCellCount(grade: Grade): number {
  return GRID_AXES[grade].reduce((p, a) => p * a.rotulos.length, 1);
}

/** Value of every axis for each cell: axisValues[a][cell]. */
export function gridAxisValues(grade: Grade): Uint8Array[] {
  const axes = GRID_AXES[grade];
  const n = gridCellCount(grade);
  const out = axes.map(() => new Uint8Array(n));
  for (let c = 0; c < n; c++) {
    let rest = c;
    for (let a = axes.length - 1; a >= 0; a--) {
      const size = axes[a].rotulos.length;
      out[a][c] = rest % size;
      rest = Math.floor(rest / size);
    }
  }
  return out;
}

/**
 * The audience as a subset of each grid axis (null = whole axis). The contract guarantees the
 * audience fits the grid (target_finer_than_grid), so the audience is a union of cells.
 */
export function audienceByAxis(grade: Grade, publico: Publico | undefined): Array<Set<number> | null> {
  const axes = GRID_AXES[grade];
  return axes.map((axis) => {
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
          const bands = new Set<number>();
          for (const [ini, fim] of publico.idades) {
            const last = fim === null ? 16 : Math.min(16, Math.floor((fim + 1) / 5) - 1);
            for (let b = Math.floor(ini / 5); b <= last; b++) bands.add(b);
          }
          if (axis.nome === 'faixa_etaria_5') sel = bands;
          else {
            // A 10-year group (60+ for the last) belongs when any of its bands does; the
            // contract makes it all-or-nothing.
            sel = new Set<number>();
            for (const b of bands) sel.add(Math.min(6, Math.floor(b / 2)));
          }
        }
        break;
    }
    if (sel && sel.size === axis.rotulos.length) return null;
    return sel;
  });
}
