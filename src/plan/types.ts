// A compiled plan (DESIGN 2: scenario -> plan): everything the pool needs to run every
// (replica, variant) task of a job, as typed arrays and numbers.
import type { Canal, Familia, Medida, Scenario } from '../contract/types.js';
import type { KernelPlan } from '../kernel/kernel-plan.js';
import type { KernelPopulation } from '../kernel/kernel-population.js';
import type { Grade } from '../release/publication-grid.js';
import type { ModelParameters, Population } from '../release/types.js';
import type { CompiledQuestion } from './questions.js';
import type { TractUnits } from './units.js';
import type { PlanVariant } from './variants.js';

/** What a worker needs to reduce a finished task to counts (src/pool/reduce-replica.ts). */
export interface ReduceSpec {
  familia: Familia;
  dias: number;
  semanas: number;
  nMedidas: number;
  grade: Grade;
  nUnidades: number;
  unidadeDoSetor: Int32Array;
  /** 1 per person in the audience. */
  publico: Uint8Array;
  /** saida_por_setor: number of published tracts and the index of each tract (-1: not published). */
  nSetores: number;
  setorIndice?: Int32Array;
  perguntas: Array<{ chave: string; medida: number; mascaras: number[]; nUnidades: number; daSetor: Int32Array }>;
  /** Also count per unit x day (TaskCounts.serieDiaria): compilePlan's `diario`, asked by calibration rounds. */
  diario: boolean;
  /**
   * Grid cells at the horizon (TaskCounts.celulas) are counted by one variant's tasks only, plano's
   * (the only variant whose saturacao block the findings publish), for these measures (indices of
   * the measure axis, in its order); null: by no task (a scope without plano).
   */
  celulas: { variante: number; medidas: number[] } | null;
}

export interface Plan {
  id: string;
  scenario: Scenario;
  familia: Familia;
  dias: number;
  semanas: number;
  replicas: number;
  grupoComparacao: string;
  canais: Canal[];
  variantes: PlanVariant[];
  parametros: ModelParameters;
  medidas: Medida[];
  grade: Grade;
  unidades: TractUnits;
  setores?: TractUnits;
  perguntas: CompiledQuestion[];
  /** Persons x days x variants x replicas (personDays) of the variants the plan runs. */
  pessoaDias: number;
  /** Kernel linear memory of one task (per thread running it), over all its shards (src/kernel/shards.ts). */
  bytesPorTarefa: number;
  population: Population;
  kernelPopulation: KernelPopulation;
  kernel: KernelPlan;
  reduce: ReduceSpec;
}
