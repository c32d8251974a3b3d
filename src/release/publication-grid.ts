// The publication grids of a job (DESIGN 5; the release manifest's `grades` describe them): the
// cells every count is published in. principal: grupo_idade(7) x sexo(2) x renda(5) x
// escolaridade(4) x raca(5) = 1400 cells per unit; etaria: faixa_etaria_5(17) x sexo(2) = 34.
// Cell indices are row-major over the axes in the order of GRID_AXES. This module is the one
// place that says so: the workers count persons per cell with gridCell, the findings and the
// calibration read cells back through GRID_AXES, the contract maps audience ages onto the axes.
import { AGE_BAND_LABELS, AGE_BANDS, NIVEIS_INSTRUCAO, PERSON_ATTRS, RACAS, SEXOS, personAttr } from './types.js';
import { sharedBuffer } from '../platform/shared-buffer.js';

export type Grade = 'principal' | 'etaria';

export interface GridAxis {
  nome: 'grupo_idade' | 'sexo' | 'renda' | 'escolaridade' | 'raca' | 'faixa_etaria_5';
  rotulos: string[];
}

/** The last grupo_idade (60+) holds the 5-year bands from this one on. */
const FIRST_BAND_OF_LAST_GROUP = 12;

/** grupo_idade 0..6 (0-9, 10-19, ..., 50-59, 60+) of a 5-year band 0..16. */
export function ageGroupOf(age5: number): number {
  return age5 >= FIRST_BAND_OF_LAST_GROUP ? 6 : age5 >> 1;
}

/** The 5-year bands (0..16) of a grupo_idade. */
export function bandsOfAgeGroup(group: number): number[] {
  const first = 2 * group;
  const last = first >= FIRST_BAND_OF_LAST_GROUP ? AGE_BANDS - 1 : first + 1;
  return Array.from({ length: last - first + 1 }, (_, k) => first + k);
}

/** 5-year bands (0..16) of an age range [start, end] in years; end null is open (to 80+). */
export function bandsOfAgeRange([start, end]: readonly [number, number | null]): number[] {
  const first = Math.floor(start / 5);
  const last = end === null ? AGE_BANDS - 1 : Math.min(AGE_BANDS - 1, Math.floor((end + 1) / 5) - 1);
  const out: number[] = [];
  for (let b = first; b <= last; b++) out.push(b);
  return out;
}

const GRUPOS_IDADE = ['0-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60+'];

export const GRID_AXES: Record<Grade, GridAxis[]> = {
  principal: [
    { nome: 'grupo_idade', rotulos: GRUPOS_IDADE },
    { nome: 'sexo', rotulos: [...SEXOS] },
    { nome: 'renda', rotulos: ['0', '1', '2', '3', '4'] },
    { nome: 'escolaridade', rotulos: [...NIVEIS_INSTRUCAO] },
    { nome: 'raca', rotulos: [...RACAS] },
  ],
  etaria: [
    { nome: 'faixa_etaria_5', rotulos: [...AGE_BAND_LABELS] },
    { nome: 'sexo', rotulos: [...SEXOS] },
  ],
};

export function gridCellCount(grade: Grade): number {
  return GRID_AXES[grade].reduce((p, a) => p * a.rotulos.length, 1);
}

/** The grid cell of a person (age band and PERSON_ATTRS), in the axis order of GRID_AXES. */
export function gridCell(grade: Grade, age5: number, attrs: number): number {
  const sexo = personAttr(attrs, PERSON_ATTRS.sexo);
  if (grade === 'etaria') return age5 * 2 + sexo;
  return (((ageGroupOf(age5) * 2 + sexo) * 5 + personAttr(attrs, PERSON_ATTRS.renda)) * 4 +
    personAttr(attrs, PERSON_ATTRS.escolaridade)) * 5 + personAttr(attrs, PERSON_ATTRS.raca);
}

/**
 * Each person's cell of a grid, from the persons' age bands and PERSON_ATTRS (SharedArrayBuffer-
 * backed: the kernel's reduction reads it in every pool thread, src/kernel/kernel-plan.ts).
 */
export function personGridCells(grade: Grade, age5: Uint8Array, attrs: ArrayLike<number>): Uint16Array {
  const n = age5.length;
  const out = new Uint16Array(sharedBuffer(Math.max(1, n) * 2), 0, n);
  for (let i = 0; i < n; i++) out[i] = gridCell(grade, age5[i], attrs[i]);
  return out;
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
