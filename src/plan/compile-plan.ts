// compilePlan(scenario, release | population) -> Plan (DESIGN 2 and 4): variants, daily channel
// intensities, audience mask, parameters, units, grid and answer-contract questions.
import { randomUUID } from 'node:crypto';
import { personDays } from '../contract/quotes.js';
import type { Canal, Kpi, Medida, Scenario } from '../contract/types.js';
import { ServiceError, contractError } from '../errors.js';
import { SPILL_ADJACENT, DIGITAL_HOMOPHILY, SPREADING_DAYS } from '../kernel/model-constants.js';
import type { KernelPlan } from '../kernel/kernel-plan.js';
import { prepareKernelPopulation } from '../kernel/kernel-population.js';
import { kernelBytes, planShape } from '../kernel/layout.js';
import { defaultParameters } from './default-parameters.js';
import type { ModelParameters, Population, Release } from '../release/types.js';
import { audienceMask } from './audience.js';
import { gridCellCount, personGridCells } from '../release/publication-grid.js';
import { jobGrid } from '../contract/age-bands.js';
import { adoptionMultipliers, launchTimingClasses, launchTimingFactors } from './propensity.js';
import { compileQuestions } from './questions.js';
import {
  BASE_CELLS, FALSE_RECALL, KERNEL_CELLS, RECALL, affinity, receptionCell, responseCoefficients, responseCumulative,
} from './reception-profiles.js';
import { MEDIDAS_ADOCAO, MEDIDAS_RECEPCAO, type Plan, type ReduceSpec } from './types.js';
import { loadPopulation } from './load-population.js';
import { HABITOS, habitAffinity, habitOf, usesMediaHabits } from './media-habits.js';
import { exposureAffinity, exposureHabits, HABITOS_EXPOSICAO, propensityTables, usesExposure } from './exposure-habits.js';
import { exposureCase } from '../release/exposure-case-file.js';
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
    return { ...base, ...over, pesos_canais: { ...base.pesos_canais, ...(over.pesos_canais ?? {}) } };
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
  const dias = scenario.horizonte.dias;
  const semanas = Math.ceil(dias / 7);
  const canais = familia === 'recepcao' ? scenarioChannels(scenario) : [];
  if (familia === 'recepcao' && canais.length === 0) throw contractError('reception_without_media', 'canais', 'a reception scenario needs a channel');
  if (familia === 'adocao' && !scenario.lancamento) throw contractError('launch_required', 'lancamento', 'an adoption scenario needs lancamento');
  const variantes = scopedVariants(scenario, scope);
  const medidas = [...(familia === 'adocao' ? MEDIDAS_ADOCAO : MEDIDAS_RECEPCAO)];
  const grade = jobGrid(scenario);
  const kpop = prepareKernelPopulation(pop);
  const publico = audienceMask(scenario, pop);
  const unidades = jobUnits(scenario, pop);
  const setores = scenario.saida_por_setor ? jobTracts(unidades, pop) : undefined;
  const perguntas = compileQuestions(scenario.contrato_de_resposta, medidas, pop);
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
  // From v1.5.0 a reception cell also carries the person's TV and radio habit (media-habits.ts);
  // from v2.0.0 its TV household and region, and each person draws a propensity (exposure-habits.ts).
  const exposicao = familia === 'recepcao' && usesExposure(pop.release) ? exposureCase(pop.release) : null;
  const habitos = exposicao ? HABITOS_EXPOSICAO : familia === 'recepcao' && usesMediaHabits(pop.release) ? HABITOS : 1;
  const nCells = familia === 'recepcao' ? KERNEL_CELLS * habitos : 0;
  const kernel: KernelPlan = {
    id: randomUUID(),
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
    // m_i: adoption propensity; in reception the same cell propensity scales the social hazard
    // (deslocamento_porte is an adoption parameter and is not applied there).
    mult: adoptionMultipliers(pop, familia === 'adocao' ? p : { ...p, deslocamento_porte: [] }),
    params: {
      e0: Math.exp(p.beta0),
      expo: familia === 'adocao' ? Math.exp(p.beta_expo) : Math.exp(p.beta_expo) * p.conversao_social,
      wHh: w.domicilio ?? 0,
      wTurma: w.turma ?? 0,
      wEstab: w.estabelecimento ?? 0,
      wViz: w.vizinhanca ?? 0,
      wDig: w.digital ?? 0,
      homophily: DIGITAL_HOMOPHILY,
      spill: SPILL_ADJACENT,
      damp: p.amortecimento_saturacao,
      elogit: Number.isFinite(p.logit_lancamento) ? Math.exp(p.logit_lancamento) : 0,
      impulso: familia === 'adocao' ? p.impulso_lancamento ?? 0 : 0,
      meiaVida: p.meia_vida_impulso_dias ?? 1,
      period: SPREADING_DAYS,
      falseRecall: FALSE_RECALL,
      firstDay: Math.min(firstDay, 65535),
      recall: canais.map((c) => RECALL[c]),
    },
  };
  const fatorClasse = familia === 'adocao' ? launchTimingFactors(p) : undefined;
  if (fatorClasse) {
    kernel.classe = launchTimingClasses(pop);
    kernel.fatorClasse = fatorClasse;
  }
  if (familia === 'recepcao') {
    const cell = new Uint16Array(new SharedArrayBuffer(Math.max(1, pop.nPersons) * 2), 0, pop.nPersons);
    const habitsOf = exposicao ? exposureHabits(pop) : null;
    for (let h = 0; h < pop.nHouseholds; h++) {
      const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
      for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
        const habito = (habitsOf ? habitsOf[i] : habitos > 1 ? habitOf(pop.attrs[i]) : 0) * BASE_CELLS;
        cell[i] = (habito + receptionCell(pop.age5[i], pop.attrs[i], urbano)) * 2 + publico[i];
      }
    }
    const aff = new Float32Array(nC * nCells);
    const affinityOf = (c: Canal, b: number, h: number) =>
      exposicao ? exposureAffinity(exposicao, c, b, h) : habitos > 1 ? habitAffinity(c, b, h) : affinity(c, b);
    canais.forEach((c, k) => {
      for (let h = 0; h < habitos; h++) {
        for (let b = 0; b < BASE_CELLS; b++) aff[k * nCells + (h * BASE_CELLS + b) * 2 + 1] = affinityOf(c, b, h);
      }
    });
    if (exposicao) kernel.propensao = propensityTables(exposicao, canais);
    const co = responseCoefficients(scenario.mensagem?.stim_id);
    const cum = new Float32Array(2 * nCells * 3);
    for (const src of [0, 1] as const) {
      for (let k = 0; k < nCells; k++) cum.set(responseCumulative(co, (k >> 1) % BASE_CELLS, src), (src * nCells + k) * 3);
    }
    kernel.cell = cell;
    kernel.afinidade = aff;
    kernel.respostaAcum = cum;
  }
  const bytesPorTarefa = kernelBytes(kpop, planShape(kernel));
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
