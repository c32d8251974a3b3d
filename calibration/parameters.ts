// The free dimensions of a calibration request and how a candidate point becomes model
// parameters. A request parameter can open several dimensions: pesos_canais one per listed
// layer (all five layers when canais is absent), deslocamento_porte one per size stratum present
// among the scenario's municipalities (geografia.municipios, else every municipality of its
// UFs). The quote's round count (quote.ts, quoteCalibration) must use countRounds below.

import type { CalibrationRequest, FaixaParametro, ParametroNome, Scenario } from '../src/contract/types.js';
import { defaultParameters } from '../src/plan/default-parameters.js';
import { PORTES, type ModelParameters, type Release } from '../src/release/types.js';

export const LAYERS = ['domicilio', 'turma', 'estabelecimento', 'vizinhanca', 'digital'] as const;
export type Layer = (typeof LAYERS)[number];

/** Order in which request parameters open dimensions (the spec's table order). */
const PARAMETER_ORDER: ParametroNome[] = [
  'beta0', 'logit_lancamento', 'dia_lancamento', 'beta_expo', 'amortecimento_saturacao',
  'conversao_social', 'pesos_canais', 'gamma_celulas', 'deslocamento_porte',
];

export interface Dimension {
  /** Name as the analysis reports it: beta0, pesos_canais[digital], deslocamento_porte[ate_5k]. */
  nome: string;
  parametro: ParametroNome;
  /** Layer (pesos_canais) or size stratum index (deslocamento_porte). */
  chave?: Layer | number;
  min: number;
  max: number;
  passo?: number;
  inteiro: boolean;
  /** Starting point: the release's cenario_base pix value (or the scenario's launch day), clipped to the range. */
  inicio: number;
}

function strataOf(cenario: Scenario, release: Release): number[] {
  const codes = cenario.geografia.municipios;
  const muns = codes && codes.length > 0
    ? codes.map((c) => release.municipality(c)).filter((m) => m !== undefined)
    : cenario.geografia.ufs.flatMap((uf) => release.municipalities(uf));
  return [...new Set(muns.map((m) => m!.porte))].sort((a, b) => a - b);
}

const clip = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The free dimensions of a request, in a fixed order. */
export function freeDimensions(pedido: CalibrationRequest, release: Release): Dimension[] {
  const base = defaultParameters(release.manifest, pedido.cenario.familia);
  const dims: Dimension[] = [];
  for (const p of PARAMETER_ORDER) {
    const r: FaixaParametro | undefined = pedido.parametros[p];
    if (r === undefined) continue;
    const common = { parametro: p, min: r.min, max: r.max, passo: r.passo, inteiro: p === 'dia_lancamento' };
    if (p === 'pesos_canais') {
      for (const layer of (pedido.parametros.pesos_canais?.canais ?? LAYERS) as Layer[]) {
        dims.push({ ...common, nome: `pesos_canais[${layer}]`, chave: layer, inicio: clip(base.pesos_canais[layer], r.min, r.max) });
      }
    } else if (p === 'deslocamento_porte') {
      for (const s of strataOf(pedido.cenario, release)) {
        dims.push({ ...common, nome: `deslocamento_porte[${PORTES[s]}]`, chave: s, inicio: clip(base.deslocamento_porte[s] ?? 0, r.min, r.max) });
      }
    } else if (p === 'dia_lancamento') {
      dims.push({ ...common, nome: p, inicio: clip(pedido.cenario.lancamento?.dia ?? r.min, r.min, r.max) });
    } else {
      dims.push({ ...common, nome: p, inicio: clip(base[p as Exclude<ParametroNome, 'pesos_canais' | 'deslocamento_porte' | 'dia_lancamento'>] as number, r.min, r.max) });
    }
  }
  return dims;
}

/**
 * How many grid values a dimension has, counted without listing them: a tiny passo over a wide
 * range gives a count far past MAX_CANDIDATES (or Infinity), which the request check refuses
 * before anything is allocated.
 */
export function gridCount(d: Dimension): number {
  if (d.passo === undefined || d.passo <= 0) return 1;
  return Math.floor((d.max - d.min) / d.passo + 1e-9) + 1;
}

/** Grid values of a dimension: min, min + passo, ... up to max (every value within the range). */
export function gridValues(d: Dimension): number[] {
  if (d.passo === undefined || d.passo <= 0) return [d.min];
  const n = gridCount(d);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(Number((d.min + i * d.passo).toPrecision(12)));
  return out;
}

/** Search candidates: the grid's product for grade, else busca.candidatos. */
export function countCandidates(pedido: CalibrationRequest, dims: Dimension[]): number {
  if (pedido.busca.metodo === 'grade') return dims.reduce((n, d) => n * gridCount(d), 1);
  return pedido.busca.candidatos ?? 1;
}

/** Rounds a calibration makes: candidates + 2 per free dimension (identifiability) + 1 (the chosen one). */
export function countRounds(pedido: CalibrationRequest, release: Release): number {
  const dims = freeDimensions(pedido, release);
  return countCandidates(pedido, dims) + 2 * dims.length + 1;
}

/** Maps a point of the unit cube to parameter values (integers rounded, passo snapped when given). */
export function fromUnit(dims: Dimension[], u: number[]): number[] {
  return dims.map((d, i) => snap(d, d.min + clip(u[i], 0, 1) * (d.max - d.min)));
}

export function toUnit(dims: Dimension[], x: number[]): number[] {
  return dims.map((d, i) => (d.max > d.min ? (x[i] - d.min) / (d.max - d.min) : 0));
}

/** The nearest admissible value of a dimension (on the passo lattice when given, integer when required). */
export function snap(d: Dimension, v: number): number {
  let x = clip(v, d.min, d.max);
  if (d.passo !== undefined && d.passo > 0) {
    const k = Math.round((x - d.min) / d.passo);
    x = clip(Number((d.min + k * d.passo).toPrecision(12)), d.min, d.max);
  }
  if (d.inteiro) x = clip(Math.round(x), Math.ceil(d.min), Math.floor(d.max));
  return x;
}

/** Model parameters and scenario of a candidate: the release's pix parameters with the dimensions set. */
export function applyCandidate(
  pedido: CalibrationRequest,
  base: ModelParameters,
  dims: Dimension[],
  x: number[],
): { parametros: ModelParameters; cenario: Scenario } {
  const parametros: ModelParameters = {
    ...base,
    pesos_canais: { ...base.pesos_canais },
    deslocamento_porte: [...base.deslocamento_porte],
  };
  if (pedido.parametros.gamma_celulas?.agrupamento !== undefined) parametros.agrupamento = pedido.parametros.gamma_celulas.agrupamento;
  let cenario = pedido.cenario;
  dims.forEach((d, i) => {
    const v = x[i];
    if (d.parametro === 'pesos_canais') parametros.pesos_canais[d.chave as Layer] = v;
    else if (d.parametro === 'deslocamento_porte') parametros.deslocamento_porte[d.chave as number] = v;
    else if (d.parametro === 'dia_lancamento') cenario = { ...cenario, lancamento: { ...cenario.lancamento!, dia: v } };
    else (parametros as unknown as Record<string, number>)[d.parametro] = v;
  });
  return { parametros, cenario };
}
