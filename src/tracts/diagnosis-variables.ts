// The variables of the city diagnosis and what the national statistics institute observed of
// each, per tract: Census 2022 tracts of Boa Vista (residents by age, with positions) and Census
// 2010 tracts of Roraima (residents, households, sex x age; 2010 codes, no positions). Elsewhere
// this data version has no observed tract and the tables are empty.
import { ServiceError } from '../errors.js';
import type { Municipality } from '../release/types.js';
import { loadTracts2010, loadTracts2022, type ObservedTract2010, type ObservedTract2022 } from '../release/context-files.js';
import { sourceCredits } from './context-sources.js';
import { BOA_VISTA } from './context-tract-grid.js';

export const DIAGNOSIS_VARIABLES = {
  residentes: 'pessoas residentes no setor',
  domicilios: 'domicílios particulares ocupados (permanentes, no Censo 2010) do setor',
  criancas_0_14: 'residentes de 0 a 14 anos',
  idosos_60_mais: 'residentes de 60 anos ou mais',
  escolas: 'distância em linha reta do centro de cada setor à escola mais próxima de cada etapa',
} as const;

export type DiagnosisVariable = keyof typeof DIAGNOSIS_VARIABLES;
/** The variables counted per tract (all but escolas). */
export type CountVariable = Exclude<DiagnosisVariable, 'escolas'>;
export const COUNT_VARIABLES: readonly CountVariable[] = ['residentes', 'domicilios', 'criancas_0_14', 'idosos_60_mais'];

/** The variable named by a query, or 422 unknown_variable listing the valid ones. */
export function diagnosisVariableOf(variavel: string): DiagnosisVariable {
  if (Object.hasOwn(DIAGNOSIS_VARIABLES, variavel)) return variavel as DiagnosisVariable;
  throw new ServiceError('unknown_variable', `${variavel} is not a diagnosis variable; variables: ${Object.keys(DIAGNOSIS_VARIABLES).join(', ')}`, {
    extra: { variaveis: Object.keys(DIAGNOSIS_VARIABLES) },
  });
}

export interface ObservedValue {
  setor: string;
  valor: number | null;
  /** Why valor is null: suprimido_pelo_ibge (IBGE hides small tracts' figures). */
  motivo: 'suprimido_pelo_ibge' | null;
}

export interface ObservedTable {
  malha: 'ibge_2022' | 'ibge_2010';
  ano: 2022 | 2010;
  credito: string;
  setores: ObservedValue[];
}

const sumOf = (values: Array<number | null>): number | null => (values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + v!, 0));

/** 2022 bands (BANDAS_2022) of each count variable. */
const BANDS_2022: Partial<Record<CountVariable, number[]>> = { criancas_0_14: [0, 1, 2], idosos_60_mais: [9, 10] };

/** An observed 2022 value: null where IBGE suppressed the tract (published as all zeros). */
export function observed2022(t: ObservedTract2022, v: CountVariable): number | null {
  if (t.total === 0) return null;
  if (v === 'residentes') return t.total;
  const bands = BANDS_2022[v];
  return bands ? bands.reduce((s, b) => s + t.faixas[b], 0) : null;
}

function observed2010(t: ObservedTract2010, v: CountVariable): number | null {
  const bands = (from: number, to: number) => [0, 17].flatMap((sex) => t.sexoIdade.slice(sex + from, sex + to + 1));
  switch (v) {
    case 'residentes': return t.residentes;
    case 'domicilios': return t.domicilios;
    case 'criancas_0_14': return sumOf(bands(0, 2));
    case 'idosos_60_mais': return sumOf(bands(12, 16));
  }
}

/** What IBGE observed of a variable in the municipality's tracts: one table per census grid. */
export function observedTables(m: Municipality, v: CountVariable): ObservedTable[] {
  const tables: ObservedTable[] = [];
  const row = (setor: string, valor: number | null): ObservedValue => ({ setor, valor, motivo: valor === null ? 'suprimido_pelo_ibge' : null });
  if (m.codigo === BOA_VISTA && v !== 'domicilios') {
    tables.push({ malha: 'ibge_2022', ano: 2022, credito: sourceCredits('setores_2022_boa_vista')[0].credito, setores: loadTracts2022().map((t) => row(t.setor, observed2022(t, v))) });
  }
  if (m.uf === 'RR') {
    tables.push({ malha: 'ibge_2010', ano: 2010, credito: sourceCredits('setores_2010_rr')[0].credito, setores: (loadTracts2010().get(m.codigo) ?? []).map((t) => row(t.setor, observed2010(t, v))) });
  }
  return tables;
}
