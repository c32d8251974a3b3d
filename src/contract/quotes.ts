// Quotes (spec "Quote for a simulation", "Quote for a calibration"; DESIGN 4):
//   pessoa_dias = population of the listed UFs (sum of 2022 Census totals) x dias x variantes x replicas
//   preco_micros = ceil(pessoa_dias x release rate), computed exactly (the rate is read as a decimal)
//   minutos_estimados = ceil(pessoa_dias / release throughput / 60)
// A calibration charges the simulation rate on every round, one variant per round.

import { countRounds } from '../../calibration/parameters.js';
import { periodEnd } from '../../calibration/periods.js';
import type { Release, UfCode } from '../release/types.js';
import { resolveRelease, type ReleaseSource } from './release-checks.js';
import type { CalibrationBody, CalibrationQuote, Scenario, SimulationQuote } from './types.js';
import { variantNames } from './variants.js';

const DAY_MS = 86_400_000;

/** Population of the listed UFs in a release (2022 Census totals: the synthetic persons). */
export function populationOf(release: Release, ufs: readonly UfCode[]): number {
  let n = 0;
  for (const uf of ufs) for (const m of release.municipalities(uf)) n += m.populacao;
  return n;
}

/** A finite non-negative number as an exact fraction of BigInts (from its shortest decimal form). */
function decimalFraction(x: number): [bigint, bigint] {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new RangeError(`not a non-negative finite number: ${x}`);
  const frac = m[2] ?? '';
  const exp = Number(m[3] ?? 0) - frac.length;
  const digits = BigInt(m[1] + frac);
  return exp >= 0 ? [digits * 10n ** BigInt(exp), 1n] : [digits, 10n ** BigInt(-exp)];
}

/** ceil(pessoaDias x rate) in exact arithmetic. */
export function priceMicros(pessoaDias: number, rate: number): number {
  const [num, den] = decimalFraction(rate);
  const p = BigInt(pessoaDias) * num;
  return Number((p + den - 1n) / den);
}

function minutes(pessoaDias: number, release: Release): number {
  const rate = release.manifest.pessoa_dias_por_segundo;
  return rate > 0 ? Math.ceil(pessoaDias / rate / 60) : 0;
}

/** The price of a simulation job (does not validate: pass a normalised scenario). */
export function quoteSimulation(scenario: Scenario, release?: ReleaseSource): SimulationQuote {
  const r = resolveRelease(scenario.release, release);
  const variantes = variantNames(scenario).length;
  const pessoa_dias = populationOf(r, scenario.geografia.ufs) * scenario.horizonte.dias * variantes * scenario.replicas;
  return {
    release: r.version,
    ufs: [...scenario.geografia.ufs],
    dias: scenario.horizonte.dias,
    variantes,
    replicas: scenario.replicas,
    pessoa_dias,
    preco_micros: priceMicros(pessoa_dias, r.manifest.preco_micros_por_pessoa_dia),
    minutos_estimados: minutes(pessoa_dias, r),
  };
}

/** Simulated days of a calibration: from horizonte.data_inicio (day 1) to the last day of the holdout. */
export function calibrationDays(body: Pick<CalibrationBody, 'pedido'>): number {
  const p = body.pedido;
  const end = periodEnd(p.holdout.fim, p.serie.declaracao.granularidade);
  if (end === null) throw new RangeError(`holdout.fim ${p.holdout.fim} is not a period`);
  const start = Date.parse(`${p.cenario.horizonte.data_inicio}T00:00:00Z`);
  return Math.round((end.getTime() - start) / DAY_MS) + 1;
}

/** The price of a calibration job (does not validate: pass a body from validateCalibrationRequest). */
export function quoteCalibration(body: CalibrationBody, release?: ReleaseSource): CalibrationQuote {
  const p = body.pedido;
  const r = resolveRelease(p.cenario.release, release);
  const dias = calibrationDays(body);
  const rodadas = countRounds(p, r);
  const replicas = p.busca.replicas ?? p.cenario.replicas;
  const pessoa_dias = populationOf(r, p.cenario.geografia.ufs) * dias * replicas * rodadas;
  return {
    release: r.version,
    ufs: [...p.cenario.geografia.ufs],
    dias,
    rodadas,
    replicas,
    pessoa_dias,
    preco_micros: priceMicros(pessoa_dias, r.manifest.preco_micros_por_pessoa_dia),
    minutos_estimados: minutes(pessoa_dias, r),
  };
}
