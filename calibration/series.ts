// Series intake (spec "Calibration request body": serie is an array of row objects whose
// columns the spec leaves open). The columns are defined here and documented in
// docs/calibration.md; keep both in sync:
//   periodo       integer, YYYYMM (granularidade mes) or YYYYMMDD (granularidade dia)
//   municipio     string, 7 digits (unidade municipio, the default)
//   area          string, 10 digits, a weighting area (unidade area_ponderacao)
//   <eixo>        one column per declared axis: canal (digital, tv, radio, exterior; one of the
//                 scenario's channels), grupo_idade 0-6, sexo 0-1, renda 0-4, escolaridade 0-3, raca 0-4
//   valor         number >= 0: persons with the event in the period (novos) or by its end (acumulado)
// No other column is accepted. Refusals are 422 invalid_request with a calibration contract code
// and field `serie[<row>].<column>`.

import { contractError } from '../src/errors.js';
import { finishSteps, ROWS_PER_STEP, type Steps } from '../src/steps.js';
import type { CalibrationRequest } from '../src/contract/types.js';
import type { Release } from '../src/release/types.js';
import { inRange, periodStart, periodsBetween, type Granularidade } from './periods.js';

export type Eixo = 'canal' | 'grupo_idade' | 'sexo' | 'renda' | 'escolaridade' | 'raca';

/** Axis catalogue: integer codes 0..n-1, except canal (the scenario's channel names). */
export const AXIS_SIZES: Record<Exclude<Eixo, 'canal'>, number> = {
  grupo_idade: 7, sexo: 2, renda: 5, escolaridade: 4, raca: 5,
};

/** The row limit of the spec ("Calibration series rows: 150,000"). */
export const MAX_SERIES_ROWS = 150_000;

export interface SeriesBlock {
  /** Stable key: unit code, then `axis=value` pairs in declared-axis order, joined by `|`. */
  key: string;
  /** Municipality (7 digits) or weighting area (10 digits). */
  unidade: string;
  /** Municipality of the unit. */
  municipio: string;
  eixos: Partial<Record<Eixo, number | string>>;
}

/** What a series counts per period: new adopters (novos) or the running total (acumulado). */
export type SeriesMeasure = CalibrationRequest['serie']['declaracao']['medida'];

/** A checked series laid out as a dense [block][period] matrix (NaN where no row was given). */
export interface CheckedSeries {
  granularidade: Granularidade;
  medida: SeriesMeasure;
  unidade: 'municipio' | 'area_ponderacao';
  eixos: Eixo[];
  blocks: SeriesBlock[];
  /** Every period code of janela and holdout, ascending. */
  periods: number[];
  observed: Float64Array;
  rows: number;
}

type Row = Record<string, unknown>;

function rowError(code: Parameters<typeof contractError>[0], i: number, col: string, msg: string): never {
  throw contractError(code, `serie[${i}]${col ? `.${col}` : ''}`, msg);
}

/**
 * Checks the rows against the request's declaration, window, holdout, scenario UFs and the
 * release, and lays them out by block and period. Throws the first refusal found (row order).
 */
export function checkSeries(rows: unknown, pedido: CalibrationRequest, release: Release): CheckedSeries {
  return finishSteps(checkSeriesSteps(rows, pedido, release));
}

/** checkSeries, yielding every ROWS_PER_STEP rows (src/steps.ts). */
export function* checkSeriesSteps(rows: unknown, pedido: CalibrationRequest, release: Release): Steps<CheckedSeries> {
  if (!Array.isArray(rows) || rows.length === 0) {
    throw contractError('series_missing', 'serie', 'the calibration needs the series rows (serie is empty or null)');
  }
  if (rows.length > MAX_SERIES_ROWS) {
    throw contractError('series_too_long', 'serie', `the series has ${rows.length} rows; the limit is ${MAX_SERIES_ROWS}`);
  }
  const decl = pedido.serie.declaracao;
  const g = decl.granularidade;
  const unidade = decl.unidade ?? 'municipio';
  const eixos = [...(decl.eixos ?? [])] as Eixo[];
  const unitCol = unidade === 'municipio' ? 'municipio' : 'area';
  const otherUnitCol = unidade === 'municipio' ? 'area' : 'municipio';
  const allowed = new Set(['periodo', unitCol, 'valor', ...eixos]);
  const ufs = new Set<string>(pedido.cenario.geografia.ufs);
  const canais = new Set((pedido.cenario.canais ?? []).map((c) => c.canal));
  const periods = [...new Set([
    ...periodsBetween(pedido.janela.inicio, pedido.janela.fim, g),
    ...periodsBetween(pedido.holdout.inicio, pedido.holdout.fim, g),
  ])].sort((a, b) => a - b);
  const periodIndex = new Map(periods.map((p, i) => [p, i]));
  const apMunicipality = new Map<string, string>();

  const parsed: Array<{ block: SeriesBlock; p: number; valor: number }> = [];
  const seen = new Set<string>();
  const unitCode = new RegExp(`^\\d{${unitCol === 'municipio' ? 7 : 10}}$`);
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const row = rows[i] as Row;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      rowError('series_row_malformed', i, '', 'a series row must be an object');
    }
    for (const k of Object.keys(row)) {
      if (!allowed.has(k)) {
        if (k === otherUnitCol) {
          rowError('series_unit_mismatch', i, k, `the declaration says unidade ${unidade}: give ${unitCol}, not ${k}`);
        }
        rowError('series_row_malformed', i, k, `unknown column ${k}; the columns are ${[...allowed].join(', ')}`);
      }
    }
    for (const k of allowed) {
      if (row[k] === undefined || row[k] === null || row[k] === '') rowError('series_row_malformed', i, k, `missing column ${k}`);
    }
    const periodo = row.periodo;
    if (typeof periodo !== 'number' || !Number.isInteger(periodo) || periodStart(periodo, g) === null) {
      rowError('series_row_malformed', i, 'periodo', `periodo must be an integer ${g === 'mes' ? 'YYYYMM' : 'YYYYMMDD'} date`);
    }
    if (!inRange(periodo, pedido.janela) && !inRange(periodo, pedido.holdout)) {
      rowError('series_period_outside', i, 'periodo', `period ${periodo} is outside janela and holdout`);
    }
    const code = row[unitCol];
    if (typeof code !== 'string' || !unitCode.test(code)) {
      rowError('series_row_malformed', i, unitCol, `${unitCol} must be a string of ${unitCol === 'municipio' ? 7 : 10} digits`);
    }
    const municipio = code.slice(0, 7);
    const mun = release.municipality(municipio);
    if (mun === undefined || !ufs.has(mun.uf)) {
      rowError('series_municipality_unknown', i, unitCol, `municipality ${municipio} is not in the release or not in the scenario's UFs (${[...ufs].join(', ')})`);
    }
    if (unitCol === 'area') {
      if (!apMunicipality.has(code)) {
        if (!release.weightingAreas(municipio).includes(code)) {
          rowError('series_municipality_unknown', i, unitCol, `weighting area ${code} is not in the release's grid`);
        }
        apMunicipality.set(code, municipio);
      }
    }
    const axisValues: Partial<Record<Eixo, number | string>> = {};
    for (const e of eixos) {
      const v = row[e];
      if (e === 'canal') {
        if (typeof v !== 'string') rowError('series_row_malformed', i, e, 'canal must be a channel name');
        if (!canais.has(v as never)) {
          rowError('series_axis_value_unknown', i, e, `canal ${v} is not a channel of the scenario (${[...canais].join(', ') || 'none'})`);
        }
        axisValues[e] = v;
      } else {
        if (typeof v !== 'number' || !Number.isInteger(v)) rowError('series_row_malformed', i, e, `${e} must be an integer`);
        if (v < 0 || v >= AXIS_SIZES[e]) rowError('series_axis_value_unknown', i, e, `${e} must be 0 to ${AXIS_SIZES[e] - 1}`);
        axisValues[e] = v;
      }
    }
    const valor = row.valor;
    if (typeof valor !== 'number' || !Number.isFinite(valor)) rowError('series_row_malformed', i, 'valor', 'valor must be a number');
    if (valor < 0) rowError('series_negative_value', i, 'valor', 'valor must be >= 0');
    const key = [code, ...eixos.map((e) => `${e}=${axisValues[e]}`)].join('|');
    const full = `${key}#${periodo}`;
    if (seen.has(full)) rowError('series_duplicate_key', i, '', `a second row for ${key} in period ${periodo}`);
    seen.add(full);
    parsed.push({ block: { key, unidade: code, municipio, eixos: axisValues }, p: periodIndex.get(periodo)!, valor });
  }

  const byKey = new Map<string, SeriesBlock>();
  for (const r of parsed) if (!byKey.has(r.block.key)) byKey.set(r.block.key, r.block);
  const blocks = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const blockIndex = new Map(blocks.map((b, i) => [b.key, i]));
  const observed = new Float64Array(blocks.length * periods.length).fill(NaN);
  for (const r of parsed) observed[blockIndex.get(r.block.key)! * periods.length + r.p] = r.valor;

  const hasIn = (range: { inicio: number; fim: number }) =>
    parsed.some((r) => inRange(periods[r.p], range));
  if (!hasIn(pedido.janela)) throw contractError('series_window_uncovered', 'janela', 'the series has no row in janela');
  if (!hasIn(pedido.holdout)) throw contractError('series_window_uncovered', 'holdout', 'the series has no row in holdout: the out-of-sample test needs one');

  return { granularidade: g, medida: decl.medida, unidade, eixos, blocks, periods, observed, rows: rows.length };
}

/** Units (municipality or area codes) of a checked series, sorted. */
export function seriesUnits(s: CheckedSeries): string[] {
  return [...new Set(s.blocks.map((b) => b.unidade))].sort();
}
