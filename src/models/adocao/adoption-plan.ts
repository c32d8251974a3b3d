// Adoption's part of a compiled plan: each person's propensity m_i and, when the launch timing
// differs by person, each person's timing class and each class's factor (src/models/propensity.ts).
import type { FamilyKernelPlan, FamilyPlanInput } from '../model-family.js';
import { adoptionMultipliers, launchTimingClasses, launchTimingFactors } from '../propensity.js';

export function compileAdoption({ pop, parametros: p }: FamilyPlanInput): FamilyKernelPlan {
  const fatorClasse = launchTimingFactors(p);
  return {
    nCells: 0,
    mult: adoptionMultipliers(pop, p),
    ...(fatorClasse ? { classe: launchTimingClasses(pop), fatorClasse } : {}),
    // no media: no recall, true or false
    params: { expo: Math.exp(p.beta_expo), impulso: p.impulso_lancamento ?? 0, falseRecall: 0, recall: [] },
  };
}
