// The stored result of a simulation job (formato 1): written once by combineReplicas, read by
// every reader (findings tables, veredito, per-tract events, compare, answers). The privacy
// decisions (motivo arrays) are taken when the result is combined, from the per-replica counts;
// readers only honour them. Layouts are row-major in the order each comment gives.
// A change of layout or meaning is a new `formato`; decodeJobResult refuses unknown ones.

import type { Medida, PlanGrp, Scenario } from '../contract/types.js';
import type { Grade } from '../release/publication-grid.js';
import type { Fonte, ModelParameters } from '../release/types.js';
import type { WeeklyCurve } from './weekly-curves.js';
import { ServiceError } from '../errors.js';

export const FORMATO_RESULTADO = 1 as const;

/** Horizon counts by unit: total, audience and one-way margins of the grid (plano only). */
export interface SaturacaoBlock {
  medidas: Medida[];
  /** Rows per unit: 0 total, 1 publico, then each value of each axis of GRID_AXES[grade], in order. */
  linhas: number;
  /** Row 1 is published only when the audience is a strict part of the population. */
  temPublico: boolean;
  /** [unidade][linha][medida]: sum over replicas, sum of squares, reason hidden (0 published). */
  soma: Float64Array;
  somaQuad: Float64Array;
  motivo: Uint8Array;
  /** [unidade][linha]: persons (denominators), summed over replicas, and reason hidden. */
  populacao: Float64Array;
  motivoPopulacao: Uint8Array;
}

/** Horizon totals by unit of one variant, kept per replica for paired (common random numbers) errors. */
export interface TotaisBlock {
  /** [replica][unidade][medida] over SaturacaoBlock.medidas. */
  porReplica: Uint32Array;
  /** [unidade][medida]. For plano the same reasons as the saturacao total row. */
  motivo: Uint8Array;
}

/** Reception only, plano: media contacts inside the audience. */
export interface AlcanceBlock {
  /** Channels of the job; frequency rows add a last 'qualquer' (any channel). */
  canais: string[];
  /**
   * [unidade][canal + 1][colunas]: the audience's media contacts, then persons reached >= 1, >= 2,
   * ..., >= 10 times (colunas = ABI.FREQ_COLS); in results stored before 2026-12-03, [2]: persons
   * reached >= 1 and >= 3 times (colunas absent).
   */
  colunas?: number;
  soma: Float64Array;
  somaQuad: Float64Array;
  motivo: Uint8Array;
  /** [unidade][canal]: audience members the channel can reach. */
  alcancavelSoma: Float64Array;
  alcancavelSomaQuad: Float64Array;
  alcancavelMotivo: Uint8Array;
}

/** saida_por_setor, plano: events by tract, week and type. */
export interface SetoresBlock {
  setores: string[];
  tipos: string[];
  semanas: number;
  /** [setor][semana][tipo]: sum over replicas and reason hidden by the privacy rule. */
  soma: Uint32Array;
  motivo: Uint8Array;
  /** [setor]: synthetic residents of the tract; -1 when unknown. */
  populacao: Int32Array;
  /**
   * [setor]: the measured error of the tract's synthetic residents (the city diagnosis's; NaN
   * where not measured, Infinity where IBGE counted nobody). Absent in results stored before
   * 2026-11-24, whose tracts all read erro_nao_medido.
   */
  erroPopulacao?: Float64Array;
}

/** One answer-contract question in one variant. */
export interface RespostaBlock {
  unidades: string[];
  semanas: number;
  /** [unidade][semana]: sum over replicas, sum of squares, reason hidden. */
  soma: Float64Array;
  somaQuad: Float64Array;
  motivo: Uint8Array;
  /** [replica][semana]: the territory total per replica (paired errors and the spread of quando). */
  totalPorReplica: Float64Array;
  /** [semana]: reason the territory total is withheld. */
  motivoTotal: Uint8Array;
  /** [unidade]: denominators summed over replicas, and reasons. */
  base: Float64Array;
  motivoBase: Uint8Array;
  baseTotal: number;
  motivoBaseTotal: number;
  /**
   * Tract territories (setores, ponto): [unidade] the population error of the unit's tracts
   * (TractLookups.erroTerritorio; NaN where not measured). Absent for municipal territories and in
   * results stored before 2026-11-24 (their tract answers then read erro_nao_medido).
   */
  erroPopulacao?: Float64Array;
}

export interface JobResult {
  formato: typeof FORMATO_RESULTADO;
  release: string;
  /** The normalised scenario the job ran. */
  cenario: Scenario;
  replicas: number;
  semanas: number;
  /** Units of the job (municipality codes, or 10-digit weighting areas). */
  unidades: string[];
  grade: Grade;
  canais: string[];
  variantes: string[];
  /** Municipality names by 7-digit code, for the codes of the units and tracts. */
  municipios: Record<string, string>;
  saturacao: SaturacaoBlock;
  /** Per variant. */
  totais: Record<string, TotaisBlock>;
  alcance: AlcanceBlock | null;
  setores: SetoresBlock | null;
  /** Per variant, per respostas key (question id). */
  respostas: Record<string, Record<string, RespostaBlock>>;
  /**
   * `cenario_base: calibracao` only: the out-of-sample verdict of the client calibration whose
   * parameters the job ran (recorded by the runner; absent in results stored before it was).
   */
  calibracao_veredito?: 'aprovada' | 'reprovada';
  /**
   * The published weekly curves per variant and measure (weeklyCurves of the job's weekly rows:
   * the privacy rule applied per unit, week and replica), for the console's chart. Absent in
   * results stored before 2026-11-24 and from engines without weekly series.
   */
  curvas?: WeeklyCurve[];
  /**
   * The release's aviso and fontes when the job ran (recorded by runSimulationJob; absent in
   * results stored before 2026-12-03). Responses say the release's as it stands now
   * (premises.ts releaseNotes), and these when the release is no longer offered.
   */
  aviso?: string;
  fontes?: Fonte[];
  /** Parameters the run set over the release's (research overrides, a calibration base's parameters); absent when none. */
  parametros_execucao?: Partial<ModelParameters>;
  /**
   * A reception job of a release with exposure propensities (v2.0.0 on): the GRPs each channel
   * period buys, per period and per week (src/models/recepcao/plan-grp.ts). Absent for older
   * releases (their results keep their bytes; the quote says why) and in results stored before 2026-12-04.
   */
  plano_grp?: PlanGrp;
}

type Typed = Float64Array | Float32Array | Uint32Array | Int32Array | Uint16Array | Uint8Array;
const TYPED: Record<string, { new (b: ArrayBuffer): Typed }> = {
  Float64Array, Float32Array, Uint32Array, Int32Array, Uint16Array, Uint8Array,
};

interface EncodedTyped {
  $typed: string;
  base64: string;
}

/** JSON-serialisable form of a JobResult: typed arrays become {$typed, base64} (little-endian bytes). */
export type EncodedJobResult = Record<string, unknown> & { formato: number };

function encodeValue(v: unknown): unknown {
  if (ArrayBuffer.isView(v)) {
    const name = v.constructor.name;
    if (!(name in TYPED)) throw new TypeError(`cannot encode ${name}`);
    return { $typed: name, base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') } satisfies EncodedTyped;
  }
  if (Array.isArray(v)) return v.map(encodeValue);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = encodeValue(x);
    return out;
  }
  if (typeof v === 'number' && !Number.isFinite(v)) throw new TypeError('cannot encode a non-finite number');
  return v;
}

function decodeValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decodeValue);
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.$typed === 'string' && typeof o.base64 === 'string') {
      const Ctor = TYPED[o.$typed];
      if (!Ctor) throw new ServiceError('internal_error', `stored result has an unknown array type ${o.$typed}`);
      const bytes = Buffer.from(o.base64, 'base64');
      // Copy into a fresh, aligned buffer.
      const buf = new ArrayBuffer(bytes.length);
      new Uint8Array(buf).set(bytes);
      return new Ctor(buf);
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = decodeValue(x);
    return out;
  }
  return v;
}

export function encodeJobResult(result: JobResult): EncodedJobResult {
  return encodeValue(result) as EncodedJobResult;
}

export function decodeJobResult(stored: unknown): JobResult {
  const obj = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (obj === null || typeof obj !== 'object' || (obj as { formato?: unknown }).formato !== FORMATO_RESULTADO) {
    throw new ServiceError(
      'internal_error',
      `stored result has formato ${String((obj as { formato?: unknown } | null)?.formato)}; this version reads formato ${FORMATO_RESULTADO}`,
    );
  }
  return decodeValue(obj) as JobResult;
}

/** A decoded JobResult as is; its encoded (JSON) form decoded. */
export function asJobResult(x: JobResult | EncodedJobResult): JobResult {
  const sat = (x as JobResult).saturacao;
  if (x.formato === FORMATO_RESULTADO && sat && sat.soma instanceof Float64Array) return x as JobResult;
  return decodeJobResult(x);
}
