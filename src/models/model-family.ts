// A model family's descriptor: everything the pipeline asks of a family, stated once in its room
// (src/models/adocao/, src/models/recepcao/; Starsim's module class, which declares a module's
// states, parameters, results and steps, is the pattern). The contract's checks, the plan
// compiler, the kernel host, the reduction, the findings, the library and calibration read it
// through modelFor(familia) (./model-registry.ts) instead of branching on the family's name. A new
// family is a room (its descriptor, plan step and kernel host) plus its kernel (assembly/), and a
// line of the registry; a new measure is a line of its room plus the kernel's count of it.
import type { Canal, Familia, Kpi, Medida, ParametroNome, PlanGrp, PlanGrpWithheld, Scenario } from '../contract/types.js';
import type { ContractCode } from '../errors.js';
import type { KernelFamily, KernelState } from '../kernel/instance.js';
import type { KernelParams, KernelPlan } from '../kernel/kernel-plan.js';
import type { ModelParameters, Population, ReleaseManifest } from '../release/types.js';

/** A scenario field the family requires or refuses: one of its rules (spec "Campaign scenario"), in the contract's order of refusals. */
export interface FieldRule {
  campo: 'canais' | 'mensagem' | 'lancamento';
  /** true: present (a non-empty canais; a mensagem or lancamento not null); false: absent. */
  exigido: boolean;
  code: ContractCode;
  message: string;
}

/**
 * The memory a task of the family holds, per person, channel and day, as the quote counts it
 * before any plan is compiled (src/contract/job-limits.ts): at least what the kernel's layout and
 * the host's plan take (test/unit/contract/job-limits.test.ts measures both).
 */
export interface MemoryCoefficients {
  /** Kernel bytes per person, and per person and channel. */
  porPessoa: number;
  porPessoaCanal: number;
  /** Kernel bytes per channel and day (days 0..dias), and per day (dias + 2 entries). */
  porCanalDia: number;
  porDia: number;
  /** Bytes per person of the host's compiled plan and kernel population. */
  hostPorPessoa: number;
  /**
   * What a release whose responses follow exposure adds (reception v2.1.0 on, respostaSegueExposicao):
   * kernel bytes per person, per channel and day, and fixed.
   */
  memoriaDaResposta?: { porPessoa: number; porCanalDia: number; fixo: number };
}

/** What the plan compiler (src/plan/compile-plan.ts) hands a family's plan step. */
export interface FamilyPlanInput {
  scenario: Scenario;
  pop: Population;
  parametros: ModelParameters;
  /** The media channels of the plan, in its order (none for a family that reads none). */
  canais: readonly Canal[];
  /** 1 per person in the job's audience. */
  publico: Uint8Array;
}

/** The family's own part of a kernel plan: its cells and per-person arrays, and its parameters. */
export interface FamilyKernelPlan extends Pick<KernelPlan, 'nCells' | 'mult' | 'cell' | 'afinidade' | 'respostaAcum' | 'propensao' | 'memoria' | 'classe' | 'fatorClasse'> {
  params: Pick<KernelParams, 'expo' | 'impulso' | 'falseRecall' | 'recall'>;
}

/** A block of the stored result only some families fill: alcance, the media reach (its counts are the reduction's frequencia and alcancavel). */
export type FamilyBlock = 'alcance';

export interface ModelFamily {
  readonly familia: Familia;

  // The contract: what a scenario of the family may ask and must state.
  /** Indicators it produces (kpi_unknown). */
  readonly kpis: readonly Kpi[];
  /** Measures of its findings, in the order its kernel counts them (assembly/reduce.ts; N_MEASURES). */
  readonly medidas: readonly Medida[];
  /** Other names a question may give a measure, and the measure each counts. */
  readonly sinonimos: Readonly<Partial<Record<Medida, Medida>>>;
  /** Its rules over the scenario's fields (media_in_adoption, launch_required, ...). */
  readonly campos: readonly FieldRule[];
  /** Whether it publishes on the 5-year etaria grid (else target_finer_than_grid). */
  readonly gradeEtaria: boolean;
  /** Whether it reads the scenario's media channels (canais): the plan's channels, the quote's channel count. */
  readonly canais: boolean;
  /**
   * A family with media channels: the gross rating points its plan buys, an expected value of the
   * release's model (the quote's and the job result's `plano_grp`), or why they are withheld.
   * `beta0` overrides the release's (a run with other parameters).
   */
  planGrp?(scenario: Scenario, opts?: { beta0?: number }): PlanGrp | PlanGrpWithheld;
  /** Its memory per task (the quote's job_too_large). */
  readonly memoria: MemoryCoefficients;
  /** The release's default parameters of the family (a scenario that names no calibration). */
  parametrosPadrao(manifest: ReleaseManifest): ModelParameters;
  /** Parameters a calibration may free (spec "Allowed for", parameter_not_allowed). */
  readonly calibraveis: readonly ParametroNome[];

  // The plan and the kernel.
  /** Its part of a compiled plan. */
  compile(input: FamilyPlanInput): FamilyKernelPlan;
  /** Its kernel as the host runs it: its arrays, entry points and steps. */
  readonly kernel: KernelFamily;
  /** Event day (0 = never) of measure m (of `medidas`) of person i of a finished task's state. */
  eventDays(state: KernelState): (m: number, i: number) => number;

  // The findings.
  /** The result blocks only some families fill that this one fills (the reduction counts what they read). */
  readonly blocos: readonly FamilyBlock[];
  /**
   * Whether its parameters come from lancamento.cenario_base (the release's Pix case, or a
   * client's calibration) and so may be calibrated (src/findings/veredito.ts calibrationOrigin).
   */
  readonly calibracaoPeloLancamento: boolean;
  /** Why a job of a release is not calibrated, when the family says more than the default reason. */
  motivoNaoCalibrado(release: string): string | undefined;
  /** Whether a release's responses follow exposure (reception v2.1.0 on: MemoryCoefficients.memoriaDaResposta). */
  respostaSegueExposicao?(release: string): boolean;
}
