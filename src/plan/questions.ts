// Answer-contract questions compiled for the workers: a per-person predicate (bit masks of the
// publico axes) and a territory (unit per tract). Comparisons run their inner question in every
// variant; findings picks the two variants. Results land in ReplicaResult.respostas by `chave`.
import type { ContratoDeResposta, Medida, PerguntaSimples } from '../contract/types.js';
import { contractError } from '../errors.js';
import type { Population } from '../release/types.js';
import { territoryUnits, type TractUnits } from './units.js';

export const QUESTION_AXES = ['grupo_idade', 'sexo', 'renda', 'escolaridade', 'raca', 'faixa_etaria_5'] as const;

export interface CompiledQuestion {
  /** Key in ReplicaResult.respostas: the plain question's id, or the comparison's id. */
  chave: string;
  /** Index into the plan's medidas. */
  medida: number;
  /** Allowed values per axis as a bit mask (-1: any), in QUESTION_AXES order. */
  mascaras: number[];
  territorio: TractUnits;
}

function maskOf(values: number[] | undefined): number {
  if (!values || values.length === 0) return -1;
  let m = 0;
  for (const v of values) m |= 1 << v;
  return m;
}

/** Other names a question may give a measure (a family's sinonimos, src/models/), and the measure each counts. */
type Synonyms = Readonly<Partial<Record<Medida, Medida>>>;

function compileOne(chave: string, q: PerguntaSimples, medidas: readonly Medida[], sinonimos: Synonyms, pop: Population, field: string): CompiledQuestion {
  const name = sinonimos[q.medida] ?? q.medida;
  const medida = medidas.indexOf(name);
  if (medida < 0) throw contractError('question_measure_unknown', `${field}.medida`, `the scenario's family does not produce ${q.medida}`);
  return {
    chave,
    medida,
    mascaras: QUESTION_AXES.map((a) => maskOf(q.publico?.[a])),
    territorio: territoryUnits(q.territorio, pop, `${field}.territorio`),
  };
}

export function compileQuestions(contrato: ContratoDeResposta | null | undefined, medidas: readonly Medida[], sinonimos: Synonyms, pop: Population): CompiledQuestion[] {
  if (!contrato) return [];
  return contrato.perguntas.map((q, k) => {
    const field = `contrato_de_resposta.perguntas[${k}]`;
    return q.forma === 'comparar'
      ? compileOne(q.id, q.pergunta, medidas, sinonimos, pop, `${field}.pergunta`)
      : compileOne(q.id, q, medidas, sinonimos, pop, field);
  });
}
