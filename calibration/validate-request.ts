// validateCalibrationRequest: the body {pedido, serie, serie_sha256} of POST /v1/calibracoes
// (and its estimate) -> the normalised body, or the first refusal in the order of
// docs/contracts.md ("Order of refusals, calibration"):
//   1. the body's own members; 2. pedido and pedido.cenario read as version 3;
//   3. the JSON Schema of pedido; pedido.serie.sha256 (the platform's to fill);
//   4. the scenario's rules, answer contract and release (fields under pedido.cenario);
//   5. the request's rules, in field order: cenario base, janela/holdout, parametros,
//      holdout_espacial, busca; 6. the series rows (series.ts); 7. serie_sha256.
// The scenario under pedido.cenario is checked by the contract layer (src/contract); the rules
// that need the calibration's own notions (periods, free dimensions, series) live here.

import { CALIBRATION_BODY, CALIBRATION_SCHEMA } from '../src/contract/calibration-schema.js';
import type { ReleaseSource } from '../src/contract/release-checks.js';
import { Refuser } from '../src/contract/refuser.js';
import { firstSchemaError } from '../src/contract/schemas.js';
import { seriesSha256Steps } from '../src/contract/series-hash.js';
import type { JsonSchema } from '../src/contract/scenario-schema.js';
import type { CalibrationBody, CalibrationRequest, Familia, ParametroNome } from '../src/contract/types.js';
import { checkScenarioDocument, readAsVersion3 } from '../src/contract/validate-scenario.js';
import { checkStorableText } from '../src/contract/storable-text.js';
import { contractError, type ContractCode } from '../src/errors.js';
import { finishSteps, ROWS_PER_STEP, type Steps } from '../src/steps.js';
import { MODEL_FAMILIES } from '../src/models/model-registry.js';
import type { Release } from '../src/release/types.js';
import { countCandidates, freeDimensions } from './parameters.js';
import { periodStart } from './periods.js';
import { calibrationDays } from './quote.js';
import { checkSeriesSteps } from './series.js';

/** The calibrated parameters in the spec's order (the request schema's parametros). */
const PARAMETER_NAMES = Object.keys(((CALIBRATION_BODY.properties as JsonSchema).parametros as JsonSchema).properties as JsonSchema) as ParametroNome[];

function parametersByFamily(): Record<ParametroNome, readonly Familia[]> {
  const out = {} as Record<ParametroNome, readonly Familia[]>;
  for (const name of PARAMETER_NAMES) out[name] = MODEL_FAMILIES.filter((m) => m.calibraveis.includes(name)).map((m) => m.familia);
  return out;
}

/** The families that may calibrate each parameter (spec table "Allowed for"; each family's room lists its own), in the spec's order. */
export const PARAMETERS_BY_FAMILY: Readonly<Record<ParametroNome, readonly Familia[]>> = parametersByFamily();

const BODY_KEYS = ['pedido', 'serie', 'serie_sha256'];
const MAX_CANDIDATES = 10_000;
const MAX_DAYS = 65_535;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function checkBody(body: unknown): asserts body is Record<string, unknown> {
  if (!isObject(body)) throw contractError('wrong_type', '', 'the calibration body must be a JSON object {pedido, serie, serie_sha256}');
  const unknown = Object.keys(body).filter((k) => !BODY_KEYS.includes(k)).sort();
  if (unknown.length > 0) throw contractError('unknown_field', unknown[0], `unknown field ${unknown[0]}: the body has pedido, serie and serie_sha256`);
  if (body.pedido === undefined) throw contractError('missing_field', 'pedido', 'pedido is required');
  if (body.serie !== undefined && body.serie !== null && !Array.isArray(body.serie)) {
    throw contractError('wrong_type', 'serie', 'serie must be an array of row objects or null');
  }
  if (body.serie_sha256 !== undefined && body.serie_sha256 !== null && typeof body.serie_sha256 !== 'string') {
    throw contractError('wrong_type', 'serie_sha256', 'serie_sha256 must be a string or null');
  }
}

function checkPeriods(p: CalibrationRequest, r: Refuser): void {
  const g = p.serie.declaracao.granularidade;
  const form = g === 'mes' ? 'YYYYMM (100001 to 999912)' : 'YYYYMMDD (10000101 to 99991231)';
  const ranges: Array<['janela' | 'holdout', ContractCode]> = [['janela', 'window_date_malformed'], ['holdout', 'holdout_date_malformed']];
  for (const [key, code] of ranges) {
    for (const end of ['inicio', 'fim'] as const) {
      if (periodStart(p[key][end], g) === null) {
        throw r.error(code, [key, end], `${key}.${end} ${p[key][end]} is not a date ${form} (granularidade ${g})`);
      }
    }
  }
  if (p.janela.inicio > p.janela.fim) throw r.error('window_order', ['janela', 'fim'], 'janela.fim is before janela.inicio');
  const firstDay = periodStart(p.janela.inicio, g)!.getTime();
  if (firstDay < Date.parse(`${p.cenario.horizonte.data_inicio}T00:00:00Z`)) {
    throw r.error('window_order', ['janela', 'inicio'], `janela starts before the scenario's horizonte.data_inicio ${p.cenario.horizonte.data_inicio}`);
  }
  if (p.holdout.inicio > p.holdout.fim) throw r.error('holdout_order', ['holdout', 'fim'], 'holdout.fim is before holdout.inicio');
  if (p.holdout.inicio <= p.janela.fim) throw r.error('holdout_order', ['holdout', 'inicio'], 'the holdout must start after the window ends (out-of-sample test)');
  const dias = calibrationDays({ pedido: p });
  if (dias > MAX_DAYS) {
    throw r.error('calibration_days_range', ['holdout', 'fim'], `the holdout ends ${dias} days after horizonte.data_inicio; at most ${MAX_DAYS} days are simulated`);
  }
}

function checkParameters(p: CalibrationRequest, r: Refuser): void {
  const grid = p.busca.metodo === 'grade';
  for (const name of Object.keys(PARAMETERS_BY_FAMILY) as ParametroNome[]) {
    const range = p.parametros[name];
    if (range === undefined) continue;
    if (!PARAMETERS_BY_FAMILY[name].includes(p.cenario.familia)) {
      throw r.error('parameter_not_allowed', ['parametros', name], `${name} is not a parameter of familia ${p.cenario.familia}`);
    }
    if (range.min > range.max) throw r.error('parameter_range', ['parametros', name, 'max'], `${name}: max ${range.max} is below min ${range.min}`);
    if (grid && range.passo === undefined) throw r.error('grid_step_required', ['parametros', name, 'passo'], `busca.metodo grade needs passo for ${name}`);
  }
  const pesos = p.parametros.pesos_canais;
  if (p.parametros.beta_expo !== undefined && pesos !== undefined) {
    if (pesos.canais === undefined) {
      throw r.error('missing_field', ['parametros', 'pesos_canais', 'canais'], 'with beta_expo, pesos_canais.canais is required (one layer stays the reference)');
    }
    if (pesos.canais.length > 4) {
      throw r.error('channel_weights_too_many', ['parametros', 'pesos_canais', 'canais'], 'with beta_expo, at most 4 layers of pesos_canais are free (one stays the reference)');
    }
  }
}

function checkSpatialHoldout(p: CalibrationRequest, release: Release, r: Refuser): void {
  const h = p.holdout_espacial;
  if (!h) return;
  if (h.metodo === 'cliente' && h.municipios === undefined) {
    throw r.error('spatial_holdout_municipalities', ['holdout_espacial', 'municipios'], 'holdout_espacial.metodo cliente needs municipios');
  }
  if (h.metodo !== 'cliente' && h.municipios !== undefined) {
    throw r.error('spatial_holdout_municipalities', ['holdout_espacial', 'municipios'], `holdout_espacial.municipios is only given with metodo cliente (not ${h.metodo})`);
  }
  (h.municipios ?? []).forEach((code, i) => {
    const mun = release.municipality(code.slice(0, 7));
    const ok = mun !== undefined && p.cenario.geografia.ufs.includes(mun.uf) &&
      (code.length === 7 || release.weightingAreas(mun.codigo).includes(code));
    if (!ok) {
      throw r.error('spatial_holdout_municipalities', ['holdout_espacial', 'municipios', i], `${code} is not a municipality or weighting area of the scenario's UFs in release ${release.version}`);
    }
  });
}

function checkSearch(p: CalibrationRequest, release: Release, r: Refuser): void {
  const b = p.busca;
  if (b.metodo === 'grade' && b.candidatos !== undefined) throw r.error('candidates_forbidden', ['busca', 'candidatos'], 'busca.metodo grade takes its candidates from the grid: leave candidatos out');
  if (b.metodo !== 'grade' && b.candidatos === undefined) throw r.error('candidates_required', ['busca', 'candidatos'], `busca.metodo ${b.metodo} needs candidatos`);
  if (b.metodo === 'grade') {
    const n = countCandidates(p, freeDimensions(p, release));
    if (n > MAX_CANDIDATES) throw r.error('candidates_range', ['parametros'], `the grid has ${n} candidates; at most ${MAX_CANDIDATES} (widen passo or narrow the ranges)`);
  }
}

/**
 * Validates a calibration request body {pedido, serie, serie_sha256} and returns it normalised
 * (pedido and pedido.cenario read as version 3, pedido.serie.sha256 and serie_sha256 set to the
 * platform's hash of the rows), or throws a ServiceError (422 invalid_request with
 * contract_code and field, or 422 release_unavailable).
 */
export function validateCalibrationRequest(body: unknown, release?: ReleaseSource): CalibrationBody {
  return finishSteps(validateCalibrationRequestSteps(body, release));
}

/**
 * validateCalibrationRequest, yielding between pieces of its work over the rows (src/steps.ts):
 * the service runs it in turns (service/operations/check-calibration-body.ts).
 */
export function* validateCalibrationRequestSteps(body: unknown, release?: ReleaseSource): Steps<CalibrationBody> {
  checkBody(body);
  const pedido = readAsVersion3(body.pedido, ['pedido']);
  if (isObject(pedido.cenario)) pedido.cenario = readAsVersion3(pedido.cenario, ['pedido', 'cenario']);
  const schemaError = firstSchemaError(CALIBRATION_SCHEMA, pedido, ['pedido']);
  if (schemaError) throw schemaError;
  checkStorableText(pedido, ['pedido']);
  const p = pedido as unknown as CalibrationRequest;
  if (p.serie.sha256 !== undefined) {
    throw contractError('unknown_field', 'pedido.serie.sha256', 'pedido.serie.sha256 is computed by the platform from the rows: leave it out (send serie_sha256 beside serie)');
  }
  const r = new Refuser(['pedido']);
  const rel = checkScenarioDocument(p.cenario, release, ['pedido', 'cenario']);
  if (p.cenario.lancamento?.cenario_base === 'calibracao') {
    throw r.error('calibration_base_forbidden', ['cenario', 'lancamento', 'cenario_base'], 'a calibration starts from cenario_base pix, not from another calibration');
  }
  checkPeriods(p, r);
  checkParameters(p, r);
  checkSpatialHoldout(p, rel, r);
  checkSearch(p, rel, r);
  const rows = (body.serie ?? null) as Array<Record<string, unknown>> | null;
  yield* checkSeriesSteps(rows, p, rel);
  // row by row, as checkStorableText(rows, ['serie']) would find the first
  for (let i = 0; i < rows!.length; i++) {
    checkStorableText(rows![i], ['serie', i]);
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  const sha = yield* seriesSha256Steps(rows!);
  if (typeof body.serie_sha256 === 'string' && body.serie_sha256 !== sha) {
    throw contractError('series_sha256_mismatch', 'serie_sha256', `serie_sha256 does not match the rows (the platform computes ${sha}; see docs/contracts.md, "Series hash")`);
  }
  return { pedido: { ...p, serie: { ...p.serie, sha256: sha } }, serie: rows, serie_sha256: sha };
}
