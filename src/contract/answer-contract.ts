// Rules of the answer contract against its scenario (spec "Answer contract"): measures per
// family (its room's, src/models/), public axes of the job's grid, per-tract questions, weeks
// within the horizon, variant names of the plan. The shape (ids, forms, territory, moment,
// ranges) is in the schema.

import type { ModelFamily } from '../models/model-family.js';
import { modelFor } from '../models/model-registry.js';
import type { Medida, PerguntaSimples, Scenario } from './types.js';
import { jobGrid } from './age-bands.js';
import { PUBLIC_AXIS_SIZES } from './scenario-schema.js';
import type { Refuser } from './refuser.js';
import { ufOfMunicipality } from './scenario-rules.js';
import type { Segment } from './schemas.js';
import { variantNames } from './variants.js';

/** The measures a question of a family may ask (question_measure_unknown): its KPIs, its other measures, then their other names. */
export function questionMeasures(model: ModelFamily): Medida[] {
  return [...model.kpis, ...model.medidas.filter((m) => !(model.kpis as readonly Medida[]).includes(m)), ...(Object.keys(model.sinonimos) as Medida[])];
}

/** Public axes of each publication grid. */
export const GRID_PUBLIC_AXES: Record<'principal' | 'etaria', readonly (keyof typeof PUBLIC_AXIS_SIZES)[]> = {
  principal: ['grupo_idade', 'sexo', 'renda', 'escolaridade', 'raca'],
  etaria: ['faixa_etaria_5', 'sexo'],
};

/** Weeks of a horizon: 7-day blocks from day 1, the last one possibly shorter. */
export function horizonWeeks(dias: number): number {
  return Math.ceil(dias / 7);
}

/** A per-tract question reads tract events: territory by setores, or a point with a radius. */
export function isPerTract(q: PerguntaSimples): boolean {
  return 'setores' in q.territorio || 'ponto' in q.territorio;
}

function checkPlain(s: Scenario, q: PerguntaSimples, path: Segment[], r: Refuser): void {
  const medidas = questionMeasures(modelFor(s.familia));
  if (!medidas.includes(q.medida)) {
    throw r.error('question_measure_unknown', [...path, 'medida'], `familia ${s.familia} does not produce ${q.medida} (${medidas.join(', ')})`);
  }
  const grid = jobGrid(s);
  if (q.publico) {
    for (const axis of Object.keys(PUBLIC_AXIS_SIZES) as (keyof typeof PUBLIC_AXIS_SIZES)[]) {
      if (q.publico[axis] !== undefined && !GRID_PUBLIC_AXES[grid].includes(axis)) {
        throw r.error('question_public_axis_refused', [...path, 'publico', axis], `the job publishes on the ${grid} grid, which has no ${axis} axis (${GRID_PUBLIC_AXES[grid].join(', ')})`);
      }
    }
  }
  const perTract = isPerTract(q);
  if (perTract && q.publico !== undefined) {
    throw r.error('question_public_with_tracts', [...path, 'publico'], 'a per-tract question has no publico: tract events are not cut by audience');
  }
  const t = q.territorio;
  const codes: Array<[string, string[]]> = 'municipios' in t ? [['municipios', t.municipios]] : 'setores' in t ? [['setores', t.setores]] : [];
  for (const [key, list] of codes) {
    list.forEach((code, k) => {
      const uf = ufOfMunicipality(code.slice(0, 7));
      if (uf === undefined || !s.geografia.ufs.includes(uf)) {
        throw r.error('question_territory_malformed', [...path, 'territorio', key, k], `${code} is not in the scenario's UFs (${s.geografia.ufs.join(', ')})`);
      }
    });
  }
  if (perTract && s.saida_por_setor !== true) {
    throw r.error('question_territory_needs_tract_output', [...path, 'territorio'], 'a per-tract question needs saida_por_setor true in the scenario');
  }
  if (q.semana !== undefined && q.semana > horizonWeeks(s.horizonte.dias)) {
    throw r.error('question_week_beyond_horizon', [...path, 'semana'], `week ${q.semana} is after the horizon's last week (${horizonWeeks(s.horizonte.dias)})`);
  }
}

/** The answer contract's rules against the scenario, question by question (schema-valid input). */
export function checkAnswerContract(s: Scenario, r: Refuser): void {
  const contract = s.contrato_de_resposta;
  if (!contract) return;
  const base: Segment[] = ['contrato_de_resposta', 'perguntas'];
  const ids = new Map<string, number>();
  contract.perguntas.forEach((q, i) => {
    if (ids.has(q.id)) throw r.error('duplicate_value', [...base, i, 'id'], `question id ${q.id} repeats question ${ids.get(q.id)}`);
    ids.set(q.id, i);
  });
  const variants = variantNames(s);
  contract.perguntas.forEach((q, i) => {
    if (q.forma === 'comparar') {
      q.variantes.forEach((v, k) => {
        if (!variants.includes(v)) {
          throw r.error('question_variants_malformed', [...base, i, 'variantes', k], `${v} is not a variant of the plan (${variants.join(', ')})`);
        }
      });
      checkPlain(s, q.pergunta, [...base, i, 'pergunta'], r);
    } else {
      checkPlain(s, q, [...base, i], r);
    }
  });
}
