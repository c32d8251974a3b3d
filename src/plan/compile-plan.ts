// compilePlan(scenario, release | population) -> Plan (DESIGN 2 and 4): variants, daily channel
// intensities, audience mask, parameters, units, grid and answer-contract questions; the family's
// own part (its cells, per-person arrays and parameters) is its room's (src/models/).
import { personDays } from '../contract/quotes.js';
import { Refuser } from '../contract/refuser.js';
import { checkFamilyFields } from '../contract/scenario-rules.js';
import type { Kpi, Medida, Scenario } from '../contract/types.js';
import { ServiceError } from '../errors.js';
import { SPILL_ADJACENT, DIGITAL_HOMOPHILY, SPREADING_DAYS } from '../kernel/model-constants.js';
import type { KernelPlan } from '../kernel/kernel-plan.js';
import { prepareKernelPopulation } from '../kernel/kernel-population.js';
import { kernelBytes, planShape } from '../kernel/layout.js';
import { modelFor } from '../models/model-registry.js';
import { defaultParameters } from './default-parameters.js';
import type { ModelParameters, Population, Release } from '../release/types.js';
import { audienceMask } from './audience.js';
import { gridCellCount, personGridCells } from '../release/publication-grid.js';
import { jobGrid } from '../contract/age-bands.js';
import { compileQuestions } from './questions.js';
import type { Plan, ReduceSpec } from './types.js';
import { loadPopulation } from './load-population.js';
import { jobTracts, jobUnits } from './units.js';
import { scenarioChannels } from '../contract/variants.js';
import { planVariants, type PlanVariant } from './variants.js';

/** What of a scenario's job the plan runs: every variant, or some (with daily counts for calibration rounds). */
export interface PlanScope {
  /** Names of the variants to run (variantNames), kept in plan order; default every variant. Calibration rounds run ['plano']. */
  variantes?: readonly string[];
  /** Also count persons per unit x day (ReplicaResult.serieDiaria), as calibration rounds read them. */
  diario?: boolean;
  /**
   * The measures whose grid cells plano's tasks count (ReplicaResult.medidasCelulas): 'kpis' (the
   * default), the scenario's KPIs, which are what the findings read; 'todas', every measure
   * (calibration rounds, whose series may cut any measure by the grid's axes).
   */
  celulas?: 'kpis' | 'todas';
}

export interface CompilePlanOptions extends PlanScope {
  /** Overrides of the base parameters (calibration candidates; the resolved calibracao base). */
  parametros?: Partial<ModelParameters>;
}

function scopedVariants(scenario: Scenario, scope: PlanScope): PlanVariant[] {
  const all = planVariants(scenario);
  if (!scope.variantes) return all;
  const unknown = scope.variantes.filter((v) => !all.some((x) => x.nome === v));
  if (unknown.length > 0 || scope.variantes.length === 0) {
    throw new ServiceError('internal_error', `compilePlan: variantes ${JSON.stringify(scope.variantes)} are not variants of the scenario (${all.map((v) => v.nome).join(', ')})`);
  }
  return all.filter((v) => scope.variantes!.includes(v.nome));
}

/** ReduceSpec.celulas: plano's variant index and the measures its cells keep. */
function cellsSpec(scenario: Scenario, variantes: readonly PlanVariant[], medidas: readonly Medida[], scope: PlanScope): ReduceSpec['celulas'] {
  const variante = variantes.findIndex((v) => v.nome === 'plano');
  if (variante < 0) return null;
  const all = scope.celulas === 'todas';
  return { variante, medidas: medidas.flatMap((m, k) => (all || scenario.kpis.includes(m as Kpi) ? [k] : [])) };
}

function isRelease(x: Release | Population): x is Release {
  return typeof (x as Release).population === 'function';
}

function baseParameters(scenario: Scenario, source: Release | Population, opts: CompilePlanOptions): ModelParameters {
  const over = opts.parametros ?? {};
  if (isRelease(source)) {
    if (scenario.lancamento?.cenario_base === 'calibracao' && !opts.parametros) {
      throw new ServiceError('internal_error', 'cenario_base calibracao: the caller must resolve the calibration job into opts.parametros');
    }
    const base = defaultParameters(source.manifest, scenario.familia);
    const merged: ModelParameters = { ...base, ...over, pesos_canais: { ...base.pesos_canais, ...(over.pesos_canais ?? {}) } };
    // a half-life given alone (memoria_meia_vida_dias.tv) keeps the release's others
    if (base.memoria_meia_vida_dias && over.memoria_meia_vida_dias) merged.memoria_meia_vida_dias = { ...base.memoria_meia_vida_dias, ...over.memoria_meia_vida_dias };
    return merged;
  }
  const need: Array<keyof ModelParameters> = [
    'beta0', 'beta_expo', 'logit_lancamento', 'amortecimento_saturacao', 'conversao_social', 'gamma_celulas',
    'agrupamento', 'pesos_canais', 'deslocamento_porte',
  ];
  const missing = need.filter((k) => over[k] === undefined);
  if (missing.length) throw new ServiceError('internal_error', `compilePlan on a bare population needs every parameter; missing ${missing.join(', ')}`);
  return over as ModelParameters;
}

/** Compiles a validated, normalised scenario against a release (or an already built population). */
export async function compilePlan(scenario: Scenario, source: Release | Population, opts: CompilePlanOptions = {}): Promise<Plan> {
  const population = isRelease(source) ? await loadPopulation(source, scenario.geografia.ufs) : source;
  return compilePlanFor(scenario, population, baseParameters(scenario, source, opts), opts);
}

/** The synchronous part of compilePlan, once the population and the parameters are known. */
export function compilePlanFor(scenario: Scenario, pop: Population, parametros: ModelParameters, scope: PlanScope = {}): Plan {
  const familia = scenario.familia;
  const model = modelFor(familia);
  const dias = scenario.horizonte.dias;
  const semanas = Math.ceil(dias / 7);
  // the family's own rules, which the plan stands on (a scenario validateScenario did not return may break them)
  checkFamilyFields(scenario, new Refuser());
  const canais = model.canais ? scenarioChannels(scenario) : [];
  const variantes = scopedVariants(scenario, scope);
  const medidas = [...model.medidas];
  const grade = jobGrid(scenario);
  const kpop = prepareKernelPopulation(pop);
  const publico = audienceMask(scenario, pop);
  const unidades = jobUnits(scenario, pop);
  const setores = scenario.saida_por_setor ? jobTracts(unidades, pop) : undefined;
  const perguntas = compileQuestions(scenario.contrato_de_resposta, medidas, model.sinonimos, pop);
  const p = parametros;

  const nC = canais.length;
  const intensidade = new Float32Array(Math.max(1, nC * (dias + 1)));
  let firstDay = dias + 1;
  for (const per of scenario.canais ?? []) {
    const c = canais.indexOf(per.canal);
    for (let d = per.dia_inicio; d <= Math.min(per.dia_fim, dias); d++) intensidade[c * (dias + 1) + d] = per.intensidade;
    firstDay = Math.min(firstDay, per.dia_inicio);
  }
  const w = p.pesos_canais;
  // the family's cells, per-person arrays (m_i, its own) and parameters
  const { nCells, mult, params: own, ...arrays } = model.compile({ scenario, pop, parametros: p, canais, publico });
  const kernel: KernelPlan = {
    id: crypto.randomUUID(),
    familia,
    dias,
    lancamentoDia: scenario.lancamento?.dia ?? 0,
    nChannels: nC,
    nCells,
    intensidade,
    nMeasures: medidas.length,
    nGridCells: gridCellCount(grade),
    gridCell: personGridCells(grade, pop.age5, pop.attrs),
    audience: publico,
    mult,
    ...arrays,
    params: {
      e0: Math.exp(p.beta0),
      expo: own.expo,
      wHh: w.domicilio ?? 0,
      wTurma: w.turma ?? 0,
      wEstab: w.estabelecimento ?? 0,
      wViz: w.vizinhanca ?? 0,
      wDig: w.digital ?? 0,
      homophily: DIGITAL_HOMOPHILY,
      spill: SPILL_ADJACENT,
      damp: p.amortecimento_saturacao,
      elogit: Number.isFinite(p.logit_lancamento) ? Math.exp(p.logit_lancamento) : 0,
      impulso: own.impulso,
      meiaVida: p.meia_vida_impulso_dias ?? 1,
      period: SPREADING_DAYS,
      falseRecall: own.falseRecall,
      firstDay: Math.min(firstDay, 65535),
      recall: own.recall,
    },
  };
  const bytesPorTarefa = kernelBytes(kpop, planShape(kernel, model.kernel));
  return {
    id: kernel.id,
    scenario,
    familia,
    dias,
    semanas,
    replicas: scenario.replicas,
    grupoComparacao: scenario.grupo_comparacao,
    canais,
    variantes,
    parametros: p,
    medidas,
    grade,
    unidades,
    setores,
    perguntas,
    pessoaDias: personDays(pop.nPersons, dias, variantes.length, scenario.replicas),
    bytesPorTarefa,
    population: pop,
    kernelPopulation: kpop,
    kernel,
    reduce: {
      familia,
      dias,
      semanas,
      nMedidas: medidas.length,
      grade,
      nUnidades: unidades.unidades.length,
      unidadeDoSetor: unidades.daSetor,
      publico,
      nSetores: setores?.unidades.length ?? 0,
      setorIndice: setores?.daSetor,
      perguntas: perguntas.map((q) => ({
        chave: q.chave, medida: q.medida, mascaras: q.mascaras, nUnidades: q.territorio.unidades.length, daSetor: q.territorio.daSetor,
      })),
      diario: scope.diario === true,
      celulas: cellsSpec(scenario, variantes, medidas, scope),
    },
  };
}
